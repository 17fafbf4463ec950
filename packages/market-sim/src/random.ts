/**
 * Counter-based random numbers: every draw is a pure hash of (key, stream, a, b), where the key
 * hashes the seed and the instrument, `stream` names what the number is for and (a, b) are
 * integer counters such as a day number and a minute. Nothing is carried between calls, so any
 * draw can be made again in isolation and gives the same 32 bits on every machine (only
 * Math.imul, shifts and xors, all exactly specified on 32-bit integers).
 *
 * The mixing is MurmurHash3's: its block step for each input word and its finaliser.
 */

/** What a draw is used for; different streams never share numbers. */
export const Stream = {
  dailyShock: 1,
  overnightGap: 2,
  minuteShock: 3,
  dailyVolume: 4,
  minuteVolume: 5,
} as const;

function mixWord(hash: number, word: number): number {
  let k = Math.imul(word | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  let h = hash ^ k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finalise(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** 32-bit hash of a string's UTF-16 code units. */
export function hashText(text: string): number {
  let h = 0x9747b28c;
  for (let i = 0; i < text.length; i += 1) h = mixWord(h, text.charCodeAt(i));
  return finalise(h ^ text.length);
}

/** The key of one instrument's numbers under one seed. */
export function instrumentKey(seed: string, instrumentId: string): number {
  return hashText(`${seed}\u0000${instrumentId}`);
}

/** A uniform 32-bit unsigned integer for (key, stream, a, b). */
export function draw32(key: number, stream: number, a: number, b: number): number {
  let h = key | 0;
  h = mixWord(h, stream);
  h = mixWord(h, a);
  h = mixWord(h, b);
  return finalise(h ^ 16);
}

/** Standard deviation of {@link drawNormal}: 2^17 (to within one part in 2^34). */
export const NORMAL_STD = 131_072; // 2^17

/**
 * A normal-ish integer with mean exactly 0 and standard deviation ≈ 2^17: an Irwin–Hall sum of
 * three uniform 17-bit integers (from two 32-bit draws), doubled and centred so it is odd and
 * symmetric. Bounded at ±3σ, which is fine for a simulated market. Uses counters b·2 and b·2+1.
 */
export function drawNormal(key: number, stream: number, a: number, b: number): number {
  const x = draw32(key, stream, a, 2 * b);
  const y = draw32(key, stream, a, 2 * b + 1);
  const u1 = x >>> 15;
  const u2 = y >>> 15;
  const u3 = ((x & 0x7fff) << 2) | (y & 3);
  return 2 * (u1 + u2 + u3) - 3 * 131_071;
}

/**
 * ⌊drawNormal × sigma / NORMAL_STD⌋: a normal draw with standard deviation `sigma` (an integer).
 * Dividing by a power of two is exact in IEEE arithmetic, so Math.floor gives the exact integer
 * as long as |z × sigma| < 2^53, which holds for any sigma below 2^33.
 */
export function drawScaledNormal(key: number, stream: number, a: number, b: number, sigma: number): number {
  return Math.floor((drawNormal(key, stream, a, b) * sigma) / NORMAL_STD);
}

/** Standard deviation of {@link drawCoarseNormal}: 2^10 (to within one part in 2^20). */
export const COARSE_NORMAL_STD = 1_024; // 2^10

/**
 * A cheaper normal-ish integer for the many minute steps: the same Irwin–Hall construction from
 * three 10-bit uniforms of a single 32-bit draw. Mean exactly 0, standard deviation ≈ 2^10;
 * ample resolution for one minute's move.
 */
export function drawCoarseNormal(key: number, stream: number, a: number, b: number): number {
  const x = draw32(key, stream, a, b);
  return 2 * ((x & 1023) + ((x >>> 10) & 1023) + ((x >>> 20) & 1023)) - 3 * 1023;
}
