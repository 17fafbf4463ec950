// @vitest-environment jsdom
/**
 * The prefetch of a screen (issue 30) asks for everything that screen reads first, under the keys
 * its hooks read: rendered after its prefetch, the screen shows its data and asks for nothing
 * more. A screen that gains a query the prefetch does not know, or a prefetch whose key drifts
 * from the hook's, fails here (it would be a request after the screen's code again, the waterfall
 * of the issue). And a finger, pointer or focus on a link asks for the screen's data before the tap.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HashRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../components/AppShell';
import { TabBar } from '../components/TabBar';
import ExchangePage from '../features/funds/ExchangePage';
import WalletPage from '../features/funds/WalletPage';
import HomePage from '../features/home/HomePage';
import MarketPage from '../features/market/MarketPage';
import NewSharesPage from '../features/new-shares/NewSharesPage';
import { newShareDetail } from '../features/new-shares/test-fixtures';
import { sessionStore } from '../store/session';
import { account, ACCOUNT, assets, userInfo } from '../test-fixtures';
import { listPage, page, renderAt, stubApi, summary, useOfflineQuotes } from '../test-support';
import { linkTarget, prefetchScreen, PREFETCHED_PATHS, watchLinkIntent } from './prefetch';
import { createQueryClient } from './queries';

const rates = (base: string) => ({
  list: [
    {
      from: base,
      to: base === 'USD' ? 'MXN' : 'USD',
      rate: '17.5',
      exchangeable: true,
      updatedAt: '2025-03-14T15:30:00Z',
    },
  ],
});

/** Every endpoint the prefetched screens read, answered. */
function stubScreens() {
  return stubApi({
    '/common/config': { data: [{ name: 'exchange_min.MXN', value: '10.00' }] },
    '/user/notice': { data: [] },
    '/user/getUserinfo': { data: userInfo('verified') },
    '/user/assets': { data: assets([account('MXN', '1000.00'), account('USD', '250.00')]) },
    '/market/list': (body) => {
      const { tab, market } = body as { tab: string; market: string };
      const assetClass = tab === 'index' ? 'index' : 'stock';
      return {
        data: listPage([summary(`i_${market}_${tab}`, `${tab.toUpperCase()}1`, `${tab} one`, { market, assetClass })]),
      };
    },
    '/market/watchlist': { data: listPage([], 1, 300) },
    '/common/newsList': { data: listPage([]) },
    '/newShare/list': { data: listPage([newShareDetail()]) },
    '/funds/rates': (body) => ({ data: rates((body as { base: string }).base) }),
  });
}

/** The requests made so far, as `path body` lines, in order. */
function requests(fetchMock: ReturnType<typeof stubApi>['fetchMock']): string[] {
  return fetchMock.mock.calls.map(
    ([input, init]) => `${String(input).replace(/^\/api\/vue/, '')} ${typeof init?.body === 'string' ? init.body : ''}`,
  );
}

async function settled(client: QueryClient): Promise<void> {
  await waitFor(() => expect(client.isFetching()).toBe(0));
}

/** The five tab pages are rendered in the shell, as in the app (router.tsx). */
function shell(path: string, element: ReactNode) {
  return { element: <AppShell />, children: [page(path, element)] };
}

interface Case {
  name: string;
  hash: string;
  routes: Parameters<typeof renderAt>[1];
  /** on screen once the screen shows its data */
  shows: () => Promise<unknown>;
  stock?: 'mxn' | 'usd';
}

const cases: Case[] = [
  {
    name: 'home',
    hash: '/home/index',
    routes: [shell('/home/index', <HomePage />)],
    shows: () => screen.findByTestId('index-card-i_mxn_index'),
  },
  {
    name: 'market, listed tab (default)',
    hash: '/market/index',
    routes: [shell('/market/index', <MarketPage />)],
    shows: () => screen.findByTestId('instrument-row-i_mxn_listed'),
  },
  {
    name: 'market, OTC tab by turnover, usd market',
    hash: '/market/index?tab=otc&sort=turnover_desc',
    routes: [shell('/market/index', <MarketPage />)],
    shows: () => screen.findByTestId('instrument-row-i_usd_otc'),
    stock: 'usd',
  },
  {
    name: 'market, subscription tab',
    hash: '/market/index?tab=subscription',
    routes: [shell('/market/index', <MarketPage />)],
    shows: () => screen.findByTestId('ns-card-ns_12'),
  },
  {
    name: 'new shares',
    hash: '/home/newStock',
    routes: [page('/home/newStock', <NewSharesPage />)],
    shows: () => screen.findByTestId('ns-card-ns_12'),
  },
  {
    name: 'new shares, placement tab',
    hash: '/home/newStock?tab=placement',
    routes: [page('/home/newStock', <NewSharesPage />)],
    shows: () => screen.findByTestId('ns-card-ns_12'),
  },
  {
    name: 'wallet',
    hash: '/information/wallet',
    routes: [shell('/information/wallet', <WalletPage />)],
    shows: () => screen.findByTestId('wallet-balance-USD'),
  },
  {
    name: 'exchange',
    hash: '/information/exChange',
    routes: [page('/information/exChange', <ExchangePage />)],
    shows: () => waitFor(() => expect(screen.getByTestId('exchange-rate').textContent).toContain('1 MXN = 17.5 USD')),
  },
  {
    name: 'exchange, usd market',
    hash: '/information/exChange',
    routes: [page('/information/exChange', <ExchangePage />)],
    shows: () => waitFor(() => expect(screen.getByTestId('exchange-rate').textContent).toContain('1 USD = 17.5 MXN')),
    stock: 'usd',
  },
];

describe("a screen's prefetch", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', ACCOUNT);
    useOfflineQuotes();
  });

  afterEach(() => {
    sessionStore.getState().setStock('mxn');
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each(cases)('asks for all the $name screen reads first, and the screen for nothing more', async (c) => {
    sessionStore.getState().setStock(c.stock ?? 'mxn');
    const api = stubScreens();
    const client = createQueryClient();
    const target = linkTarget(`#${c.hash}`);
    if (!target) throw new Error(c.hash);
    prefetchScreen(client, target.path, target.params);
    await settled(client);
    const prefetched = requests(api.fetchMock);
    expect(prefetched.length).toBeGreaterThan(0);

    renderAt(c.hash, c.routes, client);
    await c.shows();
    await settled(client);
    expect(requests(api.fetchMock).slice(prefetched.length)).toEqual([]);
  });

  it('knows the four screens of the issue', () => {
    for (const path of ['/home/index', '/market/index', '/home/newStock', '/information/exChange'])
      expect(PREFETCHED_PATHS).toContain(path);
  });

  it('asks for nothing on the login screens, and only public data without a session', async () => {
    const api = stubScreens();
    const client = createQueryClient();
    for (const path of ['/', '/login/start', '/login/login', '/login/register']) prefetchScreen(client, path);
    expect(api.fetchMock).not.toHaveBeenCalled();

    sessionStore.getState().signOut();
    for (const path of ['/information/exChange', '/information/wallet', '/market/index']) prefetchScreen(client, path);
    await settled(client);
    expect(
      requests(api.fetchMock)
        .map((line) => line.split(' ')[0])
        .sort(),
    ).toEqual(['/common/config', '/market/list']);
  });
});

describe('an intent to follow a link', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', ACCOUNT);
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("reads an in-app link's path and query, and nothing else", () => {
    expect(linkTarget('#/market/index?tab=otc&sort=code_asc')).toEqual({
      path: '/market/index',
      params: new URLSearchParams('tab=otc&sort=code_asc'),
    });
    expect(linkTarget('#/home/newStock')?.path).toBe('/home/newStock');
    expect(linkTarget('https://example.com/#/market/index')).toBeNull();
    expect(linkTarget('#section')).toBeNull();
    expect(linkTarget(null)).toBeNull();
  });

  it("asks for the market screen's list when a finger goes down on its tab, before any tap", async () => {
    const api = stubScreens();
    const client = createQueryClient();
    const seen: string[] = [];
    const stop = watchLinkIntent(document, (path, params) => {
      seen.push(path);
      prefetchScreen(client, path, params);
    });
    try {
      render(
        // as in the app: the links' href is `#/…`
        <HashRouter>
          <TabBar />
        </HashRouter>,
      );
      fireEvent.pointerDown(screen.getByTestId('tab-market').querySelector('span') ?? screen.getByTestId('tab-market'));
      expect(seen).toEqual(['/market/index']);
      await settled(client);
      expect(api.callsTo('/market/list')).toEqual([
        { tab: 'listed', market: 'mxn', sort: 'changeRate_desc', page: 1, size: 20 },
      ]);
      expect(api.callsTo('/market/watchlist')).toHaveLength(1);

      // a pointer resting on the wallet tab; moving within it asks once; focus asks too
      const wallet = screen.getByTestId('tab-wallet');
      fireEvent.mouseOver(wallet);
      fireEvent.mouseOver(wallet);
      fireEvent.focusIn(screen.getByTestId('tab-favorite'));
      expect(seen).toEqual(['/market/index', '/information/wallet', '/favorite/index']);
      await settled(client);
      expect(api.callsTo('/user/assets')).toHaveLength(1);
      // asked again while the answers are fresh: nothing new
      const before = api.fetchMock.mock.calls.length;
      await act(async () => {
        fireEvent.pointerDown(screen.getByTestId('tab-market'));
        await Promise.resolve();
      });
      await settled(client);
      expect(api.fetchMock.mock.calls.length).toBe(before);
    } finally {
      stop();
    }
    // stopped: no more
    fireEvent.pointerDown(screen.getByTestId('tab-trade'));
    expect(seen).not.toContain('/trade/index');
  });
});
