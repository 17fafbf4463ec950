import type {
  Currency,
  NewShareKind,
  NewShareMarket,
  PaymentMode,
  PlacementTier,
  SubscriptionState,
} from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, money, rate } from '../../platform/columns.js';

/**
 * New-share offerings (docs/api.md §12, §19.5). Each one defines a new instrument (`instrumentId`,
 * `code`, `market`) that the feed lists from `listingDate` at the issue price.
 *
 * The draw seed is chosen at creation and only its SHA-256 is published until the draw
 * (`drawSeedHash`); the results (`drawnAt`, `totalSubscription`, `winnersCount`, `winningRate`)
 * are written once, by the draw.
 */
export const newShares = pgTable(
  'new_shares',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<NewShareKind>().notNull(),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    market: text('market').$type<NewShareMarket>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    instrumentId: text('instrument_id').notNull().unique(),
    issuePrice: money('issue_price').notNull(),
    sharesOffered: bigint('shares_offered', { mode: 'number' }).notNull(),
    minShares: integer('min_shares').notNull(),
    minInvestment: money('min_investment').notNull(),
    placementTiers: jsonb('placement_tiers').$type<PlacementTier[] | null>(),
    maxApplicationsPerUser: integer('max_applications_per_user').notNull(),
    applyStart: at('apply_start').notNull(),
    applyEnd: at('apply_end').notNull(),
    drawDate: text('draw_date').notNull(),
    paymentDeadline: at('payment_deadline').notNull(),
    distributionDate: text('distribution_date').notNull(),
    listingDate: text('listing_date').notNull(),
    issueMarket: text('issue_market').notNull(),
    sponsorBroker: text('sponsor_broker').notNull(),
    paymentMode: text('payment_mode').$type<PaymentMode>().notNull(),
    channelOpen: boolean('channel_open').notNull(),
    channelPasswordRequired: boolean('channel_password_required').notNull(),
    /** argon2id; null when no password is required */
    channelPasswordHash: text('channel_password_hash'),
    lockDays: integer('lock_days').notNull(),
    drawSeed: text('draw_seed').notNull(),
    drawSeedHash: text('draw_seed_hash').notNull(),
    drawnAt: at('drawn_at'),
    totalSubscription: bigint('total_subscription', { mode: 'number' }),
    winnersCount: integer('winners_count'),
    winningRate: rate('winning_rate'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('new_shares_kind_end_idx').on(t.kind, t.applyEnd),
    check('new_shares_kind_enum', sql`${t.kind} in ('ipo','placement','capital_increase')`),
    check('new_shares_payment_mode_enum', sql`${t.paymentMode} in ('prepaid','on_allotment')`),
    check('new_shares_window', sql`${t.applyStart} < ${t.applyEnd} and ${t.applyEnd} <= ${t.paymentDeadline}`),
    check('new_shares_offered_positive', sql`${t.sharesOffered} > 0 and ${t.minShares} > 0`),
  ],
);

/** One application (docs/api.md §3.2). The offering's price and payment mode are copied on it. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    newShareId: text('new_share_id')
      .notNull()
      .references(() => newShares.id),
    state: text('state').$type<SubscriptionState>().notNull(),
    paymentMode: text('payment_mode').$type<PaymentMode>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    quantity: integer('quantity').notNull(),
    issuePrice: money('issue_price').notNull(),
    /** issuePrice × quantity */
    amount: money('amount').notNull(),
    /** still frozen for this application (prepaid, until the draw) */
    frozenAmount: money('frozen_amount').notNull(),
    allottedQuantity: integer('allotted_quantity').notNull().default(0),
    amountPayable: money('amount_payable')
      .notNull()
      .default(sql`'0'`),
    amountPaid: money('amount_paid')
      .notNull()
      .default(sql`'0'`),
    /** the position created at listing */
    orderId: text('order_id'),
    appliedAt: at('applied_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.appliedAt),
    index('subscriptions_share_state_idx').on(t.newShareId, t.state),
    check(
      'subscriptions_state_enum',
      sql`${t.state} in ('applied','pending_draw','won','lost','awaiting_payment','paid','waived','payment_failed','listed')`,
    ),
    check(
      'subscriptions_quantity_positive',
      sql`${t.quantity} > 0 and ${t.allottedQuantity} >= 0 and ${t.allottedQuantity} <= ${t.quantity}`,
    ),
  ],
);

/** Every state a subscription entered (the record's `history`). Append-only. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    state: text('state').$type<SubscriptionState>().notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('subscription_events_sub_idx').on(t.subscriptionId, t.id)],
);
