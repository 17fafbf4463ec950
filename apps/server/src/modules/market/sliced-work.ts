/**
 * Runs stepwise computations (generators that yield between small units of work) without
 * holding the event loop: a job runs for at most `sliceMs`, then waits for the next turn of the
 * loop, so timers, sockets, `/health`, the engine and the WebSocket get their turn between two
 * slices (issue 18: one cold chart used to hold the loop for up to 17 s).
 *
 * One slice per loop turn in all, jobs taken in turn (round-robin): however many charts are
 * being computed, the loop is held for about one slice at a time. A job whose first slice
 * finishes it (a warm chart: almost every request) answers in the same turn. A new job runs its
 * first slice at once only when no other job is waiting, so a burst of cold charts cannot add
 * one slice each to the same turn. Past `maxJobs` waiting jobs a new one is refused with 429.
 */
import { DomainError } from '../../platform/errors.js';

export interface SlicedWorkOptions {
  /** the longest a slice runs before giving the loop back (default 5 ms) */
  sliceMs?: number;
  /** jobs that may wait at once; one more is refused (default 64) */
  maxJobs?: number;
  /** seconds a refused caller is told to wait (default 2) */
  retryAfterSeconds?: number;
}

interface Job {
  steps: Iterator<void, unknown, void>;
  signal?: AbortSignal;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type SliceResult = { done: true; value: unknown } | { done: false };

export class SlicedWork {
  private readonly sliceMs: number;
  private readonly maxJobs: number;
  private readonly retryAfterSeconds: number;
  private readonly queue: Job[] = [];
  private scheduled = false;
  private counters = { jobs: 0, sliced: 0, slices: 0, refused: 0, abandoned: 0 };

  constructor(options: SlicedWorkOptions = {}) {
    this.sliceMs = options.sliceMs ?? 5;
    this.maxJobs = options.maxJobs ?? 64;
    this.retryAfterSeconds = options.retryAfterSeconds ?? 2;
  }

  /** Jobs waiting for a slice now. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Jobs run, jobs that needed more than one slice, slices run, jobs refused, jobs dropped for their aborted caller. */
  stats(): { jobs: number; sliced: number; slices: number; refused: number; abandoned: number } {
    return { ...this.counters };
  }

  /**
   * Runs `steps` to its end; the returned promise settles with its value or its error. When
   * `signal` aborts (the client went away, the request timed out) the job is dropped before its
   * next slice: what its steps computed stays in the simulator's caches for the next request.
   */
  run<T>(steps: Generator<void, T, void>, signal?: AbortSignal): Promise<T> {
    this.counters.jobs += 1;
    if (this.queue.length === 0) {
      let first: SliceResult;
      try {
        first = this.slice(steps);
      } catch (error) {
        return Promise.reject(error);
      }
      if (first.done) return Promise.resolve(first.value as T);
    } else if (this.queue.length >= this.maxJobs) {
      this.counters.refused += 1;
      steps.return(undefined as T);
      return Promise.reject(new DomainError('request.too_frequent', { seconds: String(this.retryAfterSeconds) }));
    }
    this.counters.sliced += 1;
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ steps, signal, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private slice(steps: Iterator<void, unknown, void>): SliceResult {
    this.counters.slices += 1;
    const until = performance.now() + this.sliceMs;
    for (;;) {
      const next = steps.next();
      if (next.done) return { done: true, value: next.value };
      if (performance.now() >= until) return { done: false };
    }
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const job = this.queue.shift();
      if (job === undefined) return;
      if (job.signal?.aborted) {
        this.counters.abandoned += 1;
        job.steps.return?.(undefined);
        job.reject(job.signal.reason ?? new Error('abandoned'));
        this.schedule();
        return;
      }
      try {
        const result = this.slice(job.steps);
        if (result.done) job.resolve(result.value);
        else this.queue.push(job);
      } catch (error) {
        job.reject(error);
      }
      this.schedule();
    });
  }
}
