/**
 * Warms every instrument's quote in slices, when the server starts and then every
 * `intervalMs` (issue 18). A fresh simulator answers its first quote of an index by walking
 * years of every member's closes: the whole universe is 0.23–0.6 s of CPU. The market routes
 * and the quote hub warm what they need in slices anyway, but other callers (orders, positions,
 * the engine) quote directly: warmed ahead, their first quote costs a lookup too. Each pass
 * also catches what turned cold since the last: a market's new trading day (a new minute path
 * per instrument) or a rebuilt simulator (a calendar changed, a new share was listed).
 *
 * `ready` turns true when the first pass is done; `/health` answers 503 `warming` until then,
 * so a load balancer sends no traffic to an instance still warming.
 *
 * The 52-week figures (`stats`, a year of minute paths per stock: 5.8 s of CPU for the
 * universe) are not warmed ahead: only `/market/quote` reads them, and it warms them in slices.
 */
import type { MarketFeed } from './feed.js';
import type { SlicedWork } from './sliced-work.js';

const DEFAULT_INTERVAL_MS = 30_000;

export class FeedWarmer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private warmedOnce = false;
  private passes = 0;

  constructor(
    private readonly feed: MarketFeed,
    private readonly work: SlicedWork,
    private readonly intervalMs = DEFAULT_INTERVAL_MS,
  ) {}

  /** True once every instrument was warmed once. */
  get ready(): boolean {
    return this.warmedOnce;
  }

  /** Passes finished. */
  get passCount(): number {
    return this.passes;
  }

  start(): void {
    if (this.timer !== null) return;
    void this.pass();
    this.timer = setInterval(() => void this.pass(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * One pass over the universe as one sliced job (round-robin with the charts: one slice per
   * turn of the loop); warm instruments cost a lookup each. A pass refused (the queue of sliced
   * work is full) is tried again at the next interval.
   */
  pass(): Promise<void> {
    if (this.running !== null) return this.running;
    const feed = this.feed;
    const run = this.work
      .run(
        (function* () {
          for (const def of feed.instruments()) {
            if (!feed.isWarm(def.instrumentId)) yield* feed.warmSteps(def.instrumentId);
          }
        })(),
      )
      .then(
        () => {
          this.warmedOnce = true;
          this.passes += 1;
        },
        () => undefined,
      )
      .finally(() => {
        this.running = null;
      });
    this.running = run;
    return run;
  }
}
