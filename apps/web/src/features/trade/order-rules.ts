/**
 * The order rules the ticket checks as the user types (UI.md "rules before the button"), the same
 * as `/trade/buy` (API.md §9.2): take-profit and stop-loss on the right side of the reference
 * price (rule 7), and the market's minimum opening amount (rule 8). Exact decimals only.
 */
import { Dec, type OrderState, type Side } from '@brokerage/contract';

export type TpSlProblem = 'tpAbove' | 'tpBelow' | 'slBelow' | 'slAbove';

/**
 * Rule 7: the reference is the limit price, or the current price for a market order; a long
 * needs TP > ref and SL < ref, a short TP < ref and SL > ref. Null inputs are not checked.
 */
export function tpSlProblems(side: Side, reference: string | null, takeProfit: string | null, stopLoss: string | null): { takeProfit?: TpSlProblem; stopLoss?: TpSlProblem } {
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
 * Rule 8: the fewest whole shares whose contract amount (`price × lots`) reaches the minimum
 * opening amount, rounded up (a share less would be refused), never below 1. 1 without a price.
 */
export function minLotsFor(price: string | null, minOpeningAmount: string | null | undefined): number {
  if (price === null || !minOpeningAmount) return 1;
  const p = new Dec(price);
  if (!p.gt(0)) return 1;
  const lots = new Dec(minOpeningAmount).div(p).toDecimalPlaces(0, Dec.ROUND_UP).toNumber();
  return Math.max(1, lots);
}

/** Why a position's Close is not available now, or that it is (API.md §3.1 close rules, §5.2). */
export type CloseGate =
  | { kind: 'open' }
  | { kind: 'sellableAt'; at: string }
  | { kind: 'locked'; until: string | null }
  | { kind: 'none' };

/**
 * Min hold and T+N come from the server as `sellableAt` (day trading already lifts T+N there); a
 * `locked` position waits for `lockUntil`. Only a `holding` position past both can be closed;
 * pending, closing and ended ones have no Close at all.
 */
export function closeGate(order: { state: OrderState; sellableAt: string | null; lockUntil: string | null }, now: number): CloseGate {
  if (order.state === 'locked') return { kind: 'locked', until: order.lockUntil };
  if (order.state !== 'holding') return { kind: 'none' };
  if (order.sellableAt !== null && Date.parse(order.sellableAt) > now) return { kind: 'sellableAt', at: order.sellableAt };
  return { kind: 'open' };
}

/**
 * P&L as a fraction of the margin put up (the return on the user's own money), for display only:
 * 4 decimals (2 of a percent), half-up, nobody gains. Null without a positive margin.
 */
export function pnlRate(yingkui: string, margin: string | null): string | null {
  if (margin === null) return null;
  const m = new Dec(margin);
  if (!m.gt(0)) return null;
  return new Dec(yingkui).div(m).toFixed(4, Dec.ROUND_HALF_UP);
}
