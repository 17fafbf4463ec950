import type { WsAccountEvent, WsClientMessage, WsQuote } from '@brokerage/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveQuotesStore, mergeSummary } from './live-quotes';
import {
  accountEventOf,
  chunk,
  QuotesSocket,
  quotesOf,
  quotesSocketUrl,
  type AccountListener,
  type SocketLike,
} from './quotes-socket';

/** A stand-in for the browser WebSocket: records what the client sends, lets the test open, close and push frames. */
class FakeWebSocket implements SocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: WsClientMessage[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as WsClientMessage);
  }

  close(code?: number): void {
    this.readyState = 3;
    this.closedWith = code;
  }

  serverOpens(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  serverDrops(): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  serverSends(frame: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  subscribedIds(): string[] {
    return this.sent.flatMap((m) => (m.op === 'subscribe' ? m.instrumentIds : []));
  }

  unsubscribedIds(): string[] {
    return this.sent.flatMap((m) => (m.op === 'unsubscribe' ? m.instrumentIds : []));
  }
}

const ids = (n: number, prefix = 'i_usd_S') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

function quote(instrumentId: string, price: string, ts: string): WsQuote {
  return {
    instrumentId,
    price,
    change: '0.10',
    changeRate: '0.0061',
    open: '16.30',
    prevClose: '16.30',
    high: '16.50',
    low: '16.21',
    volume: '100',
    turnover: '1642.00',
    status: 'trading',
    ts,
    bid: '16.41',
    ask: '16.43',
    inSession: true,
    stale: false,
  };
}

/** The client under test, on fake sockets with fake timers (1 s, 2 s, 4 s… backoff; idle close after 5 s). */
function socketClient(onQuote: (q: WsQuote) => void): QuotesSocket {
  return new QuotesSocket({
    url: 'ws://app.test/api/vue/ws',
    createSocket: (url) => new FakeWebSocket(url),
    onQuote,
    backoffMs: (attempt) => 1000 * 2 ** attempt,
    idleCloseMs: 5000,
  });
}

/** The n-th socket the client opened. */
function socket(index = 0): FakeWebSocket {
  const s = FakeWebSocket.instances[index];
  if (!s) throw new Error(`no socket #${index}`);
  return s;
}

describe('the quote socket client', () => {
  let received: WsQuote[];
  let client: QuotesSocket;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    FakeWebSocket.instances = [];
    received = [];
    client = socketClient((q) => received.push(q));
  });

  afterEach(() => {
    client.dispose();
    vi.useRealTimers();
  });

  it('opens one connection on the first subscription and subscribes once it is open', async () => {
    client.subscribe(['i_mxn_AMXL', 'i_usd_AAPL']);
    client.subscribe(['i_usd_AAPL']);
    await tick();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket().url).toBe('ws://app.test/api/vue/ws');
    expect(socket().sent).toEqual([]);
    socket().serverOpens();
    expect(socket().sent).toEqual([
      { op: 'subscribe', id: 'c1', channel: 'quote', instrumentIds: ['i_mxn_AMXL', 'i_usd_AAPL'] },
    ]);
  });

  it('never puts more than 100 ids in one subscribe message', async () => {
    client.subscribe(ids(150));
    await tick();
    socket().serverOpens();
    const subscribes = socket().sent.filter((m) => m.op === 'subscribe');
    expect(subscribes.map((m) => (m.op === 'subscribe' ? m.instrumentIds.length : 0))).toEqual([100, 50]);
    expect(new Set(socket().subscribedIds())).toEqual(new Set(ids(150)));

    client.subscribe(ids(120, 'i_mxn_T'));
    await tick();
    const later = socket().sent.slice(2);
    expect(later.map((m) => (m.op === 'subscribe' ? m.instrumentIds.length : -1))).toEqual([50]);
  });

  it('stays under the 200 subscriptions the server allows per connection', async () => {
    client.subscribe(ids(250));
    await tick();
    socket().serverOpens();
    expect(socket().subscribedIds()).toHaveLength(200);
  });

  it('counts holders: an id is unsubscribed only when its last holder lets go', async () => {
    const releaseList = client.subscribe(['i_mxn_AMXL', 'i_usd_AAPL']);
    const releaseDetail = client.subscribe(['i_mxn_AMXL']);
    await tick();
    socket().serverOpens();
    expect(client.holders('i_mxn_AMXL')).toBe(2);

    releaseList();
    releaseList(); // a second call is a no-op
    await tick();
    expect(socket().unsubscribedIds()).toEqual(['i_usd_AAPL']);
    expect(client.holders('i_mxn_AMXL')).toBe(1);

    releaseDetail();
    await tick();
    expect(socket().unsubscribedIds()).toEqual(['i_usd_AAPL', 'i_mxn_AMXL']);
  });

  it('coalesces a release and a new subscription in the same tick into one diff', async () => {
    const release = client.subscribe(['a_1', 'a_2']);
    await tick();
    socket().serverOpens();
    const before = socket().sent.length;
    release();
    client.subscribe(['a_2', 'a_3']);
    await tick();
    expect(socket().sent.slice(before)).toEqual([
      { op: 'unsubscribe', id: 'c2', channel: 'quote', instrumentIds: ['a_1'] },
      { op: 'subscribe', id: 'c3', channel: 'quote', instrumentIds: ['a_3'] },
    ]);
  });

  it('reconnects with growing backoff and subscribes everything again', async () => {
    client.subscribe(['i_mxn_AMXL']);
    client.subscribe(ids(120));
    await tick();
    socket(0).serverOpens();

    socket(0).serverDrops();
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    socket(1).serverDrops(); // the second try fails before opening: wait 2 s this time
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);

    socket(2).serverOpens();
    const subscribes = socket(2).sent.filter((m) => m.op === 'subscribe');
    expect(subscribes.every((m) => m.op === 'subscribe' && m.instrumentIds.length <= 100)).toBe(true);
    expect(new Set(socket(2).subscribedIds())).toEqual(new Set(['i_mxn_AMXL', ...ids(120)]));

    // A successful open resets the backoff.
    socket(2).serverDrops();
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('pings every 30 seconds while open', async () => {
    client.subscribe(['i_mxn_AMXL']);
    await tick();
    socket().serverOpens();
    vi.advanceTimersByTime(30_000);
    vi.advanceTimersByTime(30_000);
    expect(socket().sent.filter((m) => m.op === 'ping')).toHaveLength(2);
  });

  it('hands quote frames to the listener and ignores other frames and junk', async () => {
    client.subscribe(['i_mxn_AMXL']);
    await tick();
    socket().serverOpens();
    socket().serverSends({ op: 'ack', id: 'c1', status: 1, data: { subscribed: ['i_mxn_AMXL'], rejected: [] } });
    socket().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    socket().serverSends({ op: 'quote', data: quote('i_mxn_AMXL', '16.42', '2025-03-14T15:30:00.250Z') });
    expect(received.map((q) => q.price)).toEqual(['16.42']);
  });

  it('hands every quote of a quotes frame (one per connection per tick) to the listener, and still understands single quote frames', async () => {
    client.subscribe(['i_mxn_AMXL', 'i_usd_AAPL']);
    await tick();
    socket().serverOpens();
    socket().serverSends({
      op: 'quotes',
      data: [
        quote('i_mxn_AMXL', '16.42', '2025-03-14T15:30:00.250Z'),
        { instrumentId: 7 },
        quote('i_usd_AAPL', '190.10', '2025-03-14T15:30:00.250Z'),
      ],
    });
    expect(received.map((q) => [q.instrumentId, q.price])).toEqual([
      ['i_mxn_AMXL', '16.42'],
      ['i_usd_AAPL', '190.10'],
    ]);
    socket().serverSends({ op: 'quotes', data: 'junk' });
    socket().serverSends({ op: 'quote', data: quote('i_usd_AAPL', '190.20', '2025-03-14T15:30:01Z') });
    expect(received.map((q) => q.price)).toEqual(['16.42', '190.10', '190.20']);
  });

  it('reads the quotes of both frame shapes and nothing from other frames', () => {
    const q = quote('i_mxn_AMXL', '16.42', '2025-03-14T15:30:00.250Z');
    expect(quotesOf({ op: 'quote', data: q })).toEqual([q]);
    expect(quotesOf({ op: 'quotes', data: [q, q] })).toEqual([q, q]);
    expect(quotesOf({ op: 'quotes', data: [] })).toEqual([]);
    expect(quotesOf({ op: 'ack', data: q })).toEqual([]);
    expect(quotesOf({ op: 'quote', data: [q] })).toEqual([]);
    expect(quotesOf(null)).toEqual([]);
  });

  it('closes the connection after a quiet period without subscriptions and does not reconnect', async () => {
    const release = client.subscribe(['i_mxn_AMXL']);
    await tick();
    socket().serverOpens();
    release();
    await tick();
    vi.advanceTimersByTime(4999);
    expect(socket().closedWith).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(socket().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

function orderEvent(id: string, orderId: string, state: string, reason: string | null = null): WsAccountEvent {
  return { kind: 'order', id, orderId, instrumentId: 'i_crypto_BTC-USDT', state, reason, at: '2025-03-14T15:30:00Z' };
}

describe('account events on the quote socket', () => {
  let client: QuotesSocket;
  let events: WsAccountEvent[];
  let resyncs: number;
  let refusals: number;
  const listener: AccountListener = {
    onEvent: (event) => events.push(event),
    onResync: () => {
      resyncs += 1;
    },
    onRefused: () => {
      refusals += 1;
    },
  };
  const me = { token: 'tok-1', account: '5215550001' };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    FakeWebSocket.instances = [];
    events = [];
    resyncs = 0;
    refusals = 0;
    client = socketClient(() => undefined);
  });

  afterEach(() => {
    client.dispose();
    vi.useRealTimers();
  });

  const accountMessages = (s: FakeWebSocket) => s.sent.filter((m) => m.op === 'account');
  const ackLast = (s: FakeWebSocket) => {
    const last = accountMessages(s).at(-1);
    if (!last) throw new Error('no sign-in sent');
    s.serverSends({ op: 'ack', id: last.id, status: 1, data: { subscribed: ['account'], rejected: [] } });
  };

  it('opens a connection for the account alone and signs in with the session once it is open', async () => {
    client.followAccount(me, listener);
    await tick();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket().sent).toEqual([]);
    socket().serverOpens();
    expect(socket().sent).toEqual([{ op: 'account', id: 'c1', token: 'tok-1', account: '5215550001' }]);
    expect(client.accountSignedIn).toBe(false);
    ackLast(socket());
    expect(client.accountSignedIn).toBe(true);
    // followed without quotes, the connection is not closed for being quiet
    vi.advanceTimersByTime(60_000);
    expect(socket().closedWith).toBeUndefined();
  });

  it('signs in at once on a connection already open for quotes, which keep flowing', async () => {
    client.subscribe(['i_mxn_AMXL']);
    await tick();
    socket().serverOpens();
    client.followAccount(me, listener);
    expect(socket().sent.map((m) => m.op)).toEqual(['subscribe', 'account']);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('hands each account event to the follower once, and nothing else', async () => {
    client.followAccount(me, listener);
    await tick();
    socket().serverOpens();
    ackLast(socket());
    socket().serverSends({ op: 'account', data: orderEvent('o1', 'ord_1', 'pending') });
    socket().serverSends({ op: 'account', data: orderEvent('o1', 'ord_1', 'pending') }); // a repeat around a leader change
    socket().serverSends({
      op: 'account',
      data: {
        kind: 'money',
        id: 'm7:u1',
        entryKind: 'order_freeze',
        reference: 'ord_1',
        at: '2025-03-14T15:30:00Z',
        changes: [],
      },
    });
    socket().serverSends({ op: 'account', data: { kind: 'order', id: 'o2' } }); // malformed: skipped
    socket().serverSends({ op: 'quotes', data: [] });
    expect(events.map((e) => e.id)).toEqual(['o1', 'm7:u1']);
  });

  it('signs in again after a reconnect and tells the follower to re-read, not on the first sign-in', async () => {
    client.followAccount(me, listener);
    await tick();
    socket(0).serverOpens();
    ackLast(socket(0));
    expect(resyncs).toBe(0);
    socket(0).serverDrops();
    expect(client.accountSignedIn).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket(1).serverOpens();
    expect(accountMessages(socket(1))).toEqual([
      { op: 'account', id: expect.any(String) as string, token: 'tok-1', account: '5215550001' },
    ]);
    expect(resyncs).toBe(0);
    ackLast(socket(1));
    expect(resyncs).toBe(1);
    // an event the new connection repeats is still handed over once
    socket(1).serverSends({ op: 'account', data: orderEvent('o3', 'ord_3', 'holding', 'limit_reached') });
    expect(events.map((e) => e.id)).toEqual(['o3']);
  });

  it('on sign-out closes the signed-in connection and reconnects for the quotes only', async () => {
    client.subscribe(['i_mxn_AMXL']);
    const stop = client.followAccount(me, listener);
    await tick();
    socket(0).serverOpens();
    ackLast(socket(0));
    stop();
    expect(socket(0).closedWith).toBe(1000);
    await tick();
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket(1).serverOpens();
    expect(socket(1).sent.map((m) => m.op)).toEqual(['subscribe']);
    // the old connection's frames reach nobody
    socket(0).serverSends({ op: 'account', data: orderEvent('o4', 'ord_4', 'closed', 'take_profit') });
    expect(events).toEqual([]);
  });

  it('on sign-out without quotes closes the connection and does not come back', async () => {
    const stop = client.followAccount(me, listener);
    await tick();
    socket().serverOpens();
    ackLast(socket());
    stop();
    stop(); // a second call is a no-op
    await tick();
    vi.advanceTimersByTime(60_000);
    expect(socket().closedWith).toBe(1000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('a follow of another session replaces the first on a fresh connection', async () => {
    client.followAccount(me, listener);
    await tick();
    socket(0).serverOpens();
    ackLast(socket(0));
    client.followAccount({ token: 'tok-2', account: '5215550002' }, listener);
    expect(socket(0).closedWith).toBe(1000);
    await tick();
    socket(1).serverOpens();
    expect(accountMessages(socket(1))).toEqual([
      { op: 'account', id: expect.any(String) as string, token: 'tok-2', account: '5215550002' },
    ]);
  });

  it('stops handing events over once the server refuses the session', async () => {
    client.followAccount(me, listener);
    await tick();
    socket().serverOpens();
    ackLast(socket());
    socket().serverSends({ op: 'error', status: 0, code: 'auth.required', msg: 'Please log in', params: {} });
    expect(refusals).toBe(1);
    expect(client.accountSignedIn).toBe(false);
    socket().serverSends({ op: 'account', data: orderEvent('o5', 'ord_5', 'cancelled', 'expired') });
    expect(events).toEqual([]);
  });

  it('reads account events from frames and nothing from other frames', () => {
    const event = orderEvent('o1', 'ord_1', 'closed', 'stop_out');
    expect(accountEventOf({ op: 'account', data: event })).toEqual(event);
    expect(accountEventOf({ op: 'quotes', data: event })).toBeNull();
    expect(accountEventOf({ op: 'account', data: { kind: 'money', id: 'm1' } })).toBeNull();
    expect(accountEventOf(null)).toBeNull();
  });
});

describe('the live quote store', () => {
  beforeEach(() => liveQuotesStore.getState().clear());

  it('keeps the newest frame per instrument and ignores older ones', () => {
    const { apply } = liveQuotesStore.getState();
    apply(quote('i_mxn_AMXL', '16.42', '2025-03-14T15:30:01Z'));
    apply(quote('i_mxn_AMXL', '16.40', '2025-03-14T15:30:00.500Z'));
    expect(liveQuotesStore.getState().quotes.i_mxn_AMXL?.price).toBe('16.42');
    apply(quote('i_mxn_AMXL', '16.45', '2025-03-14T15:30:02Z'));
    expect(liveQuotesStore.getState().quotes.i_mxn_AMXL?.price).toBe('16.45');
  });

  it('lays a newer frame over a list row, but not an older one', () => {
    const row = {
      instrumentId: 'i_mxn_AMXL',
      code: 'AMXL',
      name: 'America Movil',
      market: 'mxn',
      board: 'listed',
      assetClass: 'stock',
      currency: 'MXN',
      tradable: true,
      status: 'trading',
      price: '16.30',
      change: '0.00',
      changeRate: '0',
      volume: '1',
      turnover: '16.30',
      updatedAt: '2025-03-14T15:30:00Z',
      stale: true,
    } as const;
    const merged = mergeSummary(row, quote('i_mxn_AMXL', '16.42', '2025-03-14T15:30:05Z'));
    expect(merged).toMatchObject({
      price: '16.42',
      change: '0.10',
      stale: false,
      updatedAt: '2025-03-14T15:30:05Z',
      code: 'AMXL',
    });
    expect(mergeSummary(row, quote('i_mxn_AMXL', '16.00', '2025-03-14T15:29:00Z')).price).toBe('16.30');
  });
});

describe('helpers', () => {
  it('split lists into chunks', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 100)).toEqual([]);
  });

  it('build the socket URL from the page protocol', () => {
    expect(quotesSocketUrl({ protocol: 'https:', host: 'broker.example' })).toBe('wss://broker.example/api/vue/ws');
    expect(quotesSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/api/vue/ws');
  });
});

describe('the quote socket while the device is offline', () => {
  let client: QuotesSocket;
  let online: boolean;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    FakeWebSocket.instances = [];
    online = true;
    // the browser's own hooks: navigator.onLine and the window's `online` event
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    client = new QuotesSocket({
      url: 'ws://app.test/api/vue/ws',
      createSocket: (url) => new FakeWebSocket(url),
      onQuote: () => undefined,
      backoffMs: (attempt) => 1000 * 2 ** attempt,
      onlineJitterMs: () => 300,
    });
  });

  afterEach(() => {
    client.dispose();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const goOnline = () => {
    online = true;
    window.dispatchEvent(new Event('online'));
  };

  it('opens nothing while offline, and connects after the online event and its jitter', async () => {
    online = false;
    client.subscribe(['i_usd_AAPL']);
    await tick();
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(client.waitingForNetwork).toBe(true);

    goOnline();
    vi.advanceTimersByTime(299);
    expect(FakeWebSocket.instances).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(client.waitingForNetwork).toBe(false);
    socket(0).serverOpens();
    expect(socket(0).subscribedIds()).toEqual(['i_usd_AAPL']);
  });

  it('stops retrying when the connection drops offline, and starts the backoff again when back', async () => {
    client.subscribe(['i_usd_AAPL']);
    await tick();
    socket(0).serverOpens();
    socket(0).serverDrops(); // online: the first retry after 1 s fails too
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);

    online = false;
    socket(1).serverDrops();
    vi.advanceTimersByTime(30 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);

    goOnline();
    vi.advanceTimersByTime(300);
    expect(FakeWebSocket.instances).toHaveLength(3);
    // a failure right after coming back waits the first step again (1 s), not the grown one
    socket(2).serverDrops();
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('forgets the wait when nothing wants the connection any more', async () => {
    online = false;
    const release = client.subscribe(['i_usd_AAPL']);
    await tick();
    expect(client.waitingForNetwork).toBe(true);
    release();
    await tick();
    expect(client.waitingForNetwork).toBe(false);
    goOnline();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
