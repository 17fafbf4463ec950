/**
 * What a screen reads first, asked for before the screen's code is in (issue 30). Opened by
 * address, a screen asked for its data only once its ~50 chunks and all the strings had arrived,
 * and the exchange screen then waited on three answers in turn (user → balances → rates): the
 * entry (`main.tsx`) calls `prefetchScreen` for the path it opens, in parallel with the code. In
 * the app, a finger or pointer on a link (`watchLinkIntent`) asks for the screen's code and data
 * before the tap ends.
 *
 * Every query here is the one the screen's own hook reads (the same key and fetch, defined in
 * `api/queries.ts`, `api/market-lists.ts` and `api/product-lists.ts`), so the screen finds the
 * answer in flight or in the cache; `prefetch.test.tsx` renders each screen after its prefetch and
 * fails if the screen asks for anything more. Only the first page of a list, and nothing that
 * changes state. The module is in the entry: keep it to keys and fetches.
 */
import type { Language } from '@brokerage/contract';
import type { QueryClient } from '@tanstack/react-query';
import { FIRST_PART_PATHS } from '../i18n/parts';
import { sessionStore, type StockMarket } from '../store/session';
import {
  HOME_INDEX_ROW_SIZE,
  HOME_MOVERS_SIZE,
  HOME_NEWS_SIZE,
  homeIndexMarkets,
  latestNewsQuery,
  marketListQuery,
  marketScreenParams,
  marketTabList,
  marketTopQuery,
  watchlistQuery,
} from './market-lists';
import { allAssetsQuery, newShareListQuery, ratesQuery } from './product-lists';
import { assetsQuery, configQuery, noticesQuery, summaryCurrencyOf, userInfoQuery } from './queries';

/** The session a prefetch asks for: `account` is '' when signed out. */
interface Who {
  account: string;
  stock: StockMarket;
  language: Language;
}

/** The frame of the five tab pages (components/AppShell.tsx): its header's messages button. */
const SHELL_PATHS: readonly string[] = [
  '/home/index',
  '/favorite/index',
  '/trade/index',
  '/market/index',
  '/information/wallet',
];

/** The screens whose first data is known here, by path. */
const screens: Record<string, (client: QueryClient, who: Who, params: URLSearchParams) => void> = {
  '/home/index': (client, { account, stock, language }) => {
    prefetchHome(client, stock, language);
    if (account === '') return;
    void client.prefetchQuery(userInfoQuery(account));
    void client.prefetchQuery(assetsQuery(account, summaryCurrencyOf(stock)));
  },
  '/market/index': (client, { account, stock }, params) => {
    const { tab, sort } = marketScreenParams(params);
    const list = marketTabList(tab, stock);
    if (list) void client.prefetchInfiniteQuery(marketListQuery(list.tab, list.market, sort));
    else if (tab === 'subscription') void client.prefetchInfiniteQuery(newShareListQuery('ipo'));
    if (list && account !== '') void client.prefetchQuery(watchlistQuery(account));
  },
  '/home/newStock': (client, _who, params) => {
    const kind = params.get('tab');
    void client.prefetchInfiniteQuery(
      newShareListQuery(kind === 'placement' || kind === 'capital_increase' ? kind : 'ipo'),
    );
  },
  '/information/wallet': (client, { account, stock }) => {
    if (account === '') return;
    void client.prefetchQuery(userInfoQuery(account));
    void client.prefetchQuery(allAssetsQuery(account));
    void client.prefetchQuery(assetsQuery(account, summaryCurrencyOf(stock)));
  },
  '/information/exChange': (client, { account, stock }) => {
    if (account === '') return;
    // the form starts from the summary currency (features/funds/ExchangePage.tsx)
    void client.prefetchQuery(userInfoQuery(account));
    void client.prefetchQuery(allAssetsQuery(account));
    void client.prefetchQuery(ratesQuery(summaryCurrencyOf(stock)));
  },
};

/** The paths `prefetchScreen` knows the data of. */
export const PREFETCHED_PATHS: readonly string[] = Object.keys(screens);

/**
 * Asks for what the screen at `path` (with its hash query `params`) shows first, for the session
 * in the store: the configuration every screen reads, the tab pages' messages, the screen's own
 * data. Nothing on the login screens (their first load is budgeted, issue 16).
 */
export function prefetchScreen(client: QueryClient, path: string, params = new URLSearchParams()): void {
  if (FIRST_PART_PATHS.includes(path)) return;
  const { tokend, account, stock, language } = sessionStore.getState();
  const who: Who = { account: tokend === '' ? '' : account, stock, language };
  void client.prefetchQuery(configQuery);
  if (who.account !== '' && SHELL_PATHS.includes(path)) void client.prefetchQuery(noticesQuery(who.account));
  screens[path]?.(client, who, params);
}

/**
 * The home screen's public lists: every market's indexes, the chosen market's top movers and the
 * latest top news (features/home/HomeSections.tsx). Opened by address they otherwise waited for
 * the screen's chunks and all the strings, about a second (issue "A newcomer's first hour").
 */
export function prefetchHome(client: QueryClient, stock: StockMarket, lang: Language): void {
  for (const market of homeIndexMarkets)
    void client.prefetchQuery(marketTopQuery('index', market, 'code_asc', HOME_INDEX_ROW_SIZE));
  void client.prefetchQuery(marketTopQuery('listed', stock, 'changeRate_desc', HOME_MOVERS_SIZE));
  void client.prefetchQuery(latestNewsQuery('top', HOME_NEWS_SIZE, lang));
}

/** The path and query of an in-app link's `href` (`#/market/index?tab=otc`), or null for any other. */
export function linkTarget(href: string | null): { path: string; params: URLSearchParams } | null {
  if (!href?.startsWith('#/')) return null;
  const [path = '', query = ''] = href.slice(1).split('?');
  return { path, params: new URLSearchParams(query.split('#')[0]) };
}

/** The events that say a link is about to be followed: a finger or button down, a pointer over it, focus. */
export const INTENT_EVENTS = ['pointerdown', 'touchstart', 'mouseover', 'focusin'] as const;

/**
 * Calls `onIntent` with the target of an in-app link as soon as a finger or button goes down on it,
 * the pointer moves over it or it takes the focus: the 50–150 ms before a tap ends, or the
 * moment a mouse rests on a tab, are spent loading the screen. Answers the function that stops watching.
 */
export function watchLinkIntent(
  root: Document | HTMLElement,
  onIntent: (path: string, params: URLSearchParams) => void,
): () => void {
  let last: Element | null = null;
  const listener = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    // a pointer moving within one link fires mouseover for each child it crosses: once is enough
    if (event.type === 'mouseover' && link === last) return;
    last = link;
    const target = linkTarget(link?.getAttribute('href') ?? null);
    if (target) onIntent(target.path, target.params);
  };
  for (const type of INTENT_EVENTS) root.addEventListener(type, listener, { capture: true, passive: true });
  return () => {
    for (const type of INTENT_EVENTS) root.removeEventListener(type, listener, { capture: true });
  };
}
