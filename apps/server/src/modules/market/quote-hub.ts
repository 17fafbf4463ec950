/**
 * The quote WebSocket of docs/api.md §18. One hub per process: it keeps each connection's
 * subscriptions, and every `tickMs` (250 ms → at most 4 updates per second per instrument) asks
 * the feed for the quotes someone watches and sends those that changed. The feed is
 * deterministic, so every instance computes the same frames without talking to the others.
 *
 * Cost per tick (issue 17 item 2, issue 18): each watched quote is serialised once; a connection
 * gets ONE `quotes` message carrying all of its changed quotes (one socket write); connections
 * with the same subscriptions share one encoded Buffer (a home-screen watch list is the same for
 * everybody); and the send loop yields to the event loop every few milliseconds, so HTTP calls
 * are answered during a large broadcast. A subscribe answers an ack and one snapshot message.
 * A cold instrument (a subscribe on a fresh simulator, a tick after a market's new day) is warmed
 * in slices first, so no quote the hub asks for walks years of closes in one turn; a subscribe
 * waiting for that holds the connection's later messages back, so answers keep their order.
 */
import {
  englishMessage,
  fieldReasonsOf,
  reasonErrorMap,
  wsClientMessage,
  wsLimits,
  type Code,
  type WsClientMessage,
  type WsQuote,
  type WsServerMessage,
} from '@brokerage/contract';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { MarketFeed } from './feed.js';
import { changeOf } from './instruments.view.js';
import { SlicedWork } from './sliced-work.js';

export interface QuoteHubOptions {
  tickMs?: number;
  idleCloseMs?: number;
  messagesPerSecond?: number;
  maxSubscriptions?: number;
  /** Open connections one client address may hold (issue 18); past it a new one is closed with 4429. */
  maxConnectionsPerAddress?: number;
  /** The send loop gives the event loop a turn after this long (ms) of sending. */
  sliceMs?: number;
  /**
   * Runs the warming of cold instruments in slices (a first quote of a cold index walks years of
   * every member's closes); the hub's own by default.
   */
  work?: SlicedWork;
}

/** A socket with more than this unsent is not reading: quote frames skip it until it drains. */
const MAX_BUFFERED_BYTES = 256 * 1024;
const DEFAULT_CONNECTIONS_PER_ADDRESS = 20;
const DEFAULT_SLICE_MS = 4;
/** How many sends between two looks at the clock in the send loop. */
const SENDS_PER_CLOCK_CHECK = 16;

/** One watched quote of the current tick, serialised once. */
interface Entry {
  /** the `WsQuote` as JSON */
  json: string;
  /** the fields except `ts` (which moves every tick): equal signatures mean nothing changed */
  signature: string;
  listed: boolean;
}

/** Connections with the same subscriptions: a tick encodes their message once. */
interface Group {
  key: string;
  /** sorted */
  ids: string[];
  members: Set<Connection>;
}

interface Connection {
  socket: WebSocket;
  address: string;
  ids: Set<string>;
  group: Group | null;
  lastMessageAt: number;
  windowStart: number;
  windowCount: number;
  /** a message still being handled (a subscribe waiting for its cold quotes): later ones wait for it, in order */
  pending: Promise<void> | null;
}

/** Who answers an `account` message (modules/push, wired by the kernel); the hub only hands it over. */
export interface AccountSignIn {
  signIn(socket: WebSocket, id: string, token: string, account: string): Promise<void>;
}

/** What the hub did, for tests and the benchmark. */
export interface QuoteHubStats {
  ticks: number;
  /** ticks skipped because the previous one was still sending */
  ticksSkipped: number;
  /** `quotes` messages encoded to bytes (one per subscription group per tick, one per snapshot) */
  encoded: number;
  /** `quotes` messages handed to sockets */
  sent: number;
  /** times the send loop gave the event loop a turn */
  yields: number;
  /** the longest the last tick held the event loop in one go (wall ms; includes time the process was not scheduled) */
  lastLongestSliceMs: number;
}

export class QuoteHub {
  private readonly connections = new Set<Connection>();
  /** instrumentId → the signature of the last quote sent, to send only changes */
  private readonly lastSent = new Map<string, string>();
  /** subscription key → its group */
  private readonly groups = new Map<string, Group>();
  /** instrumentId → how many connections watch it */
  private readonly watchers = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly tickMs: number;
  private readonly idleCloseMs: number;
  private readonly messagesPerSecond: number;
  private readonly maxSubscriptions: number;
  private readonly maxConnectionsPerAddress: number;
  private readonly sliceMs: number;
  private readonly work: SlicedWork;
  private readonly perAddress = new Map<string, number>();
  /** instrumentId → its entry of the current tick: built once, whoever needs it (issue 18) */
  private entries = new Map<string, Entry | null>();
  /** the tick in flight (its send loop yields), so that ticks never overlap */
  private sending: Promise<void> | null = null;
  readonly stats: QuoteHubStats = { ticks: 0, ticksSkipped: 0, encoded: 0, sent: 0, yields: 0, lastLongestSliceMs: 0 };
  /** account events on the same connection (issue 17 item 3); without it `account` is refused as invalid */
  private accounts: AccountSignIn | null = null;

  constructor(
    private readonly feed: MarketFeed,
    options: QuoteHubOptions = {},
  ) {
    this.tickMs = options.tickMs ?? 1000 / wsLimits.updatesPerSecondPerInstrument;
    this.idleCloseMs = options.idleCloseMs ?? wsLimits.idleCloseMs;
    this.messagesPerSecond = options.messagesPerSecond ?? wsLimits.messagesPerSecond;
    this.maxSubscriptions = options.maxSubscriptions ?? wsLimits.subscriptionsPerConnection;
    this.maxConnectionsPerAddress = options.maxConnectionsPerAddress ?? DEFAULT_CONNECTIONS_PER_ADDRESS;
    this.sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
    // connections are bounded per address, and a waiting job costs a few objects: none is refused
    this.work = options.work ?? new SlicedWork({ sliceMs: this.sliceMs, maxJobs: Number.MAX_SAFE_INTEGER });
  }

  attachAccounts(accounts: AccountSignIn): void {
    this.accounts = accounts;
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
    const connection: Connection = {
      socket,
      address,
      ids: new Set(),
      group: null,
      lastMessageAt: now,
      windowStart: now,
      windowCount: 0,
      pending: null,
    };
    this.connections.add(connection);
    socket.on('message', (data: Buffer, isBinary: boolean) =>
      this.onMessage(connection, isBinary ? '' : data.toString('utf8')),
    );
    socket.on('close', () => this.drop(connection));
    socket.on('error', () => this.drop(connection));
    this.start();
  }

  private drop(connection: Connection): void {
    if (!this.connections.delete(connection)) return;
    const left = (this.perAddress.get(connection.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(connection.address, left);
    else this.perAddress.delete(connection.address);
    this.unwatch(connection, [...connection.ids]);
    connection.ids.clear();
    this.regroup(connection);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const c of this.connections) c.socket.terminate();
    this.connections.clear();
    this.perAddress.clear();
    this.groups.clear();
    this.watchers.clear();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  private send(connection: Connection, message: WsServerMessage): void {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    connection.socket.send(JSON.stringify(message));
  }

  /** A `quotes` message: skipped for a socket that is not reading (backpressure); the next change catches it up. */
  private sendQuotes(connection: Connection, bytes: Buffer): void {
    const socket = connection.socket;
    if (socket.readyState !== socket.OPEN || socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
    socket.send(bytes, { binary: false });
    this.stats.sent++;
  }

  /** The one place a `quotes` message becomes bytes: `{"op":"quotes","data":[…]}` around quotes already serialised. */
  encode(quotes: readonly string[]): Buffer {
    this.stats.encoded++;
    return Buffer.from(`{"op":"quotes","data":[${quotes.join(',')}]}`, 'utf8');
  }

  private fail(connection: Connection, code: Code, id?: string, params: Record<string, unknown> = {}): void {
    this.send(connection, {
      op: 'error',
      ...(id ? { id } : {}),
      status: 0,
      code,
      msg: englishMessage(code, params),
      params,
    });
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
      const id =
        raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string'
          ? (raw as { id: string }).id.slice(0, 32)
          : undefined;
      this.fail(connection, 'request.invalid', id, { fields: fieldReasonsOf(parsed.error) });
      return;
    }
    this.dispatch(connection, parsed.data);
  }

  /** Handles `message` now, or after the connection's message still in hand (answers keep their order). */
  private dispatch(connection: Connection, message: WsClientMessage): void {
    if (connection.pending !== null) {
      this.chain(
        connection,
        connection.pending.then(() => this.handle(connection, message)),
      );
      return;
    }
    const result = this.handle(connection, message);
    if (result !== undefined) this.chain(connection, result);
  }

  private chain(connection: Connection, work: Promise<void>): void {
    const pending: Promise<void> = work
      .catch(() => undefined)
      .finally(() => {
        // a client waiting for our answer was not silent: its idle time counts from the answer
        connection.lastMessageAt = Date.now();
        if (connection.pending === pending) connection.pending = null;
      });
    connection.pending = pending;
  }

  /**
   * Warms the cold instruments of `ids` in slices (issue 18: the first quote of a cold index
   * walks years of every member's closes, up to 0.6 s for the whole universe); nothing to wait
   * for when all are warm, the usual case.
   */
  private warm(ids: Iterable<string>): Promise<void> | undefined {
    const cold: string[] = [];
    for (const id of ids) if (!this.feed.isWarm(id) && this.feed.instrument(id) !== undefined) cold.push(id);
    if (cold.length === 0) return undefined;
    const feed = this.feed;
    return this.work.run(
      (function* () {
        for (const id of cold) yield* feed.warmSteps(id);
      })(),
    );
  }

  private handle(connection: Connection, message: WsClientMessage): Promise<void> | undefined {
    if (!this.connections.has(connection)) return undefined;
    if (message.op === 'ping') {
      this.send(connection, { op: 'pong', id: message.id });
      return;
    }
    if (message.op === 'account') {
      if (this.accounts) void this.accounts.signIn(connection.socket, message.id, message.token, message.account);
      else this.fail(connection, 'request.invalid', message.id, { fields: { op: 'invalid' } });
      return;
    }
    if (message.op === 'unsubscribe') {
      const gone = message.instrumentIds.filter((id) => connection.ids.delete(id));
      this.unwatch(connection, gone);
      this.regroup(connection);
      this.send(connection, {
        op: 'ack',
        id: message.id,
        status: 1,
        data: { subscribed: [...connection.ids], rejected: [] },
      });
      return;
    }
    const fresh = [...new Set(message.instrumentIds)].filter((id) => !connection.ids.has(id));
    if (connection.ids.size + fresh.length > this.maxSubscriptions) {
      this.fail(connection, 'request.invalid', message.id, { fields: { instrumentIds: 'too_many' } });
      return undefined;
    }
    const warming = this.warm(fresh);
    if (warming === undefined) {
      this.subscribe(connection, message.id, fresh);
      return undefined;
    }
    // should the warming fail, the quotes are computed here (the old way) rather than no answer
    const then = () => {
      if (this.connections.has(connection)) this.subscribe(connection, message.id, fresh);
    };
    return warming.then(then, then);
  }

  /** Adds `fresh` (warm by now) to the connection's subscriptions: an ack, then one snapshot message. */
  private subscribe(connection: Connection, messageId: string, fresh: readonly string[]): void {
    const accepted: string[] = [];
    const snapshot: string[] = [];
    const rejected: { instrumentId: string; code: string }[] = [];
    for (const id of fresh) {
      const entry = this.entryOf(id);
      if (!entry?.listed) {
        rejected.push({ instrumentId: id, code: 'product.not_found' });
        continue;
      }
      accepted.push(id);
      snapshot.push(entry.json);
      connection.ids.add(id);
      this.watchers.set(id, (this.watchers.get(id) ?? 0) + 1);
    }
    this.regroup(connection);
    this.send(connection, { op: 'ack', id: messageId, status: 1, data: { subscribed: accepted, rejected } });
    if (snapshot.length > 0) this.sendQuotes(connection, this.encode(snapshot));
  }

  private unwatch(connection: Connection, ids: readonly string[]): void {
    for (const id of ids) {
      const left = (this.watchers.get(id) ?? 1) - 1;
      if (left > 0) this.watchers.set(id, left);
      else this.watchers.delete(id);
    }
  }

  /** Moves a connection to the group of its current subscriptions (none when it has none). */
  private regroup(connection: Connection): void {
    const ids = [...connection.ids].sort();
    const key = ids.join(',');
    if (connection.group?.key === key && ids.length > 0) return;
    const old = connection.group;
    if (old) {
      old.members.delete(connection);
      if (old.members.size === 0) this.groups.delete(old.key);
    }
    connection.group = null;
    if (ids.length === 0 || !this.connections.has(connection)) return;
    let group = this.groups.get(key);
    if (!group) {
      group = { key, ids, members: new Set() };
      this.groups.set(key, group);
    }
    group.members.add(connection);
    connection.group = group;
  }

  /** The entry of an instrument for this tick (null: unknown instrument), built on first use. */
  private entryOf(instrumentId: string): Entry | null {
    let entry = this.entries.get(instrumentId);
    if (entry === undefined) {
      entry = this.buildEntry(instrumentId);
      this.entries.set(instrumentId, entry);
    }
    return entry;
  }

  private buildEntry(instrumentId: string): Entry | null {
    const def = this.feed.instrument(instrumentId);
    if (!def) return null;
    const q = this.feed.quote(instrumentId);
    const data: WsQuote = {
      instrumentId,
      price: q.price,
      ...changeOf(q.price, q.prevClose, def.priceScale),
      open: q.open,
      prevClose: q.prevClose,
      high: q.high,
      low: q.low,
      volume: q.volume,
      turnover: q.turnover,
      status: q.status,
      ts: q.updatedAt.toISOString(),
      bid: q.bid,
      ask: q.ask,
      inSession: q.inSession,
      stale: q.stale,
    };
    const signature = [
      q.price,
      q.open,
      q.prevClose,
      q.high,
      q.low,
      q.volume,
      q.turnover,
      q.status,
      q.bid,
      q.ask,
      q.inSession,
      q.stale,
    ].join('|');
    return { json: JSON.stringify(data), signature, listed: q.status !== 'delisted' };
  }

  /**
   * Idle connections close (4000); changed quotes go to their subscribers, one message per
   * connection. Resolves when the last message is handed to its socket; a tick asked for while
   * one is still sending is skipped (its changes go out with the next one).
   */
  tick(): Promise<void> {
    if (this.sending) {
      this.stats.ticksSkipped++;
      return this.sending;
    }
    const run = this.runTick().finally(() => {
      this.sending = null;
    });
    this.sending = run;
    return run;
  }

  private async runTick(): Promise<void> {
    this.stats.ticks++;
    const now = Date.now();
    for (const c of this.connections) {
      if (c.pending === null && now - c.lastMessageAt > this.idleCloseMs) {
        c.socket.close(wsLimits.closeIdle, 'idle');
        this.drop(c);
      }
    }
    // a watched instrument turns cold on its market's next trading day (a new minute path), or
    // when the feed is rebuilt: warmed in slices first, so building the entries costs lookups
    await this.warm(this.watchers.keys())?.catch(() => undefined);
    let sliceStart = performance.now();
    let longest = 0;
    this.entries = new Map();
    /** instrumentId → its JSON, for the quotes that changed since they were last sent */
    const changed = new Map<string, string>();
    for (const id of this.watchers.keys()) {
      const entry = this.entryOf(id);
      if (!entry || this.lastSent.get(id) === entry.signature) continue;
      this.lastSent.set(id, entry.signature);
      changed.set(id, entry.json);
    }
    if (changed.size > 0) {
      // Build every group's message first (cheap: string joins), then send in slices.
      const batches: { group: Group; bytes: Buffer; members: Connection[] }[] = [];
      for (const group of this.groups.values()) {
        const quotes: string[] = [];
        for (const id of group.ids) {
          const json = changed.get(id);
          if (json !== undefined) quotes.push(json);
        }
        if (quotes.length > 0) batches.push({ group, bytes: this.encode(quotes), members: [...group.members] });
      }
      let sinceCheck = 0;
      for (const batch of batches) {
        for (const c of batch.members) {
          if (c.group === batch.group) this.sendQuotes(c, batch.bytes);
          else if (c.group) this.sendChangedTo(c, changed); // it (un)subscribed while this tick was sending
          if (++sinceCheck < SENDS_PER_CLOCK_CHECK) continue;
          sinceCheck = 0;
          const held = performance.now() - sliceStart;
          if (held < this.sliceMs) continue;
          longest = Math.max(longest, held);
          this.stats.yields++;
          await yieldToLoop();
          sliceStart = performance.now();
        }
      }
    }
    this.stats.lastLongestSliceMs = Math.max(longest, performance.now() - sliceStart);
    if (this.connections.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** A connection whose subscriptions changed mid-tick gets this tick's changes of what it watches now. */
  private sendChangedTo(connection: Connection, changed: Map<string, string>): void {
    const quotes: string[] = [];
    for (const id of connection.ids) {
      const json = changed.get(id);
      if (json !== undefined) quotes.push(json);
    }
    if (quotes.length > 0) this.sendQuotes(connection, this.encode(quotes));
  }
}
