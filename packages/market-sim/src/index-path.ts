/**
 * An index's minute path, computed minute by minute from its members' minute paths so that its
 * candles aggregate the same way as any instrument's: the level of each minute from the members'
 * prices of that minute, volume = Σ members' volume, turnover = Σ members' turnover. A member that
 * does not trade that day (not yet listed, delisted) counts at a fixed price with no volume.
 * Indexes have no limit band.
 */
import type { DayLayout } from './day-layout.js';
import { haltedMinutes, haltsOnDay } from './halts.js';
import { assertSafe, floorDiv, tenPow } from './integer-math.js';
import { levelTicks, type IndexFormula } from './index-level.js';
import type { MinutePath } from './minute-path.js';
import type { Halt } from './types.js';

/** One member's contribution to one day. */
export interface MemberDay {
  /** the member's split-adjusted price in ticks, per minute or fixed for the day */
  readonly ticks: Float64Array | number;
  readonly volume: Float64Array | null;
  readonly turnover: Float64Array | null;
  readonly volumeScale: number;
}

function rescaleVolume(units: number, from: number, to: number): number {
  if (from === to) return units;
  return from < to
    ? assertSafe(units * Number(tenPow(to - from)), 'index volume')
    : floorDiv(units, Number(tenPow(from - to)));
}

export function buildIndexPath(
  layout: DayLayout,
  members: readonly MemberDay[],
  formula: IndexFormula,
  prevCloseTicks: number,
  volumeScale: number,
  halts: readonly Halt[],
): MinutePath {
  const n = layout.length;
  const price = new Float64Array(n);
  const volume = new Float64Array(n);
  const turnover = new Float64Array(n);
  const memberTicks = new Float64Array(members.length);
  const halted = haltedMinutes(haltsOnDay(halts, layout), layout);
  for (let i = 0; i < n; i += 1) {
    if (halted[i]) {
      price[i] = i > 0 ? (price[i - 1] as number) : prevCloseTicks;
      continue;
    }
    let v = 0;
    let t = 0;
    members.forEach((m, k) => {
      memberTicks[k] = typeof m.ticks === 'number' ? m.ticks : (m.ticks[i] as number);
      if (m.volume !== null) v += rescaleVolume(m.volume[i] as number, m.volumeScale, volumeScale);
      if (m.turnover !== null) t += m.turnover[i] as number;
    });
    price[i] = levelTicks(formula, memberTicks);
    volume[i] = assertSafe(v, 'index volume');
    turnover[i] = assertSafe(t, 'index turnover');
  }
  return { layout, price, volume, turnover, contLog: null, prevCloseTicks, limitUpTicks: null, limitDownTicks: null };
}
