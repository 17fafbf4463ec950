/**
 * The market lists' query keys and fetches, and which list the home and market screens show, in a
 * module of their own so that `api/prefetch.ts` can ask for them without loading the market
 * screens' code (issues "A newcomer's first hour" and 30). The hooks are in
 * features/market/market-queries.ts.
 */
import type { CandlesRequest, Language, MarketListRequest, NewsItem } from '@brokerage/contract';
import { call } from './client';

export type ListTab = MarketListRequest['tab'];
export type ListMarket = NonNullable<MarketListRequest['market']>;
export type ListSort = NonNullable<MarketListRequest['sort']>;
export type NewsCategory = NewsItem['category'];
export type Period = CandlesRequest['period'];
export type Adjust = NonNullable<CandlesRequest['adjust']>;

export const marketKeys = {
  list: (tab: ListTab, market: ListMarket, sort: ListSort) => ['marketList', tab, market, sort] as const,
  listTop: (tab: ListTab, market: ListMarket, sort: ListSort, size: number) =>
    ['marketListTop', tab, market, sort, size] as const,
  quote: (instrumentId: string, account: string) => ['quote', instrumentId, account] as const,
  candles: (instrumentId: string, period: Period, adjust: Adjust, range: string) =>
    ['candles', instrumentId, period, adjust, range] as const,
  search: (keyword: string, account: string) => ['search', keyword, account] as const,
  searchHistory: (account: string) => ['searchHistory', account] as const,
  watchlist: (account: string) => ['watchlist', account] as const,
  news: (category: NewsCategory, lang: Language) => ['newsList', category, lang] as const,
  newsTop: (category: NewsCategory, size: number, lang: Language) => ['newsTop', category, size, lang] as const,
  newsDetail: (id: string, lang: Language) => ['newsDetail', id, lang] as const,
};

/** The rows of a market list screen asks for at a time. */
export const LIST_PAGE_SIZE = 20;

/** A market list page by page: key, fetch and paging, for `useMarketList` and prefetching (its first page). */
export function marketListQuery(tab: ListTab, market: ListMarket, sort: ListSort) {
  return {
    queryKey: marketKeys.list(tab, market, sort),
    queryFn: ({ pageParam }: { pageParam: number }) =>
      call('marketList', { tab, market, sort, page: pageParam, size: LIST_PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextListPage,
  };
}

type ListPage = { list: unknown[]; total: number; page: number; size: number };

/** The page after `last`, or none when it was the last one. */
export function nextListPage(last: ListPage | null | undefined): number | undefined {
  if (!last || !Array.isArray(last.list)) return undefined;
  return last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined;
}

/** The signed-in user's watchlist (the market lists' stars): key and fetch. */
export function watchlistQuery(account: string) {
  return {
    queryKey: marketKeys.watchlist(account),
    queryFn: () => call('watchlist', { page: 1, size: 300 }, { silent: true }),
  };
}

/** The first `size` rows of a market list: key and fetch, for `useMarketTop` and prefetching. */
export function marketTopQuery(tab: ListTab, market: ListMarket, sort: ListSort, size: number) {
  return {
    queryKey: marketKeys.listTop(tab, market, sort, size),
    queryFn: () => call('marketList', { tab, market, sort, page: 1, size }, { silent: true }),
  };
}

/** The latest `size` news of a category in a language: key and fetch, for `useLatestNews` and prefetching. */
export function latestNewsQuery(category: NewsCategory, size: number, lang: Language) {
  return {
    queryKey: marketKeys.newsTop(category, size, lang),
    queryFn: () => call('newsList', { category, page: 1, size, lang }, { silent: true }),
  };
}

/** The market screen's tabs (spec §1/§2). Subscription and auction are other products (docs/api.md §8: §12 and §13). */
export const marketPageTabs = ['listed', 'otc', 'subscription', 'auction', 'crypto', 'forex'] as const;
export type MarketPageTab = (typeof marketPageTabs)[number];

/** The market screen's sort orders, its default first. */
export const sortOptions: readonly ListSort[] = ['changeRate_desc', 'changeRate_asc', 'turnover_desc', 'code_asc'];

/** The tab and sort the market screen shows for its hash query (`?tab=…&sort=…`), each with its default. */
export function marketScreenParams(params: URLSearchParams): { tab: MarketPageTab; sort: ListSort } {
  const tabParam = params.get('tab');
  const tab = marketPageTabs.find((key) => key === tabParam) ?? 'listed';
  const sortParam = params.get('sort');
  return { tab, sort: sortOptions.find((key) => key === sortParam) ?? 'changeRate_desc' };
}

/**
 * The market list a tab of the market screen shows, or null on the subscription and auction tabs:
 * listed and OTC follow the header's market (`stock`), the listed tab the euro market while it
 * is chosen there; digital currencies and forex are one list each.
 */
export function marketTabList(
  tab: MarketPageTab,
  stock: 'mxn' | 'usd',
  euroChosen = false,
): { tab: ListTab; market: ListMarket } | null {
  if (tab === 'listed') return { tab, market: euroChosen ? 'eur' : stock };
  if (tab === 'otc') return { tab, market: stock };
  if (tab === 'crypto' || tab === 'forex') return { tab, market: 'mxn' };
  return null;
}

/** What the home screen asks for (features/home/HomeSections.tsx): every market's indexes, … */
export const homeIndexMarkets = ['mxn', 'usd', 'eur'] as const;
/** … up to this many of each, … */
export const HOME_INDEX_ROW_SIZE = 10;
/** … the chosen market's top movers, … */
export const HOME_MOVERS_SIZE = 5;
/** … and the latest top news. */
export const HOME_NEWS_SIZE = 5;
