import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, money } from '../../platform/columns.js';

/**
 * One valuation day of one user's currency account (docs/api.md §24.1): the value at 24:00 of the
 * day in `funds.timezone` and the day's external flow, both at the currency's scale. Written once
 * (unique user, currency, date; inserts that find the row do nothing), never updated: the nightly
 * job writes the day that just closed, and the days before its first run from the journal.
 * `source`: `close` (the day's close, marked at the feed) or `journal` (rebuilt from the ledger,
 * positions at margin and investments at principal: docs/performance.md).
 */
export const performanceSnapshots = pgTable(
  'performance_snapshots',
  {
    userId: text('user_id').notNull(),
    currency: text('currency').notNull(),
    date: text('date').notNull(),
    value: money('value').notNull(),
    flow: money('flow').notNull(),
    source: text('source').$type<'close' | 'journal'>().notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('performance_snapshots_user_currency_date').on(t.userId, t.currency, t.date),
    index('performance_snapshots_date').on(t.date),
    check('performance_snapshots_source', sql`${t.source} in ('close','journal')`),
    check('performance_snapshots_date_format', sql`${t.date} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);
