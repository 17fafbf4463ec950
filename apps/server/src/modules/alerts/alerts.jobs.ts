/**
 * The alert evaluation job (docs/api.md §22.3), leader-only like the trading engine. Each tick:
 *
 * 1. reads the alerts created since the last `seq` it saw into the in-memory index (alerts.index.ts),
 *    and rebuilds the whole index from the database at start and every `rebuildEvery` ticks (so
 *    alerts cancelled or ended elsewhere leave it);
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
 * Fires one alert on `quote` if it is still active, its condition still holds and (daily) it has not
 * fired on the quote's trading day. True when this call fired it.
 */
export async function fireAlert(
  deps: AlertJobDeps,
  alertId: string,
  quote: { price: string; prevClose: string; tradingDay: string },
): Promise<boolean> {
  return transaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const row = await repo.lockAlert(tx, alertId);
    if (!row || row.state !== 'active' || row.expiresAt <= now) return false;
    if (row.repeat === 'daily' && row.firedDay !== null && row.firedDay >= quote.tradingDay) return false;
    const value = new Dec(row.value);
    if (!isMet(row.kind, value, quote)) return false;
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
    if (!fired) return false;
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
    return true;
  });
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

/** The evaluation loop's state: the index and its changes cursor. */
export class AlertEvaluator {
  readonly index = new AlertIndex();
  private seq = 0;
  private ticks = 0;

  constructor(
    private readonly deps: AlertJobDeps,
    private readonly rebuildEvery = 300,
  ) {}

  /** Forgets the index: the next tick rebuilds it from the database (start, or a new leadership). */
  reset(): void {
    this.index.clear();
    this.seq = 0;
    this.ticks = 0;
  }

  private async load(): Promise<number> {
    if (this.ticks++ % this.rebuildEvery === 0) {
      this.index.clear();
      this.seq = 0;
    }
    let loaded = 0;
    for (;;) {
      const rows = await repo.activeAfter(this.deps.db, this.seq, BATCH);
      for (const row of rows) this.index.add(row);
      loaded += rows.length;
      if (rows.length > 0) this.seq = rows[rows.length - 1]!.seq;
      if (rows.length < BATCH) return loaded;
    }
  }

  async tick(): Promise<AlertTickReport> {
    const report: AlertTickReport = { loaded: await this.load(), fired: 0, expired: 0 };
    const now = this.deps.clock.now();
    for (const id of await repo.expiredIds(this.deps.db, now, BATCH)) {
      this.index.remove(id);
      if (await expireAlert(this.deps, id)) report.expired++;
    }
    for (const instrumentId of this.index.instruments()) {
      if (!this.deps.feed.instrument(instrumentId)) continue;
      const quote = this.deps.feed.quote(instrumentId);
      if (quote.stale || quote.status === 'delisted') continue;
      const hits = this.index.hits(instrumentId, new Dec(quote.price), changeRateOf(quote), quote.tradingDay);
      for (const hit of hits) {
        const fired = await fireAlert(this.deps, hit.id, quote);
        if (fired) report.fired++;
        if (hit.repeat === 'daily') {
          // fired now, or another step fired it today (or it ended): not again until tomorrow
          this.index.markFired(hit.id, quote.tradingDay);
        } else {
          this.index.remove(hit.id);
        }
      }
    }
    return report;
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
