/**
 * Tails `order_events` so the leader's trigger index sees orders placed or changed by any
 * instance. Every state change, and every TP/SL edit, writes an event; its `id` is an identity
 * column, so "what changed since" is `id > high` (the newest id handed out).
 *
 * Identity values are taken when a row is inserted, not when its transaction commits: an event
 * with a smaller id can become visible after a larger one. Every id skipped over is therefore
 * remembered as a hole and asked for again on later polls until its event shows up or, after
 * `gapTimeoutMs`, is given up (a rolled-back transaction, or PostgreSQL's sequence jump after a
 * crash, leaves holes for ever). The periodic full reconcile covers anything missed beyond that.
 */
import type { Db } from '../../../platform/db.js';
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

export class ChangeTail {
  /** the newest event id handed out */
  private high = 0n;
  /** ids below `high` not seen yet, with the wall-clock time they were first missed */
  private readonly holes = new Map<bigint, number>();
  private readonly gapTimeoutMs: number;
  private readonly lookback: bigint;
  private readonly batch: number;
  private readonly maxHoles: bigint;
  private readonly now: () => number;

  constructor(options: ChangeTailOptions = {}) {
    this.gapTimeoutMs = options.gapTimeoutMs ?? 30_000;
    this.lookback = BigInt(options.lookback ?? 1000);
    this.batch = options.batch ?? 5000;
    this.maxHoles = BigInt(options.maxHoles ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  /**
   * Starts `lookback` events below the newest one: events of transactions still in flight
   * while the caller loads the orders are read by the next polls (re-reading is harmless).
   */
  async start(db: Db): Promise<void> {
    const newest = await repo.newestEventId(db);
    this.high = newest > this.lookback ? newest - this.lookback : 0n;
    this.holes.clear();
  }

  /** The ids of orders with events not handed out before (each order once per call). */
  async poll(db: Db): Promise<string[]> {
    const changed = new Set<string>();
    const now = this.now();
    if (this.holes.size > 0) {
      const ids = [...this.holes.keys()];
      for (let i = 0; i < ids.length; i += this.batch) {
        const rows = await repo.eventsWithIds(db, ids.slice(i, i + this.batch));
        for (const r of rows) {
          this.holes.delete(r.id);
          changed.add(r.orderId);
        }
      }
      for (const [id, since] of this.holes) if (now - since >= this.gapTimeoutMs) this.holes.delete(id);
    }
    for (;;) {
      const rows = await repo.eventsAfter(db, this.high, this.batch);
      for (const r of rows) {
        if (r.id - this.high <= this.maxHoles)
          for (let id = this.high + 1n; id < r.id; id += 1n) this.holes.set(id, now);
        this.high = r.id;
        changed.add(r.orderId);
      }
      if (rows.length < this.batch) break;
    }
    return [...changed];
  }

  /** For tests and diagnostics. */
  position(): { high: bigint; holes: number } {
    return { high: this.high, holes: this.holes.size };
  }
}
