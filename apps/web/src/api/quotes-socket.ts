/**
 * The live-quote WebSocket of API.md §18: one shared connection to `/api/vue/ws` for the whole
 * app. Screens ask for instruments through reference-counted subscriptions (`subscribe` returns
 * its release function); the client works out the difference between what the screens want and
 * what the server has, and sends it in `subscribe`/`unsubscribe` frames of at most 100 ids
 * (`wsLimits.idsPerMessage`). Changes made in the same tick are coalesced, so a screen that
 * replaces another costs one diff, not an unsubscribe-all followed by a subscribe-all.
 *
 * The connection opens on the first subscription and closes after a quiet period with none. It
 * pings every 30 s (the server closes idle connections after 60 s), and when it drops it
 * reconnects with exponential backoff and subscribes everything again (a new connection starts
 * with no subscriptions on the server).
 */
import type { WsClientMessage, WsQuote, wsLimits as contractLimits } from '@brokerage/contract';

/**
 * The limits of API.md §18 this client obeys. They are restated rather than imported because
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
 * connection, or a subscription's snapshot; docs/decisions.md) or API.md's single `quote`
 * (servers before it). Anything else carries none; a malformed item is skipped, not the frame.
 */
export function quotesOf(frame: unknown): WsQuote[] {
  if (typeof frame !== 'object' || frame === null) return [];
  const { op, data } = frame as { op?: unknown; data?: unknown };
  if (op === 'quote') return isQuote(data) ? [data] : [];
  if (op === 'quotes' && Array.isArray(data)) return data.filter(isQuote);
  return [];
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
  private readonly createSocket: SocketFactory;
  private readonly pingEveryMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly idleCloseMs: number;

  constructor(private readonly options: QuotesSocketOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.pingEveryMs = options.pingEveryMs ?? wsLimits.pingEveryMs;
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
    this.idleCloseMs = options.idleCloseMs ?? 15_000;
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

  /** Closes the connection for good and forgets every subscription. */
  dispose(): void {
    this.counts.clear();
    this.clearTimers();
    this.teardown();
  }

  /** Sends the difference now (normally done at the end of the tick). */
  flush(): void {
    this.flushQueued = false;
    const wanted = this.wanted();
    if (wanted.length === 0) {
      this.clearReconnect();
      if (this.socket && this.idleTimer === null) {
        this.idleTimer = setTimeout(() => {
          this.idleTimer = null;
          if (this.counts.size === 0) this.teardown();
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
    if (this.socket || this.reconnectTimer !== null) return;
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
      if (this.counts.size > 0) this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer !== null) return;
    const delay = this.backoffMs(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.counts.size > 0) this.connect();
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

  private clearTimers(): void {
    this.clearIdle();
    this.clearReconnect();
    this.stopPing();
  }

  private teardown(): void {
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
      socket.close(1000, 'idle');
    }
  }
}

/** `ws://host/api/vue/ws` or `wss://…` following the page's protocol (same origin, API.md §18). */
export function quotesSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/vue/ws`;
}
