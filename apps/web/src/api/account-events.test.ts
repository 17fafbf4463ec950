import type { WsAccountEvent } from '@brokerage/contract';
import { messages } from '@brokerage/i18n';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n';
import { createSessionStore } from '../store/session';
import { ACCOUNT_EVENTS_COALESCE_MS, startAccountEvents } from './account-events';
import { createQueryClient } from './queries';
import type { AccountCredentials, AccountListener } from './quotes-socket';

const ACCOUNT = '5215550001';

function orderEvent(id: string, orderId: string, state: string, reason: string | null = null): WsAccountEvent {
  return { kind: 'order', id, orderId, instrumentId: 'i_crypto_BTC-USDT', state, reason, at: '2025-03-14T15:30:00Z' };
}

function moneyEvent(id: string, entryKind: string): WsAccountEvent {
  return {
    kind: 'money',
    id,
    entryKind,
    reference: null,
    at: '2025-03-14T15:30:00Z',
    changes: [{ currency: 'USDT', account: 'available', amount: '-10.00' }],
  };
}

describe('account events turned into re-reads', () => {
  let queryClient: QueryClient;
  let session: ReturnType<typeof createSessionStore>;
  let follows: { credentials: AccountCredentials; listener: AccountListener; stopped: boolean }[];
  let toasts: string[];
  let fetches: Record<string, number>;
  let stop: () => void;
  let unsubscribers: (() => void)[];
  const i18n = createI18n('en', { en: messages.en, de: messages.de });

  /** An active query, as a mounted screen holds it, that counts its reads. */
  function onScreen(queryKey: readonly unknown[], data: unknown = {}): void {
    const name = queryKey.join('/');
    fetches[name] = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey,
      queryFn: () => {
        fetches[name] = (fetches[name] ?? 0) + 1;
        return data;
      },
    });
    unsubscribers.push(observer.subscribe(() => undefined));
  }

  const listener = (): AccountListener => {
    const last = follows.at(-1);
    if (!last || last.stopped) throw new Error('not following');
    return last.listener;
  };

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    queryClient = createQueryClient();
    session = createSessionStore({
      tokend: 'tok-1',
      account: ACCOUNT,
      is_admin: null,
      language: 'en',
      stock: 'mxn',
      readMsgIds: [],
      stockDetail: null,
      upColour: null,
    });
    follows = [];
    toasts = [];
    fetches = {};
    unsubscribers = [];
    stop = startAccountEvents({
      queryClient,
      session,
      follow: (credentials, l) => {
        const entry = { credentials, listener: l, stopped: false };
        follows.push(entry);
        return () => {
          entry.stopped = true;
        };
      },
      orderCode: (orderId) => Promise.resolve(orderId === 'ord_unknown' ? null : 'ETH-USDT'),
      translate: (key, params) => i18n.t(key, params ?? {}),
      notify: (text) => toasts.push(text),
    });
    onScreen(['userStockList', ACCOUNT, 'crypto', 'holding,locked,closing'], {
      list: [{ orderId: 'ord_1', code: 'BTC-USDT' }],
      total: 1,
      page: 1,
      size: 300,
      currency: 'USDT',
      totalYingkui: '0',
    });
    onScreen(['assets', ACCOUNT, 'MXN']);
    onScreen(['tradeDetail', ACCOUNT, 'ord_1'], { orderId: 'ord_1', code: 'BTC-USDT' });
    onScreen(['tradeDetail', ACCOUNT, 'ord_2'], { orderId: 'ord_2', code: 'BTC-USDT' });
    onScreen(['fundRecords', ACCOUNT, 'trade', 'all']);
    onScreen(['loanRecords', ACCOUNT]);
    await vi.advanceTimersByTimeAsync(0);
    for (const name of Object.keys(fetches)) fetches[name] = 0;
  });

  afterEach(() => {
    stop();
    for (const unsubscribe of unsubscribers) unsubscribe();
    queryClient.clear();
    vi.useRealTimers();
  });

  it('follows the signed-in session', () => {
    expect(follows.map((f) => f.credentials)).toEqual([{ token: 'tok-1', account: ACCOUNT }]);
  });

  it('re-reads the positions, the open order and the balances once for a burst of order events', async () => {
    listener().onEvent(orderEvent('o1', 'ord_1', 'closing', 'user'));
    await vi.advanceTimersByTimeAsync(100);
    listener().onEvent(orderEvent('o2', 'ord_1', 'closed', 'user'));
    listener().onEvent(moneyEvent('m1:u', 'order_close'));
    await vi.advanceTimersByTimeAsync(ACCOUNT_EVENTS_COALESCE_MS - 101);
    expect(fetches['userStockList/5215550001/crypto/holding,locked,closing']).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toMatchObject({
      'userStockList/5215550001/crypto/holding,locked,closing': 1,
      'assets/5215550001/MXN': 1,
      'tradeDetail/5215550001/ord_1': 1,
      // another order's detail is left alone
      'tradeDetail/5215550001/ord_2': 0,
      'fundRecords/5215550001/trade/all': 1,
      'loanRecords/5215550001': 0,
    });
    // the user's own close: no toast
    expect(toasts).toEqual([]);
  });

  it('re-reads balances and records, not the positions, on a money event, and the product of its kind', async () => {
    listener().onEvent(moneyEvent('m2:u', 'loan_in'));
    await vi.advanceTimersByTimeAsync(ACCOUNT_EVENTS_COALESCE_MS);
    expect(fetches).toMatchObject({
      'userStockList/5215550001/crypto/holding,locked,closing': 0,
      'assets/5215550001/MXN': 1,
      'fundRecords/5215550001/trade/all': 1,
      'loanRecords/5215550001': 1,
    });
  });

  it('re-reads the alerts and the messages, not the balances, when an alert fired', async () => {
    onScreen(['alertList', ACCOUNT, 'active']);
    onScreen(['notices', ACCOUNT]);
    // the screens' first reads, then count only what the event causes
    await vi.advanceTimersByTimeAsync(0);
    fetches['alertList/5215550001/active'] = 0;
    fetches['notices/5215550001'] = 0;
    listener().onEvent({
      kind: 'alert',
      id: 'a1:u',
      alertId: 'al_1',
      instrumentId: 'i_crypto_BTC-USDT',
      state: 'triggered',
      price: '70000.00',
      at: '2025-03-14T15:30:00Z',
    });
    await vi.advanceTimersByTimeAsync(ACCOUNT_EVENTS_COALESCE_MS);
    expect(fetches).toMatchObject({
      'alertList/5215550001/active': 1,
      'notices/5215550001': 1,
      'assets/5215550001/MXN': 0,
      'userStockList/5215550001/crypto/holding,locked,closing': 0,
    });
  });

  it('re-reads everything after a re-sign (events of the gap may be lost)', async () => {
    listener().onResync();
    await vi.advanceTimersByTimeAsync(ACCOUNT_EVENTS_COALESCE_MS);
    expect(Object.values(fetches)).toEqual(Object.values(fetches).map(() => 1));
  });

  it("says in a toast, in the user's language, when an order changed by itself", async () => {
    listener().onEvent(orderEvent('o3', 'ord_1', 'closing', 'take_profit'));
    listener().onEvent(orderEvent('o4', 'ord_1', 'closed', 'take_profit'));
    await vi.advanceTimersByTimeAsync(ACCOUNT_EVENTS_COALESCE_MS);
    expect(toasts).toEqual(['Take-profit hit: BTC-USDT closed']);

    await i18n.changeLanguage('de');
    // an order in no list on screen: its code is asked for
    listener().onEvent(orderEvent('o5', 'ord_9', 'holding', 'limit_reached'));
    listener().onEvent(orderEvent('o6', 'ord_1', 'closed', 'stop_out'));
    await vi.advanceTimersByTimeAsync(ACCOUNT_EVENTS_COALESCE_MS);
    expect(toasts.at(-1)).toBe('Limit-Order ausgeführt: ETH-USDT (+1 weitere)');
    await i18n.changeLanguage('en');
  });

  it('stops on sign-out and follows the next session on sign-in', async () => {
    listener().onEvent(orderEvent('o7', 'ord_1', 'closed', 'stop_loss'));
    session.getState().signOut();
    expect(follows[0]?.stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(ACCOUNT_EVENTS_COALESCE_MS);
    // the burst of the session that ended is dropped
    expect(toasts).toEqual([]);
    session.getState().signIn('tok-2', '5215550002');
    expect(follows.map((f) => [f.credentials.account, f.stopped])).toEqual([
      [ACCOUNT, true],
      ['5215550002', false],
    ]);
    // an unchanged session is not followed twice
    session.getState().setLanguage('de');
    expect(follows).toHaveLength(2);
  });
});
