/**
 * The trading engine (ARCHITECTURE.md "engine"): a loop beside the API that reads the feed and,
 * for every instrument with pending or open orders, expires day orders, fills limit orders the
 * last price crossed, stops out positions whose floating loss reached margin × stopOutRatio,
 * and fires take-profit / stop-loss.
 *
 * Each step is its own transaction that locks the order row (FOR UPDATE) and re-checks its
 * state and condition, so a step is idempotent: a crash between steps loses nothing, and two
 * engines, or the engine and a user's cancel or close, never act twice on one order (the
 * journal's idempotency keys guard the money as well).
 *
 * Leadership: with PostgreSQL one process leads through `pg_try_advisory_lock` held on a
 * dedicated connection (released when the process dies); embedded PGlite has one process.
 */
import { Dec, type Currency, type Side } from '@brokerage/contract';
import pg from 'pg';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import type { Settings } from '../../platform/settings.js';
import { usersRepository } from '../auth/index.js';
import { InsufficientFundsError } from '../ledger/index.js';
import type { FeedQuote, MarketFeed } from '../market/index.js';
import { grossProfit, isStopOut } from './fees.js';
import { closeFillPrice, usableQuote } from './orders.service.js';
import * as repo from './orders.repository.js';
import type { OrderRow } from './orders.repository.js';
import { calendarOf, cancelPending, closeAt, fillLimit, type TradingDeps } from './positions.service.js';
import { inAnySession } from './sessions.js';

export interface EngineDeps {
  db: Db;
  clock: Clock;
  settings: Settings;
  feed: MarketFeed;
}

export interface EngineOptions {
  /** tick interval; 1 s by default */
  intervalMs?: number;
  /** PostgreSQL URL for the leadership lock; null with PGlite (the single process leads) */
  databaseUrl?: string | null;
  onError?: (error: unknown) => void;
}

/** The advisory-lock key of the engine leader ("TRADENGN" in ASCII, as a bigint). */
export const ENGINE_LOCK_KEY = '6076294339497150030';

export interface EngineReport {
  filled: number;
  expired: number;
  closed: number;
}

type Step = (tx: Db, row: OrderRow) => Promise<boolean>;

/** Runs one step on one order under its row lock; a step that no longer applies does nothing. */
async function step(deps: EngineDeps, orderId: string, act: Step): Promise<boolean> {
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await repo.lockOrder(tx, orderId);
      return row ? act(tx, row) : false;
    });
  } catch (error) {
    // negative-balance protection read a balance a concurrent call changed: retried next tick
    if (error instanceof InsufficientFundsError) return false;
    throw error;
  }
}

function limitCrossed(row: OrderRow, last: Dec): boolean {
  if (row.price === null) return false;
  return row.side === 'long' ? last.lte(row.price) : last.gte(row.price);
}

type Trigger = 'stop_out' | 'take_profit' | 'stop_loss' | null;

function triggerOf(row: OrderRow, last: Dec, now: Date, dayTrading: boolean): Trigger {
  if (row.costPrice === null) return null;
  const side = row.side as Side;
  const yingkui = grossProfit(side, new Dec(row.costPrice), last, row.lots, row.currency as Currency);
  // stop-out ignores min hold, T+N and lock (choice, §3.1)
  if (isStopOut(yingkui, new Dec(row.margin), row.stopOutRatio)) return 'stop_out';
  if (row.state !== 'holding') return null;
  // TP/SL have the guards of a user close; a failing guard is checked again on the next price
  if (row.minHoldUntil && now < row.minHoldUntil) return null;
  if (!dayTrading && row.tPlusUntil && now < row.tPlusUntil) return null;
  const tp = row.takeProfit === null ? null : new Dec(row.takeProfit);
  const sl = row.stopLoss === null ? null : new Dec(row.stopLoss);
  if (side === 'long') {
    if (tp && last.gte(tp)) return 'take_profit';
    if (sl && last.lte(sl)) return 'stop_loss';
  } else {
    if (tp && last.lte(tp)) return 'take_profit';
    if (sl && last.gte(sl)) return 'stop_loss';
  }
  return null;
}

async function runInstrument(deps: EngineDeps, instrumentId: string, report: EngineReport): Promise<void> {
  const trading: TradingDeps = { db: deps.db, clock: deps.clock, feed: deps.feed };
  const live = await repo.liveOrdersOf(deps.db, instrumentId);
  if (live.length === 0) return;
  const now = deps.clock.now();
  const quote: FeedQuote | null = deps.feed.instrument(instrumentId) ? deps.feed.quote(instrumentId) : null;
  const cal = calendarOf(deps.feed, live[0] as OrderRow);
  const inSession = inAnySession(cal, now) && quote !== null && quote.inSession;
  const usable = quote !== null && usableQuote(quote) && inSession;
  const last = quote ? new Dec(quote.price) : null;

  for (const order of live) {
    // 1. day orders expire after the market's last session of their trading day
    if (order.state === 'pending' && order.expiresAt && now >= order.expiresAt) {
      if (await step(deps, order.id, async (tx, row) => {
        if (row.state !== 'pending' || !row.expiresAt || now < row.expiresAt) return false;
        await cancelPending(tx, deps.clock, row, 'expired', now);
        return true;
      })) report.expired += 1;
      continue;
    }
    if (!usable || !quote || !last) continue;
    // 2. limit orders the last price crossed, filled at the limit price
    if (order.state === 'pending' && limitCrossed(order, last)) {
      if (await step(deps, order.id, async (tx, row) => {
        if (row.state !== 'pending' || !limitCrossed(row, last)) return false;
        await fillLimit(tx, trading, row, now);
        return true;
      })) report.filled += 1;
      continue;
    }
    // 3. stop-out, then take-profit / stop-loss, filled at the bid (long) or ask (short)
    if (order.state === 'holding' || order.state === 'locked') {
      const user = await usersRepository.findUserById(deps.db, order.userId);
      const dayTrading = user?.dayTrading ?? false;
      if (!triggerOf(order, last, now, dayTrading)) continue;
      if (await step(deps, order.id, async (tx, row) => {
        if (row.state !== 'holding' && row.state !== 'locked') return false;
        const trigger = triggerOf(row, last, now, dayTrading);
        if (!trigger) return false;
        await closeAt(tx, trading, row, closeFillPrice(row.side as Side, quote), trigger, now);
        return true;
      })) report.closed += 1;
    }
  }
}

/** One pass over every instrument with live orders. Tests call it with the manual clock. */
export async function runEngineOnce(deps: EngineDeps): Promise<EngineReport> {
  const report: EngineReport = { filled: 0, expired: 0, closed: 0 };
  for (const instrumentId of await repo.liveInstrumentIds(deps.db)) await runInstrument(deps, instrumentId, report);
  return report;
}

/** Holds the leader lock on its own connection; `isLeader` retries until it gets it. */
class Leadership {
  private client: pg.Client | null = null;
  private leader: boolean;

  constructor(private readonly databaseUrl: string | null) {
    this.leader = databaseUrl === null;
  }

  async isLeader(): Promise<boolean> {
    if (this.leader) return true;
    if (!this.databaseUrl) return false;
    if (!this.client) {
      const client = new pg.Client({ connectionString: this.databaseUrl });
      // a lost connection loses the lock: try again from scratch on the next tick
      client.on('error', () => {
        this.leader = false;
        this.client = null;
      });
      await client.connect();
      this.client = client;
    }
    const res = await this.client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [ENGINE_LOCK_KEY]);
    this.leader = res.rows[0]?.locked === true;
    return this.leader;
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.leader = false;
    if (client) await client.end().catch(() => undefined);
  }
}

/** Starts the loop; `stop()` waits for a running tick and releases the leadership. */
export function startEngine(deps: EngineDeps, options: EngineOptions = {}): { stop: () => Promise<void> } {
  const leadership = new Leadership(options.databaseUrl ?? null);
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        if (await leadership.isLeader()) await runEngineOnce(deps);
      } catch (error) {
        options.onError?.(error);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, options.intervalMs ?? 1000);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
      await leadership.release();
    },
  };
}
