/**
 * Account events on the WebSocket (issue 17 item 3, docs/decisions.md): a connection that signs
 * in (`{"op":"account","id","token","account"}`) receives `{"op":"account","data":…}` for every
 * change of its user's orders, money and price alerts, whichever instance made the change.
 *
 * One process reads the changes: the trading engine's leader (`isLeader`), every `pollMs`, tails
 * `order_events` and `journal_entries` (both identity ids, read-only here) and publishes each
 * batch once. With Redis the batch goes out on the deployment's `account-events` channel and
 * every instance hands the events to its own signed-in connections; without Redis (one
 * instance) it is handed over in process. The leader keeps the position it has published up to
 * in Redis, so a new leader (the old one killed) goes on from there: an event may be sent twice
 * around a change of leader (clients skip an `id` they have seen), and the events of a
 * transaction that was still open at the change of leader may be lost (clients re-read their
 * orders and assets when they reconnect).
 */
import { englishMessage, type WsAccountEvent } from '@brokerage/contract';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import type { Db } from '../../platform/db.js';
import { andThen, type MaybePromise } from '../../platform/maybe-promise.js';
import { channelName } from '../../platform/redis.js';
import { IdTail, type TailSource } from '../../platform/id-tail.js';
import * as repo from './push.repository.js';

const CHANNEL = 'account-events';
const CURSOR_KEY = 'account-events:cursor';
/** a holes' wait: a transaction open longer than this has its events given up */
const GAP_TIMEOUT_MS = 30_000;
/** a position older than this many ids (a long stop) is not replayed from, nor a jump tracked id by id */
const MAX_REPLAY = 1_000;
const BATCH = 1_000;
/** the tails (platform/id-tail.ts) start from the saved position, or from the newest id after a long stop */
const tailOptions = { gapTimeoutMs: GAP_TIMEOUT_MS, maxReplay: MAX_REPLAY, maxHoles: MAX_REPLAY, batch: BATCH };

export interface AccountFeedOptions {
  db: Db;
  redis: Redis | null;
  /** true while this process leads the trading engine: the only reader of the changes */
  isLeader: () => boolean;
  /** the signed-in user of a token, as for HTTP calls; null when the token is not valid */
  authenticate: (token: string, account: string) => MaybePromise<{ userId: string } | null>;
  pollMs?: number;
  onError?: (error: unknown) => void;
}

interface Addressed {
  userId: string;
  event: WsAccountEvent;
}

interface Listener {
  socket: WebSocket;
  userId: string;
  token: string;
  account: string;
}

const orderSource: TailSource<repo.OrderEventRow> = {
  newest: repo.newestOrderEventId,
  after: async (db, afterId, limit) => {
    const rows = await repo.orderEventsAfter(db, afterId, limit);
    return { rows, ids: rows.map((r) => r.id) };
  },
  withIds: async (db, ids) => {
    const rows = await repo.orderEventsWithIds(db, ids);
    return { rows, ids: rows.map((r) => r.id) };
  },
};

const moneySource: TailSource<repo.MoneyPostingRow> = {
  newest: repo.newestEntryId,
  after: repo.entriesAfter,
  withIds: async (db, ids) => {
    const visible = await repo.visibleEntryIds(db, ids);
    return { rows: await repo.entriesWithIds(db, visible), ids: visible };
  },
};

const alertSource: TailSource<repo.AlertEventRow> = {
  newest: repo.newestAlertEventId,
  after: async (db, afterId, limit) => {
    const rows = await repo.alertEventsAfter(db, afterId, limit);
    return { rows, ids: rows.map((r) => r.id) };
  },
  withIds: async (db, ids) => {
    const rows = await repo.alertEventsWithIds(db, ids);
    return { rows, ids: rows.map((r) => r.id) };
  },
};

function alertEvent(r: repo.AlertEventRow): Addressed {
  return {
    userId: r.userId,
    event: {
      kind: 'alert',
      id: `a${r.id}`,
      alertId: r.alertId,
      instrumentId: r.instrumentId,
      state: r.state,
      price: r.price,
      at: r.at.toISOString(),
    },
  };
}

function orderEvent(r: repo.OrderEventRow): Addressed {
  return {
    userId: r.userId,
    event: {
      kind: 'order',
      id: `o${r.id}`,
      orderId: r.orderId,
      instrumentId: r.instrumentId,
      state: r.state,
      reason: r.reason,
      at: r.at.toISOString(),
    },
  };
}

/** One event per (entry, user): the postings on that user's accounts. */
function moneyEvents(rows: repo.MoneyPostingRow[]): Addressed[] {
  const byKey = new Map<string, Addressed & { event: Extract<WsAccountEvent, { kind: 'money' }> }>();
  for (const r of rows) {
    const key = `${r.id}:${r.userId}`;
    let item = byKey.get(key);
    if (!item) {
      item = {
        userId: r.userId,
        event: {
          kind: 'money',
          id: `m${r.id}:${r.userId}`,
          entryKind: r.entryKind,
          reference: r.reference,
          at: r.at.toISOString(),
          changes: [],
        },
      };
      byKey.set(key, item);
    }
    item.event.changes.push({ currency: r.currency, account: r.account, amount: r.amount });
  }
  return [...byKey.values()];
}

export class AccountFeed {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly orders = new IdTail(orderSource, tailOptions);
  private readonly money = new IdTail(moneySource, tailOptions);
  private readonly alerts = new IdTail(alertSource, tailOptions);
  private leading = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private subscriber: Redis | null = null;
  /** events published by this process, and events handed to its connections (tests, diagnostics) */
  readonly stats = { published: 0, delivered: 0 };

  constructor(private readonly options: AccountFeedOptions) {}

  /** Starts reading (while leading) and, with Redis, listening to the other instances' batches. */
  start(): void {
    const { redis } = this.options;
    if (redis && !this.subscriber) {
      const subscriber = redis.duplicate();
      void subscriber.subscribe(channelName(redis, CHANNEL)).catch((error: unknown) => this.options.onError?.(error));
      subscriber.on('message', (_channel: string, text: string) => this.receive(text));
      this.subscriber = subscriber;
    }
    if (!this.timer) {
      this.timer = setInterval(() => void this.pollOnce(), this.options.pollMs ?? 200);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.running) await this.running;
    this.subscriber?.disconnect();
    this.subscriber = null;
    for (const set of this.listeners.values()) for (const l of set) l.socket.off('close', this.dropOf(l));
    this.listeners.clear();
  }

  /** The `account` message of a connection: checks the token, then the connection receives its user's events. */
  async signIn(socket: WebSocket, id: string, token: string, account: string): Promise<void> {
    let session: { userId: string } | null;
    try {
      session = await this.options.authenticate(token, account);
    } catch (error) {
      this.options.onError?.(error);
      session = null;
    }
    if (socket.readyState !== socket.OPEN) return;
    if (!session) {
      socket.send(
        JSON.stringify({
          op: 'error',
          id,
          status: 0,
          code: 'auth.required',
          msg: englishMessage('auth.required', {}),
          params: {},
        }),
      );
      return;
    }
    this.listen(socket, session.userId, token, account);
    await this.ensureReading();
    socket.send(JSON.stringify({ op: 'ack', id, status: 1, data: { subscribed: ['account'], rejected: [] } }));
  }

  private readonly drops = new WeakMap<Listener, () => void>();

  private dropOf(listener: Listener): () => void {
    let drop = this.drops.get(listener);
    if (!drop) {
      drop = () => {
        const set = this.listeners.get(listener.userId);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(listener.userId);
      };
      this.drops.set(listener, drop);
    }
    return drop;
  }

  /** Signed in again as another user: the connection follows the last sign-in only. */
  private listen(socket: WebSocket, userId: string, token: string, account: string): void {
    for (const set of this.listeners.values()) {
      for (const l of set)
        if (l.socket === socket) {
          socket.off('close', this.dropOf(l));
          this.dropOf(l)();
        }
    }
    const listener: Listener = { socket, userId, token, account };
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    socket.on('close', this.dropOf(listener));
  }

  /** Connections signed in on this instance. */
  get listenerCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  /** One read of the changes, when leading; runs never overlap. */
  pollOnce(): Promise<void> {
    if (this.running) return this.running;
    const run = this.read()
      .catch((error: unknown) => {
        this.leading = false; // start again from the saved position
        this.options.onError?.(error);
      })
      .finally(() => {
        this.running = null;
      });
    this.running = run;
    return run;
  }

  /**
   * One instance without Redis reads nothing while no connection is signed in (the embedded
   * default pays no query for a feature nobody uses); the first sign-in starts the reading at
   * the newest change before its ack, so it hears everything after the ack.
   */
  private async ensureReading(): Promise<void> {
    if (this.options.redis || this.leading || !this.options.isLeader()) return;
    if (this.running) await this.running;
    if (this.leading) return;
    await this.orders.start(this.options.db, null);
    await this.money.start(this.options.db, null);
    await this.alerts.start(this.options.db, null);
    this.leading = true;
  }

  private async read(): Promise<void> {
    const { db, redis } = this.options;
    if (!this.options.isLeader() || (!redis && this.listenerCount === 0)) {
      this.leading = false;
      return;
    }
    if (!this.leading) {
      const saved = redis ? await redis.get(CURSOR_KEY) : null;
      const cursor = saved ? (JSON.parse(saved) as { orders: string; money: string; alerts?: string }) : null;
      await this.orders.start(db, cursor ? BigInt(cursor.orders) : null);
      await this.money.start(db, cursor ? BigInt(cursor.money) : null);
      await this.alerts.start(db, cursor?.alerts ? BigInt(cursor.alerts) : null);
      this.leading = true;
    }
    const events = [
      ...(await this.orders.poll(db)).map(orderEvent),
      ...moneyEvents(await this.money.poll(db)),
      ...(await this.alerts.poll(db)).map(alertEvent),
    ];
    if (events.length > 0) await this.publish(events);
    if (redis && events.length > 0) {
      await redis.set(
        CURSOR_KEY,
        JSON.stringify({
          orders: this.orders.position.toString(),
          money: this.money.position.toString(),
          alerts: this.alerts.position.toString(),
        }),
        'EX',
        24 * 3600,
      );
    }
  }

  private async publish(events: Addressed[]): Promise<void> {
    this.stats.published += events.length;
    const { redis } = this.options;
    if (redis) await redis.publish(channelName(redis, CHANNEL), JSON.stringify(events));
    else this.deliver(events);
  }

  private receive(text: string): void {
    let events: Addressed[];
    try {
      events = JSON.parse(text) as Addressed[];
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    if (Array.isArray(events)) this.deliver(events);
  }

  /** Hands each event to this instance's connections of its user. */
  private deliver(events: Addressed[]): void {
    for (const { userId, event } of events) {
      const set = this.listeners.get(userId);
      if (!set) continue;
      const text = JSON.stringify({ op: 'account', data: event });
      for (const l of [...set]) {
        if (l.socket.readyState !== l.socket.OPEN) continue;
        // the session is asked again (cached: no query): a signed-out or expired one hears no more
        void Promise.resolve(
          andThen(this.options.authenticate(l.token, l.account), (session) => {
            if (session?.userId === l.userId) {
              l.socket.send(text);
              this.stats.delivered++;
              return;
            }
            l.socket.off('close', this.dropOf(l));
            this.dropOf(l)();
            l.socket.send(
              JSON.stringify({
                op: 'error',
                status: 0,
                code: 'auth.required',
                msg: englishMessage('auth.required', {}),
                params: {},
              }),
            );
          }),
        ).catch((error: unknown) => this.options.onError?.(error));
      }
    }
  }
}
