import type { Currency } from '@brokerage/contract';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at, money } from '../../platform/columns.js';

/** Real-name submissions (§7.9, §3.4); the latest per user is the current one. */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    idNumber: text('id_number').notNull(),
    frontImageId: text('front_image_id').notNull(),
    backImageId: text('back_image_id').notNull(),
    state: text('state').notNull(),
    submittedAt: at('submitted_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    reason: text('reason'),
  },
  (t) => [
    index('kyc_user_idx').on(t.userId, t.submittedAt),
    index('kyc_state_idx').on(t.state, t.submittedAt),
    uniqueIndex('kyc_one_pending')
      .on(t.userId)
      .where(sql`state = 'pending'`),
  ],
);

/** Bank cards (§11): the full number is kept for payouts and shown only to the back office. */
export const cards = pgTable(
  'cards',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    holder: text('holder').notNull(),
    cardNumber: text('card_number').notNull(),
    bankName: text('bank_name').notNull(),
    branch: text('branch').notNull(),
    bankCode: text('bank_code').notNull(),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('cards_user_number_live')
      .on(t.userId, t.cardNumber)
      .where(sql`deleted_at is null`),
  ],
);

export const wallets = pgTable(
  'wallets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    type: text('type').notNull(),
    address: text('address').notNull(),
    qrImageId: text('qr_image_id').notNull(),
    createdAt: at('created_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('wallets_user_address_live')
      .on(t.userId, t.type, t.address)
      .where(sql`deleted_at is null`),
  ],
);

/** Deposits (§10.2): nothing is credited until approval. One pending per user (index). */
export const deposits = pgTable(
  'deposits',
  {
    id: text('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: text('user_id').notNull(),
    channelId: text('channel_id').notNull(),
    channelSnapshot: text('channel_snapshot').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    amount: money('amount').notNull(),
    proofImageId: text('proof_image_id').notNull(),
    state: text('state').notNull(),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    reason: text('reason'),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId, t.createdAt),
    index('deposits_state_idx').on(t.state, t.createdAt),
    uniqueIndex('deposits_one_pending')
      .on(t.userId)
      .where(sql`state = 'pending'`),
  ],
);

/** Withdrawals (§10.4): the amount is frozen on request, paid out on approval. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: text('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: text('user_id').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    destinationKind: text('destination_kind').notNull(),
    destinationId: text('destination_id').notNull(),
    withdrawableAtSubmit: money('withdrawable_at_submit').notNull(),
    state: text('state').notNull(),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    reason: text('reason'),
    paidAt: at('paid_at'),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_state_idx').on(t.state, t.createdAt),
    uniqueIndex('withdrawals_one_pending')
      .on(t.userId)
      .where(sql`state = 'pending'`),
  ],
);
