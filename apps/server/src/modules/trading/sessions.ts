/**
 * Trading time for orders, from the feed's market calendars (the same functions the simulator
 * uses, so "in session" means one thing everywhere): session checks, the expiry of day orders,
 * the T+N day and the settlement day.
 */
import type { Market } from '@brokerage/contract';
import { addBusinessDays, sessionAt, sessionBounds, tradingDayOf, type MarketCalendar } from '@brokerage/market-sim';

/** `order.not_trading_time` params: the regular session for market orders, the whole trading day otherwise. */
export function tradingHours(cal: MarketCalendar, kind: 'regular' | 'any'): { open: string; close: string } {
  const sessions = cal.sessions;
  const regular = sessions.find((s) => s.name === 'regular') ?? sessions[0];
  if (kind === 'regular' && regular) return { open: regular.open, close: regular.close };
  return { open: sessions[0]?.open ?? '00:00', close: sessions[sessions.length - 1]?.close ?? '24:00' };
}

export function isRegularSession(cal: MarketCalendar, at: Date): boolean {
  const session = sessionAt(cal, at);
  if (!session) return false;
  const hasRegular = cal.sessions.some((s) => s.name === 'regular');
  return hasRegular ? session.name === 'regular' : true;
}

export function inAnySession(cal: MarketCalendar, at: Date): boolean {
  return sessionAt(cal, at) !== null;
}

function firstOpenOf(cal: MarketCalendar, date: string): Date | null {
  return sessionBounds(cal, date)[0]?.open ?? null;
}

/**
 * Day orders expire at the end of the market's last session of the trading day they were placed
 * on (§3.1, §1.11); markets that trade all day (crypto) never expire them.
 */
export function expiryOf(cal: MarketCalendar, market: Market, placedAt: Date): Date | null {
  if (market === 'crypto') return null;
  const bounds = sessionBounds(cal, tradingDayOf(cal, placedAt));
  return bounds[bounds.length - 1]?.close ?? null;
}

/**
 * Start of the trading day `n` business days after the trading day of `at` (crypto's calendar
 * trades every day, so there it counts calendar days, §1.11); null when n = 0.
 */
export function businessDaysAfter(cal: MarketCalendar, at: Date, n: number): Date | null {
  if (n <= 0) return null;
  return firstOpenOf(cal, addBusinessDays(cal, tradingDayOf(cal, at), n));
}
