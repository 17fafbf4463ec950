/**
 * Pure trading-calendar helpers: which local dates trade, when their sessions open and close
 * as UTC instants (correct across daylight-saving changes), and business-day arithmetic. The
 * server's trading engine uses the same functions, so the simulator and the engine always agree
 * on what "in session" means. Dates are local "YYYY-MM-DD" strings of the calendar's zone.
 */
import {
  isTradingDayNumber,
  nextTradingDayNumber,
  previousTradingDayNumber,
  SEARCH_DAYS_MAX,
  sessionSpans,
  spanAt,
  tradingDayNumberOf,
} from './calendar-days.js';
import { dateOfDayNumber, dayNumberOf } from './day-number.js';
import { localDayNumber } from './timezone.js';
import type { MarketCalendar, SessionDef } from './types.js';

/** "YYYY-MM-DD" local date of an instant in a time zone. */
export function localDate(at: Date, timezone: string): string {
  return dateOfDayNumber(localDayNumber(timezone, at.getTime()));
}

/** A weekday listed in `cal.days` that is not a holiday. */
export function isTradingDay(cal: MarketCalendar, date: string): boolean {
  return isTradingDayNumber(cal, dayNumberOf(date));
}

/** The session the instant falls in, or null outside sessions (and on non-trading days). */
export function sessionAt(cal: MarketCalendar, at: Date): SessionDef | null {
  return spanAt(cal, at.getTime())?.session ?? null;
}

/** The current trading date if today trades and its first session has opened, else the last trading date before `at`. */
export function tradingDayOf(cal: MarketCalendar, at: Date): string {
  return dateOfDayNumber(tradingDayNumberOf(cal, at.getTime()));
}

/** The sessions of a date as UTC instants (empty on a non-trading date). */
export function sessionBounds(cal: MarketCalendar, date: string): { name: string; open: Date; close: Date }[] {
  const day = dayNumberOf(date);
  if (!isTradingDayNumber(cal, day)) return [];
  return sessionSpans(cal, day).map((span) => ({
    name: span.session.name,
    open: new Date(span.openMs),
    close: new Date(span.closeMs),
  }));
}

/** The first session open strictly after `at`. */
export function nextSessionOpen(cal: MarketCalendar, at: Date): Date {
  const ms = at.getTime();
  let day = localDayNumber(cal.timezone, ms) - 1;
  for (let i = 0; i <= SEARCH_DAYS_MAX; i += 1, day += 1) {
    if (!isTradingDayNumber(cal, day)) continue;
    for (const span of sessionSpans(cal, day)) if (span.openMs > ms) return new Date(span.openMs);
  }
  throw new RangeError('market-sim: the calendar has no session');
}

/** The trading date `n` trading days after `date` (before it when n < 0; `date` itself when n = 0). */
export function addBusinessDays(cal: MarketCalendar, date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`market-sim: not a whole number of days: ${n}`);
  let day = dayNumberOf(date);
  for (let i = 0; i < Math.abs(n); i += 1)
    day = n > 0 ? nextTradingDayNumber(cal, day) : previousTradingDayNumber(cal, day);
  return dateOfDayNumber(day);
}

/** The last trading date strictly before `date`. */
export function previousTradingDay(cal: MarketCalendar, date: string): string {
  return dateOfDayNumber(previousTradingDayNumber(cal, dayNumberOf(date)));
}

/** The first trading date strictly after `date`. */
export function nextTradingDay(cal: MarketCalendar, date: string): string {
  return dateOfDayNumber(nextTradingDayNumber(cal, dayNumberOf(date)));
}
