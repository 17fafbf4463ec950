import type { AlertKind, AlertRepeat, AlertState } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amountText, at } from '../../platform/columns.js';

/**
 * Price alerts (docs/api.md §22). `value` is a price (`price_*`) or a rate in (0, 1] (`change_*`),
 * kept as an exact numeric. `seq` grows with every new alert: the evaluation job reads the alerts
 * past the last `seq` it saw into its in-memory index. `firedDay` is the trading day (of the
 * instrument's market) a `daily` alert last fired on: the fire step's conditional update compares it.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    userId: text('user_id').notNull(),
    instrumentId: text('instrument_id').notNull(),
    kind: text('kind').$type<AlertKind>().notNull(),
    value: amountText('value').notNull(),
    repeat: text('repeat').$type<AlertRepeat>().notNull(),
    note: text('note').notNull(),
    state: text('state').$type<AlertState>().notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    triggeredAt: at('triggered_at'),
    triggerPrice: amountText('trigger_price'),
    firedDay: text('fired_day'),
    endedAt: at('ended_at'),
  },
  (t) => [
    index('alerts_user_idx').on(t.userId, t.createdAt),
    index('alerts_active_idx')
      .on(t.instrumentId)
      .where(sql`${t.state} = 'active'`),
    index('alerts_seq_idx').on(t.seq),
    // §22.1 alert.duplicate (instrument, kind and value, whatever the repeat): the service checks
    // under the user's row lock; this is the belt
    uniqueIndex('alerts_one_active_duplicate')
      .on(t.userId, t.instrumentId, t.kind, t.value)
      .where(sql`${t.state} = 'active'`),
    check('alerts_state_enum', sql`${t.state} in ('active','triggered','expired','cancelled')`),
    check('alerts_kind_enum', sql`${t.kind} in ('price_above','price_below','change_up','change_down')`),
    check('alerts_repeat_enum', sql`${t.repeat} in ('once','daily')`),
    check('alerts_value_positive', sql`${t.value} > 0`),
  ],
);

/**
 * What happened to an alert (fired, expired, cancelled), one row each, in the transaction that did
 * it: the account feed (§18 `kind: 'alert'`) can tail it by `seq`.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    alertId: text('alert_id')
      .notNull()
      .references(() => alerts.id),
    userId: text('user_id').notNull(),
    instrumentId: text('instrument_id').notNull(),
    state: text('state').$type<AlertState>().notNull(),
    /** the price that fired it; null for an expiry or a cancel */
    price: amountText('price'),
    /** the trading day a firing belongs to (one firing per alert and day) */
    tradingDay: text('trading_day'),
    at: at('at').notNull(),
  },
  (t) => [
    index('alert_events_seq_idx').on(t.seq),
    index('alert_events_user_idx').on(t.userId, t.seq),
    // no alert fires twice on one trading day, whatever the job does (the fire step's belt)
    uniqueIndex('alert_events_one_fire_per_day')
      .on(t.alertId, t.tradingDay)
      .where(sql`${t.tradingDay} is not null`),
  ],
);
