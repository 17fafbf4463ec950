/**
 * The demo account's price alerts (docs/api.md §22, DEMO=1 with the full demo): three active
 * alerts, and a history of one of each ending (fired, expired, cancelled), so Mine → Price alerts
 * has content on a fresh start. Every row is made the way the module makes it: inserted in the
 * initial state, moved through the contract's transition table, with the `alert_events` row of
 * its ending and, for the firing, the personal message, each at the instant it happened.
 *
 * Values come from the feed at the moment of seeding: an active alert's threshold is 25 % away
 * from the price (a change alert at 15 % in a day), so it does not fire at once;
 * the fired one was reached by the close of a past daily bar. Fixed ids: seeding twice adds nothing.
 */
import { Dec, formatPrice, roundPrice, type AlertKind, type AlertRepeat, type MessageCode } from '@brokerage/contract';
import { ManualClock, type Clock } from '../../platform/clock.js';
import { transaction, type Db, type Tx } from '../../platform/db.js';
import type { MarketFeed } from '../market/index.js';
import { sendMessage } from '../messages/index.js';
import * as repo from './alerts.repository.js';
import { DAY_MS, valueString } from './alerts.service.js';
import { initialAlertState, transitionAlert } from './alerts.states.js';

const HOUR_MS = 3_600_000;

export interface AlertSeedDeps {
  db: Db;
  clock: Clock;
  feed: Pick<MarketFeed, 'instrument' | 'quote' | 'candles'>;
}

interface DemoAlert {
  id: string;
  instrumentId: string;
  kind: AlertKind;
  repeat: AlertRepeat;
  note: string;
  /** days before now it was created */
  createdDaysAgo: number;
}

/** ±25 % of the price at its scale (rounded away from the price), or a 15 % change. */
function activeValue(deps: AlertSeedDeps, instrumentId: string, kind: AlertKind, scale: number): string {
  const quote = deps.feed.quote(instrumentId);
  const price = new Dec(quote.price);
  if (kind === 'price_above') return roundPrice(price.times('1.25'), scale, 'up').toString();
  if (kind === 'price_below') return roundPrice(price.times('0.75'), scale, 'down').toString();
  // a 15 % move in a day: should the day's change already reach it, the job fires it, as it would
  return '0.15';
}

async function insertAlert(tx: Tx, userId: string, a: DemoAlert, value: string, now: Date, expiresAt: Date) {
  return repo.insertAlert(tx, {
    id: a.id,
    userId,
    instrumentId: a.instrumentId,
    kind: a.kind,
    value,
    repeat: a.repeat,
    note: a.note,
    state: initialAlertState(),
    createdAt: new Date(now.getTime() - a.createdDaysAgo * DAY_MS),
    expiresAt,
  });
}

/** Seeds the alerts of `userId` unless they exist. */
export async function seedDemoAlerts(deps: AlertSeedDeps, userId: string): Promise<void> {
  await transaction(deps.db, async (tx) => {
    if (await repo.lockAlert(tx, 'al_demo_active_aapl')) return;
    const now = deps.clock.now();
    const scaleOf = (id: string) => deps.feed.instrument(id)?.priceScale;

    // active: two prices and a daily change, ending in 30 days
    const active: DemoAlert[] = [
      {
        id: 'al_demo_active_aapl',
        instrumentId: 'i_usd_AAPL',
        kind: 'price_above',
        repeat: 'once',
        note: 'Take some profit',
        createdDaysAgo: 2,
      },
      {
        id: 'al_demo_active_walmex',
        instrumentId: 'i_mxn_WALMEX',
        kind: 'price_below',
        repeat: 'once',
        note: 'Buy more below this',
        createdDaysAgo: 1,
      },
      {
        id: 'al_demo_active_btc',
        instrumentId: 'i_crypto_BTC-USDT',
        kind: 'change_down',
        repeat: 'daily',
        note: '',
        createdDaysAgo: 3,
      },
    ];
    for (const a of active) {
      const scale = scaleOf(a.instrumentId);
      if (scale === undefined) continue;
      const value = activeValue(deps, a.instrumentId, a.kind, scale);
      await insertAlert(tx, userId, a, value, now, new Date(now.getTime() + 30 * DAY_MS));
    }

    // fired: a price reached by the close of the daily bar three bars back
    const firedDef: DemoAlert = {
      id: 'al_demo_fired_san',
      instrumentId: 'i_eur_SAN',
      kind: 'price_above',
      repeat: 'once',
      note: 'Breakout',
      createdDaysAgo: 12,
    };
    const sanScale = scaleOf(firedDef.instrumentId);
    const bar = deps.feed.candles(firedDef.instrumentId, '1d', { to: now, limit: 4 }).at(0);
    if (sanScale !== undefined && bar) {
      const price = new Dec(bar.c);
      // the close of the bar's day (bars begin at 00:00 UTC of the local trading date)
      const at = new Date(bar.t.getTime() + 16 * HOUR_MS);
      const tradingDay = bar.t.toISOString().slice(0, 10);
      const value = roundPrice(price.times('0.98'), sanScale, 'down').toString();
      const row = await insertAlert(tx, userId, firedDef, value, now, new Date(now.getTime() + 18 * DAY_MS));
      const fired = await transitionAlert(
        tx,
        row,
        'fire',
        { triggeredAt: at, triggerPrice: price.toString(), firedDay: tradingDay, endedAt: at },
        tradingDay,
      );
      if (fired) {
        await repo.insertAlertEvent(tx, {
          id: 'ae_demo_fired_san',
          alertId: row.id,
          userId,
          instrumentId: row.instrumentId,
          state: fired.state,
          price: price.toString(),
          tradingDay,
          at,
        });
        const def = deps.feed.instrument(row.instrumentId);
        await sendMessage(tx, new ManualClock(at), userId, {
          code: 'message.alert.price_above' satisfies MessageCode,
          params: {
            code: def?.code ?? row.instrumentId,
            name: def?.name ?? row.instrumentId,
            value: valueString(row.kind, value, sanScale),
            price: formatPrice(price, sanScale),
          },
        });
      }
    }

    // expired: created 10 days ago for 7 days; cancelled: created 6 days ago, cancelled yesterday
    const ended: { def: DemoAlert; event: 'expire' | 'cancel'; expiresAt: Date; endedAt: Date }[] = [
      {
        def: {
          id: 'al_demo_expired_walmex',
          instrumentId: 'i_mxn_WALMEX',
          kind: 'price_above',
          repeat: 'once',
          note: '',
          createdDaysAgo: 10,
        },
        event: 'expire',
        expiresAt: new Date(now.getTime() - 3 * DAY_MS),
        endedAt: new Date(now.getTime() - 3 * DAY_MS + 1_000),
      },
      {
        def: {
          id: 'al_demo_cancelled_btc',
          instrumentId: 'i_crypto_BTC-USDT',
          kind: 'price_below',
          repeat: 'once',
          note: 'Changed my mind',
          createdDaysAgo: 6,
        },
        event: 'cancel',
        expiresAt: new Date(now.getTime() + 24 * DAY_MS),
        endedAt: new Date(now.getTime() - DAY_MS),
      },
    ];
    for (const e of ended) {
      const scale = scaleOf(e.def.instrumentId);
      if (scale === undefined) continue;
      const value = activeValue(deps, e.def.instrumentId, e.def.kind, scale);
      const row = await insertAlert(tx, userId, e.def, value, now, e.expiresAt);
      const after = await transitionAlert(tx, row, e.event, { endedAt: e.endedAt });
      if (!after) continue;
      await repo.insertAlertEvent(tx, {
        id: `ae_demo_${e.event}`,
        alertId: row.id,
        userId,
        instrumentId: row.instrumentId,
        state: after.state,
        price: null,
        at: e.endedAt,
      });
    }
  });
}
