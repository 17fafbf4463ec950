/**
 * The alert evaluation job (docs/api.md §22.3), leader-only like the trading engine. Each tick:
 *
 * 1. brings the in-memory index (alerts.index.ts) up to date: the alerts created and the alert
 *    events written since the last tick, by any instance (see `AlertEvaluator`);
 * 2. ends the active alerts past `expiresAt` (`expire`);
 * 3. for each instrument with active alerts, reads the feed's latest quote and asks the index which
 *    alerts its price (or the day's change) reaches; each hit fires in its own transaction.
 *
 * A firing is one transaction: the conditional update (`state = 'active'`, and for a daily alert
 * `fired_day < today`) so it happens once across restarts, replays and two instances; the
 * `alert_events` row the account feed can tail (unique per alert and trading day: the belt); and the
 * personal message `message.alert.<kind>`.
 */
import { Dec, formatPrice, roundRate, type MessageCode } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import { transaction, type Db } from '../../platform/db.js';
import { newId } from '../../platform/ids.js';
import { IdTail, rowSource } from '../../platform/id-tail.js';
import type { JobSpec } from '../../platform/jobs.js';
import type { MarketFeed } from '../market/index.js';
import { sendMessage } from '../messages/index.js';
import { AlertIndex } from './alerts.index.js';
import * as repo from './alerts.repository.js';
import { changeRateOf, isMet, valueString } from './alerts.service.js';
import { transitionAlert } from './alerts.states.js';

export interface AlertJobDeps {
  db: Db;
  clock: Clock;
  feed: Pick<MarketFeed, 'instrument' | 'quote'>;
}

export interface AlertTickReport {
  loaded: number;
  fired: number;
  expired: number;
}

const BATCH = 1000;

/** `percent` params of the change messages: a rate (at the rate scale, half up) × 100 as an exact decimal string ("5" for 0.05). */
function percentOf(rate: Dec): string {
  return roundRate(rate, 'half_up').times(100).toString();
}

/**
 * What a fire step found: it fired the alert; the alert is no longer active (or past its life);
 * a daily alert had already fired on the quote's trading day; the condition does not hold.
 */
export type FireOutcome = 'fired' | 'gone' | 'fired_today' | 'not_met';

/**
 * Fires one alert on `quote` if it is still active, its condition still holds and (daily) it has not
 * fired on the quote's trading day.
 */
export async function fireAlertStep(
  deps: AlertJobDeps,
  alertId: string,
  quote: { price: string; prevClose: string; tradingDay: string },
): Promise<FireOutcome> {
  return transaction(deps.db, async (tx): Promise<FireOutcome> => {
    const now = deps.clock.now();
    const row = await repo.lockAlert(tx, alertId);
    if (!row || row.state !== 'active' || row.expiresAt <= now) return 'gone';
    if (row.repeat === 'daily' && row.firedDay !== null && row.firedDay >= quote.tradingDay) return 'fired_today';
    const value = new Dec(row.value);
    if (!isMet(row.kind, value, quote)) return 'not_met';
    const event = row.repeat === 'once' ? 'fire' : 'fire_daily';
    const fired = await transitionAlert(
      tx,
      row,
      event,
      {
        triggeredAt: now,
        triggerPrice: quote.price,
        firedDay: quote.tradingDay,
        ...(event === 'fire' ? { endedAt: now } : {}),
      },
      quote.tradingDay,
    );
    if (!fired) return 'gone';
    await repo.insertAlertEvent(tx, {
      id: newId('ae'),
      alertId: row.id,
      userId: row.userId,
      instrumentId: row.instrumentId,
      state: fired.state,
      price: quote.price,
      tradingDay: quote.tradingDay,
      at: now,
    });
    const def = deps.feed.instrument(row.instrumentId);
    const scale = def?.priceScale ?? 8;
    const code = def?.code ?? row.instrumentId;
    const name = def?.name ?? row.instrumentId;
    const price = formatPrice(new Dec(quote.price), scale);
    if (row.kind === 'price_above' || row.kind === 'price_below') {
      await sendMessage(tx, deps.clock, row.userId, {
        code: `message.alert.${row.kind}` satisfies MessageCode,
        params: { code, name, value: valueString(row.kind, row.value, scale), price },
      });
    } else {
      const change = changeRateOf(quote) ?? new Dec(0);
      await sendMessage(tx, deps.clock, row.userId, {
        code: `message.alert.${row.kind}` satisfies MessageCode,
        params: { code, name, percent: percentOf(value), changePercent: percentOf(change.abs()), price },
      });
    }
    return 'fired';
  });
}

/** Fires one alert (see `fireAlertStep`); true when this call fired it. */
export async function fireAlert(
  deps: AlertJobDeps,
  alertId: string,
  quote: { price: string; prevClose: string; tradingDay: string },
): Promise<boolean> {
  return (await fireAlertStep(deps, alertId, quote)) === 'fired';
}

/** Ends one alert past its `expiresAt`; true when this call ended it. */
export async function expireAlert(deps: AlertJobDeps, alertId: string): Promise<boolean> {
  return transaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const row = await repo.lockAlert(tx, alertId);
    if (!row || row.state !== 'active' || row.expiresAt > now) return false;
    const ended = await transitionAlert(tx, row, 'expire', { endedAt: now });
    if (!ended) return false;
    await repo.insertAlertEvent(tx, {
      id: newId('ae'),
      alertId: row.id,
      userId: row.userId,
      instrumentId: row.instrumentId,
      state: ended.state,
      price: null,
      at: now,
    });
    return true;
  });
}

type IndexOp = (index: AlertIndex) => void;

const alertSource = rowSource<repo.IndexedAlertRow>({
  newest: repo.newestAlertSeq,
  after: repo.alertsAfterSeq,
  withIds: repo.alertsWithSeqs,
  idOf: (row) => BigInt(row.seq),
});

const eventSource = rowSource<repo.IndexedEventRow>({
  newest: repo.newestEventSeq,
  after: repo.eventsAfterSeq,
  withIds: repo.eventsWithSeqs,
  idOf: (row) => BigInt(row.seq),
});

/**
 * The evaluation loop's state: the index, kept current by two tails (platform/id-tail.ts): new
 * alerts by `alerts.seq` (added while active) and `alert_events` by `seq` (a firing of a `once`
 * alert, an expiry or a cancel takes it out; a daily firing puts it to sleep for the day), so a
 * cancel from any instance leaves the index on the next tick.
 *
 * The index is loaded whole at start (and on a new leadership) and reconciled with the database
 * every `reconcileEvery` ticks in the background: the ticks go on with the old index while the new
 * one is read page by page, and what the ticks change meanwhile is replayed on the new one before
 * it takes over, so a million alerts never hold up a tick.
 */
export class AlertEvaluator {
  private index = new AlertIndex();
  private started = false;
  private ticks = 0;
  private readonly alertsTail = new IdTail(alertSource, { lookback: 1000, batch: BATCH });
  private readonly eventsTail = new IdTail(eventSource, { lookback: 1000, batch: BATCH });
  /** while a reconcile reads: the changes made to the index since it began, replayed on the new one */
  private replay: IndexOp[] | null = null;
  private reconciling: Promise<void> | null = null;
  /** grows with every reset: a reconcile begun before one does not take over after it */
  private generation = 0;

  constructor(
    private readonly deps: AlertJobDeps,
    private readonly reconcileEvery = 600,
    private readonly loadBatch = 10_000,
  ) {}

  /** The index the ticks use (for tests and diagnostics). */
  get current(): AlertIndex {
    return this.index;
  }

  /** Forgets the index: the next tick loads it from the database (start, or a new leadership). */
  reset(): void {
    this.index = new AlertIndex();
    this.started = false;
    this.ticks = 0;
    this.replay = null;
    this.generation++;
  }

  private apply(op: IndexOp): void {
    op(this.index);
    this.replay?.push(op);
  }

  /** Every active alert, page by page, into a new index (the event loop is let go between steps). */
  private async loadAll(): Promise<AlertIndex> {
    const index = new AlertIndex();
    let seq = 0;
    for (;;) {
      const page = await repo.activeIndexedAfter(this.deps.db, seq, this.loadBatch);
      index.stage(page);
      if (page.length < this.loadBatch) break;
      seq = page[page.length - 1]!.seq;
    }
    await index.sortAll(() => new Promise((resolve) => setImmediate(resolve)));
    return index;
  }

  private startReconcile(): void {
    if (this.reconciling) return;
    const generation = this.generation;
    const replay: IndexOp[] = [];
    this.replay = replay;
    this.reconciling = this.loadAll()
      .then((fresh) => {
        if (generation !== this.generation) return;
        for (const op of replay) op(fresh);
        this.index = fresh;
      })
      .catch(() => {
        // the next reconcile tries again; the tails keep the old index current meanwhile
      })
      .finally(() => {
        if (this.replay === replay) this.replay = null;
        this.reconciling = null;
      });
  }

  /** The index's changes since the last tick (the tails), or the first load. */
  private async follow(): Promise<number> {
    if (!this.started) {
      // the tails start below the newest ids first, so nothing committed during the load is missed
      await this.alertsTail.start(this.deps.db);
      await this.eventsTail.start(this.deps.db);
      this.index = await this.loadAll();
      this.started = true;
      return this.index.size;
    }
    if (++this.ticks % this.reconcileEvery === 0) this.startReconcile();
    const created = (await this.alertsTail.poll(this.deps.db)).filter((row) => row.state === 'active');
    if (created.length > 0) this.apply((index) => index.addAll(created));
    for (const event of await this.eventsTail.poll(this.deps.db)) {
      if (event.state === 'active') {
        const day = event.tradingDay;
        if (day !== null) this.apply((index) => index.markFired(event.alertId, day));
      } else {
        this.apply((index) => index.remove(event.alertId));
      }
    }
    return created.length;
  }

  async tick(): Promise<AlertTickReport> {
    const report: AlertTickReport = { loaded: await this.follow(), fired: 0, expired: 0 };
    const now = this.deps.clock.now();
    for (const id of await repo.expiredIds(this.deps.db, now, BATCH)) {
      this.apply((index) => index.remove(id));
      if (await expireAlert(this.deps, id)) report.expired++;
    }
    for (const instrumentId of this.index.instruments()) {
      if (!this.deps.feed.instrument(instrumentId)) continue;
      const quote = this.deps.feed.quote(instrumentId);
      if (quote.stale || quote.status === 'delisted') continue;
      const hits = this.index.hits(instrumentId, quote.price, quote.prevClose, quote.tradingDay);
      if (hits.length === 0) continue;
      // a once alert leaves the index when fired or ended; a daily one sleeps for the day once fired
      const settled: string[] = [];
      const ended: string[] = [];
      try {
        for (const hit of hits) {
          const outcome = await fireAlertStep(this.deps, hit.id, quote);
          if (outcome === 'fired') report.fired++;
          if (outcome === 'gone' && hit.repeat === 'daily') ended.push(hit.id);
          else if (outcome !== 'not_met') settled.push(hit.id);
        }
      } finally {
        this.apply((index) => {
          index.settle(instrumentId, settled, quote.tradingDay);
          for (const id of ended) index.remove(id);
        });
      }
    }
    return report;
  }

  /** Waits for a reconcile in flight (tests). */
  async settled(): Promise<void> {
    await this.reconciling;
  }
}

/** The evaluation as a leader-only job of the job runner (platform/jobs.ts), every second. */
export function alertsJob(evaluator: AlertEvaluator, intervalMs = 1_000): JobSpec {
  return {
    name: 'alert evaluation',
    intervalMs,
    leaderOnly: true,
    onLeadership: () => evaluator.reset(),
    run: () => evaluator.tick(),
  };
}
