/**
 * Performance, P&L calendar and allocation (docs/api.md §24.1–§24.2).
 *
 * Valuation. value(d) of a currency account is its `totalAssets` (§1.10, the portfolio behind
 * `/user/assets`) at 24:00 of d in `funds.timezone`, less what pending withdrawals still hold:
 * a withdrawal is a flow when it is requested (§24.1), so the money it holds has left the account
 * for these figures (else the request day would show its amount as profit and the payout day as a
 * loss; docs/decisions.md). Values and flows are Money at the currency's scale, rounded half-up
 * once per day; every figure after that is exact (performance.math.ts).
 *
 * Where the days come from:
 * - today: live, from the portfolio now, and today's flow from the journal;
 * - a closed day with a snapshot (performance.jobs.ts): the snapshot;
 * - a closed day without one (before the job's first run, or a day it missed): rebuilt from the
 *   journal ("book value": the user's ledger accounts, with positions at their margin and the
 *   money held for the user in the lending book, copy capital and new-share escrow at principal;
 *   floating P&L of positions held overnight is not in it). docs/performance.md says more.
 *
 * Flows, from the journal's entry kinds: `deposit` (credited when approved), `withdraw_freeze`
 * (requested: −amount) and `withdraw_release` (rejected: +amount back), `loan_in` (+principal),
 * `loan_repay` (−the principal part, the loan book's leg; interest is a return), `exchange_in` /
 * `exchange_out` (the leg in this currency). Every other kind moves value, not money in or out.
 */
import {
  Dec,
  Money,
  type Allocation,
  type AllocationSlice,
  type Currency,
  type Performance,
  type PerformancePeriod,
  type PnlCalendar,
} from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { localDateIn, localDayBounds } from '../../platform/fund-window.js';
import type { FxRates } from '../../platform/fx.js';
import type { Settings } from '../../platform/settings.js';
import { balancesOf, entryLegs, firstEntryAt, frozenOfKinds, type EntryLeg, type Portfolio } from '../ledger/index.js';
import type { MarketFeed } from '../market/index.js';
import { openPositionMarks } from '../trading/index.js';
import {
  addDays,
  datesBetween,
  figures,
  fractionOf,
  fromUnits,
  monthsBefore,
  rateOf,
  toUnits,
  weightsOf,
  type DayPoint,
} from './performance.math.js';
import * as repo from './performance.repository.js';

export interface PerformanceDeps {
  clock: Clock;
  settings: Settings;
  feed: MarketFeed;
  fx: FxRates;
  portfolio: Portfolio;
}

/** Entry kinds whose `frozen` legs are the holds of withdrawals (requested, rejected, paid out). */
export const WITHDRAW_HOLD_KINDS = ['withdraw_freeze', 'withdraw_release', 'withdraw_payout'] as const;
/** House accounts that hold money on the user's behalf (counted in the book value at principal). */
const HELD_FOR_USER = new Set(['lending_book', 'copy_capital', 'ipo_escrow']);
/** Kinds whose user legs in the currency are all flow. */
const WHOLE_FLOW_KINDS = new Set(['deposit', 'loan_in', 'exchange_in', 'exchange_out']);

/** What one entry does to the account: its book-value change and its flow. */
export function entryEffect(legs: EntryLeg[]): { book: Dec; flow: Dec } {
  const kind = legs[0]?.kind ?? '';
  let book = new Dec(0);
  let flow = new Dec(0);
  const withdrawHold = (WITHDRAW_HOLD_KINDS as readonly string[]).includes(kind);
  for (const leg of legs) {
    const a = leg.amount.amount;
    if (leg.owner === 'user') {
      // a pending withdrawal's hold has left the account (see the header)
      if (!(withdrawHold && leg.accountKind === 'frozen')) book = book.plus(a);
      if (WHOLE_FLOW_KINDS.has(kind)) flow = flow.plus(a);
      if ((kind === 'withdraw_freeze' || kind === 'withdraw_release') && leg.accountKind === 'available')
        flow = flow.plus(a);
    } else if (HELD_FOR_USER.has(leg.accountKind)) {
      book = book.plus(a);
    } else if (leg.accountKind === 'loan_book' && kind === 'loan_repay') {
      flow = flow.minus(a);
    }
  }
  return { book, flow };
}

/** Σ book change and Σ flow per local date of the entries' legs (grouped by entry). */
export function journalDays(legs: EntryLeg[], timezone: string): Map<string, { book: Dec; flow: Dec }> {
  const byEntry = new Map<string, EntryLeg[]>();
  for (const leg of legs) {
    const list = byEntry.get(leg.entryId);
    if (list) list.push(leg);
    else byEntry.set(leg.entryId, [leg]);
  }
  const days = new Map<string, { book: Dec; flow: Dec }>();
  for (const entry of byEntry.values()) {
    const date = localDateIn(timezone, entry[0]!.createdAt);
    const effect = entryEffect(entry);
    const day = days.get(date) ?? { book: new Dec(0), flow: new Dec(0) };
    days.set(date, { book: day.book.plus(effect.book), flow: day.flow.plus(effect.flow) });
  }
  return days;
}

/** The account's value now: `totalAssets` less the holds of pending withdrawals. */
export async function liveValue(db: Db, deps: PerformanceDeps, userId: string, currency: Currency): Promise<Dec> {
  const assets = await deps.portfolio.assetsOf(db, userId, [currency], currency, 0);
  const account = assets.accounts.find((a) => a.currency === currency);
  const held = await frozenOfKinds(db, userId, currency, WITHDRAW_HOLD_KINDS);
  return new Dec(account?.totalAssets ?? '0').minus(held.amount);
}

const timezoneOf = (deps: Pick<PerformanceDeps, 'settings'>) => deps.settings.get('funds.timezone');

/** Today's local date in `funds.timezone`. */
export function todayOf(deps: Pick<PerformanceDeps, 'settings' | 'clock'>): string {
  return localDateIn(timezoneOf(deps), deps.clock.now());
}

/**
 * The valuation days from `from` to `to` (to = today: live), each {date, value, flow} at the
 * currency's scale: snapshots where they exist, the journal's book values elsewhere.
 */
export async function valuationDays(
  db: Db,
  deps: PerformanceDeps,
  userId: string,
  currency: Currency,
  from: string,
  to: string,
): Promise<DayPoint[]> {
  const timezone = timezoneOf(deps);
  const today = todayOf(deps);
  const closedTo = to < today ? to : addDays(today, -1);
  const snapshots = new Map(
    (await repo.snapshotsBetween(db, userId, currency, from, closedTo)).map((s) => [s.date, s]),
  );
  const dates = datesBetween(from, to);
  const missing = dates.filter((d) => d <= closedTo && !snapshots.has(d));
  let book: Map<string, Dec> | null = null;
  let flows = new Map<string, Dec>();
  if (missing.length > 0) {
    // book values need every entry up to the last missing day's end (they start from 0)
    const end = localDayBounds(timezone, missing[missing.length - 1]!).end;
    const days = journalDays(await entryLegs(db, userId, currency, null, end), timezone);
    book = new Map();
    let running = new Dec(0);
    const sorted = [...days.keys()].sort();
    let i = 0;
    for (const d of missing) {
      while (i < sorted.length && sorted[i]! <= d) running = running.plus(days.get(sorted[i++]!)!.book);
      book.set(d, running);
    }
    flows = new Map([...days].map(([d, v]) => [d, v.flow]));
  }
  const points: DayPoint[] = [];
  for (const d of dates) {
    const snap = snapshots.get(d);
    if (snap) points.push({ date: d, value: toUnits(snap.value, currency), flow: toUnits(snap.flow, currency) });
    else if (d <= closedTo)
      points.push({
        date: d,
        value: toUnits(book!.get(d)!, currency),
        flow: toUnits(flows.get(d) ?? new Dec(0), currency),
      });
  }
  if (to >= today) {
    // to the end of today, not `now` (exclusive): an entry posted in the very millisecond of this
    // read is in the live value, so it must be in today's flow too (else a deposit is a gain)
    const { start, end } = localDayBounds(timezone, today);
    const todays = journalDays(await entryLegs(db, userId, currency, start, end), timezone).get(today);
    points.push({
      date: today,
      value: toUnits(await liveValue(db, deps, userId, currency), currency),
      flow: toUnits(todays?.flow ?? new Dec(0), currency),
    });
  }
  // a base day is never a flow day (§24.1: series[0] has flow 0)
  if (points[0]) points[0] = { ...points[0], flow: 0n };
  return points;
}

/** The base day (series[0]) of a period ending today. */
export async function baseDayOf(
  db: Db,
  deps: PerformanceDeps,
  userId: string,
  currency: Currency,
  period: PerformancePeriod,
  to: string,
): Promise<string> {
  switch (period) {
    case '1w':
      return addDays(to, -7);
    case '1m':
      return monthsBefore(to, 1);
    case '3m':
      return monthsBefore(to, 3);
    case '1y':
      return monthsBefore(to, 12);
    case 'ytd':
      return `${Number(to.slice(0, 4)) - 1}-12-31`;
    case 'all': {
      const first = await firstEntryAt(db, userId, currency);
      const day = first ? localDateIn(timezoneOf(deps), first) : to;
      return addDays(day < to ? day : to, -1);
    }
    default:
      return addDays(to, -7);
  }
}

/** The benchmark's cumulative close-to-close return on the series' dates, or null without one. */
export function benchmarkSeries(deps: PerformanceDeps, currency: Currency, dates: string[]): Performance['benchmark'] {
  const instrumentId = deps.settings.get(`performance.benchmark.${currency}`);
  if (!instrumentId || !deps.feed.instrument(instrumentId) || dates.length === 0) return null;
  const first = dates[0]!;
  const now = deps.clock.now();
  const bars = deps.feed.candles(instrumentId, '1d', {
    from: new Date(`${addDays(first, -14)}T00:00:00Z`),
    to: now,
  });
  const closes = bars.map((b) => ({ date: b.t.toISOString().slice(0, 10), close: b.c }));
  const today = dates[dates.length - 1]!;
  const closeOn = (d: string): string | null => {
    // today's close is the last price
    if (d === today) return deps.feed.quote(instrumentId).price;
    let found: string | null = null;
    for (const c of closes) if (c.date <= d) found = c.close;
    return found;
  };
  const base = closeOn(first);
  if (base === null) return { instrumentId, series: dates.map((date) => ({ date, return: rateOf(0n, 1n) })) };
  const [bn, bd] = fractionOf(base);
  return {
    instrumentId,
    series: dates.map((date) => {
      const close = closeOn(date) ?? base;
      const [cn, cd] = fractionOf(close);
      // close / base − 1 = (cn·bd − bn·cd) / (cd·bn)
      return { date, return: rateOf(cn * bd - bn * cd, cd * bn) };
    }),
  };
}

export async function performanceOf(
  db: Db,
  deps: PerformanceDeps,
  userId: string,
  body: { currency: Currency; period: PerformancePeriod },
): Promise<Performance> {
  const { currency, period } = body;
  const to = todayOf(deps);
  const from = await baseDayOf(db, deps, userId, currency, period, to);
  const points = await valuationDays(db, deps, userId, currency, from, to);
  const f = figures(points);
  const money = (v: bigint) => fromUnits(v, currency);
  return {
    currency,
    period,
    from,
    to,
    startValue: money(f.startValue),
    endValue: money(f.endValue),
    netFlow: money(f.netFlow),
    profit: money(f.profit),
    twr: f.twr,
    mwr: f.mwr,
    series: f.days.map((d) => ({
      date: d.date,
      value: money(d.value),
      flow: money(d.flow),
      profit: money(d.profit),
      twr: d.twr,
    })),
    benchmark: benchmarkSeries(
      deps,
      currency,
      f.days.map((d) => d.date),
    ),
  };
}

export async function pnlCalendarOf(
  db: Db,
  deps: PerformanceDeps,
  userId: string,
  body: { currency: Currency; month: string },
): Promise<PnlCalendar> {
  const { currency, month } = body;
  const today = todayOf(deps);
  const first = `${month}-01`;
  if (first > today) return { days: [], profit: fromUnits(0n, currency) };
  const lastOfMonth = monthsBefore(`${month}-28`, -1).slice(0, 7) + '-01';
  const last = addDays(lastOfMonth, -1);
  const points = await valuationDays(db, deps, userId, currency, addDays(first, -1), last < today ? last : today);
  const f = figures(points);
  const days = f.days.slice(1);
  return {
    days: days.map((d) => ({ date: d.date, profit: fromUnits(d.profit, currency), rate: d.rate })),
    profit: fromUnits(f.profit, currency),
  };
}

/** One thing the user owns today, converted into the asked currency. */
interface Holding {
  assetClass: string;
  market: string;
  currency: Currency;
  instrument: string;
  units: bigint;
}

export async function allocationOf(
  db: Db,
  deps: PerformanceDeps,
  userId: string,
  body: { currency: Currency },
): Promise<Allocation> {
  const target = body.currency;
  const enabled = deps.settings.get('currencies.enabled');
  const assets = await deps.portfolio.assetsOf(db, userId, enabled, target, 0);
  const balances = await balancesOf(db, userId);
  const marks = await openPositionMarks(db, deps.feed, userId);
  const holdings: Holding[] = [];
  const convert = (amount: Dec, from: Currency): bigint | null => {
    const rate = from === target ? new Dec(1) : deps.fx.midRate(from, target);
    return rate ? toUnits(amount.times(rate), target) : null;
  };
  for (const account of assets.accounts) {
    const c = account.currency;
    const b = balances.get(c);
    const cash = (b?.available ?? Money.zero(c)).plus(b?.frozen ?? Money.zero(c));
    const cashUnits = convert(cash.amount, c);
    if (cashUnits === null) continue;
    if (cashUnits !== 0n)
      holdings.push({ assetClass: 'cash', market: 'cash', currency: c, instrument: 'cash', units: cashUnits });
    const invest = convert(new Dec(account.investValue), c);
    if (invest)
      holdings.push({ assetClass: 'invest', market: 'invest', currency: c, instrument: 'invest', units: invest });
  }
  for (const mark of marks) {
    const def = deps.feed.instrument(mark.instrumentId);
    const units = convert(mark.margin.plus(mark.profitLoss).amount, mark.margin.currency);
    if (units === null || units === 0n) continue;
    holdings.push({
      assetClass: def?.assetClass ?? 'stock',
      market: def?.market ?? 'otc',
      currency: mark.margin.currency,
      instrument: mark.instrumentId,
      units,
    });
  }
  const split = (keyOf: (h: Holding) => string): AllocationSlice[] => {
    const sums = new Map<string, bigint>();
    for (const h of holdings) sums.set(keyOf(h), (sums.get(keyOf(h)) ?? 0n) + h.units);
    const values = [...sums].map(([key, value]) => ({ key, value })).sort((a, b) => (b.value > a.value ? 1 : -1));
    const weights = weightsOf(values);
    return values.map((v) => ({ key: v.key, value: fromUnits(v.value, target), weight: weights.get(v.key)! }));
  };
  const total = holdings.reduce((s, h) => s + h.units, 0n);
  return {
    currency: target,
    total: fromUnits(total, target),
    byAssetClass: split((h) => h.assetClass),
    byMarket: split((h) => h.market),
    byCurrency: split((h) => h.currency),
    byInstrument: split((h) => h.instrument),
  };
}
