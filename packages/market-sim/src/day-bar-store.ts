/**
 * The bars of finished trading days, one store per instrument, in flat typed arrays indexed by
 * instrument day index: six numbers a day (48 bytes) and a "known" flag. A finished day never
 * changes, so a bar computed once is kept for the simulator's life, and the whole history of
 * the 131-instrument universe (≈ 2,200 days since HISTORY_START at most) fits in ≈ 14 MB: the
 * working set of daily, weekly and monthly candles is bounded by construction, not by eviction,
 * and a `1M` chart never rebuilds years of minute paths twice (issue 18).
 *
 * Turnover is kept as a double: a day bar's turnover is checked to be a safe integer when it is
 * summed (bars.ts), so the round trip through a Float64Array is exact.
 */
import type { BarTotals } from './bars.js';

const FIELDS = 6;

export class DayBarStore {
  private values = new Float64Array(0);
  private known = new Uint8Array(0);

  private grow(index: number): void {
    if (index < this.known.length) return;
    let size = Math.max(64, this.known.length);
    while (size <= index) size *= 2;
    const values = new Float64Array(size * FIELDS);
    values.set(this.values);
    const known = new Uint8Array(size);
    known.set(this.known);
    this.values = values;
    this.known = known;
  }

  has(index: number): boolean {
    return index < this.known.length && this.known[index] === 1;
  }

  /** The stored bar of day `index` (its time `t` given by the caller), or undefined. */
  get(index: number, t: number): BarTotals | undefined {
    if (!this.has(index)) return undefined;
    const v = this.values;
    const at = index * FIELDS;
    return {
      t,
      open: v[at] as number,
      high: v[at + 1] as number,
      low: v[at + 2] as number,
      close: v[at + 3] as number,
      volume: v[at + 4] as number,
      turnover: BigInt(v[at + 5] as number),
    };
  }

  set(index: number, bar: BarTotals): void {
    this.grow(index);
    const at = index * FIELDS;
    const v = this.values;
    v[at] = bar.open;
    v[at + 1] = bar.high;
    v[at + 2] = bar.low;
    v[at + 3] = bar.close;
    v[at + 4] = bar.volume;
    v[at + 5] = Number(bar.turnover);
    this.known[index] = 1;
  }

  /** Bytes held by this store. */
  get bytes(): number {
    return this.values.byteLength + this.known.byteLength;
  }
}
