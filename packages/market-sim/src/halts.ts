/**
 * Trading halts. During a halt nothing trades: the halted minutes keep the price of the minute
 * before the halt started (the previous close when it started before the day's first minute)
 * and carry no volume. The minutes stay in the path so bars and quotes agree at every instant.
 */
import { MINUTE_MS } from './day-number.js';
import type { DayLayout } from './day-layout.js';
import type { Halt } from './types.js';

/** The halts that cover at least one minute of the day. */
export function haltsOnDay(halts: readonly Halt[], layout: DayLayout): Halt[] {
  const first = layout.sessions[0];
  const last = layout.sessions[layout.sessions.length - 1];
  if (first === undefined || last === undefined) return [];
  const dayStart = first.openMs;
  const dayEnd = last.openMs + last.count * MINUTE_MS;
  return halts.filter((h) => h.from.getTime() < dayEnd && h.to.getTime() > dayStart);
}

/** Whether a minute starting at `ms` lies inside one of the halts, [from, to). */
export function isHalted(halts: readonly Halt[], ms: number): boolean {
  return halts.some((h) => ms >= h.from.getTime() && ms < h.to.getTime());
}

/** The minutes of the day that fall in a halt. */
export function haltedMinutes(halts: readonly Halt[], layout: DayLayout): boolean[] {
  const halted: boolean[] = new Array<boolean>(layout.length).fill(false);
  if (halts.length === 0) return halted;
  for (const s of layout.sessions) {
    for (let j = 0; j < s.count; j += 1) halted[s.first + j] = isHalted(halts, s.openMs + j * MINUTE_MS);
  }
  return halted;
}
