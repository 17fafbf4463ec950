/**
 * Tails a table by a growing id (an identity or bigserial column): "what happened since" is
 * `id > high`, the newest id handed out.
 *
 * Such ids are taken when a row is inserted, not when its transaction commits: a row with a
 * smaller id can become visible after a larger one. Every id skipped over is therefore remembered
 * as a hole and asked for again on later polls until its row shows up or, after `gapTimeoutMs`,
 * is given up (a rolled-back transaction, or PostgreSQL's sequence jump after a crash, leaves
 * holes for ever). A jump larger than `maxHoles` is not tracked id by id: the caller's periodic
 * full reconcile covers what is missed beyond that.
 */
import type { Db } from './db.js';

/**
 * What a tail reads. `ids` are the ids seen (in order, each once), `rows` what the caller gets for
 * them: one row per id in the simple case, or none or several (a journal entry's postings on users'
 * accounts) where a source says so.
 */
export interface TailSource<R> {
  /** the newest id handed out so far (0 when the table is empty) */
  newest(db: Db): Promise<bigint>;
  /** ids above `afterId`, in id order, at most `limit`, with their rows */
  after(db: Db, afterId: bigint, limit: number): Promise<{ rows: R[]; ids: bigint[] }>;
  /** the ids among `ids` that are visible now, with their rows */
  withIds(db: Db, ids: bigint[]): Promise<{ rows: R[]; ids: bigint[] }>;
}

/** A source whose rows are its ids, one each (`idOf` reads a row's id). */
export function rowSource<R>(source: {
  newest(db: Db): Promise<bigint>;
  after(db: Db, afterId: bigint, limit: number): Promise<R[]>;
  withIds(db: Db, ids: bigint[]): Promise<R[]>;
  idOf(row: R): bigint;
}): TailSource<R> {
  const withIds = (rows: R[]) => ({ rows, ids: rows.map(source.idOf) });
  return {
    newest: (db) => source.newest(db),
    after: async (db, afterId, limit) => withIds(await source.after(db, afterId, limit)),
    withIds: async (db, ids) => withIds(await source.withIds(db, ids)),
  };
}

export interface IdTailOptions {
  /** how long a hole is waited for (wall clock); 30 s by default */
  gapTimeoutMs?: number;
  /** ids re-read below the newest one when the tail starts without a saved position; 0 by default */
  lookback?: number;
  /** a saved position further than this below the newest id is not replayed from; 1000 by default */
  maxReplay?: number;
  /** rows read per query; 1000 by default */
  batch?: number;
  /** a jump larger than this is not tracked id by id; 10,000 by default */
  maxHoles?: number;
  now?: () => number;
}

export class IdTail<R> {
  /** the newest id handed out */
  private high = 0n;
  /** ids below `high` not seen yet, with the wall-clock time they were first missed */
  private readonly holes = new Map<bigint, number>();
  private readonly gapTimeoutMs: number;
  private readonly lookback: bigint;
  private readonly maxReplay: bigint;
  private readonly batch: number;
  private readonly maxHoles: bigint;
  private readonly now: () => number;

  constructor(
    private readonly source: TailSource<R>,
    options: IdTailOptions = {},
  ) {
    this.gapTimeoutMs = options.gapTimeoutMs ?? 30_000;
    this.lookback = BigInt(options.lookback ?? 0);
    this.maxReplay = BigInt(options.maxReplay ?? 1000);
    this.batch = options.batch ?? 1000;
    this.maxHoles = BigInt(options.maxHoles ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  /**
   * Starts from `saved` (a position kept by an earlier reader) when it is at most `maxReplay` ids
   * behind the newest one, else `lookback` ids below the newest: rows of transactions still in
   * flight while the caller loads its state are read by the next polls (re-reading is harmless).
   */
  async start(db: Db, saved: bigint | null = null): Promise<void> {
    const newest = await this.source.newest(db);
    if (saved !== null && saved <= newest && newest - saved <= this.maxReplay) this.high = saved;
    else this.high = newest > this.lookback ? newest - this.lookback : 0n;
    this.holes.clear();
  }

  /** The rows not handed out before: holes that filled in, then the rows past `high`. */
  async poll(db: Db): Promise<R[]> {
    const found: R[] = [];
    const now = this.now();
    if (this.holes.size > 0) {
      const ids = [...this.holes.keys()];
      for (let i = 0; i < ids.length; i += this.batch) {
        const seen = await this.source.withIds(db, ids.slice(i, i + this.batch));
        for (const id of seen.ids) this.holes.delete(id);
        found.push(...seen.rows);
      }
      for (const [id, since] of this.holes) if (now - since >= this.gapTimeoutMs) this.holes.delete(id);
    }
    for (;;) {
      const next = await this.source.after(db, this.high, this.batch);
      for (const id of next.ids) {
        if (id - this.high <= this.maxHoles)
          for (let hole = this.high + 1n; hole < id; hole += 1n) this.holes.set(hole, now);
        if (id > this.high) this.high = id;
      }
      found.push(...next.rows);
      if (next.ids.length < this.batch) return found;
    }
  }

  /** The newest id handed out (a reader keeps it to go on from there, `start(db, saved)`). */
  get position(): bigint {
    return this.high;
  }

  /** For tests and diagnostics. */
  state(): { high: bigint; holes: number } {
    return { high: this.high, holes: this.holes.size };
  }
}
