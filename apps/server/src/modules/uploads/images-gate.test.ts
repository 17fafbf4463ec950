/** Decoding is memory-bound (a 40-megapixel progressive JPEG takes GBs): at most 2 at once (issue 18). */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodeImage } from './images.js';

describe('image decodes (issue 18)', () => {
  it('runs at most two re-encodes at the same time', async () => {
    const big = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#808080' } })
      .jpeg({ progressive: true })
      .toBuffer();
    let peak = 0;
    const timer = setInterval(() => {
      peak = Math.max(peak, sharp.counters().process + sharp.counters().queue);
    }, 1);
    try {
      await Promise.all(Array.from({ length: 8 }, () => reencodeImage(big, 'jpeg')));
    } finally {
      clearInterval(timer);
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2);
  });
});
