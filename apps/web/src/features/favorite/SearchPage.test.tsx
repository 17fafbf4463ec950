// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import { listPage, page, renderAt, stubApi, summary, useOfflineQuotes } from '../../test-support';
import SearchPage, { SEARCH_DEBOUNCE_MS } from './SearchPage';

const amxl = summary('i_mxn_AMXL', 'AMXL', 'America Movil');
const walmex = summary('i_mxn_WALMEX', 'WALMEX', 'Walmart de Mexico');

/** Lets timers run for `ms` and settles the promises they start (fetch answers, query updates). */
async function elapse(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** A few short rounds, so chained work (debounce → fetch → answer → render) completes. */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await elapse(10);
}

function type(text: string): void {
  fireEvent.change(screen.getByTestId('search-input'), { target: { value: text } });
}

function renderSearch() {
  return renderAt('/favorite/search', [
    page('/favorite/search', <SearchPage />),
    page('/market/stockDetail', <p>detail screen</p>),
    page('/login/login', <p>login screen</p>),
  ]);
}

describe('the search screen', () => {
  let history: { keyword: string; at: string }[];
  let api: ReturnType<typeof stubApi>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', '5215512345678');
    useOfflineQuotes();
    history = [
      { keyword: 'amx', at: '2025-03-14T15:00:00Z' },
      { keyword: 'walmex', at: '2025-03-14T14:00:00Z' },
    ];
    api = stubApi({
      '/market/search': (body) => {
        const keyword = (body as { keyword: string }).keyword.toLowerCase();
        const hits = [amxl, walmex].filter(
          (i) => i.code.toLowerCase().startsWith(keyword) || i.name.toLowerCase().includes(keyword),
        );
        return { data: listPage(hits, 1, 30) };
      },
      '/market/searchHistory': () => ({ data: listPage(history, 1, 20) }),
      '/market/searchHistoryClear': () => {
        history = [];
        return { data: null, code: 'result.delete.ok' };
      },
      '/market/watchlist': { data: listPage([], 1, 300) },
    });
  });

  afterEach(() => {
    Dialog.clear();
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('focuses the box and searches once, 300 ms after the last keystroke, highlighting the match', async () => {
    renderSearch();
    const input = screen.getByTestId('search-input');
    expect(document.activeElement).toBe(input);

    type('a');
    await elapse(100);
    type('am');
    await elapse(100);
    type('amx');
    await elapse(SEARCH_DEBOUNCE_MS - 1);
    expect(api.callsTo('/market/search')).toEqual([]);

    await elapse(1);
    await settle();
    expect(api.callsTo('/market/search')).toEqual([{ keyword: 'amx', page: 1, size: 30 }]);
    const row = screen.getByTestId('instrument-row-i_mxn_AMXL');
    expect(row.querySelector('mark')?.textContent).toBe('AMX');
    expect(screen.queryByTestId('instrument-row-i_mxn_WALMEX')).toBeNull();

    type('mexico');
    await elapse(SEARCH_DEBOUNCE_MS);
    await settle();
    expect(api.callsTo('/market/search').map((b) => (b as { keyword: string }).keyword)).toEqual(['amx', 'mexico']);
    const walmexRow = screen.getByTestId('instrument-row-i_mxn_WALMEX');
    expect(walmexRow.querySelector('mark')?.textContent).toBe('Mexico');
  });

  it('shows the history as chips, reuses a chip as the keyword, and clears it after confirmation', async () => {
    renderSearch();
    await settle();
    expect(api.callsTo('/market/searchHistory')).toEqual([{ page: 1, size: 20 }]);
    const chips = within(screen.getByTestId('search-history'));
    expect(chips.getByTestId('search-history-amx')).toBeTruthy();

    fireEvent.click(chips.getByTestId('search-history-walmex'));
    expect((screen.getByTestId('search-input') as HTMLInputElement).value).toBe('walmex');
    await elapse(SEARCH_DEBOUNCE_MS);
    await settle();
    expect(api.callsTo('/market/search')).toEqual([{ keyword: 'walmex', page: 1, size: 30 }]);
    expect(screen.getByTestId('instrument-row-i_mxn_WALMEX')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear search text' }));
    await elapse(SEARCH_DEBOUNCE_MS);
    await settle();
    fireEvent.click(screen.getByTestId('search-history-clear'));
    await elapse(10);
    expect(api.callsTo('/market/searchHistoryClear')).toEqual([]);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Clear your search history?')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Clear'));
    await settle();

    expect(api.callsTo('/market/searchHistoryClear')).toEqual([{}]);
    expect(screen.queryByTestId('search-history-amx')).toBeNull();
    expect(screen.getByText('No recent searches.')).toBeTruthy();
  });

  it('without a session shows no history and asks to log in before starring', async () => {
    sessionStore.getState().signOut();
    renderSearch();
    await settle();
    expect(api.callsTo('/market/searchHistory')).toEqual([]);
    expect(screen.queryByTestId('search-history')).toBeNull();

    type('walm');
    await elapse(SEARCH_DEBOUNCE_MS);
    await settle();
    fireEvent.click(screen.getByTestId('search-star-i_mxn_WALMEX'));
    await elapse(10);
    expect(screen.getByTestId('login-sheet')).toBeTruthy();
    // The sheet says what logging in is for here, not the generic account text.
    expect(screen.getByTestId('login-prompt-text').textContent).toBe(
      'Log in to add stocks to your watchlist and follow their prices.',
    );
    expect(api.callsTo('/market/watchAdd')).toEqual([]);
  });
});
