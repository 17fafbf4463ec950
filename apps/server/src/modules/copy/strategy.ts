/**
 * The strategies a copy-trading fund can run (docs/api.md §14: "a documented, deterministic
 * strategy"). Each is a pure function of the feed's completed daily closes: the same closes give
 * the same choice, so anyone with the prices can check what the fund should hold.
 *
 * - MOM-20 (momentum): rank the market's instruments by their return over the last 20 daily
 *   closes; hold the 3 best whose return is positive.
 * - MR-5 (mean reversion): rank by the return over the last 5 daily closes; hold the 3 that fell
 *   the most, among those that fell by more than 1 %.
 *
 * Both hold long positions at leverage 1, each sized at an equal share of 60 % of the fund's
 * value; the other 40 % stays in cash for redemptions. They rebalance once a day, in the first
 * regular session of the day: positions no longer chosen are closed, newly chosen ones bought.
 */
import {
  Dec,
  roundRate,
  type CopyCurrency,
  type CopyStrategy,
  type Market,
  type StrategyNo,
} from '@brokerage/contract';

export interface StrategySpec {
  kind: CopyStrategy['kind'];
  lookbackDays: number;
  holdings: number;
  investedFraction: string;
  /** mean reversion: the return below which an instrument is a candidate */
  entryThreshold: string | null;
}

export const strategies: Record<StrategyNo, StrategySpec> = {
  'MOM-20': { kind: 'momentum', lookbackDays: 20, holdings: 3, investedFraction: '0.60', entryThreshold: null },
  'MR-5': { kind: 'mean_reversion', lookbackDays: 5, holdings: 3, investedFraction: '0.60', entryThreshold: '-0.01' },
};

/** The market a fund trades: the one that settles in its currency. */
export const marketOfCurrency: Record<CopyCurrency, Market> = { MXN: 'mxn', USD: 'usd', EUR: 'eur', USDT: 'crypto' };

export function describeStrategy(strategyNo: StrategyNo, market: Market): CopyStrategy {
  const s = strategies[strategyNo];
  return {
    kind: s.kind,
    market,
    lookbackDays: s.lookbackDays,
    holdings: s.holdings,
    investedFraction: s.investedFraction,
    entryThreshold: s.entryThreshold,
  };
}

/** The return over the look-back: last close ÷ the close `lookbackDays` closes earlier − 1; null without enough closes. */
export function lookbackReturn(closes: readonly Dec[], lookbackDays: number): Dec | null {
  if (closes.length < lookbackDays + 1) return null;
  const last = closes[closes.length - 1];
  const first = closes[closes.length - 1 - lookbackDays];
  if (!last || !first || first.isZero()) return null;
  return last.dividedBy(first).minus(1);
}

/**
 * The instruments the strategy holds given each instrument's completed daily closes (oldest
 * first): best first; ties broken by instrument id so the choice never depends on map order.
 */
export function chooseTargets(spec: StrategySpec, closes: ReadonlyMap<string, readonly Dec[]>): string[] {
  const scored: { id: string; score: Dec }[] = [];
  for (const [id, series] of closes) {
    const score = lookbackReturn(series, spec.lookbackDays);
    if (score === null) continue;
    if (spec.kind === 'momentum' ? score.gt(0) : score.lt(new Dec(spec.entryThreshold ?? '0')))
      scored.push({ id, score });
  }
  scored.sort((a, b) => {
    const byScore = spec.kind === 'momentum' ? b.score.comparedTo(a.score) : a.score.comparedTo(b.score);
    return byScore !== 0 ? byScore : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return scored.slice(0, spec.holdings).map((s) => s.id);
}

export interface BacktestDay {
  date: string;
  nav: Dec;
  dailyProfitRate: Dec;
}

/**
 * The strategy replayed over past closes, per unit of capital starting at NAV 1, before fees:
 * at each close it rebalances to equal weights of its choice, and the next close marks the NAV.
 * Each day's rate is rounded half-up to 8 decimals and the NAV chained from the rounded rates,
 * as the live marks are. Only instruments with a close on every date of the window take part.
 * Returns the last `days` days.
 */
export function backtest(
  spec: StrategySpec,
  series: ReadonlyMap<string, readonly { date: string; close: Dec }[]>,
  days: number,
): BacktestDay[] {
  const dates = [...new Set([...series.values()].flatMap((s) => s.map((p) => p.date)))].sort();
  const window = dates.slice(-(days + spec.lookbackDays + 1));
  const table = new Map<string, Dec[]>();
  for (const [id, points] of series) {
    const byDate = new Map(points.map((p) => [p.date, p.close]));
    const closes = window.map((d) => byDate.get(d));
    if (closes.every((c): c is Dec => c !== undefined && c.gt(0))) table.set(id, closes);
  }
  const out: BacktestDay[] = [];
  let nav = new Dec(1);
  const invested = new Dec(spec.investedFraction);
  for (let i = spec.lookbackDays + 1; i < window.length; i++) {
    const upToYesterday = new Map([...table].map(([id, closes]) => [id, closes.slice(0, i)]));
    const chosen = chooseTargets(spec, upToYesterday);
    let growth = new Dec(1).minus(invested); // the cash part does not move
    for (const id of chosen) {
      const closes = table.get(id);
      const before = closes?.[i - 1];
      const after = closes?.[i];
      if (!before || !after) continue;
      growth = growth.plus(invested.dividedBy(spec.holdings).times(after.dividedBy(before)));
    }
    // with fewer choices than holdings, the unused share stays in cash too
    growth = growth.plus(invested.dividedBy(spec.holdings).times(spec.holdings - chosen.length));
    const rate = roundRate(growth.minus(1), 'half_up');
    nav = roundRate(nav.times(rate.plus(1)), 'half_up');
    const date = window[i];
    if (date) out.push({ date, nav, dailyProfitRate: rate });
  }
  return out.slice(-days);
}
