import type { BlockKind, Currency, Market, ReviewState } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, money } from '../../platform/columns.js';

/**
 * Block-trade and agreement-bidding products (docs/api.md §13, §19.5): a deal price on an instrument
 * of the feed, limits, lock days, and the secret key (argon2id; shown once on create or rotate).
 * Changes apply to new applications only: an application copies the terms it was made on.
 */
export const blockProducts = pgTable(
  'block_products',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<BlockKind>().notNull(),
    instrumentId: text('instrument_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    market: text('market').$type<Market>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    price: money('price').notNull(),
    minShares: integer('min_shares').notNull(),
    /** shares per user per trading day; null = no limit */
    dailyLimit: integer('daily_limit'),
    lockDays: integer('lock_days').notNull(),
    open: boolean('open').notNull(),
    secretKeyHash: text('secret_key_hash').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('block_products_market_idx').on(t.market, t.createdAt),
    check('block_products_kind_enum', sql`${t.kind} in ('block','agreement')`),
    check(
      'block_products_limits',
      sql`${t.minShares} > 0 and ${t.lockDays} >= 0 and (${t.dailyLimit} is null or ${t.dailyLimit} > 0)`,
    ),
  ],
);

/** One application, reviewed in the `block` queue (§3.3). Amount + fee stay frozen until the decision. */
export const blockApplications = pgTable(
  'block_applications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => blockProducts.id),
    kind: text('kind').$type<BlockKind>().notNull(),
    instrumentId: text('instrument_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    shares: integer('shares').notNull(),
    price: money('price').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    lockDays: integer('lock_days').notNull(),
    /** the market's trading day of the application, for the daily limit */
    tradingDay: text('trading_day').notNull(),
    state: text('state').$type<ReviewState>().notNull(),
    submittedAt: at('submitted_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    reason: text('reason'),
    orderId: text('order_id'),
  },
  (t) => [
    index('block_applications_user_idx').on(t.userId, t.submittedAt),
    index('block_applications_daily_idx').on(t.userId, t.productId, t.tradingDay),
    index('block_applications_pending_idx').on(t.state, t.submittedAt),
    check('block_applications_state_enum', sql`${t.state} in ('pending','approved','rejected')`),
    check('block_applications_shares_positive', sql`${t.shares} > 0`),
  ],
);
