import { describe, expect, it } from 'vitest';
import { draw32, drawNormal, hashText, instrumentKey, NORMAL_STD, Stream } from './random.js';
import { LOG_UNIT, ticksOfLog } from './log-price.js';

describe('the counter-based generator', () => {
  it('gives the same numbers for the same key, every time and on every machine', () => {
    // pinned values: a change here changes every simulated market, so it must be deliberate
    expect(hashText('')).toBe(hashText(''));
    expect(instrumentKey('seed', 'i_usd_AAPL')).toBe(instrumentKey('seed', 'i_usd_AAPL'));
    expect([
      hashText('abc'),
      draw32(1, Stream.dailyShock, 19_000, 0),
      drawNormal(7, Stream.minuteShock, 20_000, 5),
    ]).toEqual([1_981_051_490, 948_390_979, -65_587]);
  });

  it('changes completely with the seed, the instrument, the stream and the counters', () => {
    const base = draw32(instrumentKey('a', 'x'), 1, 2, 3);
    expect(draw32(instrumentKey('b', 'x'), 1, 2, 3)).not.toBe(base);
    expect(draw32(instrumentKey('a', 'y'), 1, 2, 3)).not.toBe(base);
    expect(draw32(instrumentKey('a', 'x'), 2, 2, 3)).not.toBe(base);
    expect(draw32(instrumentKey('a', 'x'), 1, 3, 3)).not.toBe(base);
    expect(draw32(instrumentKey('a', 'x'), 1, 2, 4)).not.toBe(base);
  });

  it('draws integers with mean 0 and standard deviation 2^17', () => {
    const n = 200_000;
    let sum = 0;
    let squares = 0;
    let allIntegers = true;
    for (let i = 0; i < n; i += 1) {
      const z = drawNormal(42, Stream.minuteShock, 1, i);
      allIntegers &&= Number.isInteger(z);
      sum += z;
      squares += z * z;
    }
    expect(allIntegers).toBe(true);
    const mean = sum / n;
    const std = Math.sqrt(squares / n - mean * mean);
    expect(Math.abs(mean)).toBeLessThan(NORMAL_STD * 0.01);
    expect(std / NORMAL_STD).toBeGreaterThan(0.99);
    expect(std / NORMAL_STD).toBeLessThan(1.01);
  });
});

describe('log-price to ticks', () => {
  it('is 2^(L / 2^24) rounded to whole ticks', () => {
    expect(ticksOfLog(0)).toBe(1);
    expect(ticksOfLog(10 * LOG_UNIT)).toBe(1024);
    expect(ticksOfLog(20 * LOG_UNIT + LOG_UNIT / 2)).toBe(1_482_910);
    for (let k = 0; k < 2000; k += 1) {
      const log = 13 * LOG_UNIT + k * 40_009;
      expect(Math.abs(ticksOfLog(log) - 2 ** (log / LOG_UNIT))).toBeLessThanOrEqual(0.5 + 1e-6);
    }
  });

  it('never goes below one tick and grows with the log', () => {
    expect(ticksOfLog(-5 * LOG_UNIT)).toBe(1);
    let previous = 0;
    for (let log = 0; log < 40 * LOG_UNIT; log += 1_234_567) {
      const ticks = ticksOfLog(log);
      expect(ticks).toBeGreaterThanOrEqual(previous);
      previous = ticks;
    }
  });
});
