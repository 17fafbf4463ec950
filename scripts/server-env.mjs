// The environment the built server runs in, for every way this project starts it (`npm start`,
// `npm run start:cluster`, the browser journeys, the benchmarks).
//
// glibc's malloc serves big blocks from its heaps once the first ones are freed (its mmap
// threshold grows with them) and keeps the freed heap for later: after a burst of large image
// uploads the server held 0.8 GB it no longer used. A fixed threshold of 128 KiB keeps big
// blocks (decoded images, PDFs, upload bodies) in their own mappings, returned to the system as
// soon as they are freed (docs/scaling.md, "Memory"). Other C libraries ignore the variable.

/** The threshold in bytes; an operator's own value wins. */
export const MALLOC_MMAP_THRESHOLD = '131072';

/** `env` with the server's memory settings added where the operator did not set them. */
export function serverEnv(env = process.env) {
  return { MALLOC_MMAP_THRESHOLD_: MALLOC_MMAP_THRESHOLD, ...env };
}
