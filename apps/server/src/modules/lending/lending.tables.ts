import type { Currency, LendingState, ProductNames } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, money, rate } from '../../platform/columns.js';

/**
 * Lending products (docs/api.md §15, §19.5). `quotaUsed` is not stored: it is Σ amount of the
 * product's `active` and `succeeded` records, summed under the product's row lock.
 */
export const lendingProducts = pgTable(
  'lending_products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** the name in the other languages; `name` is the English one */
    names: jsonb('names').$type<ProductNames>().notNull().default({}),
    currency: text('currency').$type<Currency>().notNull(),
    dailyRate: rate('daily_rate').notNull(),
    termDays: integer('term_days').notNull(),
    minAmount: money('min_amount').notNull(),
    quota: money('quota').notNull(),
    open: boolean('open').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('lending_products_created_idx').on(t.createdAt),
    check('lending_products_term_positive', sql`${t.termDays} > 0`),
    check('lending_products_rate_non_negative', sql`${t.dailyRate} >= 0`),
  ],
);

/**
 * One application (docs/api.md §3.6). The product's name, rate and term are copied on the record
 * when it is created; the interest is stored once, at completion.
 */
export const lendingRecords = pgTable(
  'lending_records',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => lendingProducts.id),
    name: text('name').notNull(),
    /** the name in the other languages; `name` is the English one */
    names: jsonb('names').$type<ProductNames>().notNull().default({}),
    currency: text('currency').$type<Currency>().notNull(),
    amount: money('amount').notNull(),
    dailyRate: rate('daily_rate').notNull(),
    termDays: integer('term_days').notNull(),
    state: text('state').$type<LendingState>().notNull(),
    appliedAt: at('applied_at').notNull(),
    startedAt: at('started_at'),
    endsAt: at('ends_at'),
    /** final interest, set at completion */
    interest: money('interest'),
    completedAt: at('completed_at'),
    failedAt: at('failed_at'),
  },
  (t) => [
    index('lending_records_user_idx').on(t.userId, t.appliedAt),
    index('lending_records_product_idx').on(t.productId, t.state),
    index('lending_records_active_idx')
      .on(t.appliedAt)
      .where(sql`state = 'active'`),
    index('lending_records_succeeded_idx')
      .on(t.endsAt)
      .where(sql`state = 'succeeded'`),
    check('lending_records_state_enum', sql`${t.state} in ('active','succeeded','failed','completed')`),
    check('lending_records_amount_positive', sql`${t.amount} > 0`),
  ],
);
