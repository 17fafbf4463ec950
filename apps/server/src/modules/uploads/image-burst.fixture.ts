/**
 * Run as its own process by images-memory.test.ts: a burst of large JPEG uploads through the real
 * re-encoding, then the resident memory before, at the peak and a moment after, as one JSON line.
 * A process of its own because resident memory is the process's, and glibc reads its settings
 * (scripts/server-env.mjs) only when a process starts.
 */
import sharp from 'sharp';
import { reencodeImage } from './images.js';

const count = Number(process.env.BURST_COUNT ?? '8');
const mib = () => Math.round(process.memoryUsage().rss / 2 ** 20);

// a phone photo's size: 6,000 × 5,000 noisy pixels, progressive (the costliest JPEG to decode)
const photo = await sharp({
  create: {
    width: 6000,
    height: 5000,
    channels: 3,
    background: '#777',
    noise: { type: 'gaussian', mean: 128, sigma: 40 },
  },
})
  .jpeg({ quality: 40, progressive: true })
  .toBuffer();
await new Promise((resolve) => setTimeout(resolve, 500));
const before = mib();
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, mib());
}, 10);
await Promise.all(Array.from({ length: count }, () => reencodeImage(photo, 'jpeg')));
await new Promise((resolve) => setTimeout(resolve, 1_000));
clearInterval(sampler);
process.stdout.write(`${JSON.stringify({ bytes: photo.length, before, peak: Math.max(peak, mib()), after: mib() })}\n`);
