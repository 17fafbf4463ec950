/** TanStack Query hooks for the market screens (docs/api.md §6.2–§6.3, §8). */
import type { InstrumentSummary, ResponseOf } from '@brokerage/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../../store/session';
import { call } from '../../api/client';
import { useIsLoggedIn } from '../../api/queries';

export {
  latestNewsQuery,
  marketKeys,
  marketTopQuery,
  type Adjust,
  type ListMarket,
  type ListSort,
  type ListTab,
  type NewsCategory,
  type Period,
} from '../../api/market-lists';
import {
  latestNewsQuery,
  marketKeys,
  marketListQuery,
  marketTopQuery,
  nextListPage,
  watchlistQuery,
  type Adjust,
  type ListMarket,
  type ListSort,
  type ListTab,
  type NewsCategory,
  type Period,
} from '../../api/market-lists';

export { LIST_PAGE_SIZE } from '../../api/market-lists';
export const NEWS_PAGE_SIZE = 10;

/** `/market/list`, page by page, for infinite scroll. */
export function useMarketList(tab: ListTab, market: ListMarket, sort: ListSort, enabled = true) {
  return useInfiniteQuery({ ...marketListQuery(tab, market, sort), enabled });
}

/** The first `size` rows of `/market/list` (home movers, index strip, index view). */
export function useMarketTop(tab: ListTab, market: ListMarket, sort: ListSort, size: number, enabled = true) {
  return useQuery({ ...marketTopQuery(tab, market, sort, size), enabled });
}

export type QuoteData = ResponseOf<'quote'>;

/** `/market/quote`: the instrument with its rules and, with a session, `watched`. Refreshed every minute. */
export function useQuote(instrumentId: string | undefined) {
  const account = useSession((s) => s.account);
  return useQuery({
    queryKey: marketKeys.quote(instrumentId ?? '', account),
    queryFn: () => call('quote', { instrumentId: instrumentId ?? '' }, { silent: true }),
    enabled: Boolean(instrumentId),
    refetchInterval: 60_000,
  });
}

export type ChartRange = '1W' | '1M' | '3M' | '6M' | '1Y';
export const chartRanges: readonly ChartRange[] = ['1W', '1M', '3M', '6M', '1Y'];

/** The start of a range variant (docs/api.md §8.3: the range is `1d` with `from`). */
export function rangeStart(range: ChartRange, now: Date = new Date()): string {
  const from = new Date(now.getTime());
  switch (range) {
    case '1W':
      from.setUTCDate(from.getUTCDate() - 7);
      break;
    case '1M':
      from.setUTCMonth(from.getUTCMonth() - 1);
      break;
    case '3M':
      from.setUTCMonth(from.getUTCMonth() - 3);
      break;
    case '6M':
      from.setUTCMonth(from.getUTCMonth() - 6);
      break;
    case '1Y':
      from.setUTCFullYear(from.getUTCFullYear() - 1);
      break;
  }
  return from.toISOString();
}

const intradayPeriods: readonly Period[] = ['time_share', '5m', '15m', '30m'];

export function isIntraday(period: Period): boolean {
  return intradayPeriods.includes(period);
}

/** `/market/candles` for a period, or for a range variant when `range` is set (then the period is `1d`). */
export function useCandles(instrumentId: string | undefined, period: Period, adjust: Adjust, range: ChartRange | null) {
  const effectivePeriod: Period = range ? '1d' : period;
  const effectiveAdjust: Adjust = isIntraday(effectivePeriod) ? 'none' : adjust;
  return useQuery({
    queryKey: marketKeys.candles(instrumentId ?? '', effectivePeriod, effectiveAdjust, range ?? ''),
    queryFn: () =>
      call(
        'candles',
        range
          ? {
              instrumentId: instrumentId ?? '',
              period: '1d',
              adjust: effectiveAdjust,
              from: rangeStart(range),
              limit: 1000,
            }
          : {
              instrumentId: instrumentId ?? '',
              period: effectivePeriod,
              adjust: effectiveAdjust,
              limit: effectivePeriod === 'time_share' ? 1000 : 300,
            },
        { silent: true },
      ),
    enabled: Boolean(instrumentId),
    // Live frames move the last bar; a periodic refetch corrects volumes and closed bars.
    refetchInterval: isIntraday(effectivePeriod) ? 60_000 : false,
  });
}

/** `/market/search`. With a session the server also records the keyword in the history. */
export function useSearch(keyword: string) {
  const account = useSession((s) => s.account);
  const trimmed = keyword.trim().slice(0, 32);
  return useQuery({
    queryKey: marketKeys.search(trimmed, account),
    queryFn: () => call('search', { keyword: trimmed, page: 1, size: 30 }, { silent: true }),
    enabled: trimmed !== '',
    staleTime: 10_000,
  });
}

export function useSearchHistory() {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: marketKeys.searchHistory(account),
    queryFn: () => call('searchHistory', { page: 1, size: 20 }, { silent: true }),
    enabled: loggedIn,
  });
}

export function useClearSearchHistory() {
  const queryClient = useQueryClient();
  const account = useSession((s) => s.account);
  return useMutation({
    mutationFn: () => call('searchHistoryClear', {}),
    onSuccess: () => {
      queryClient.setQueryData(marketKeys.searchHistory(account), { list: [], total: 0, page: 1, size: 20 });
    },
  });
}

/** The whole watchlist (it holds at most 300, the largest page size). */
export function useWatchlist() {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...watchlistQuery(account), enabled: loggedIn });
}

/** Ids on the watchlist, for stars in lists that do not carry `watched`. */
export function useWatchedIds(): Set<string> {
  const watchlist = useWatchlist();
  return useMemo(() => new Set((watchlist.data?.list ?? []).map((item) => item.instrumentId)), [watchlist.data]);
}

function refreshWatchState(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['watchlist'] }),
    queryClient.invalidateQueries({ queryKey: ['quote'] }),
  ]).then(() => undefined);
}

/** Adds or removes one instrument (`watchAdd` / `watchRemove`), then refreshes watchlist and quotes. */
export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ instrumentId, watched }: { instrumentId: string; watched: boolean }) =>
      watched ? call('watchRemove', { instrumentId }) : call('watchAdd', { instrumentId }),
    onSettled: () => refreshWatchState(queryClient),
  });
}

/** Removes several at once (`watchRemoveMany`, select all + delete). */
export function useRemoveWatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (instrumentIds: string[]) => call('watchRemoveMany', { instrumentIds }),
    onSettled: () => refreshWatchState(queryClient),
  });
}

/** `/common/newsList`, page by page, in the app's language (English for an item without a version in it). */
export function useNewsList(category: NewsCategory) {
  const lang = useSession((s) => s.language);
  return useInfiniteQuery({
    queryKey: marketKeys.news(category, lang),
    queryFn: ({ pageParam }) =>
      call('newsList', { category, page: pageParam, size: NEWS_PAGE_SIZE, lang }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextListPage,
  });
}

export function useLatestNews(category: NewsCategory, size: number) {
  const lang = useSession((s) => s.language);
  return useQuery(latestNewsQuery(category, size, lang));
}

export function useNewsDetail(id: string | undefined) {
  const lang = useSession((s) => s.language);
  return useQuery({
    queryKey: marketKeys.newsDetail(id ?? '', lang),
    queryFn: () => call('newsDetail', { id: id ?? '', lang }, { silent: true }),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });
}

type ListPage<T> = { list: T[]; total: number; page: number; size: number };

/** The rows of an infinite list query, flattened, with duplicates (a row moving between pages) dropped. */
export function flattenPages<T extends { instrumentId: string } | { id: string }>(
  pages: ListPage<T>[] | undefined,
): T[] {
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of pages ?? []) {
    for (const row of page?.list ?? []) {
      const key = 'instrumentId' in row ? row.instrumentId : row.id;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
  }
  return rows;
}

export type { InstrumentSummary };
