/**
 * The signed-in user's account events (docs/decisions.md, "Account events on the quote
 * WebSocket"), turned into re-reads of what the screens show: an order event re-reads the order
 * lists, that order's detail and the balances; a money event re-reads the balances, limits and
 * records. Events say *what* changed, never the figures, so nothing is patched into a cache.
 *
 * Events come in bursts (a close is two order events and a money event; a batch of fills many):
 * the re-reads of one burst wait `coalesceMs` after its first event and go out once. A re-sign
 * after a reconnect re-reads everything, since events of the gap may be lost.
 *
 * An order that changes state by itself (the engine filled a limit order, take-profit, stop-loss,
 * stop-out, delisting, expiry) is also said in a toast; what the user did on this or another
 * device is not (the screen that did it already said so).
 */
import type { WsAccountEvent } from '@brokerage/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { StoreApi } from 'zustand';
import { sessionStore, type SessionState } from '../store/session';
import { call, toast, translator } from './client';
import { getQuotesSocket } from './live-quotes';
import type { AccountCredentials, AccountListener } from './quotes-socket';

/** Re-reads of one burst of events go out this long after its first event. */
export const ACCOUNT_EVENTS_COALESCE_MS = 300;

/** How long the toast of an order that changed by itself stays. */
export const ACCOUNT_TOAST_MS = 4_000;

/** The query families an order event makes stale (the open order's detail is added by id). */
export const ORDER_EVENT_QUERIES: readonly string[] = ['userStockList', 'assets', 'tradePreview', 'notices'];
/** The query families an alert event (fired, expired, cancelled: docs/api.md §22.3) makes stale. */
export const ALERT_EVENT_QUERIES: readonly string[] = ['alertList', 'notices'];
/** The query families a money event makes stale. */
export const MONEY_EVENT_QUERIES: readonly string[] = [
  'assets',
  'withdrawInfo',
  'fundRecords',
  'tradePreview',
  'notices',
];

/**
 * Records of the products whose money moved, by the ledger kind's prefix (`ledgerKinds` in the
 * contract): a back-office draw, a loan payout or a fund's end shows in its own list at once.
 */
const MONEY_KIND_QUERIES: Readonly<Record<string, readonly string[]>> = {
  subscription_: ['newShareRecords'],
  block_: ['blockApplications'],
  copy_: ['copyMine'],
  lending_: ['lendingRecords'],
  loan_: ['loanRecords', 'loanRating'],
};

/**
 * The toast key of an order event the user did not cause, by (state, reason); the `closing`
 * event of an engine close comes with its `closed` event, so only the latter is said.
 */
const NOTABLE: Readonly<Record<string, string>> = {
  'holding:limit_reached': 'ui.accountLive.limitFilled',
  'closed:take_profit': 'ui.accountLive.takeProfit',
  'closed:stop_loss': 'ui.accountLive.stopLoss',
  'closed:stop_out': 'ui.accountLive.stopOut',
  'closed:delisting': 'ui.accountLive.delisted',
  'cancelled:expired': 'ui.accountLive.expired',
};

export function notableKey(event: WsAccountEvent): string | null {
  if (event.kind !== 'order') return null;
  return NOTABLE[`${event.state}:${event.reason ?? ''}`] ?? null;
}

export interface AccountEventsOptions {
  queryClient: QueryClient;
  /** the socket client's follow (`QuotesSocket.followAccount`) */
  follow: (credentials: AccountCredentials, listener: AccountListener) => () => void;
  session: StoreApi<SessionState>;
  /** the instrument code of one of the user's orders, for the toast (null: not known) */
  orderCode: (orderId: string) => Promise<string | null>;
  translate: (key: string, params?: Record<string, string>) => string;
  notify: (text: string) => void;
  coalesceMs?: number;
}

/** What a re-sign re-reads: everything an event could have made stale. */
const everyQuery: readonly string[] = [
  ...new Set([
    ...ORDER_EVENT_QUERIES,
    ...MONEY_EVENT_QUERIES,
    ...ALERT_EVENT_QUERIES,
    'tradeDetail',
    ...Object.values(MONEY_KIND_QUERIES).flat(),
  ]),
];

interface Burst {
  all: boolean;
  orderIds: Set<string>;
  keys: Set<string>;
  notable: { orderId: string; key: string }[];
}

/** The code of an order from any order list or detail already in the cache. */
export function cachedOrderCode(queryClient: QueryClient, orderId: string): string | null {
  for (const [, data] of queryClient.getQueriesData<{
    orderId?: string;
    code?: string;
    list?: { orderId: string; code: string }[];
  }>({
    predicate: (query) => query.queryKey[0] === 'userStockList' || query.queryKey[0] === 'tradeDetail',
  })) {
    if (data?.orderId === orderId && typeof data.code === 'string') return data.code;
    const row = data?.list?.find((order) => order.orderId === orderId);
    if (row) return row.code;
  }
  return null;
}

/**
 * Follows the session's account while one is signed in (again on every sign-in, not after a
 * sign-out) and re-reads on its events. Returns the function that stops it.
 */
export function startAccountEvents(options: AccountEventsOptions): () => void {
  const { queryClient, session } = options;
  const coalesceMs = options.coalesceMs ?? ACCOUNT_EVENTS_COALESCE_MS;
  let release: (() => void) | null = null;
  let followed = '';
  let account = '';
  let burst: Burst | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    timer = null;
    const done = burst;
    burst = null;
    if (!done) return;
    const prefixes = done.all ? everyQuery : [...done.keys];
    for (const key of prefixes) void queryClient.invalidateQueries({ queryKey: [key] });
    if (!done.all)
      for (const orderId of done.orderIds)
        void queryClient.invalidateQueries({ queryKey: ['tradeDetail', account, orderId] });
    void say(done.notable);
  };

  const say = async (notable: Burst['notable']) => {
    if (notable.length === 0) return;
    const texts: string[] = [];
    for (const { orderId, key } of notable) {
      const code = cachedOrderCode(queryClient, orderId) ?? (await options.orderCode(orderId).catch(() => null));
      if (code !== null) texts.push(options.translate(key, { code }));
    }
    const [first] = texts;
    if (first === undefined) return;
    options.notify(
      texts.length === 1
        ? first
        : `${first} ${options.translate('ui.accountLive.more', { n: String(texts.length - 1) })}`,
    );
  };

  const add = (change: (b: Burst) => void) => {
    burst ??= { all: false, orderIds: new Set(), keys: new Set(), notable: [] };
    change(burst);
    timer ??= setTimeout(flush, coalesceMs);
  };

  const listener: AccountListener = {
    onEvent: (event) =>
      add((b) => {
        if (event.kind === 'order') {
          for (const key of ORDER_EVENT_QUERIES) b.keys.add(key);
          b.orderIds.add(event.orderId);
          const key = notableKey(event);
          if (key !== null) b.notable.push({ orderId: event.orderId, key });
          return;
        }
        if (event.kind === 'alert') {
          for (const key of ALERT_EVENT_QUERIES) b.keys.add(key);
          return;
        }
        for (const key of MONEY_EVENT_QUERIES) b.keys.add(key);
        for (const [prefix, keys] of Object.entries(MONEY_KIND_QUERIES)) {
          if (event.entryKind.startsWith(prefix)) for (const key of keys) b.keys.add(key);
        }
      }),
    onResync: () =>
      add((b) => {
        b.all = true;
      }),
  };

  const sync = (state: SessionState) => {
    const wanted = state.tokend === '' || state.account === '' ? '' : `${state.tokend}\n${state.account}`;
    if (wanted === followed) return;
    followed = wanted;
    release?.();
    release = null;
    // a burst of the previous session is dropped: its queries are removed at sign-out
    if (timer !== null) clearTimeout(timer);
    timer = null;
    burst = null;
    account = state.account;
    if (wanted !== '') release = options.follow({ token: state.tokend, account: state.account }, listener);
  };

  sync(session.getState());
  const unsubscribe = session.subscribe(sync);
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
    timer = null;
    burst = null;
    release?.();
    release = null;
  };
}

/** The app's wiring: the shared socket, the session store, the toast; `main.tsx` calls it once. */
export function connectAccountEvents(queryClient: QueryClient): () => void {
  return startAccountEvents({
    queryClient,
    follow: (credentials, listener) => getQuotesSocket().followAccount(credentials, listener),
    session: sessionStore,
    orderCode: async (orderId) => (await call('tradeDetail', { orderId }, { silent: true })).code,
    translate: translator.t,
    // longer than a call's toast: it was not expected, so it may be read a moment late
    notify: (text) => toast(text, ACCOUNT_TOAST_MS),
  });
}
