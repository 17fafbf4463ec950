/**
 * The calendar arithmetic behind `calendar.ts`, on day numbers and millisecond instants (the
 * simulator's inner loops avoid building strings and Dates). A session is [open, close) in the
 * market's local wall clock, "24:00" meaning the next local midnight. Derived data (parsed
 * sessions, holiday set, each day's UTC session spans) is cached per calendar object.
 */
import { dayNumberOf, isoWeekday } from './day-number.js';
import { localDayNumber, wallTimeToUtc } from './timezone.js';
import type { MarketCalendar, SessionDef } from './types.js';

/** The longest stretch we search for a trading day before deciding a calendar has none. */
export const SEARCH_DAYS_MAX = 3_660;

/** One session of one date, as UTC instants in milliseconds. */
export interface SessionSpan {
  readonly session: SessionDef;
  readonly openMs: number;
  readonly closeMs: number;
  /** local wall-clock minutes after midnight at the open (for aligning intraday bars) */
  readonly openMinuteOfDay: number;
}

interface CalendarIndex {
  readonly days: ReadonlySet<number>;
  readonly holidays: ReadonlySet<number>;
  readonly sessions: readonly { session: SessionDef; open: number; close: number }[];
  readonly spans: Map<number, readonly SessionSpan[]>;
}

const indexes = new WeakMap<MarketCalendar, CalendarIndex>();

function clockMinutes(clock: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  const minutes = match === null ? Number.NaN : Number(match[1]) * 60 + Number(match[2]);
  if (!(minutes >= 0 && minutes <= 1440) || Number(match?.[2]) >= 60)
    throw new RangeError(`market-sim: not a clock "${clock}"`);
  return minutes;
}

function indexOf(cal: MarketCalendar): CalendarIndex {
  let index = indexes.get(cal);
  if (index === undefined) {
    const sessions = cal.sessions
      .map((session) => ({ session, open: clockMinutes(session.open), close: clockMinutes(session.close) }))
      .sort((a, b) => a.open - b.open);
    sessions.forEach((s, i) => {
      const previous = sessions[i - 1];
      if (s.close <= s.open || (previous !== undefined && previous.close > s.open)) {
        throw new RangeError(`market-sim: sessions must be ordered, non-empty and not overlap (${s.session.name})`);
      }
    });
    index = { days: new Set(cal.days), holidays: new Set(cal.holidays.map(dayNumberOf)), sessions, spans: new Map() };
    indexes.set(cal, index);
  }
  return index;
}

/** Whether a day number is a trading day of the calendar. */
export function isTradingDayNumber(cal: MarketCalendar, day: number): boolean {
  const index = indexOf(cal);
  return index.days.has(isoWeekday(day)) && !index.holidays.has(day);
}

/** The sessions of a trading day number as UTC spans (cached per calendar object and day). */
export function sessionSpans(cal: MarketCalendar, day: number): readonly SessionSpan[] {
  const index = indexOf(cal);
  let spans = index.spans.get(day);
  if (spans === undefined) {
    spans = index.sessions.map(({ session, open, close }) => ({
      session,
      openMs: wallTimeToUtc(cal.timezone, day, open),
      closeMs: wallTimeToUtc(cal.timezone, day, close),
      openMinuteOfDay: open,
    }));
    index.spans.set(day, spans);
  }
  return spans;
}

/** The last trading day number strictly before `day`. */
export function previousTradingDayNumber(cal: MarketCalendar, day: number): number {
  for (let d = day - 1; d >= day - SEARCH_DAYS_MAX; d -= 1) if (isTradingDayNumber(cal, d)) return d;
  throw new RangeError('market-sim: the calendar has no trading day');
}

/** The first trading day number strictly after `day`. */
export function nextTradingDayNumber(cal: MarketCalendar, day: number): number {
  for (let d = day + 1; d <= day + SEARCH_DAYS_MAX; d += 1) if (isTradingDayNumber(cal, d)) return d;
  throw new RangeError('market-sim: the calendar has no trading day');
}

/**
 * The trading day number an instant belongs to: today when today trades and its first session
 * has opened, otherwise the last trading day before.
 */
export function tradingDayNumberOf(cal: MarketCalendar, ms: number): number {
  const today = localDayNumber(cal.timezone, ms);
  if (isTradingDayNumber(cal, today)) {
    const first = sessionSpans(cal, today)[0];
    if (first !== undefined && ms >= first.openMs) return today;
  }
  return previousTradingDayNumber(cal, today);
}

/** The session span containing the instant, or null. */
export function spanAt(cal: MarketCalendar, ms: number): SessionSpan | null {
  const today = localDayNumber(cal.timezone, ms);
  for (const day of [today, today - 1]) {
    if (!isTradingDayNumber(cal, day)) continue;
    for (const span of sessionSpans(cal, day)) if (ms >= span.openMs && ms < span.closeMs) return span;
  }
  return null;
}

/** Whether the sessions cover the whole local day (crypto, forex): no overnight gap. */
export function isRoundTheClock(cal: MarketCalendar): boolean {
  const sessions = indexOf(cal).sessions;
  return sessions[0]?.open === 0 && sessions.every((s, i) => s.close === (sessions[i + 1]?.open ?? 1440));
}
