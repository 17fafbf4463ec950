/**
 * Copy-trading funds (docs/api.md §14, §3.5): the funds with their strategy's real positions, and
 * the follower's calls. A fund's money is the ledger balance of its own system user plus the
 * positions that user holds; its NAV per unit is that value over the units outstanding.
 *
 * Money of a subscription: the amount moves from the follower's `available` to the fund's at
 * once (`copy_in`). Its result is amount × Π(1 + dailyProfitRate) over the days after the day
 * of subscription (packages/contract copy-math.ts: exact, then rounded down — the fund keeps the
 * fraction). At the end the fund pays value − fees to the follower and the fees to the house's
 * `fee_income` in one entry (`copy_out`).
 */
import {
  copyPayout,
  Dec,
  formatPrice,
  Money,
  roundRate,
  withTranslations,
  type CopyFund,
  type CopyFundDetail,
  type CopyPayout,
  type CopyPosition,
  type CopySubscription,
  type ProfitLossNamed,
  type copyDetailRequest,
  type copyListRequest,
  type copyMineRequest,
  type copyRedeemRequest,
  type copySubscribeRequest,
} from '@brokerage/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { ProductDeps } from '../../kernel/kernel.js';
import { findUserCached, requireKyc, requireNotTradeBlocked } from '../auth/index.js';
import { sendMessage } from '../messages/index.js';
import { balancesOf, houseAccount, InsufficientFundsError, userAccount, type PostingSpec } from '../ledger/index.js';
import type { MarketFeed } from '../market/index.js';
import { closePosition, openPositionMarks, type PositionMark } from '../trading/index.js';
import * as repo from './copy.repository.js';
import type { FundRow, SubscriptionRow } from './copy.repository.js';
import { canCopy, initialCopyState, transitionCopy } from './copy.states.js';
import { describeStrategy } from './strategy.js';

/** The product modules' one dependency type (kernel/kernel.ts). */
export type CopyDeps = ProductDeps;

/** What paying a subscription out needs: the ledger, and trading's close to raise cash. */
export type PayoutDeps = Pick<CopyDeps, 'clock' | 'ledger' | 'feed' | 'settings' | 'authCache'>;

export const DAY_MS = 86_400_000;

/** The UTC calendar date of an instant ("2026-11-27"). */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return utcDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}

/* ---- valuation ---- */

export interface FundValuation {
  /** available + frozen of the fund's account */
  cash: Money;
  positions: PositionMark[];
  /** cash + Σ (margin + P&L) of the open positions */
  total: Money;
}

/** The fund's value now: its ledger cash and its positions marked at the feed's current price. */
export async function valueFund(db: Db, feed: MarketFeed, fund: FundRow): Promise<FundValuation> {
  const balance = (await balancesOf(db, fund.fundUserId)).get(fund.currency);
  const cash = balance ? balance.available.plus(balance.frozen) : Money.zero(fund.currency);
  const positions = (await openPositionMarks(db, feed, fund.fundUserId)).filter(
    (p) => p.margin.currency === fund.currency,
  );
  const total = positions.reduce((sum, p) => sum.plus(p.margin).plus(p.profitLoss), cash);
  return { cash, positions, total };
}

/**
 * NAV per unit: (value − money of subscriptions not yet in units) ÷ units, rounded half-up to 8
 * decimals; the last mark's NAV while no units are out.
 */
export function navPerUnit(fund: Pick<FundRow, 'units' | 'lastNav' | 'currency'>, total: Money, pending: Money): Dec {
  const units = new Dec(fund.units);
  if (units.isZero()) return new Dec(fund.lastNav);
  const nav = roundRate(total.minus(pending).amount.dividedBy(units), 'half_up');
  // a long-only fund at leverage 1 cannot lose more than it has; keep the unit price positive
  return nav.gt(0) ? nav : new Dec('0.00000001');
}

/* ---- views ---- */

function isOpen(fund: FundRow, now: Date): boolean {
  return fund.open && fund.state === 'running' && now < fund.copyDeadline && now < fund.endTime;
}

function remainingOf(fund: FundRow, subscribed: Dec): Money {
  const left = repo.copyMoney(fund, fund.fundSize).minus(Money.of(subscribed, fund.currency));
  return left.isNegative() ? Money.zero(fund.currency) : left;
}

export function toFund(fund: FundRow, subscribed: Dec, now: Date): CopyFund {
  return {
    id: fund.id,
    name: fund.name,
    names: fund.names,
    strategyNo: fund.strategyNo,
    currency: fund.currency,
    fundSize: repo.copyMoney(fund, fund.fundSize).toString(),
    minAmount: repo.copyMoney(fund, fund.minAmount).toString(),
    lockupDays: fund.lockupDays,
    tradeCycleDays: fund.tradeCycleDays,
    copyDeadline: fund.copyDeadline.toISOString(),
    endTime: fund.endTime.toISOString(),
    dailyProfitRate: fund.lastRate === null ? null : repo.copyDecimal(new Dec(fund.lastRate)),
    expectedReturnRate: formatPrice(new Dec(fund.expectedReturnRate), 4),
    performanceFeeRate: formatPrice(new Dec(fund.performanceFeeRate), 4),
    serviceFeeRate: formatPrice(new Dec(fund.serviceFeeRate), 4),
    open: isOpen(fund, now),
    state: fund.state,
    remaining: remainingOf(fund, subscribed).toString(),
  };
}

async function subscribedOf(db: Db, fundIds: string[]): Promise<Map<string, Dec>> {
  const totals = await repo.activeTotalsOf(db, fundIds);
  return new Map(fundIds.map((id) => [id, new Dec(totals.get(id)?.amount ?? '0')]));
}

export async function fundList(db: Db, deps: Pick<CopyDeps, 'clock'>, body: z.output<typeof copyListRequest>) {
  const { rows, total } = await repo.listFunds(db, body.page, body.size);
  const subscribed = await subscribedOf(
    db,
    rows.map((r) => r.id),
  );
  const now = deps.clock.now();
  return {
    list: rows.map((r) => toFund(r, subscribed.get(r.id) ?? new Dec(0), now)),
    total,
    page: body.page,
    size: body.size,
  };
}

/** `/copy/detail`'s answer (§14) as the service returns it; the route turns it into the wire's. */
export type CopyFundDetailView = Omit<CopyFundDetail, 'positions'> & { positions: ProfitLossNamed<CopyPosition>[] };

export async function fundDetail(
  db: Db,
  deps: Pick<CopyDeps, 'clock' | 'feed'>,
  body: z.output<typeof copyDetailRequest>,
): Promise<CopyFundDetailView> {
  const fund = await repo.findFund(db, body.id);
  if (!fund) throw new DomainError('product.not_found');
  const now = deps.clock.now();
  const subscribed = (await subscribedOf(db, [fund.id])).get(fund.id) ?? new Dec(0);
  const days = await repo.lastDays(db, fund.id, 30);
  const valuation = await valueFund(db, deps.feed, fund);
  const pending = (await repo.pendingUnitsOf(db, fund.id)).reduce(
    (s, r) => s.plus(repo.copyMoney(fund, r.amount)),
    Money.zero(fund.currency),
  );
  return {
    ...toFund(fund, subscribed, now),
    history: days.map((d) => ({ date: d.date, dailyProfitRate: repo.copyDecimal(new Dec(d.dailyProfitRate)) })),
    nav: repo.copyDecimal(navPerUnit(fund, valuation.total, pending)),
    navHistory: days.map((d) => ({ date: d.date, nav: repo.copyDecimal(new Dec(d.nav)), backtest: d.backtest })),
    strategy: describeStrategy(fund.strategyNo, fund.market),
    positions: valuation.positions.map((p) => ({
      orderId: p.orderId,
      instrumentId: p.instrumentId,
      code: p.code,
      name: p.name,
      side: p.side,
      lots: p.lots,
      lotSize: new Dec(p.lotSize).toString(),
      costPrice: p.costPrice ?? '0',
      currentPrice: p.currentPrice,
      profitLoss: p.profitLoss.rounded('half_up').toString(),
      state: p.state,
    })),
    cash: valuation.cash.rounded('down').toString(),
    totalValue: valuation.total.rounded('down').toString(),
    launchedAt: fund.launchedAt.toISOString(),
    rebalancedOn: fund.rebalancedOn,
  };
}

/** The payout a subscription would get now: the live daily results after its day, up to the fund's last mark. */
async function payoutOf(db: Db, fund: FundRow, sub: SubscriptionRow): Promise<CopyPayout & { days: number }> {
  const rates = await repo.ratesBetween(db, fund.id, sub.startDate, fund.lastMarkDate);
  const result = copyPayout(repo.copyMoney(fund, sub.amount), rates, fund.performanceFeeRate, fund.serviceFeeRate);
  return { ...result, days: rates.length };
}

async function toSubscription(db: Db, sub: SubscriptionRow, fund: FundRow | null): Promise<CopySubscription> {
  const money = (v: string | null) => (v === null ? null : repo.copyMoney(sub, v).toString());
  const base = {
    id: sub.id,
    fundId: sub.fundId,
    name: sub.name,
    // the translations are of the fund's current name: a subscription to an older name keeps it as it was
    names: fund?.name === sub.name ? fund.names : {},
    currency: sub.currency,
    amount: repo.copyMoney(sub, sub.amount).toString(),
    state: sub.state,
    startedAt: sub.startedAt.toISOString(),
    lockUntil: sub.lockUntil.toISOString(),
    endedAt: sub.endedAt?.toISOString() ?? null,
    payout: money(sub.payout),
    performanceFee: money(sub.performanceFee),
    serviceFee: money(sub.serviceFee),
    endReason: sub.endReason ?? null,
  };
  if (sub.state === 'ended' || !fund) {
    const amount = repo.copyMoney(sub, sub.amount);
    const profit = repo.copyMoney(sub, sub.profit ?? '0');
    const days = fund && sub.endDate ? (await repo.ratesBetween(db, fund.id, sub.startDate, sub.endDate)).length : 0;
    return { ...base, profit: profit.toString(), value: amount.plus(profit).toString(), daysCounted: days };
  }
  const now = await payoutOf(db, fund, sub);
  return { ...base, profit: now.profit.toString(), value: now.value.toString(), daysCounted: now.days };
}

export async function mine(db: Db, userId: string, body: z.output<typeof copyMineRequest>) {
  const { rows, total } = await repo.pageOfUser(db, userId, body.states, body.page, body.size);
  const funds = new Map<string, FundRow | null>();
  const list: CopySubscription[] = [];
  for (const row of rows) {
    if (!funds.has(row.fundId)) funds.set(row.fundId, await repo.findFund(db, row.fundId));
    list.push(await toSubscription(db, row, funds.get(row.fundId) ?? null));
  }
  return { list, total, page: body.page, size: body.size };
}

/** `investValue` of §1.10: the value of the user's active subscriptions, per currency. */
export async function copyInvestValue(db: Db, userId: string): Promise<Map<CopyFund['currency'], Money>> {
  const out = new Map<CopyFund['currency'], Money>();
  for (const sub of await repo.activeOfUser(db, userId)) {
    const fund = await repo.findFund(db, sub.fundId);
    if (!fund) continue;
    const { value } = await payoutOf(db, fund, sub);
    out.set(sub.currency, (out.get(sub.currency) ?? Money.zero(sub.currency)).plus(value));
  }
  return out;
}

/**
 * `copyInvestValue` of a page of users (the proof of liabilities' bulk read): their active
 * subscriptions with their funds in one query, the funds' live days in a second (none when no user
 * of the page follows a fund), then each subscription's value by the same `copyPayout` over the
 * same days `payoutOf` reads.
 */
export async function copyInvestValues(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, Map<CopyFund['currency'], Money>>> {
  const out = new Map<string, Map<CopyFund['currency'], Money>>();
  const subs = await repo.activeOfUsers(db, userIds);
  if (subs.length === 0) return out;
  const fundIds = [...new Set(subs.map((s) => s.fund.id))];
  const earliest = subs.reduce((min, s) => (s.sub.startDate < min ? s.sub.startDate : min), subs[0]!.sub.startDate);
  const days = new Map<string, { date: string; rate: string }[]>();
  for (const d of await repo.liveRatesOfFunds(db, fundIds, earliest)) {
    let list = days.get(d.fundId);
    if (!list) days.set(d.fundId, (list = []));
    list.push(d);
  }
  // subscriptions of one fund and one start day share their days
  const ratesAfter = new Map<string, string[]>();
  for (const { sub, fund } of subs) {
    const key = `${fund.id}:${sub.startDate}`;
    let rates = ratesAfter.get(key);
    if (!rates) {
      // `ratesBetween(fund, sub.startDate, fund.lastMarkDate)`: the query kept the days up to the last mark
      rates = (days.get(fund.id) ?? []).filter((d) => d.date > sub.startDate).map((d) => d.rate);
      ratesAfter.set(key, rates);
    }
    const { value } = copyPayout(repo.copyMoney(fund, sub.amount), rates, fund.performanceFeeRate, fund.serviceFeeRate);
    let sums = out.get(sub.userId);
    if (!sums) out.set(sub.userId, (sums = new Map()));
    sums.set(sub.currency, (sums.get(sub.currency) ?? Money.zero(sub.currency)).plus(value));
  }
  return out;
}

/* ---- the follower's calls ---- */

/** §14 `/copy/subscribe`: [TB] → [KYC] → product.not_found → copy_deadline_passed → below_minimum → fund_full → insufficient_available. */
export async function subscribe(
  tx: Tx,
  deps: CopyDeps,
  userId: string,
  body: z.output<typeof copySubscribeRequest>,
): Promise<CopySubscription> {
  const now = deps.clock.now();
  const user = await findUserCached(tx, deps.authCache, userId);
  if (!user) throw new DomainError('auth.required');
  requireNotTradeBlocked(user);
  requireKyc(user);
  const fund = await repo.lockFund(tx, body.fundId);
  if (!fund || fund.state !== 'running' || !fund.open) throw new DomainError('product.not_found');
  if (now >= fund.copyDeadline || now >= fund.endTime) throw new DomainError('product.copy_deadline_passed');
  const amount = Money.of(body.amount, fund.currency);
  const min = repo.copyMoney(fund, fund.minAmount);
  if (amount.isLessThan(min))
    throw new DomainError('product.below_minimum', { min: min.toString(), currency: fund.currency });
  const remaining = remainingOf(fund, (await subscribedOf(tx, [fund.id])).get(fund.id) ?? new Dec(0));
  if (amount.isGreaterThan(remaining))
    throw new DomainError('copy.fund_full', { remaining: remaining.toString(), currency: fund.currency });

  const id = newId('cs');
  try {
    await deps.ledger.postEntry(tx, {
      kind: 'copy_in',
      reference: id,
      idempotencyKey: `copy-in:${id}`,
      memo: { fundId: fund.id, remark: fund.name },
      postings: [
        { account: userAccount(userId, fund.currency, 'available'), amount: amount.negated() },
        { account: userAccount(fund.fundUserId, fund.currency, 'available'), amount },
      ],
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new DomainError('funds.insufficient_available', {
        available: error.balance.toString(),
        required: amount.toString(),
        currency: fund.currency,
      });
    }
    throw error;
  }
  const row = await repo.insertSubscription(tx, {
    id,
    fundId: fund.id,
    userId,
    name: fund.name,
    currency: fund.currency,
    amount: repo.copyAmount(amount),
    units: null,
    state: initialCopyState(),
    startedAt: now,
    startDate: utcDate(now),
    lockUntil: new Date(now.getTime() + fund.lockupDays * DAY_MS),
  });
  return toSubscription(tx, row, fund);
}

/**
 * Makes sure the fund's free cash covers `needed`: when it does not, the fund sells positions,
 * largest first, through trading's own close in the caller's transaction, until it does (or
 * nothing more can be sold now: a market closed, a minimum hold).
 */
async function raiseCash(tx: Tx, deps: PayoutDeps, fund: FundRow, needed: Money): Promise<void> {
  const free = async () =>
    (await balancesOf(tx, fund.fundUserId)).get(fund.currency)?.available ?? Money.zero(fund.currency);
  if (!(await free()).isLessThan(needed)) return;
  const positions = (await openPositionMarks(tx, deps.feed, fund.fundUserId))
    .filter((p) => p.state === 'holding')
    .sort((a, b) => b.margin.plus(b.profitLoss).compare(a.margin.plus(a.profitLoss)));
  const orderDeps = {
    db: tx,
    clock: deps.clock,
    feed: deps.feed,
    ledger: deps.ledger,
    settings: deps.settings,
    authCache: deps.authCache,
  };
  for (const p of positions) {
    try {
      await closePosition(tx, orderDeps, fund.fundUserId, p.orderId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      continue; // this one cannot be sold now; try the next
    }
    if (!(await free()).isLessThan(needed)) return;
  }
}

/**
 * Ends an active subscription: pays value − fees from the fund to the follower and the fees to
 * the house, retires its units. The fund must be locked by the caller. When the fund's free cash
 * is short it sells positions first (`raiseCash`); `copy.liquidity` when even that cannot pay now.
 */
export async function endSubscription(
  tx: Tx,
  deps: PayoutDeps,
  fund: FundRow,
  sub: SubscriptionRow,
  event: 'redeem' | 'fund_ends',
  reason: 'redeemed' | 'fund_ended' | 'fund_closed',
): Promise<{ fund: FundRow; sub: SubscriptionRow }> {
  const now = deps.clock.now();
  const result = await payoutOf(tx, fund, sub);
  await raiseCash(tx, deps, fund, result.value);
  const fees = result.performanceFee.plus(result.serviceFee);
  const legs: PostingSpec[] = [
    { account: userAccount(fund.fundUserId, fund.currency, 'available'), amount: result.value.negated() },
    { account: userAccount(sub.userId, fund.currency, 'available'), amount: result.payout },
    { account: houseAccount(fund.currency, 'fee_income'), amount: fees },
  ].filter((l) => !l.amount.isZero());
  if (legs.length >= 2) {
    try {
      await deps.ledger.postEntry(tx, {
        kind: 'copy_out',
        reference: sub.id,
        idempotencyKey: `copy-out:${sub.id}`,
        memo: {
          fundId: fund.id,
          remark: fund.name,
          profit: result.profit.toString(),
          performanceFee: result.performanceFee.toString(),
          serviceFee: result.serviceFee.toString(),
        },
        postings: legs,
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw new DomainError('copy.liquidity');
      throw error;
    }
  }
  const units = sub.units === null ? new Dec(0) : new Dec(sub.units);
  const left = Dec.max(new Dec(fund.units).minus(units), 0);
  const updatedFund = await repo.updateFund(tx, fund.id, { units: repo.copyDecimal(left), updatedAt: now });
  const updatedSub = await transitionCopy(tx, sub, event, {
    endedAt: now,
    endDate: fund.lastMarkDate,
    profit: repo.copyAmount(result.profit),
    payout: repo.copyAmount(result.payout),
    performanceFee: repo.copyAmount(result.performanceFee),
    serviceFee: repo.copyAmount(result.serviceFee),
    endReason: reason,
  });
  if (event === 'fund_ends') {
    await sendMessage(tx, deps.clock, sub.userId, {
      code: 'message.copy.ended',
      params: {
        ...withTranslations('product', fund.name, fund.names),
        payout: result.payout.toString(),
        currency: fund.currency,
      },
    });
  }
  return { fund: updatedFund, sub: updatedSub };
}

/** §14 `/copy/redeem`: record.not_found → copy.not_active → copy.locked (→ copy.liquidity). */
export async function redeem(
  tx: Tx,
  deps: CopyDeps,
  userId: string,
  body: z.output<typeof copyRedeemRequest>,
): Promise<CopySubscription> {
  const now = deps.clock.now();
  const seen = await repo.findSubscription(tx, body.subscriptionId);
  if (!seen || seen.userId !== userId) throw new DomainError('record.not_found');
  // the fund first, then the subscription: the order the daily mark locks them in
  const fund = await repo.lockFund(tx, seen.fundId);
  const sub = await repo.lockSubscription(tx, seen.id);
  if (!fund || !sub) throw new DomainError('record.not_found');
  if (!canCopy(sub, 'redeem')) throw new DomainError('copy.not_active');
  if (now < sub.lockUntil) throw new DomainError('copy.locked', { lockUntil: sub.lockUntil.toISOString() });
  const ended = await endSubscription(tx, deps, fund, sub, 'redeem', 'redeemed');
  return toSubscription(tx, ended.sub, ended.fund);
}
