// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../store/session';
import {
  dialogClosing,
  listPage,
  openDialog,
  page,
  renderAt,
  stubApi,
  summary,
  useOfflineQuotes,
} from '../../test-support';
import FavoritePage from './FavoritePage';

const amx = { ...summary('i_mxn_AMXL', 'AMXL', 'America Movil'), addedAt: '2025-03-14T10:00:00Z' };
const aapl = {
  ...summary('i_usd_AAPL', 'AAPL', 'Apple Inc.', {
    market: 'usd',
    currency: 'USD',
    price: '172.40',
    change: '-1.10',
    changeRate: '-0.0063',
  }),
  addedAt: '2025-03-13T10:00:00Z',
};
const walmex = { ...summary('i_mxn_WALMEX', 'WALMEX', 'Walmart de Mexico'), addedAt: '2025-03-12T10:00:00Z' };

function renderWatchlist() {
  return renderAt('/favorite/index', [
    page('/favorite/index', <FavoritePage />),
    page('/favorite/search', <p>search screen</p>),
  ]);
}

describe('the watchlist', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', '5215512345678');
    useOfflineQuotes();
  });

  afterEach(() => {
    Dialog.clear();
    cleanup();
    vi.unstubAllGlobals();
  });

  describe('with three instruments, in edit mode', () => {
    let items = [amx, aapl, walmex];
    let api: ReturnType<typeof stubApi>;

    beforeEach(() => {
      items = [amx, aapl, walmex];
      api = stubApi({
        '/market/watchlist': () => ({ data: listPage(items, 1, 300) }),
        '/market/watchRemoveMany': (body) => {
          const ids = (body as { instrumentIds: string[] }).instrumentIds;
          items = items.filter((item) => !ids.includes(item.instrumentId));
          return { data: { removed: ids.length }, code: 'result.delete.ok' };
        },
      });
    });

    it('select all + delete sends every id to watchRemoveMany after confirmation and empties the list', async () => {
      renderWatchlist();
      expect(await screen.findByTestId('instrument-row-i_mxn_AMXL')).toBeTruthy();
      expect(api.callsTo('/market/watchlist')).toEqual([{ page: 1, size: 300 }]);
      const apple = screen.getByTestId('instrument-row-i_usd_AAPL');
      expect(apple.textContent).toContain('Apple Inc.');
      expect(apple.textContent).toContain('172.40');
      expect(apple.querySelector('.change-pill.down')?.textContent).toBe('-0.63%down 0.63 percent');

      await userEvent.click(screen.getByTestId('favorite-edit'));
      const deleteButton = screen.getByTestId('favorite-delete');
      expect(deleteButton.hasAttribute('disabled')).toBe(true);

      await userEvent.click(screen.getByTestId('favorite-select-all'));
      expect((screen.getByTestId('favorite-check-i_usd_AAPL') as HTMLInputElement).checked).toBe(true);
      expect(deleteButton.textContent).toContain('Delete (3)');

      await userEvent.click(deleteButton);
      // The dialog ignores pointer events while it animates in, so its buttons are clicked directly.
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Remove 3 selected from your watchlist?')).toBeTruthy();
      expect(api.callsTo('/market/watchRemoveMany')).toEqual([]);
      fireEvent.click(within(dialog).getByText('Delete'));

      await waitFor(() => expect(api.callsTo('/market/watchRemoveMany')).toHaveLength(1));
      expect(api.callsTo('/market/watchRemoveMany')[0]).toEqual({
        instrumentIds: ['i_mxn_AMXL', 'i_usd_AAPL', 'i_mxn_WALMEX'],
      });
      expect(await screen.findByText('Your watchlist is empty. Add stocks to follow their prices here.')).toBeTruthy();
      expect(screen.getByTestId('favorite-add')).toBeTruthy();
      expect(screen.queryByTestId('favorite-edit')).toBeNull();
    });

    it('sends only the rows still ticked, and nothing when the confirmation is cancelled', async () => {
      renderWatchlist();
      await screen.findByTestId('instrument-row-i_mxn_AMXL');
      await userEvent.click(screen.getByTestId('favorite-edit'));
      await userEvent.click(screen.getByTestId('favorite-select-all'));
      await userEvent.click(screen.getByTestId('favorite-check-i_usd_AAPL'));
      expect((screen.getByTestId('favorite-select-all') as HTMLInputElement).checked).toBe(false);

      const cancelled = await openDialog(() => userEvent.click(screen.getByTestId('favorite-delete')));
      fireEvent.click(within(cancelled).getByText('Cancel'));
      await waitFor(() => expect(dialogClosing(cancelled)).toBe(true));
      expect(api.callsTo('/market/watchRemoveMany')).toEqual([]);

      const confirm = await openDialog(() => userEvent.click(screen.getByTestId('favorite-delete')));
      fireEvent.click(within(confirm).getByText('Delete'));
      await waitFor(() => expect(api.callsTo('/market/watchRemoveMany')).toHaveLength(1));
      expect(api.callsTo('/market/watchRemoveMany')[0]).toEqual({ instrumentIds: ['i_mxn_AMXL', 'i_mxn_WALMEX'] });
      expect(await screen.findByTestId('instrument-row-i_usd_AAPL')).toBeTruthy();
      expect(screen.queryByTestId('instrument-row-i_mxn_AMXL')).toBeNull();
    });
  });

  it('offers the search screen when the list is empty', async () => {
    stubApi({ '/market/watchlist': { data: listPage([], 1, 300) } });
    renderWatchlist();
    await userEvent.click(await screen.findByTestId('favorite-add'));
    expect(await screen.findByText('search screen')).toBeTruthy();
  });

  it('asks a logged-out user to log in instead of loading the list', async () => {
    sessionStore.getState().signOut();
    const api = stubApi({});
    renderWatchlist();
    expect(await screen.findByTestId('login-prompt')).toBeTruthy();
    expect(api.callsTo('/market/watchlist')).toEqual([]);
  });
});
