/**
 * The market lists' query keys and the fetches of the lists the home screen shows, in a module of
 * their own so that a screen's prefetch (features/home/prefetch.ts) can ask for them without
 * loading the market screens' code (issue "A newcomer's first hour"). The hooks are in
 * features/market/market-queries.ts.
 */
import type { CandlesRequest, Language, MarketListRequest, NewsItem } from '@brokerage/contract';
import type { QueryClient } from '@tanstack/react-query';
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

/** What the home screen asks for (features/home/HomeSections.tsx): every market's indexes, … */
export const homeIndexMarkets = ['mxn', 'usd', 'eur'] as const;
/** … up to this many of each, … */
export const HOME_INDEX_ROW_SIZE = 10;
/** … the chosen market's top movers, … */
export const HOME_MOVERS_SIZE = 5;
/** … and the latest top news. */
export const HOME_NEWS_SIZE = 5;

/**
 * The home screen's public data, asked for by `main.tsx` when the page is opened on the home
 * screen, while the screen's code is still coming (issue "A newcomer's first hour"): otherwise it
 * waited for its ~50 chunks (six at a time over HTTP/1.1) and all the strings before its first
 * request. Here, in the entry, so no chunk stands in the way; the screen's queries then find the
 * answers in flight or in the cache (same keys and fetches).
 */
export function prefetchHome(client: QueryClient, stock: ListMarket, lang: Language): void {
  for (const market of homeIndexMarkets)
    void client.prefetchQuery(marketTopQuery('index', market, 'code_asc', HOME_INDEX_ROW_SIZE));
  void client.prefetchQuery(marketTopQuery('listed', stock, 'changeRate_desc', HOME_MOVERS_SIZE));
  void client.prefetchQuery(latestNewsQuery('top', HOME_NEWS_SIZE, lang));
}
