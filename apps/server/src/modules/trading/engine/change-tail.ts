/**
 * Tails `order_events` so the leader's trigger index sees orders placed or changed by any
 * instance. Every state change, and every TP/SL edit, writes an event; its `id` is an identity
 * column, so "what changed since" is `id > high`, with the ids skipped over waited for as holes
 * (platform/id-tail.ts). The engine's periodic full reconcile covers anything missed beyond that.
 */
import type { Db } from '../../../platform/db.js';
import { IdTail, rowSource } from '../../../platform/id-tail.js';
import * as repo from '../orders.repository.js';

export interface ChangeTailOptions {
  /** how long a hole in the ids is waited for (wall clock); 30 s by default */
  gapTimeoutMs?: number;
  /** events re-read below the newest id when the tail (re)starts; 1000 by default */
  lookback?: number;
  /** rows read per query; 5000 by default */
  batch?: number;
  /** a jump larger than this is not tracked id by id (the reconcile covers it) */
  maxHoles?: number;
  now?: () => number;
}

type EventRef = { id: bigint; orderId: string };

const orderEventSource = rowSource<EventRef>({
  newest: repo.newestEventId,
  after: repo.eventsAfter,
  withIds: repo.eventsWithIds,
  idOf: (row) => row.id,
});

export class ChangeTail {
  private readonly tail: IdTail<EventRef>;

  constructor(options: ChangeTailOptions = {}) {
    this.tail = new IdTail(orderEventSource, {
      ...options,
      lookback: options.lookback ?? 1000,
      batch: options.batch ?? 5000,
    });
  }

  /**
   * Starts `lookback` events below the newest one: events of transactions still in flight
   * while the caller loads the orders are read by the next polls (re-reading is harmless).
   */
  start(db: Db): Promise<void> {
    return this.tail.start(db);
  }

  /** The ids of orders with events not handed out before (each order once per call). */
  async poll(db: Db): Promise<string[]> {
    return [...new Set((await this.tail.poll(db)).map((e) => e.orderId))];
  }

  /** For tests and diagnostics. */
  position(): { high: bigint; holes: number } {
    return this.tail.state();
  }
}
