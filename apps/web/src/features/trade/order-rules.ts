/**
 * The order rules the ticket checks as the user types (docs/ui.md "rules before the button"), the same
 * as `/trade/buy` (docs/api.md §9.2): take-profit and stop-loss on the right side of the reference
 * price (rule 7), and the market's minimum opening amount (rule 8). Exact decimals only.
 */
import { Dec, roundPrice, type OrderState, type Side } from '@brokerage/contract';
import { formatDecimal } from '../../lib/format';

export type TpSlProblem = 'tpAbove' | 'tpBelow' | 'slBelow' | 'slAbove';

/**
 * Rule 7: the reference is the limit price, or the current price for a market order; a long
 * needs TP > ref and SL < ref, a short TP < ref and SL > ref. Null inputs are not checked.
 */
export function tpSlProblems(
  side: Side,
  reference: string | null,
  takeProfit: string | null,
  stopLoss: string | null,
): { takeProfit?: TpSlProblem; stopLoss?: TpSlProblem } {
  if (reference === null) return {};
  const ref = new Dec(reference);
  const problems: { takeProfit?: TpSlProblem; stopLoss?: TpSlProblem } = {};
  if (takeProfit !== null) {
    const tp = new Dec(takeProfit);
    if (side === 'long' && !tp.gt(ref)) problems.takeProfit = 'tpAbove';
    if (side === 'short' && !tp.lt(ref)) problems.takeProfit = 'tpBelow';
  }
  if (stopLoss !== null) {
    const sl = new Dec(stopLoss);
    if (side === 'long' && !sl.lt(ref)) problems.stopLoss = 'slBelow';
    if (side === 'short' && !sl.gt(ref)) problems.stopLoss = 'slAbove';
  }
  return problems;
}

/**
 * Rule 8: the fewest whole lots whose contract amount (`price × lots × lotSize`) reaches the
 * minimum opening amount, rounded up (a lot less would be refused), never below 1. 1 without a price.
 */
export function minLotsFor(
  price: string | null,
  minOpeningAmount: string | null | undefined,
  lotSize: string = '1',
): number {
  if (price === null || !minOpeningAmount) return 1;
  const perLot = new Dec(price).times(lotSize);
  if (!perLot.gt(0)) return 1;
  const lots = roundPrice(new Dec(minOpeningAmount).div(perLot), 0, 'up').toNumber();
  return Math.max(1, lots);
}

/**
 * What one lot is counted in (docs/decisions.md, "Lot sizes"): the coin of a crypto pair
 * (`BTC-USDT` → BTC), the base currency of a forex pair (`EURUSD` → EUR), or null for shares.
 */
export function lotUnit(instrument: { assetClass: string; code: string }): string | null {
  if (instrument.assetClass === 'crypto') return instrument.code.split('-')[0] ?? instrument.code;
  if (instrument.assetClass === 'forex') return instrument.code.slice(0, 3);
  return null;
}

/**
 * The i18n key and count of an order's quantity: shares for a stock, lots (of the order's
 * `lotSize`) for a crypto or forex pair, whose lot is a fraction of a coin or 1,000 units.
 */
export function quantityKey(order: { market: string }): 'ui.shares' | 'ui.lots' {
  return order.market === 'crypto' || order.market === 'forex' ? 'ui.lots' : 'ui.shares';
}

/** Why an order of this type is not taken now (§9.2 rule 3), or that it is. */
export type OrderGate =
  { kind: 'open' } | { kind: 'closed'; opensAt: string | null } | { kind: 'regularOnly'; opensAt: string | null };

/** The parts of `/market/quote`'s rules the gate reads (docs/api.md §8.2). */
export interface OrderHours extends MarketHours {
  nextOpenAt: string | null;
  nextRegularOpenAt: string | null;
}

/**
 * Rule 3 of `/trade/buy` before the press: a limit order is taken in any session, a market order in
 * the regular one only. The server's `nextOpenAt` / `nextRegularOpenAt` (holidays counted) say when;
 * once that instant has passed the market is open. `liveInSession` (the quote stream) catches a
 * close while the form is open; the opening is then the client's estimate (weekdays only).
 */
export function orderGate(
  orderType: 'limit' | 'market',
  hours: OrderHours,
  liveInSession: boolean | undefined,
  now: number,
): OrderGate {
  const future = (iso: string | null) => iso !== null && Date.parse(iso) > now;
  if (future(hours.nextOpenAt)) {
    return {
      kind: 'closed',
      opensAt: orderType === 'market' ? (hours.nextRegularOpenAt ?? hours.nextOpenAt) : hours.nextOpenAt,
    };
  }
  if (liveInSession === false) {
    const opens = nextSessionOpen(hours, now);
    return { kind: 'closed', opensAt: opens === null ? null : new Date(opens).toISOString() };
  }
  if (orderType === 'market' && future(hours.nextRegularOpenAt))
    return { kind: 'regularOnly', opensAt: hours.nextRegularOpenAt };
  return { kind: 'open' };
}

/**
 * An opening instant in the user's language and local time zone, with its weekday and date so a
 * Saturday's "Monday 15:30" cannot be read as today: "Mo., 1. Dez., 15:30".
 */
export function openingText(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** Why a position's Close is not available now, or that it is (docs/api.md §3.1 close rules, §5.2). */
export type CloseGate =
  | { kind: 'open' }
  | { kind: 'sellableAt'; at: string }
  | { kind: 'locked'; until: string | null }
  | { kind: 'marketClosed'; opensAt: string | null }
  | { kind: 'none' };

/** The market's trading time as `/market/quote` gives it in `rules` (docs/api.md §8.2). */
export interface MarketHours {
  inSession: boolean;
  timezone: string;
  sessions: readonly { open: string; close: string }[];
}

/**
 * Min hold and T+N come from the server as `sellableAt` (day trading already lifts T+N there); a
 * `locked` position waits for `lockUntil`; a close is only taken while the market is in one of its
 * sessions (the server answers `order.not_trading_time` otherwise), which `market` tells when known.
 * Only a `holding` position past all three can be closed; pending, closing and ended ones have no
 * Close at all.
 */
export function closeGate(
  order: { state: OrderState; sellableAt: string | null; lockUntil: string | null },
  now: number,
  market?: MarketHours | null,
): CloseGate {
  if (order.state === 'locked') return { kind: 'locked', until: order.lockUntil };
  if (order.state !== 'holding') return { kind: 'none' };
  if (order.sellableAt !== null && Date.parse(order.sellableAt) > now)
    return { kind: 'sellableAt', at: order.sellableAt };
  if (market && !market.inSession) {
    const opens = nextSessionOpen(market, now);
    return { kind: 'marketClosed', opensAt: opens === null ? null : new Date(opens).toISOString() };
  }
  return { kind: 'open' };
}

const DAY_MS = 86_400_000;

/** The wall clock of `timezone` at an instant: date, weekday (0 Sunday … 6 Saturday), offset from UTC. */
function zoned(at: number, timezone: string): { date: string; weekday: number; offsetMs: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const [y, m, d, h, min, sec] = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map(
    Number,
  ) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, m - 1, d, h, min, sec);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay(),
    offsetMs: wall - Math.floor(at / 1000) * 1000,
  };
}

/** The instant a wall clock (`YYYY-MM-DD`, `HH:mm`) of `timezone` names (across a DST change, the later reading). */
function instantOf(date: string, clock: string, timezone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = clock.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, min);
  const first = wall - zoned(wall, timezone).offsetMs;
  return wall - zoned(first, timezone).offsetMs;
}

/**
 * The next opening of one of the market's sessions after `now`, on a weekday: the client knows
 * the sessions and the time zone but not the market's holidays, so on the eve of a holiday the
 * day can be one too early. The screens therefore show only its clock time, which holidays do not
 * change. Null when the market never closes (a session from 00:00 to 24:00) or has no sessions.
 */
export function nextSessionOpen(market: Pick<MarketHours, 'timezone' | 'sessions'>, now: number): number | null {
  if (market.sessions.length === 0 || market.sessions.some((s) => s.open === '00:00' && s.close === '24:00'))
    return null;
  for (let days = 0; days <= 7; days += 1) {
    const { date, weekday } = zoned(now + days * DAY_MS, market.timezone);
    if (weekday === 0 || weekday === 6) continue;
    for (const session of market.sessions) {
      const opens = instantOf(date, session.open, market.timezone);
      if (opens > now) return opens;
    }
  }
  return null;
}

/**
 * P&L as a fraction of the margin put up (the return on the user's own money), for display only:
 * 4 decimals (2 of a percent), half-up, nobody gains. Null without a positive margin.
 */
export function pnlRate(profitLoss: string, margin: string | null): string | null {
  if (margin === null) return null;
  const m = new Dec(margin);
  if (!m.gt(0)) return null;
  return formatDecimal(new Dec(profitLoss).div(m), 4, 'half_up');
}
