/**
 * Group commit for one kind of money call (docs/decisions.md "Market orders commit in groups").
 *
 * An instance gathers the calls that arrive while a batch is in flight and writes the next batch
 * in ONE transaction of two round trips (`pipelinedTransaction`): first the claim of all their
 * requestIds and the effect's locks, sent together behind BEGIN; then the effect's writes (a few
 * multi-row statements), one statement storing every answer and the COMMIT, sent together. Each
 * call keeps its own answer: the effect gives one per call, a refusal included, and refuses a call
 * without undoing the others (it checks under the batch's row locks before writing); it knows the
 * answers before its writes are answered, so the answers are stored in the same round trip.
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
import { pipelinedTransaction, type Db, type Tx } from './db.js';
import { invariant } from './errors.js';
import { claimMany, storeMany, type KeyedCall, CLAIM_WAIT_MS } from './idempotency.js';

/** A call's stored answer: the HTTP status and the envelope a replay returns. */
export interface CallAnswer {
  httpStatus: number;
  response: Record<string, unknown>;
}

/**
 * The answer of the batch for one call, with its JSON text (what was stored: the caller sends
 * it as is), or `single`: run it alone.
 */
export type GroupOutcome = ({ kind: 'answer'; json: string } & CallAnswer) | { kind: 'single' };

export interface GroupCall<P> extends KeyedCall {
  prepared: P;
}

/**
 * The effect of a batch, in two halves that each share a round trip (see `pipelinedTransaction`
 * for how statements must be started to go out together).
 */
export interface GroupEffect<P, L> {
  /** Sent with the claim, before knowing which calls it takes: the reads under lock the effect needs, for every call of the batch. */
  lock: (tx: Tx, prepared: P[]) => Promise<L>;
  /**
   * Sends the writes of the calls `take` picks (those the claim took; indexes into `prepared`)
   * without waiting for them, and answers each of them at once, in order. Throwing, or `written`
   * rejecting, rolls the batch back.
   */
  write: (
    tx: Tx,
    locked: L,
    prepared: P[],
    take: readonly number[],
  ) => { answers: CallAnswer[]; written: Promise<unknown> };
}

export interface GroupCommitOptions<P, L> {
  db: Db;
  clock: Clock;
  effect: GroupEffect<P, L>;
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

export class GroupCommitter<P, L = unknown> {
  readonly stats: GroupCommitStats = { batches: 0, calls: 0, largest: 0, fallbacks: 0, waiting: 0 };
  private readonly queue: Pending<P>[] = [];
  private running = 0;
  private readonly maxBatch: number;
  private readonly inFlight: number;

  constructor(private readonly options: GroupCommitOptions<P, L>) {
    this.maxBatch = options.maxBatch ?? 64;
    this.inFlight = options.inFlight ?? 1;
    invariant(
      this.maxBatch >= 1 && this.inFlight >= 1,
      'group commit needs a batch of at least 1 and 1 batch in flight',
    );
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
    const { db, clock, effect } = this.options;
    let outcomes: GroupOutcome[];
    try {
      await this.options.beforeBatch?.(batch.length);
      const prepared = batch.map((c) => c.prepared);
      outcomes = await pipelinedTransaction(db, async (tx, commit) => {
        // round trip 1: BEGIN (sent by pipelinedTransaction), the claim, the effect's locks
        const [claimed, locked] = await Promise.all([
          claimMany(tx, clock, batch, this.options.claimWaitMs ?? CLAIM_WAIT_MS),
          effect.lock(tx, prepared),
        ]);
        const take = batch.flatMap((_, i) => (claimed[i] ? [i] : []));
        if (take.length === 0) return batch.map((): GroupOutcome => ({ kind: 'single' }));
        // round trip 2: the effect's writes, the answers, COMMIT
        const { answers, written } = effect.write(tx, locked, prepared, take);
        invariant(answers.length === take.length, `group commit: ${answers.length} answers for ${take.length} calls`);
        // each answer serialised once: stored, and sent as the same text
        const texts = answers.map((a) => JSON.stringify(a.response));
        await Promise.all([
          written,
          storeMany(
            tx,
            take.map((i, n) => ({
              key: (batch[i] as Pending<P>).key,
              httpStatus: (answers[n] as CallAnswer).httpStatus,
              responseJson: texts[n] as string,
            })),
          ),
          commit(),
        ]);
        let next = 0;
        return batch.map((_, i): GroupOutcome => {
          if (!claimed[i]) return { kind: 'single' };
          const n = next++;
          return { kind: 'answer', ...(answers[n] as CallAnswer), json: texts[n] as string };
        });
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
 * of `run` (one statement for all): the grouped route's replay lookups. A run starts in the turn
 * of the event loop after the request that found none in flight (`setImmediate`), so the requests
 * read from the sockets in the same turn go together: answers of a committed batch reach their
 * clients at once, and their next calls arrive together (issue 29: the first of them used to go
 * alone, about 1.7 lookups per batch instead of one). A run that throws rejects each of its
 * requests with that error.
 */
export class Coalescer<I, O> {
  private queue: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private running = false;
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 64,
  ) {}

  get(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running || this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.start();
    });
  }

  private start(): void {
    if (this.running || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.running = true;
    let out: Promise<O[]>;
    try {
      out = this.run(batch.map((b) => b.item));
    } catch (error) {
      out = Promise.reject(error);
    }
    out
      .then(
        (answers) =>
          batch.forEach((b, i) =>
            i < answers.length ? b.resolve(answers[i] as O) : b.reject(new Error('coalesced run answered too few')),
          ),
        (error: unknown) => batch.forEach((b) => b.reject(error)),
      )
      .finally(() => {
        this.running = false;
        this.pump();
      });
  }
}
