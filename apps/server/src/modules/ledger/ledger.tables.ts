import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * One row per (owner, currency, kind). `balance` is the materialised sum of the account's
 * postings, written in the same transaction as the postings; a CHECK keeps user accounts
 * from going negative even if a service forgot its guard.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerType: text('owner_type').notNull(),
    ownerId: text('owner_id').notNull(),
    currency: text('currency').notNull(),
    kind: text('kind').notNull(),
    balance: numeric('balance', { precision: 30, scale: 8 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_owner_currency_kind').on(t.ownerType, t.ownerId, t.currency, t.kind),
    check('ledger_accounts_owner_type', sql`${t.ownerType} in ('user','house')`),
    check('ledger_accounts_user_non_negative', sql`${t.ownerType} <> 'user' or ${t.balance} >= 0`),
  ],
);

/** A money movement. Never updated or deleted; a mistake is corrected by a reversing entry. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').unique(),
    memo: jsonb('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('journal_entries_reference_idx').on(t.reference)],
);

export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'bigint' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: numeric('amount', { precision: 30, scale: 8 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 30, scale: 8 }).notNull(),
  },
  (t) => [index('postings_account_idx').on(t.accountId, t.entryId), index('postings_entry_idx').on(t.entryId)],
);
