/**
 * Market reads (docs/api.md §8): lists per tab, one quote with its rules, bars, search, search
 * history and the watchlist. Prices come from the feed only; the database holds the user's
 * choices (watchlist, history), never a price.
 */
import {
  Dec,
  type CandlesResponse,
  type InstrumentSummary,
  type MarketListRequest,
  type QuoteResponse,
  type WatchlistItem,
} from '@brokerage/contract';
import type { InstrumentDef, SimBar, SimPeriod } from '@brokerage/market-sim';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import type { MaybePromise } from '../../platform/maybe-promise.js';
import { DomainError } from '../../platform/errors.js';
import type { Settings } from '../../platform/settings.js';
import type { MarketFeed } from './feed.js';
import { rulesOf, toInstrument, toSummary } from './instruments.view.js';
import type { SlicedWork } from './sliced-work.js';
import * as repo from './market.repository.js';

export interface MarketDeps {
  db: Db;
  clock: Clock;
  settings: Settings;
  feed: MarketFeed;
}

/** Watchlist capacity (choice; equals the remove-many limit of §8.6). */
export const WATCHLIST_MAX = 300;
/** Search keywords kept per user (§8.4 choice). */
export const SEARCH_HISTORY_KEEP = 20;

type Tab = MarketListRequest['tab'];
type Sort = NonNullable<MarketListRequest['sort']>;

function inTab(def: InstrumentDef, tab: Tab, market: string): boolean {
  switch (tab) {
    case 'listed':
      return def.assetClass === 'stock' && def.board === 'listed' && def.market === market;
    case 'otc':
      return def.assetClass === 'stock' && def.board === 'otc' && def.market === market;
    case 'index':
      return def.assetClass === 'index' && def.market === market;
    case 'crypto':
      return def.assetClass === 'crypto';
    case 'forex':
      return def.assetClass === 'forex';
  }
}

const sorters: Record<Sort, (a: InstrumentSummary, b: InstrumentSummary) => number> = {
  changeRate_desc: (a, b) => new Dec(b.changeRate).comparedTo(a.changeRate) || a.code.localeCompare(b.code),
  changeRate_asc: (a, b) => new Dec(a.changeRate).comparedTo(b.changeRate) || a.code.localeCompare(b.code),
  turnover_desc: (a, b) => new Dec(b.turnover).comparedTo(a.turnover) || a.code.localeCompare(b.code),
  code_asc: (a, b) => a.code.localeCompare(b.code),
};

/** Summaries of the defs still listed (delisted instruments never appear, §8.1). */
function visibleSummaries(feed: MarketFeed, defs: readonly InstrumentDef[]): InstrumentSummary[] {
  return defs.map((def) => toSummary(def, feed.quote(def.instrumentId))).filter((s) => s.status !== 'delisted');
}

function pageOf<T>(items: T[], page: number, size: number) {
  return { list: items.slice((page - 1) * size, page * size), total: items.length, page, size };
}

/**
 * Warms the cold instruments of `ids` (unknown ones are skipped) through `work`, in slices
 * between other requests (issue 18: the first quote of a cold index walks years of every
 * member's closes, a stock's 52-week figures a year of minute paths: up to 0.6 s for a whole
 * tab). Nothing to wait for when all are warm, the usual case: the caller answers in this turn.
 */
function warmed(
  feed: MarketFeed,
  work: SlicedWork,
  ids: readonly string[],
  withStats: boolean,
  signal?: AbortSignal,
): Promise<void> | undefined {
  const cold = ids.filter(
    (id) => !(withStats ? feed.isStatsWarm(id) : feed.isWarm(id)) && feed.instrument(id) !== undefined,
  );
  if (cold.length === 0) return undefined;
  return work.run(
    (function* () {
      for (const id of cold) yield* withStats ? feed.statsSteps(id) : feed.warmSteps(id);
    })(),
    signal,
  );
}

export async function list(
  feed: MarketFeed,
  work: SlicedWork,
  body: { tab: Tab; market: string; sort: Sort; page: number; size: number },
) {
  const defs = feed.instruments().filter((d) => inTab(d, body.tab, body.market));
  await warmed(
    feed,
    work,
    defs.map((d) => d.instrumentId),
    false,
  );
  const rows = visibleSummaries(feed, defs).sort(sorters[body.sort]);
  return pageOf(rows, body.page, body.size);
}

/** The instrument or `product.not_found` (unknown or delisted). */
export function findListed(feed: MarketFeed, instrumentId: string): InstrumentDef {
  const def = feed.instrument(instrumentId);
  if (!def || feed.quote(instrumentId).status === 'delisted') throw new DomainError('product.not_found');
  return def;
}

export async function quote(
  deps: MarketDeps,
  work: SlicedWork,
  instrumentId: string,
  userId: string | null,
): Promise<QuoteResponse> {
  if (!deps.feed.instrument(instrumentId)) throw new DomainError('product.not_found');
  await warmed(deps.feed, work, [instrumentId], true);
  const def = findListed(deps.feed, instrumentId);
  const q = deps.feed.quote(instrumentId);
  const watched = userId ? (await repo.watchedIds(deps.db, userId, [instrumentId])).has(instrumentId) : false;
  return {
    ...toInstrument(def, q, deps.feed),
    watched,
    rules: rulesOf(def, deps.settings, deps.feed, deps.clock.now()),
  };
}

const simPeriod: Record<Exclude<CandlesResponse['period'], 'time_share'>, SimPeriod> = {
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1d': '1d',
  '1w': '1w',
  '1M': '1M',
};

/** The rest of a computation whose first step was already taken. */
function* remainingSteps<T>(steps: Generator<void, T, void>): Generator<void, T, void> {
  for (;;) {
    yield;
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Bars of one instrument (§8.3). A cold chart can need hundreds of instrument-days of minutes
 * (an index: every member's too), seconds of CPU: the simulator computes them in steps and
 * `work` runs those steps in slices between other requests (issue 18), so the event loop is
 * never held for the whole chart.
 *
 * `chargeCold` (the caller's candle budget) is called once, before the chart computes anything
 * beyond its first step: a chart the caches answer (the usual case once anyone has opened it)
 * is never charged, and a refused cold one stops after that step (at most one instrument-day of
 * minutes, kept in the caches). A cold quote to warm first is charged before it is warmed.
 */
export async function candles(
  feed: MarketFeed,
  work: SlicedWork,
  body: {
    instrumentId: string;
    period: CandlesResponse['period'];
    adjust: CandlesResponse['adjust'];
    from?: string;
    to?: string;
    limit: number;
  },
  signal?: AbortSignal,
  chargeCold?: () => MaybePromise<void>,
): Promise<CandlesResponse> {
  if (!feed.instrument(body.instrumentId)) throw new DomainError('product.not_found');
  let charged = false;
  const charge = async (): Promise<void> => {
    if (charged || !chargeCold) return;
    charged = true;
    await chargeCold();
  };
  // the first quote of a cold instrument walks years of closes (an index: every member's)
  if (!feed.isWarm(body.instrumentId)) await charge();
  await warmed(feed, work, [body.instrumentId], false, signal);
  findListed(feed, body.instrumentId);
  const base = { instrumentId: body.instrumentId, period: body.period, adjust: body.adjust };
  if (body.period === 'time_share') {
    const points = feed.timeShare(body.instrumentId);
    return {
      ...base,
      list: points.map((p) => ({ t: p.t.toISOString(), price: p.price, avgPrice: p.avgPrice, v: p.v })),
    };
  }
  const daily = body.period === '1d' || body.period === '1w' || body.period === '1M';
  const steps = feed.candleSteps(body.instrumentId, simPeriod[body.period], {
    from: body.from ? new Date(body.from) : undefined,
    to: body.to ? new Date(body.to) : undefined,
    limit: body.limit,
    adjust: daily ? body.adjust : 'none',
  });
  // One step decides: done at once, the caches had everything; otherwise it is charged, then sliced.
  const first = steps.next();
  let bars: SimBar[];
  if (first.done) bars = first.value;
  else {
    try {
      await charge();
    } catch (error) {
      steps.return([]);
      throw error;
    }
    bars = await work.run(remainingSteps(steps), signal);
  }
  return {
    ...base,
    adjust: daily ? body.adjust : 'none',
    list: bars.map((b) => ({ t: b.t.toISOString(), o: b.o, h: b.h, l: b.l, c: b.c, v: b.v, turnover: b.turnover })),
  };
}

/** Code prefix or name substring, case-insensitive; exact code first, then prefixes, then names. */
export async function search(
  deps: MarketDeps,
  work: SlicedWork,
  body: { keyword: string; page: number; size: number },
  userId: string | null,
) {
  const needle = body.keyword.toLowerCase();
  const rank = (def: InstrumentDef): number => {
    const code = def.code.toLowerCase();
    if (code === needle || def.instrumentId.toLowerCase() === needle) return 0;
    if (code.startsWith(needle)) return 1;
    if (def.name.toLowerCase().includes(needle)) return 2;
    return -1;
  };
  const matches = deps.feed
    .instruments()
    .map((def) => ({ def, rank: rank(def) }))
    .filter((m) => m.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.def.code.localeCompare(b.def.code));
  await warmed(
    deps.feed,
    work,
    matches.map((m) => m.def.instrumentId),
    false,
  );
  const rows = visibleSummaries(
    deps.feed,
    matches.map((m) => m.def),
  );
  if (userId) await repo.recordSearch(deps.db, userId, body.keyword, deps.clock.now(), SEARCH_HISTORY_KEEP);
  return pageOf(rows, body.page, body.size);
}

export async function searchHistory(deps: MarketDeps, userId: string, page: number, size: number) {
  const { rows, total } = await repo.searchHistoryOf(deps.db, userId, page, size);
  return { list: rows.map((r) => ({ keyword: r.keyword, at: r.at.toISOString() })), total, page, size };
}

export async function watchlist(deps: MarketDeps, work: SlicedWork, userId: string, page: number, size: number) {
  const rows = await repo.watchlistOf(deps.db, userId);
  await warmed(
    deps.feed,
    work,
    rows.map((r) => r.instrumentId),
    false,
  );
  const items: WatchlistItem[] = [];
  for (const row of rows) {
    const def = deps.feed.instrument(row.instrumentId);
    if (!def) continue;
    const summary = toSummary(def, deps.feed.quote(def.instrumentId));
    if (summary.status === 'delisted') continue;
    items.push({ ...summary, addedAt: row.addedAt.toISOString() });
  }
  return pageOf(items, page, size);
}

/** Rules: product.not_found, watchlist.full. Already present: same success, no duplicate. */
export async function watchAdd(
  deps: MarketDeps,
  work: SlicedWork,
  userId: string,
  instrumentId: string,
): Promise<void> {
  await warmed(deps.feed, work, [instrumentId], false);
  findListed(deps.feed, instrumentId);
  if ((await repo.watchedIds(deps.db, userId, [instrumentId])).has(instrumentId)) return;
  if ((await repo.watchCount(deps.db, userId)) >= WATCHLIST_MAX)
    throw new DomainError('watchlist.full', { max: WATCHLIST_MAX });
  await repo.addWatch(deps.db, userId, instrumentId, deps.clock.now());
}

export async function watchRemove(deps: MarketDeps, userId: string, instrumentIds: string[]): Promise<number> {
  return repo.removeWatches(deps.db, userId, [...new Set(instrumentIds)]);
}

export async function clearHistory(deps: MarketDeps, userId: string): Promise<void> {
  await repo.clearSearchHistory(deps.db, userId);
}
