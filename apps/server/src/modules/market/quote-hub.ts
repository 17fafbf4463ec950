/**
 * The quote WebSocket of API.md §18. One hub per process: it keeps each connection's
 * subscriptions, and every `tickMs` (250 ms → at most 4 updates per second per instrument) asks
 * the feed for the quotes someone watches and sends those that changed. The feed is
 * deterministic, so every instance computes the same frames without talking to the others.
 */
import {
  englishMessage, fieldReasonsOf, reasonErrorMap, wsClientMessage, wsLimits, type Code, type WsQuote, type WsServerMessage,
} from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { MarketFeed } from './feed.js';
import { changeOf } from './instruments.view.js';

export interface QuoteHubOptions {
  tickMs?: number;
  idleCloseMs?: number;
  messagesPerSecond?: number;
  maxSubscriptions?: number;
  /** Open connections one client address may hold (issue 18); past it a new one is closed with 4429. */
  maxConnectionsPerAddress?: number;
}

/** A socket with more than this unsent is not reading: quote frames skip it until it drains. */
const MAX_BUFFERED_BYTES = 256 * 1024;
const DEFAULT_CONNECTIONS_PER_ADDRESS = 20;

interface Connection {
  socket: WebSocket;
  address: string;
  ids: Set<string>;
  lastMessageAt: number;
  windowStart: number;
  windowCount: number;
}

export class QuoteHub {
  private readonly connections = new Set<Connection>();
  /** instrumentId → the last frame sent (JSON), to send only changes */
  private readonly lastSent = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private readonly tickMs: number;
  private readonly idleCloseMs: number;
  private readonly messagesPerSecond: number;
  private readonly maxSubscriptions: number;
  private readonly maxConnectionsPerAddress: number;
  private readonly perAddress = new Map<string, number>();
  /** instrumentId → its frame of the current tick: built once, whoever needs it (issue 18) */
  private frames = new Map<string, string>();

  constructor(private readonly feed: MarketFeed, options: QuoteHubOptions = {}) {
    this.tickMs = options.tickMs ?? 1000 / wsLimits.updatesPerSecondPerInstrument;
    this.idleCloseMs = options.idleCloseMs ?? wsLimits.idleCloseMs;
    this.messagesPerSecond = options.messagesPerSecond ?? wsLimits.messagesPerSecond;
    this.maxSubscriptions = options.maxSubscriptions ?? wsLimits.subscriptionsPerConnection;
    this.maxConnectionsPerAddress = options.maxConnectionsPerAddress ?? DEFAULT_CONNECTIONS_PER_ADDRESS;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Registers `GET /api/vue/ws`. */
  register(app: FastifyInstance): void {
    app.get('/api/vue/ws', { websocket: true }, (socket, request) => this.accept(socket, request.ip));
    app.addHook('onClose', async () => this.stop());
  }

  accept(socket: WebSocket, address = 'unknown'): void {
    const open = this.perAddress.get(address) ?? 0;
    if (open >= this.maxConnectionsPerAddress) {
      socket.close(wsLimits.closeTooFrequent, 'too many connections');
      return;
    }
    this.perAddress.set(address, open + 1);
    const now = Date.now();
    const connection: Connection = { socket, address, ids: new Set(), lastMessageAt: now, windowStart: now, windowCount: 0 };
    this.connections.add(connection);
    socket.on('message', (data: Buffer, isBinary: boolean) => this.onMessage(connection, isBinary ? '' : data.toString('utf8')));
    socket.on('close', () => this.drop(connection));
    socket.on('error', () => this.drop(connection));
    this.start();
  }

  private drop(connection: Connection): void {
    if (!this.connections.delete(connection)) return;
    const left = (this.perAddress.get(connection.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(connection.address, left);
    else this.perAddress.delete(connection.address);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const c of this.connections) c.socket.terminate();
    this.connections.clear();
    this.perAddress.clear();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  private send(connection: Connection, message: WsServerMessage | string): void {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    connection.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** A quote frame: skipped for a socket that is not reading (backpressure); the next change catches it up. */
  private sendQuote(connection: Connection, frame: string): void {
    if (connection.socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
    this.send(connection, frame);
  }

  private fail(connection: Connection, code: Code, id?: string, params: Record<string, unknown> = {}): void {
    this.send(connection, { op: 'error', ...(id ? { id } : {}), status: 0, code, msg: englishMessage(code, params), params });
  }

  private onMessage(connection: Connection, text: string): void {
    const now = Date.now();
    connection.lastMessageAt = now;
    if (now - connection.windowStart >= 1000) {
      connection.windowStart = now;
      connection.windowCount = 0;
    }
    connection.windowCount++;
    if (connection.windowCount > this.messagesPerSecond) {
      this.fail(connection, 'request.too_frequent', undefined, { seconds: '1' });
      connection.socket.close(wsLimits.closeTooFrequent, 'too frequent');
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.fail(connection, 'request.invalid', undefined, { fields: { body: 'format' } });
      return;
    }
    const parsed = wsClientMessage.safeParse(raw, { error: reasonErrorMap });
    if (!parsed.success) {
      const id = raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id.slice(0, 32) : undefined;
      this.fail(connection, 'request.invalid', id, { fields: fieldReasonsOf(parsed.error) });
      return;
    }
    const message = parsed.data;
    if (message.op === 'ping') {
      this.send(connection, { op: 'pong', id: message.id });
      return;
    }
    if (message.op === 'unsubscribe') {
      for (const id of message.instrumentIds) connection.ids.delete(id);
      this.send(connection, { op: 'ack', id: message.id, status: 1, data: { subscribed: [...connection.ids], rejected: [] } });
      return;
    }
    const fresh = [...new Set(message.instrumentIds)].filter((id) => !connection.ids.has(id));
    if (connection.ids.size + fresh.length > this.maxSubscriptions) {
      this.fail(connection, 'request.invalid', message.id, { fields: { instrumentIds: 'too_many' } });
      return;
    }
    const accepted: string[] = [];
    const rejected: { instrumentId: string; code: string }[] = [];
    for (const id of fresh) {
      const def = this.feed.instrument(id);
      if (!def || this.feed.quote(id).status === 'delisted') rejected.push({ instrumentId: id, code: 'product.not_found' });
      else accepted.push(id);
    }
    for (const id of accepted) connection.ids.add(id);
    this.send(connection, { op: 'ack', id: message.id, status: 1, data: { subscribed: accepted, rejected } });
    for (const id of accepted) this.sendQuote(connection, this.frameOf(id));
  }

  private frameOf(instrumentId: string): string {
    let frame = this.frames.get(instrumentId);
    if (frame === undefined) {
      frame = this.buildFrame(instrumentId);
      this.frames.set(instrumentId, frame);
    }
    return frame;
  }

  private buildFrame(instrumentId: string): string {
    const def = this.feed.instrument(instrumentId);
    const q = this.feed.quote(instrumentId);
    const data: WsQuote = {
      instrumentId, price: q.price, ...changeOf(q.price, q.prevClose, def?.priceScale ?? 2), open: q.open,
      prevClose: q.prevClose, high: q.high, low: q.low, volume: q.volume, turnover: q.turnover, status: q.status,
      ts: q.updatedAt.toISOString(), bid: q.bid, ask: q.ask, inSession: q.inSession, stale: q.stale,
    };
    return JSON.stringify({ op: 'quote', data } satisfies WsServerMessage);
  }

  /** Idle connections close (4000); changed quotes go to their subscribers. */
  tick(): void {
    const now = Date.now();
    this.frames = new Map();
    const watched = new Map<string, Connection[]>();
    for (const c of this.connections) {
      if (now - c.lastMessageAt > this.idleCloseMs) {
        c.socket.close(wsLimits.closeIdle, 'idle');
        this.drop(c);
        continue;
      }
      for (const id of c.ids) {
        const list = watched.get(id);
        if (list) list.push(c);
        else watched.set(id, [c]);
      }
    }
    for (const [id, subscribers] of watched) {
      const frame = this.frameOf(id);
      // `ts` moves every tick; compare the frame without it
      const signature = frame.replace(/"ts":"[^"]*",/, '');
      if (this.lastSent.get(id) === signature) continue;
      this.lastSent.set(id, signature);
      for (const c of subscribers) this.sendQuote(c, frame);
    }
    if (this.connections.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
