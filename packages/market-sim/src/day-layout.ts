/**
 * The simulated minutes of one trading day: every minute inside a session, in order, numbered
 * 0 … length−1 across the day's sessions. Minute i of a session starts at open + i minutes.
 */
import { isRoundTheClock, sessionSpans } from './calendar-days.js';
import { MINUTE_MS } from './day-number.js';
import type { MarketCalendar } from './types.js';

/** How volume is spread over a session's minutes. */
export type VolumeShape = 'u' | 'flat' | 'thin';

export interface PathSession {
  readonly name: string;
  readonly openMs: number;
  /** index of the session's first minute in the day */
  readonly first: number;
  readonly count: number;
  /** local wall-clock minutes after midnight at the open */
  readonly openMinuteOfDay: number;
  readonly shape: VolumeShape;
}

export interface DayLayout {
  readonly day: number;
  readonly sessions: readonly PathSession[];
  readonly length: number;
  /**
   * The minutes the day's open/high/low/volume/turnover of a quote cover (docs/api.md §1.11: the
   * regular session when the market also has extended hours, else all minutes): [from, to).
   */
  readonly primaryFrom: number;
  readonly primaryTo: number;
}

const PRIMARY_SESSION = 'regular';

export function dayLayoutOf(cal: MarketCalendar, day: number): DayLayout {
  const spans = sessionSpans(cal, day);
  const hasExtended = spans.length > 1 && spans.some((s) => s.session.name === PRIMARY_SESSION);
  const roundTheClock = isRoundTheClock(cal);
  let first = 0;
  let primaryFrom = -1;
  let primaryTo = -1;
  const sessions: PathSession[] = [];
  for (const span of spans) {
    const count = Math.round((span.closeMs - span.openMs) / MINUTE_MS);
    const isPrimary = !hasExtended || span.session.name === PRIMARY_SESSION;
    if (isPrimary && primaryFrom < 0) primaryFrom = first;
    if (isPrimary) primaryTo = first + count;
    const shape: VolumeShape = roundTheClock ? 'flat' : isPrimary ? 'u' : 'thin';
    sessions.push({
      name: span.session.name,
      openMs: span.openMs,
      first,
      count,
      openMinuteOfDay: span.openMinuteOfDay,
      shape,
    });
    first += count;
  }
  return { day, sessions, length: first, primaryFrom: Math.max(primaryFrom, 0), primaryTo: Math.max(primaryTo, 0) };
}

/** Start instant of minute i. */
export function minuteStartMs(layout: DayLayout, minute: number): number {
  for (const s of layout.sessions) {
    if (minute < s.first + s.count) return s.openMs + (minute - s.first) * MINUTE_MS;
  }
  throw new RangeError(`market-sim: minute ${minute} is outside the day`);
}

/** Index of the last minute that starts at or before `ms`, −1 when the day has not started. */
export function lastMinuteAtOrBefore(layout: DayLayout, ms: number): number {
  let found = -1;
  for (const s of layout.sessions) {
    if (ms < s.openMs) break;
    const elapsed = Math.floor((ms - s.openMs) / MINUTE_MS);
    found = s.first + Math.min(elapsed, s.count - 1);
  }
  return found;
}
