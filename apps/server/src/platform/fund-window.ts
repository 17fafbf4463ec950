/**
 * Fund windows of §1.9/§1.11 (deposit, withdrawal): `{open, close, days}` Clock values in
 * `funds.timezone`, ISO weekdays, "24:00" = end of day. Reuses the market calendar code so
 * every time-zone rule (DST included) lives in one place.
 */
import { localDate, sessionAt, sessionBounds, type MarketCalendar } from '@brokerage/market-sim';

export interface FundWindow {
  open: string;
  close: string;
  days: number[];
}

function calendarOf(window: FundWindow, timezone: string): MarketCalendar {
  return {
    timezone,
    sessions: [{ name: 'window', open: window.open, close: window.close }],
    days: window.days,
    holidays: [],
    priceLimitRate: null,
  };
}

export function isWindowOpen(window: FundWindow, timezone: string, now: Date): boolean {
  return sessionAt(calendarOf(window, timezone), now) !== null;
}

export function localDateIn(timezone: string, at: Date): string {
  return localDate(at, timezone);
}

/** [start, end) of a local date in UTC, correct across DST changes. */
export function localDayBounds(timezone: string, date: string): { start: Date; end: Date } {
  const calendar: MarketCalendar = {
    timezone,
    sessions: [{ name: 'day', open: '00:00', close: '24:00' }],
    days: [1, 2, 3, 4, 5, 6, 7],
    holidays: [],
    priceLimitRate: null,
  };
  const [bounds] = sessionBounds(calendar, date);
  if (!bounds) throw new Error(`no bounds for ${date}`);
  return { start: bounds.open, end: bounds.close };
}
