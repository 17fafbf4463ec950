/**
 * Group commit for one kind of money call (docs/decisions.md "Market orders commit in groups").
 *
 * An instance gathers the calls that arrive while a batch is in flight and writes the next batch
 * in ONE transaction: one claim statement for all their requestIds, the route's effect for all of
 * them (a few multi-row statements), one statement storing every answer, one commit. Each call
 * keeps its own answer: the effect returns one per call, a refusal included, and refuses a call
 * without undoing the others (it checks under the batch's row locks before writing).
 *
 * - Who waits: a call that finds no batch in flight starts one at once (alone, if it is alone);
 *   the others wait for the batch in flight to commit, then go in the next one, at most
 *   `maxBatch` calls; so a call waits at most for one batch before its own.
 * - A key already in the batch being formed (the same requestId twice on this instance) waits for
 *   the next batch, where its claim finds the first one's answer.
 * - A call whose key the batch could not claim (finished, running elsewhere, expired, another
 *   body) gets `single`: the caller runs it alone through `idempotency.claim`, which replays,
 *   refuses or runs it as before.
 * - Any error of the batch's transaction (a database error, a lock wait past `claimWaitMs`, a
 *   bug) rolls the whole batch back and answers `single` for every call: each then runs alone,
 *   so no call fails for another's fault, and nothing of the batch was acknowledged.
 * - A crash loses only uncommitted batches, which no caller was answered for; the claims commit
 *   with the effect, so a duplicate on another instance waits for the batch and replays it.
 */
import type { Clock } from './clock.js';
import { transaction, type Db, type Tx } from './db.js';
import { invariant } from './errors.js';
import { claimMany, storeMany, type KeyedCall, CLAIM_WAIT_MS } from './idempotency.js';

/** A call's stored answer: the HTTP status and the envelope a replay returns. */
export interface CallAnswer {
  httpStatus: number;
  response: Record<string, unknown>;
}

/** The answer of the batch for one call, or `single`: run it alone. */
export type GroupOutcome = ({ kind: 'answer' } & CallAnswer) | { kind: 'single' };

export interface GroupCall<P> extends KeyedCall {
  prepared: P;
}

export interface GroupCommitOptions<P> {
  db: Db;
  clock: Clock;
  /** The effect of the claimed calls, in the batch's transaction: one answer per call, in order. Throwing rolls the batch back. */
  run: (tx: Tx, prepared: P[]) => Promise<CallAnswer[]>;
  /** Most calls in one transaction (default 64). */
  maxBatch?: number;
  /** Batches in flight at once (default 1: the next one gathers while one commits). */
  inFlight?: number;
  /** Bound on the batch's lock waits (default `idempotency.CLAIM_WAIT_MS`). */
  claimWaitMs?: number;
  /** Told of a batch that failed (its calls then run alone). */
  onBatchError?: (error: unknown, size: number) => void;
  /** Awaited before each batch's transaction opens (tests hold a batch there to gather the next one). */
  beforeBatch?: (size: number) => Promise<void> | void;
}

export interface GroupCommitStats {
  batches: number;
  calls: number;
  largest: number;
  /** batches rolled back and run call by call */
  fallbacks: number;
  /** calls queued for the next batch now */
  waiting: number;
}

interface Pending<P> extends GroupCall<P> {
  resolve: (outcome: GroupOutcome) => void;
}

const keyText = (c: KeyedCall): string => `${c.key.userId}\u0000${c.key.path}\u0000${c.key.requestId}`;

export class GroupCommitter<P> {
  readonly stats: GroupCommitStats = { batches: 0, calls: 0, largest: 0, fallbacks: 0, waiting: 0 };
  private readonly queue: Pending<P>[] = [];
  private running = 0;
  private readonly maxBatch: number;
  private readonly inFlight: number;

  constructor(private readonly options: GroupCommitOptions<P>) {
    this.maxBatch = options.maxBatch ?? 64;
    this.inFlight = options.inFlight ?? 1;
    invariant(this.maxBatch >= 1 && this.inFlight >= 1, 'group commit needs a batch of at least 1 and 1 batch in flight');
  }

  /** Joins the next batch; settles when it committed (its answer) or failed (`single`). Never rejects. */
  submit(call: GroupCall<P>): Promise<GroupOutcome> {
    return new Promise<GroupOutcome>((resolve) => {
      this.queue.push({ ...call, resolve });
      this.stats.waiting = this.queue.length;
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.inFlight && this.queue.length > 0) {
      const batch = this.take();
      this.running += 1;
      void this.runBatch(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  /** Up to `maxBatch` calls in arrival order with distinct keys; a repeated key stays queued for a later batch. */
  private take(): Pending<P>[] {
    const batch: Pending<P>[] = [];
    const keys = new Set<string>();
    const rest: Pending<P>[] = [];
    for (const call of this.queue) {
      const k = keyText(call);
      if (batch.length < this.maxBatch && !keys.has(k)) {
        keys.add(k);
        batch.push(call);
      } else {
        rest.push(call);
      }
    }
    this.queue.splice(0, this.queue.length, ...rest);
    this.stats.waiting = this.queue.length;
    return batch;
  }

  private async runBatch(batch: Pending<P>[]): Promise<void> {
    const { db, clock, run } = this.options;
    let outcomes: GroupOutcome[];
    try {
      await this.options.beforeBatch?.(batch.length);
      outcomes = await transaction(db, async (tx) => {
        const claimed = await claimMany(tx, clock, batch, this.options.claimWaitMs ?? CLAIM_WAIT_MS);
        const mine = batch.filter((_, i) => claimed[i]);
        const answers = mine.length > 0 ? await run(tx, mine.map((c) => c.prepared)) : [];
        invariant(answers.length === mine.length, `group commit: ${answers.length} answers for ${mine.length} calls`);
        await storeMany(tx, mine.map((c, i) => ({ key: c.key, ...(answers[i] as CallAnswer) })));
        let next = 0;
        return batch.map((_, i): GroupOutcome => (claimed[i] ? { kind: 'answer', ...(answers[next++] as CallAnswer) } : { kind: 'single' }));
      });
    } catch (error) {
      this.stats.fallbacks += 1;
      this.options.onBatchError?.(error, batch.length);
      outcomes = batch.map(() => ({ kind: 'single' }));
    }
    this.stats.batches += 1;
    this.stats.calls += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    batch.forEach((call, i) => call.resolve(outcomes[i] ?? { kind: 'single' }));
  }
}

/**
 * Gathers the requests that arrive while one run is in flight and answers them with the next run
 * of `run` (one statement for all): the grouped route's replay lookups. A run that throws
 * rejects each of its requests with that error.
 */
export class Coalescer<I, O> {
  private queue: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private running = false;

  constructor(private readonly run: (items: I[]) => Promise<O[]>, private readonly maxBatch = 64) {}

  get(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.running = true;
    this.run(batch.map((b) => b.item)).then(
      (out) => batch.forEach((b, i) => (i < out.length ? b.resolve(out[i] as O) : b.reject(new Error('coalesced run answered too few')))),
      (error: unknown) => batch.forEach((b) => b.reject(error)),
    ).finally(() => {
      this.running = false;
      this.pump();
    });
  }
}
