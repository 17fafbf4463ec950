/**
 * The live-quote WebSocket of docs/api.md §18: one shared connection to `/api/vue/ws` for the whole
 * app. Screens ask for instruments through reference-counted subscriptions (`subscribe` returns
 * its release function); the client works out the difference between what the screens want and
 * what the server has, and sends it in `subscribe`/`unsubscribe` frames of at most 100 ids
 * (`wsLimits.idsPerMessage`). Changes made in the same tick are coalesced, so a screen that
 * replaces another costs one diff, not an unsubscribe-all followed by a subscribe-all.
 *
 * The connection opens on the first subscription and closes after a quiet period with none. It
 * pings every 30 s (the server closes idle connections after 60 s), and when it drops it
 * reconnects with exponential backoff and subscribes everything again (a new connection starts
 * with no subscriptions on the server). While the device is offline (`navigator.onLine` false) it
 * tries nothing and waits for the `online` event, then tries again after a random delay of up to
 * a second, so clients behind one network that comes back do not all reconnect in the same instant.
 *
 * The same connection carries the signed-in user's account events (docs/decisions.md, "Account
 * events on the quote WebSocket"): `followAccount` signs the connection in with the session's
 * token and account, again on every new connection, and keeps the connection open while it is
 * followed even without quotes. Each event is handed over once (the server may send one twice
 * around a change of leader); after a re-sign the follower is told to re-read, since events may
 * have been lost while the connection was down. There is no "sign out" message: stopping a
 * follow that has signed the connection in closes it (and reopens it for the quotes, if any).
 */
import type { WsAccountEvent, WsClientMessage, WsQuote, wsLimits as contractLimits } from '@brokerage/contract';

/**
 * The limits of docs/api.md §18 this client obeys. They are restated rather than imported because
 * the contract module that declares them also builds its zod schemas, which the web bundle
 * does not need; the type ties each value to the contract, so a change there fails to compile.
 */
export const wsLimits: Pick<typeof contractLimits, 'idsPerMessage' | 'subscriptionsPerConnection' | 'pingEveryMs'> = {
  idsPerMessage: 100,
  subscriptionsPerConnection: 200,
  pingEveryMs: 30_000,
};

/** The part of the browser WebSocket this client uses, so tests can pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/** The session the account events are asked for (the app's `tokend` and `account`). */
export interface AccountCredentials {
  token: string;
  account: string;
}

export interface AccountListener {
  /** One account event; an `id` already handed over is not handed over again. */
  onEvent: (event: WsAccountEvent) => void;
  /** Signed in again on a new connection: events may have been missed meanwhile, re-read what is shown. */
  onResync: () => void;
  /** The server refused the session (`auth.required`): no events until the next `followAccount`. */
  onRefused?: () => void;
}

/** How many event ids are remembered to drop repeats (a leader change repeats a batch at most). */
const SEEN_EVENTS_MAX = 1_000;

interface AccountFollow {
  credentials: AccountCredentials;
  listener: AccountListener;
  /** the connection the sign-in was sent on, and its message id while the answer is awaited */
  sentOn: SocketLike | null;
  awaitingId: string | null;
  /** an earlier connection was signed in: the next ack is a re-sign */
  wasSignedIn: boolean;
  refused: boolean;
  seen: Set<string>;
}

export interface QuotesSocketOptions {
  /** The socket URL, or a function giving it at connect time. */
  url: string | (() => string);
  /** Opens a socket; the browser's WebSocket by default. */
  createSocket?: SocketFactory;
  /** Receives every quote, one call per quote of a `quotes` frame. */
  onQuote: (quote: WsQuote) => void;
  pingEveryMs?: number;
  /** Delay before reconnect attempt `attempt` (0-based). */
  backoffMs?: (attempt: number) => number;
  /** Close the connection after this long without any subscription. */
  idleCloseMs?: number;
  /**
   * Whether the device has a network (`navigator.onLine` by default): offline, no connection is
   * tried (each failed try is an `ERR_INTERNET_DISCONNECTED` in the console).
   */
  isOnline?: () => boolean;
  /** Calls `listener` when the device comes back online (the window's `online` event by default); returns its removal. */
  onOnline?: (listener: () => void) => () => void;
  /** Delay before the first try after the device came back online (default: 0 to 1 s at random). */
  onlineJitterMs?: () => number;
}

const OPEN = 1;

/**
 * 1 s, 2 s, 4 s … capped at 30 s, plus up to 20 % jitter so that many clients dropped by one
 * server restart do not all come back in the same instant.
 */
export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));
  return base + Math.floor(Math.random() * base * 0.2);
}

function browserIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function browserOnOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

function isQuote(value: unknown): value is WsQuote {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as { instrumentId?: unknown; price?: unknown };
  return typeof data.instrumentId === 'string' && typeof data.price === 'string';
}

/**
 * The quotes a server frame carries: a `quotes` message (all of a tick's changes for this
 * connection, or a subscription's snapshot; docs/decisions.md) or docs/api.md's single `quote`
 * (servers before it). Anything else carries none; a malformed item is skipped, not the frame.
 */
export function quotesOf(frame: unknown): WsQuote[] {
  if (typeof frame !== 'object' || frame === null) return [];
  const { op, data } = frame as { op?: unknown; data?: unknown };
  if (op === 'quote') return isQuote(data) ? [data] : [];
  if (op === 'quotes' && Array.isArray(data)) return data.filter(isQuote);
  return [];
}

/** The account event a server frame carries (`{"op":"account","data":…}`), if it is one. */
export function accountEventOf(frame: unknown): WsAccountEvent | null {
  if (typeof frame !== 'object' || frame === null) return null;
  const { op, data } = frame as { op?: unknown; data?: unknown };
  if (op !== 'account' || typeof data !== 'object' || data === null) return null;
  const event = data as { kind?: unknown; id?: unknown; orderId?: unknown; changes?: unknown };
  if (typeof event.id !== 'string') return null;
  if (event.kind === 'order' && typeof event.orderId === 'string') return data as WsAccountEvent;
  if (event.kind === 'money' && Array.isArray(event.changes)) return data as WsAccountEvent;
  return null;
}

export class QuotesSocket {
  /** How many holders want each instrument; insertion order decides who is cut at the server cap. */
  private readonly counts = new Map<string, number>();
  /** What the server has been asked to send on the current connection. */
  private readonly subscribed = new Set<string>();
  private socket: SocketLike | null = null;
  private isOpen = false;
  private flushQueued = false;
  private attempt = 0;
  private sequence = 0;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** removes the `online` listener while one waits for the network */
  private stopWaitingOnline: (() => void) | null = null;
  private follow: AccountFollow | null = null;
  private readonly createSocket: SocketFactory;
  private readonly pingEveryMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly idleCloseMs: number;
  private readonly isOnline: () => boolean;
  private readonly onOnline: (listener: () => void) => () => void;
  private readonly onlineJitterMs: () => number;

  constructor(private readonly options: QuotesSocketOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.pingEveryMs = options.pingEveryMs ?? wsLimits.pingEveryMs;
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
    this.idleCloseMs = options.idleCloseMs ?? 15_000;
    this.isOnline = options.isOnline ?? browserIsOnline;
    this.onOnline = options.onOnline ?? browserOnOnline;
    this.onlineJitterMs = options.onlineJitterMs ?? (() => Math.floor(Math.random() * 1_000));
  }

  /** True while no connection is tried because the device is offline. */
  get waitingForNetwork(): boolean {
    return this.stopWaitingOnline !== null;
  }

  /** Asks for live quotes of `instrumentIds`; call the returned function to release them (once). */
  subscribe(instrumentIds: readonly string[]): () => void {
    const ids = [...new Set(instrumentIds.filter((id) => id !== ''))];
    if (ids.length === 0) return () => undefined;
    for (const id of ids) this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
    this.queueFlush();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const id of ids) {
        const count = (this.counts.get(id) ?? 0) - 1;
        if (count > 0) this.counts.set(id, count);
        else this.counts.delete(id);
      }
      this.queueFlush();
    };
  }

  /**
   * Signs the connection in for the account events of `credentials` (opening it if needed, and
   * again after every reconnect) until the returned function is called. A new follow replaces
   * the previous one.
   */
  followAccount(credentials: AccountCredentials, listener: AccountListener): () => void {
    this.stopFollowing();
    const follow: AccountFollow = {
      credentials,
      listener,
      sentOn: null,
      awaitingId: null,
      wasSignedIn: false,
      refused: false,
      seen: new Set(),
    };
    this.follow = follow;
    if (this.isOpen) this.signIn();
    else this.queueFlush();
    return () => {
      if (this.follow === follow) this.stopFollowing();
    };
  }

  /** True while the connection is signed in for account events (the server acknowledged it). */
  get accountSignedIn(): boolean {
    const follow = this.follow;
    return (
      follow !== null && this.isOpen && follow.sentOn === this.socket && follow.awaitingId === null && !follow.refused
    );
  }

  /** The instruments some screen wants, capped at the server's per-connection limit. */
  wanted(): string[] {
    return [...this.counts.keys()].slice(0, wsLimits.subscriptionsPerConnection);
  }

  /** Holders of one instrument (for tests and diagnostics). */
  holders(instrumentId: string): number {
    return this.counts.get(instrumentId) ?? 0;
  }

  get connected(): boolean {
    return this.isOpen;
  }

  /** Closes the connection for good and forgets every subscription and the account follow. */
  dispose(): void {
    this.counts.clear();
    this.follow = null;
    this.clearTimers();
    this.teardown();
  }

  /** Sends the difference now (normally done at the end of the tick). */
  flush(): void {
    this.flushQueued = false;
    const wanted = this.wanted();
    if (!this.wantsConnection()) {
      this.clearReconnect();
      this.clearWaitingOnline();
      if (this.socket && this.idleTimer === null) {
        this.idleTimer = setTimeout(() => {
          this.idleTimer = null;
          if (!this.wantsConnection()) this.teardown();
        }, this.idleCloseMs);
      }
    } else {
      this.clearIdle();
      this.connect();
    }
    if (!this.isOpen) return;
    const wantedSet = new Set(wanted);
    const removed = [...this.subscribed].filter((id) => !wantedSet.has(id));
    const added = wanted.filter((id) => !this.subscribed.has(id));
    // Unsubscribe first so the server's per-connection cap is never crossed on the way.
    for (const ids of chunk(removed, wsLimits.idsPerMessage)) {
      this.send({ op: 'unsubscribe', id: this.nextId(), channel: 'quote', instrumentIds: ids });
      for (const id of ids) this.subscribed.delete(id);
    }
    for (const ids of chunk(added, wsLimits.idsPerMessage)) {
      this.send({ op: 'subscribe', id: this.nextId(), channel: 'quote', instrumentIds: ids });
      for (const id of ids) this.subscribed.add(id);
    }
  }

  /** A connection is kept while a screen wants quotes or the account is followed. */
  private wantsConnection(): boolean {
    return this.counts.size > 0 || this.follow !== null;
  }

  private signIn(): void {
    const follow = this.follow;
    if (!follow || !this.socket || !this.isOpen) return;
    follow.sentOn = this.socket;
    follow.awaitingId = this.nextId();
    follow.refused = false;
    this.send({
      op: 'account',
      id: follow.awaitingId,
      token: follow.credentials.token,
      account: follow.credentials.account,
    });
  }

  /**
   * Ends the follow. A connection already signed in (or asked to be) would go on receiving the
   * old session's events, so it is closed; the quotes, if any screen wants them, reconnect at once.
   */
  private stopFollowing(): void {
    const follow = this.follow;
    if (!follow) return;
    this.follow = null;
    if (follow.sentOn !== null && follow.sentOn === this.socket) {
      this.teardown('signed out');
      this.clearReconnect();
      this.attempt = 0;
    }
    this.queueFlush();
  }

  /** Acks, refusals and events of the account follow. */
  private onAccountFrame(socket: SocketLike, frame: unknown): void {
    const follow = this.follow;
    if (!follow || follow.sentOn !== socket || typeof frame !== 'object' || frame === null) return;
    const { op, id, code } = frame as { op?: unknown; id?: unknown; code?: unknown };
    if (op === 'ack' && id !== undefined && id === follow.awaitingId) {
      follow.awaitingId = null;
      if (follow.wasSignedIn) follow.listener.onResync();
      follow.wasSignedIn = true;
      return;
    }
    // the refusal of the sign-in, or (without an id) of a session that ended since
    if (op === 'error' && code === 'auth.required' && (id === undefined || id === follow.awaitingId)) {
      follow.awaitingId = null;
      follow.refused = true;
      follow.listener.onRefused?.();
      return;
    }
    const event = accountEventOf(frame);
    if (!event || follow.refused || follow.seen.has(event.id)) return;
    follow.seen.add(event.id);
    if (follow.seen.size > SEEN_EVENTS_MAX) {
      const oldest = follow.seen.values().next().value;
      if (oldest !== undefined) follow.seen.delete(oldest);
    }
    follow.listener.onEvent(event);
  }

  private queueFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      if (this.flushQueued) this.flush();
    });
  }

  private nextId(): string {
    this.sequence = (this.sequence + 1) % 1_000_000_000;
    return `c${this.sequence}`;
  }

  private send(message: WsClientMessage): void {
    if (!this.socket || this.socket.readyState !== OPEN) return;
    this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    if (this.socket || this.reconnectTimer !== null || this.stopWaitingOnline !== null) return;
    if (!this.isOnline()) {
      this.waitForNetwork();
      return;
    }
    const url = typeof this.options.url === 'function' ? this.options.url() : this.options.url;
    let socket: SocketLike;
    try {
      socket = this.createSocket(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.isOpen = true;
      this.attempt = 0;
      this.subscribed.clear();
      this.startPing();
      this.flush();
      this.signIn();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      let frame: unknown;
      try {
        frame = JSON.parse(event.data) as unknown;
      } catch {
        return;
      }
      for (const quote of quotesOf(frame)) this.options.onQuote(quote);
      this.onAccountFrame(socket, frame);
    };
    socket.onerror = () => {
      // A failed connection also fires `close`, which schedules the reconnect.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.isOpen = false;
      this.subscribed.clear();
      this.stopPing();
      if (this.wantsConnection()) this.scheduleReconnect();
    };
  }

  /**
   * Offline: no timer, no try; the `online` event starts a fresh round of tries (the backoff
   * starts again from its first step) after a random delay.
   */
  private waitForNetwork(): void {
    if (this.stopWaitingOnline !== null) return;
    this.stopWaitingOnline = this.onOnline(() => {
      this.stopWaitingOnline?.();
      this.stopWaitingOnline = null;
      this.attempt = 0;
      this.clearReconnect();
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (this.wantsConnection()) this.connect();
      }, this.onlineJitterMs());
    });
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer !== null || this.stopWaitingOnline !== null) return;
    if (!this.isOnline()) {
      this.waitForNetwork();
      return;
    }
    const delay = this.backoffMs(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.wantsConnection()) this.connect();
    }, delay);
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => this.send({ op: 'ping', id: this.nextId() }), this.pingEveryMs);
  }

  private stopPing(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private clearIdle(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private clearWaitingOnline(): void {
    this.stopWaitingOnline?.();
    this.stopWaitingOnline = null;
  }

  private clearTimers(): void {
    this.clearIdle();
    this.clearReconnect();
    this.clearWaitingOnline();
    this.stopPing();
  }

  private teardown(reason = 'idle'): void {
    const socket = this.socket;
    this.socket = null;
    this.isOpen = false;
    this.subscribed.clear();
    this.stopPing();
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      socket.close(1000, reason);
    }
  }
}

/** `ws://host/api/vue/ws` or `wss://…` following the page's protocol (same origin, docs/api.md §18). */
export function quotesSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/vue/ws`;
}
