/**
 * The trading engine (docs/architecture.md "engine", docs/api.md §3.1): a loop beside the API that reads
 * the feed and, for the orders of every instrument, expires day orders, ends locks, fills limit
 * orders the last price reached, stops out positions whose floating loss reached
 * margin × stopOutRatio, fires take-profit / stop-loss, closes positions of delisted
 * instruments, and settles rows left `closing`.
 *
 * It does not scan the orders. A trigger index (engine/trigger-index.ts) keeps, per instrument,
 * every price at which something must happen, sorted, plus a time-ordered queue of dated work;
 * a tick asks it only for what the new last price reached and what fell due. The index is
 * loaded once from the live orders, kept current by tailing `order_events` (engine/change-tail.ts:
 * every state change and every TP/SL edit writes one, from any instance), and reloaded in full
 * every `reconcileMs` as a safety net.
 *
 * The index is a hint; the database row is the truth. Each step is its own transaction that
 * locks the order row (FOR UPDATE), re-checks state and condition with exact decimals, acts,
 * and hands the row it read back to the index. So a step is idempotent: a crash between steps
 * loses nothing, and two engines, or the engine and a user's cancel or close, never act twice
 * on one order (the journal's idempotency keys guard the money as well).
 *
 * Leadership: the engine is a leader-only job of the job runner (platform/jobs.ts): with PostgreSQL
 * one process leads through `pg_try_advisory_lock` held on a dedicated connection (released when
 * the process dies); embedded PGlite has one process.
 */
import { closeReasons, Dec } from '@brokerage/contract';
import type { SimMarket } from '@brokerage/market-sim';
import type { Clock } from '../../platform/clock.js';
import { transaction, type Db, type Tx } from '../../platform/db.js';
import { advisoryLeaderLock, JobRunner, type JobSpec } from '../../platform/jobs.js';
import type { Settings } from '../../platform/settings.js';
import { findUserById } from '../auth/index.js';
import { InsufficientFundsError, type Ledger } from '../ledger/index.js';
import type { FeedQuote, MarketFeed } from '../market/index.js';
import { ChangeTail, type ChangeTailOptions } from './engine/change-tail.js';
import { limitCrossed, stopLossCrossed, stoppedOut, takeProfitCrossed, type PriceKind } from './engine/conditions.js';
import { TriggerIndex } from './engine/trigger-index.js';
import { closeFillPrice, usableQuote } from './orders.service.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.repository.js';
import { canOrder, transitionOrder } from './orders.states.js';
import { cancelPending, closeAt, fillLimit, type CloseReason, type TradingDeps } from './positions.service.js';
import { inAnySession } from './sessions.js';

export interface EngineDeps {
  db: Db;
  clock: Clock;
  settings: Settings;
  feed: MarketFeed;
  ledger: Ledger;
}

export interface EngineOptions {
  /** tick interval; 1 s by default */
  intervalMs?: number;
  /** PostgreSQL URL for the leadership lock; null with PGlite (the single process leads) */
  databaseUrl?: string | null;
  onError?: (error: unknown) => void;
  /** full reload of the trigger index from the database (safety net); 5 minutes by default */
  reconcileMs?: number;
  /** told how long each tick of the leader took (ms) and whether it failed (operators' metrics) */
  onTick?: (durationMs: number, ok: boolean) => void;
  tail?: ChangeTailOptions;
}

/** The advisory-lock key of the engine leader ("TRADENGN" in ASCII, as a bigint). */
export const ENGINE_LOCK_KEY = '6076294339497150030';

export interface EngineReport {
  filled: number;
  expired: number;
  /** closes of every reason: stop-out, TP/SL, delisting, `closing` rows filled */
  closed: number;
  /** locked → holding at `lockUntil` */
  unlocked: number;
  /** closing → holding when the session ended before a fill */
  reopened: number;
}

const emptyReport = (): EngineReport => ({ filled: 0, expired: 0, closed: 0, unlocked: 0, reopened: 0 });

/** What a step read and did: the row goes back into the index; `park` holds its TP/SL back until then. */
interface StepResult {
  row: OrderRow | null;
  acted: boolean;
  park?: Date;
}

type Act = (tx: Tx, row: OrderRow) => Promise<StepResult>;

/** The reason of an event written when the session ended with a row still `closing`. */
export const SESSION_END_REASON = 'session_end';
/** The reason of the event written when `lockUntil` is reached. */
export const LOCK_EXPIRED_REASON = 'lock_expired';

const LOAD_CHUNK = 1000;
const LOAD_PAGE = 5000;

/** Stop-out first (it ignores min hold, T+N and the lock), then TP/SL with the guards of a user close. */
async function closeVerdict(
  tx: Db,
  row: OrderRow,
  last: Dec,
  now: Date,
): Promise<{ trigger?: CloseReason; park?: Date }> {
  if (row.costPrice === null) return {};
  const side = row.side;
  const terms = {
    side,
    costPrice: row.costPrice,
    lots: row.lots,
    lotSize: row.lotSize,
    margin: row.margin,
    stopOutRatio: row.stopOutRatio,
    currency: row.currency,
  };
  if (stoppedOut(terms, last)) return { trigger: 'stop_out' };
  // take-profit and stop-loss close a holding position only (a locked one waits for its lock to end)
  if (!canOrder(row, 'tp_sl')) return {};
  const tp = row.takeProfit !== null && takeProfitCrossed(side, new Dec(row.takeProfit), last);
  const sl = row.stopLoss !== null && stopLossCrossed(side, new Dec(row.stopLoss), last);
  if (!tp && !sl) return {};
  // a failing guard leaves it holding; it is looked at again once the guard can pass
  if (row.minHoldUntil && now < row.minHoldUntil) return { park: row.minHoldUntil };
  if (row.tPlusUntil && now < row.tPlusUntil) {
    const user = await findUserById(tx, row.userId);
    if (!user?.dayTrading) return { park: row.tPlusUntil };
  }
  return { trigger: tp ? 'take_profit' : 'stop_loss' };
}

/** The reason a `closing` row was given when it entered that state (its last `closing` event). */
async function closingReason(tx: Db, orderId: string): Promise<CloseReason> {
  const events = await repo.eventsOf(tx, orderId);
  const reason = [...events].reverse().find((e) => e.state === 'closing')?.reason;
  return (closeReasons as readonly string[]).includes(reason ?? '') ? (reason as CloseReason) : 'user';
}

/** Live orders page by page (keyset on the id), for the full load. */
async function* livePages(db: Db): AsyncIterable<OrderRow[]> {
  let after = '';
  for (;;) {
    const rows = await repo.livePageAfter(db, after, LOAD_PAGE);
    if (rows.length > 0) yield rows;
    if (rows.length < LOAD_PAGE) return;
    after = (rows[rows.length - 1] as OrderRow).id;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class TradingEngine {
  private current = new TriggerIndex();
  private readonly tail: ChangeTail;
  private readonly trading: TradingDeps;
  /** wall-clock time of the last full load; null: load on the next tick */
  private loadedAt: number | null = null;
  /** orders whose step failed: read again on the next tick */
  private readonly retry = new Set<string>();

  constructor(
    private readonly deps: EngineDeps,
    private readonly options: Pick<EngineOptions, 'reconcileMs' | 'onError' | 'tail'> = {},
  ) {
    this.tail = new ChangeTail(options.tail);
    this.trading = { db: deps.db, clock: deps.clock, feed: deps.feed, ledger: deps.ledger };
  }

  /** The next tick reloads everything (leadership gained, a failed tick). */
  invalidate(): void {
    this.loadedAt = null;
  }

  get index(): TriggerIndex {
    return this.current;
  }

  /**
   * Full load into a fresh index, page by page, giving the event loop back between pages (the
   * API shares the process). The tail starts first, so changes committed while the pages are
   * read are applied by the next polls.
   */
  async reconcile(): Promise<void> {
    await this.tail.start(this.deps.db);
    const fresh = new TriggerIndex();
    await fresh.loadInSteps(livePages(this.deps.db), this.deps.clock.now(), nextTurn);
    this.current = fresh;
    this.retry.clear();
    this.loadedAt = Date.now();
  }

  private async applyChanges(): Promise<void> {
    const ids = new Set(await this.tail.poll(this.deps.db));
    for (const id of this.retry) ids.add(id);
    this.retry.clear();
    if (ids.size === 0) return;
    const list = [...ids];
    const now = this.deps.clock.now();
    for (let i = 0; i < list.length; i += LOAD_CHUNK) {
      const chunk = list.slice(i, i + LOAD_CHUNK);
      const rows = await repo.ordersByIds(this.deps.db, chunk);
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of chunk) {
        const row = byId.get(id);
        if (row) this.index.upsert(row, now);
        else this.index.remove(id);
      }
    }
  }

  /** One pass: catch up with the changes, then dated work, then every instrument's price hits. */
  async tick(): Promise<EngineReport> {
    const reconcileMs = this.options.reconcileMs ?? 5 * 60_000;
    if (this.loadedAt === null || Date.now() - this.loadedAt >= reconcileMs) await this.reconcile();
    else await this.applyChanges();
    const report = emptyReport();
    const now = this.deps.clock.now();
    const due = this.index.due(now);
    for (const id of due.expire) {
      if (
        await this.step(id, async (tx, row) => {
          // day orders expire after the market's last session of their trading day
          if (!canOrder(row, 'expire') || !row.expiresAt || now < row.expiresAt) return { row, acted: false };
          return { row: await cancelPending(tx, this.deps.ledger, row, 'expired', now), acted: true };
        })
      )
        report.expired += 1;
    }
    for (const id of due.unlock) {
      if (
        await this.step(id, async (tx, row) => {
          if (!canOrder(row, 'lock_ends') || !row.lockUntil || now < row.lockUntil) return { row, acted: false };
          return { row: await transitionOrder(tx, row, 'lock_ends', {}, now, LOCK_EXPIRED_REASON), acted: true };
        })
      )
        report.unlocked += 1;
    }
    for (const instrumentId of this.index.instruments()) await this.runInstrument(instrumentId, now, report);
    return report;
  }

  private async runInstrument(instrumentId: string, now: Date, report: EngineReport): Promise<void> {
    const { feed } = this.deps;
    const def = feed.instrument(instrumentId);
    if (!def) return;
    const quote = feed.quote(instrumentId);
    // delisted: every open position closes at the last valid price, session or not (§3.1, §3.8)
    if (quote.status === 'delisted') {
      const last = new Dec(quote.price);
      for (const id of this.index.openOf(instrumentId)) {
        if (
          await this.step(id, async (tx, row) => {
            if (!canOrder(row, 'delist') && !canOrder(row, 'fill_close')) return { row, acted: false };
            return { row: await closeAt(tx, this.trading, row, last, 'delisting', now), acted: true };
          })
        )
          report.closed += 1;
      }
      return;
    }
    const inSession = quote.inSession && inAnySession(feed.calendar(def.market as SimMarket), now);
    const usable = inSession && usableQuote(quote);
    // rows left `closing`: filled at the next valid quote, or back to holding once the session ended
    for (const id of this.index.closingOf(instrumentId)) {
      if (usable) {
        if (
          await this.step(id, async (tx, row) => {
            if (!canOrder(row, 'fill_close')) return { row, acted: false };
            const reason = await closingReason(tx, row.id);
            return {
              row: await closeAt(tx, this.trading, row, closeFillPrice(row.side, quote), reason, now),
              acted: true,
            };
          })
        )
          report.closed += 1;
      } else if (!inSession) {
        if (
          await this.step(id, async (tx, row) => {
            if (!canOrder(row, 'session_ends')) return { row, acted: false };
            return { row: await transitionOrder(tx, row, 'session_ends', {}, now, SESSION_END_REASON), acted: true };
          })
        )
          report.reopened += 1;
      }
    }
    if (!usable) return;
    const hits = this.index.priceHits(instrumentId, quote.price);
    if (hits.length === 0) return;
    const kinds = new Map<string, Set<PriceKind>>();
    for (const hit of hits) {
      let set = kinds.get(hit.orderId);
      if (!set) kinds.set(hit.orderId, (set = new Set()));
      set.add(hit.kind);
    }
    const last = new Dec(quote.price);
    for (const [orderId, set] of kinds) {
      if (set.has('limit')) {
        if (await this.fill(orderId, last, now)) report.filled += 1;
      } else if (await this.close(orderId, quote, last, now)) {
        report.closed += 1;
      }
    }
  }

  /** A limit order the last price reached during a session: filled at the limit price. */
  private fill(orderId: string, last: Dec, now: Date): Promise<boolean> {
    return this.step(orderId, async (tx, row) => {
      if (!canOrder(row, 'limit_reached') || row.price === null || !limitCrossed(row.side, new Dec(row.price), last))
        return { row, acted: false };
      return { row: await fillLimit(tx, this.trading, row, now), acted: true };
    });
  }

  /** Stop-out, then take-profit / stop-loss, filled at the bid (long) or ask (short). */
  private close(orderId: string, quote: FeedQuote, last: Dec, now: Date): Promise<boolean> {
    return this.step(orderId, async (tx, row) => {
      if (!canOrder(row, 'stop_out')) return { row, acted: false };
      const verdict = await closeVerdict(tx, row, last, now);
      if (!verdict.trigger) return { row, acted: false, ...(verdict.park ? { park: verdict.park } : {}) };
      return {
        row: await closeAt(tx, this.trading, row, closeFillPrice(row.side, quote), verdict.trigger, now),
        acted: true,
      };
    });
  }

  /** Runs one step on one order under its row lock, then puts the row it read back into the index. */
  private async step(orderId: string, act: Act): Promise<boolean> {
    let result: StepResult;
    try {
      result = await transaction(this.deps.db, async (tx) => {
        const row = await repo.lockOrder(tx, orderId);
        return row ? act(tx, row) : { row: null, acted: false };
      });
    } catch (error) {
      // read again next tick; negative-balance protection may have read a balance a concurrent call changed
      this.retry.add(orderId);
      if (!(error instanceof InsufficientFundsError)) this.options.onError?.(error);
      return false;
    }
    if (result.row) this.index.upsert(result.row, this.deps.clock.now());
    else this.index.remove(orderId);
    if (result.park) this.index.park(orderId, result.park);
    return result.acted;
  }
}

const onceEngines = new WeakMap<EngineDeps, TradingEngine>();

/**
 * One tick of an engine kept per `deps` object (tests drive it with the manual clock): the first
 * call loads the index, later calls tail the changes. `reconcile` forces a full reload first.
 * Errors of a step are thrown.
 */
export async function runEngineOnce(deps: EngineDeps, options: { reconcile?: boolean } = {}): Promise<EngineReport> {
  let engine = onceEngines.get(deps);
  if (!engine) {
    engine = new TradingEngine(deps, {
      onError: (error) => {
        throw error;
      },
    });
    onceEngines.set(deps, engine);
  }
  if (options.reconcile) engine.invalidate();
  return engine.tick();
}

export interface RunningEngine {
  /** waits for a running tick and releases the leadership */
  stop: () => Promise<void>;
  /** true while this process leads */
  isLeader: () => boolean;
  /** what this process's engine did since it started */
  totals: () => EngineReport;
  engine: TradingEngine;
}

/** The name of the engine's job in the job runner (and in the log: "trading engine tick failed"). */
export const ENGINE_JOB = 'trading engine tick';

/**
 * The engine as a job of the job runner (platform/jobs.ts): leader only, ticks every second by
 * default; leadership gained or lost, or a failed tick, means a full reload next time.
 */
export function engineJob(
  deps: EngineDeps,
  options: Omit<EngineOptions, 'databaseUrl'> = {},
): { job: JobSpec; engine: TradingEngine; totals: () => EngineReport } {
  const engine = new TradingEngine(deps, options);
  const totals = emptyReport();
  const job: JobSpec = {
    name: ENGINE_JOB,
    intervalMs: options.intervalMs ?? 1000,
    leaderOnly: true,
    run: async () => {
      const report = await engine.tick();
      for (const key of Object.keys(totals) as (keyof EngineReport)[]) totals[key] += report[key];
    },
    onLeadership: () => engine.invalidate(),
    onError: () => engine.invalidate(),
    onRun: options.onTick,
  };
  return { job, engine, totals: () => ({ ...totals }) };
}

/** Starts the engine alone on a runner of its own (the leadership test runs two on one database). */
export function startEngine(deps: EngineDeps, options: EngineOptions = {}): RunningEngine {
  const { job, engine, totals } = engineJob(deps, options);
  const runner = new JobRunner({
    lock: advisoryLeaderLock(options.databaseUrl, ENGINE_LOCK_KEY),
    now: () => deps.clock.now(),
    onError: (_job, error) => options.onError?.(error),
  });
  runner.add(job);
  runner.start();
  return { stop: () => runner.stop(), isLeader: () => runner.isLeader(), totals, engine };
}
