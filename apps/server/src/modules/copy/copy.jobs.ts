/**
 * The strategy engine of the copy-trading funds (docs/api.md §14, §3.5). One step, for each fund the
 * engine still works on:
 *
 * 1. **Daily mark**: at the first step of a UTC day, the fund is valued (ledger cash + positions
 *    marked at the feed's price) and yesterday's NAV per unit and daily result are recorded;
 *    subscriptions of that day or before get their units at that NAV (forward pricing).
 * 2. **Rebalance**: once a day, during the regular session of the fund's market, the strategy
 *    picks its instruments from the completed daily closes; positions it no longer wants are
 *    closed and new ones bought at market, through trading's own `buy` and `close`.
 * 3. **Closing**: a fund past its end time, or closed by the back office, sells every position;
 *    once none is left it takes a final mark, ends every subscription with its payout (lock-up
 *    ignored), returns what is left to the house and is `closed`.
 *
 * Each fund step is its own transaction that locks the fund's row; each order is the trading
 * call's own transaction. A crash between steps loses nothing: a mark is keyed by date, a
 * payout by subscription. Run it as often as wished; `copyEngineJob` runs it every 30 s.
 */
import { Dec, Money, roundRate } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import { transaction, type Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import type { JobSpec } from '../../platform/jobs.js';
import type { Settings } from '../../platform/settings.js';
import type { AuthCache } from '../auth/index.js';
import { houseAccount, userAccount, type Ledger } from '../ledger/index.js';
import { lotSizeOf, type MarketFeed } from '../market/index.js';
import { closePosition, isRegularSession, placeOrder, usableQuote } from '../trading/index.js';
import * as repo from './copy.repository.js';
import type { FundRow } from './copy.repository.js';
import { addDays, DAY_MS, endSubscription, navPerUnit, utcDate, valueFund } from './copy.service.js';
import { canCopy, canFund, transitionFund } from './copy.states.js';
import { chooseTargets, strategies } from './strategy.js';

export interface CopyEngineDeps {
  db: Db;
  clock: Clock;
  feed: MarketFeed;
  ledger: Ledger;
  settings: Settings;
  authCache: AuthCache;
}

export interface CopyStepReport {
  marked: number;
  ordersPlaced: number;
  positionsClosed: number;
  subscriptionsEnded: number;
  refusals: string[];
}

/** The instruments a fund may hold: the tradable stocks (or coins) of its market. */
export function universeOf(feed: MarketFeed, fund: Pick<FundRow, 'market'>): string[] {
  return feed
    .instruments()
    .filter((d) => d.market === fund.market && (d.assetClass === 'stock' || d.assetClass === 'crypto'))
    .map((d) => d.instrumentId)
    .sort();
}

/** Completed daily closes (bars that began at least a day ago), oldest first. */
export function completedCloses(
  feed: MarketFeed,
  instrumentId: string,
  now: Date,
  count: number,
): { date: string; close: Dec }[] {
  const bars = feed.candles(instrumentId, '1d', { to: now, limit: count + 2 });
  return bars
    .filter((b) => b.t.getTime() + DAY_MS <= now.getTime())
    .slice(-count)
    .map((b) => ({ date: utcDate(b.t), close: new Dec(b.c) }));
}

/** Step 1: records the mark of yesterday (UTC) once, and issues the units of that day's subscriptions. */
export async function markFund(deps: CopyEngineDeps, fundId: string, markDate?: string): Promise<boolean> {
  return transaction(deps.db, async (tx) => {
    const fund = await repo.lockFund(tx, fundId);
    const now = deps.clock.now();
    const date = markDate ?? addDays(utcDate(now), -1);
    if (!fund || fund.state === 'closed' || fund.lastMarkDate >= date) return false;
    const valuation = await valueFund(tx, deps.feed, fund);
    const pending = await repo.pendingUnitsOf(tx, fund.id);
    const pendingMoney = pending.reduce((s, r) => s.plus(repo.copyMoney(fund, r.amount)), Money.zero(fund.currency));
    const nav = navPerUnit(fund, valuation.total, pendingMoney);
    const rate = roundRate(nav.dividedBy(fund.lastNav).minus(1), 'half_up');
    let units = new Dec(fund.units);
    for (const sub of pending) {
      if (sub.startDate > date) continue; // subscribed after the marked day: the next mark prices it
      const issued = roundRate(new Dec(sub.amount).dividedBy(nav), 'down');
      units = units.plus(issued);
      await repo.updateSubscription(tx, sub.id, { units: repo.copyDecimal(issued) });
    }
    await repo.insertDay(tx, {
      fundId: fund.id,
      date,
      nav: repo.copyDecimal(nav),
      dailyProfitRate: repo.copyDecimal(rate),
      totalValue: repo.copyAmount(valuation.total),
      units: repo.copyDecimal(units),
      backtest: false,
      markedAt: now,
    });
    await repo.updateFund(tx, fund.id, {
      lastMarkDate: date,
      lastNav: repo.copyDecimal(nav),
      lastRate: repo.copyDecimal(rate),
      units: repo.copyDecimal(units),
      updatedAt: now,
    });
    return true;
  });
}

function refusal(error: unknown): string | null {
  return error instanceof DomainError ? error.code : null;
}

/** Step 2: the daily rebalance, in a regular session of the fund's market. */
export async function rebalanceFund(deps: CopyEngineDeps, fund: FundRow, report: CopyStepReport): Promise<void> {
  const now = deps.clock.now();
  const today = utcDate(now);
  if (fund.state !== 'running' || fund.rebalancedOn === today) return;
  if (!isRegularSession(deps.feed.calendar(fund.market as never), now)) return;
  // claim today's rebalance first: two instances (or two overlapping steps) never trade it twice;
  // a crash after the claim leaves the rest of today's orders to tomorrow's rebalance
  const claimed = await transaction(deps.db, async (tx) => {
    const locked = await repo.lockFund(tx, fund.id);
    if (locked?.state !== 'running' || locked.rebalancedOn === today) return false;
    await repo.updateFund(tx, fund.id, { rebalancedOn: today, updatedAt: now });
    return true;
  });
  if (!claimed) return;
  const spec = strategies[fund.strategyNo];
  const closes = new Map(
    universeOf(deps.feed, fund).map((id) => [
      id,
      completedCloses(deps.feed, id, now, spec.lookbackDays + 1).map((p) => p.close),
    ]),
  );
  const targets = new Set(chooseTargets(spec, closes));
  const valuation = await valueFund(deps.db, deps.feed, fund);
  const orderDeps = {
    db: deps.db,
    clock: deps.clock,
    feed: deps.feed,
    ledger: deps.ledger,
    settings: deps.settings,
    authCache: deps.authCache,
  };

  for (const p of valuation.positions) {
    if (targets.has(p.instrumentId) || p.state !== 'holding') continue;
    try {
      await transaction(deps.db, (tx) => closePosition(tx, orderDeps, fund.fundUserId, p.orderId));
      report.positionsClosed++;
    } catch (error) {
      const code = refusal(error);
      if (code === null) throw error;
      report.refusals.push(`${fund.id} close ${p.code}: ${code}`);
    }
  }
  const held = new Set(valuation.positions.map((p) => p.instrumentId));
  const perHolding = valuation.total.times(spec.investedFraction).dividedBy(spec.holdings);
  for (const instrumentId of targets) {
    if (held.has(instrumentId)) continue;
    const quote = deps.feed.quote(instrumentId);
    if (!usableQuote(quote)) continue;
    // a lot is lotSize units (one share of a stock, a fraction of a coin): the whole lots the target buys
    const def = deps.feed.instrument(instrumentId);
    const perLot = new Dec(quote.ask).times(def ? lotSizeOf(def) : '1');
    const lots = perLot.gt(0) ? perHolding.amount.dividedBy(perLot).floor().toNumber() : 0;
    if (lots < 1) continue;
    try {
      await transaction(deps.db, (tx) =>
        placeOrder(tx, orderDeps, fund.fundUserId, {
          instrumentId,
          side: 'long',
          orderType: 'market',
          lots,
          leverage: 1,
        }),
      );
      report.ordersPlaced++;
    } catch (error) {
      const code = refusal(error);
      if (code === null) throw error;
      report.refusals.push(`${fund.id} buy ${instrumentId}: ${code}`);
    }
  }
}

/** Step 3: a fund past its end time starts closing; a closing fund sells, then pays everyone out. */
export async function closeFundStep(deps: CopyEngineDeps, fundId: string, report: CopyStepReport): Promise<void> {
  const now = deps.clock.now();
  let fund = await repo.findFund(deps.db, fundId);
  if (!fund) return;
  if (fund.state === 'running' && now >= fund.endTime) {
    fund = await transaction(deps.db, async (tx) => {
      const locked = await repo.lockFund(tx, fundId);
      if (!locked || !canFund(locked, 'end_time')) return locked;
      return transitionFund(tx, locked, 'end_time', { open: false, closeReason: 'fund_ended', updatedAt: now });
    });
  }
  if (!fund || fund.state !== 'closing') return;
  const orderDeps = {
    db: deps.db,
    clock: deps.clock,
    feed: deps.feed,
    ledger: deps.ledger,
    settings: deps.settings,
    authCache: deps.authCache,
  };
  const valuation = await valueFund(deps.db, deps.feed, fund);
  for (const p of valuation.positions) {
    if (p.state !== 'holding') continue;
    try {
      await transaction(deps.db, (tx) => closePosition(tx, orderDeps, fund.fundUserId, p.orderId));
      report.positionsClosed++;
    } catch (error) {
      const code = refusal(error);
      if (code === null) throw error;
      report.refusals.push(`${fund.id} close ${p.code}: ${code}`);
    }
  }
  const left = await valueFund(deps.db, deps.feed, fund);
  if (left.positions.length > 0) return; // some could not be sold yet (session, minimum hold): next step
  // a final mark for today, so the last partial day counts for everyone
  await markFund(deps, fund.id, utcDate(now));
  await transaction(deps.db, async (tx) => {
    let locked = await repo.lockFund(tx, fundId);
    if (!locked || !canFund(locked, 'paid_out')) return;
    const reason = locked.closeReason ?? 'fund_closed';
    for (const seen of await repo.activeOfFund(tx, fundId)) {
      const sub = await repo.lockSubscription(tx, seen.id);
      if (!sub || !canCopy(sub, 'fund_ends')) continue;
      locked = (await endSubscription(tx, deps, locked, sub, 'fund_ends', reason)).fund;
      report.subscriptionsEnded++;
    }
    // what remains (the house's seed and what rounding left) goes back to the house
    const balance = (await valueFund(tx, deps.feed, locked)).cash;
    if (balance.isPositive()) {
      await deps.ledger.postEntry(tx, {
        kind: 'copy_out',
        reference: fundId,
        idempotencyKey: `copy-return:${fundId}`,
        memo: { fundId, remark: 'fund closed' },
        postings: [
          { account: userAccount(locked.fundUserId, locked.currency, 'available'), amount: balance.negated() },
          { account: houseAccount(locked.currency, 'copy_capital'), amount: balance },
        ],
      });
    }
    await transitionFund(tx, locked, 'paid_out', { open: false, closedAt: now, updatedAt: now });
  });
}

/** One engine step over every fund still running or closing. */
export async function runCopyEngineOnce(deps: CopyEngineDeps): Promise<CopyStepReport> {
  const report = emptyStepReport();
  for (const id of await repo.liveFundIds(deps.db)) await fundStep(deps, id, report);
  return report;
}

/** The engine step of one fund: its mark, its closing, its rebalance (the seed runs it for a new demo fund). */
export async function fundStep(deps: CopyEngineDeps, id: string, report: CopyStepReport): Promise<void> {
  if (await markFund(deps, id)) report.marked++;
  await closeFundStep(deps, id, report);
  const fund = await repo.findFund(deps.db, id);
  if (fund) await rebalanceFund(deps, fund, report);
}

export function emptyStepReport(): CopyStepReport {
  return { marked: 0, ordersPlaced: 0, positionsClosed: 0, subscriptionsEnded: 0, refusals: [] };
}

/**
 * The strategy engine as a job of the job runner (platform/jobs.ts): every 30 s beside the API, on
 * every instance (each fund step locks the fund's row).
 */
export function copyEngineJob(deps: CopyEngineDeps, intervalMs = 30_000): JobSpec {
  return { name: 'copy engine step', intervalMs, run: () => runCopyEngineOnce(deps) };
}
