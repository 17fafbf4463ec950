import type { KycStatus } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { money } from '../../platform/columns.js';

/** Organisations whose code lets people register (spec §6 "organisation code"). */
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    fundPasswordHash: text('fund_password_hash'),
    inviteCode: text('invite_code').notNull().unique(),
    inviterUserId: text('inviter_user_id'),
    organisationId: text('organisation_id'),
    /** written only through the contract's `kycTransitions` (a new user: `register`) */
    kycStatus: text('kyc_status').$type<KycStatus>().notNull(),
    /** the verified name (on the wire `realname`, mapped at the edge); empty until verified */
    realName: text('real_name').notNull().default(''),
    accountType: text('account_type').notNull().default('standard'),
    creditScore: integer('credit_score').notNull(),
    loanQuota: money('loan_quota').notNull(),
    dayTrading: boolean('day_trading').notNull().default(false),
    /** two-step verification is on (docs/api.md §23.1); the secret lives in the security module's table */
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    restrictions: text('restrictions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    agreementVersion: text('agreement_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    index('users_inviter_idx').on(t.inviterUserId),
    check('users_credit_score_range', sql`${t.creditScore} between 0 and 100`),
    check('users_kyc_status_enum', sql`${t.kycStatus} in ('none','pending','verified','rejected')`),
    check('users_account_type_enum', sql`${t.accountType} in ('standard','institutional','dma')`),
  ],
);

/** Opaque session tokens, stored only as SHA-256 (docs/api.md §1.2). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** the browser and system that opened it ("Chrome · Android", '' unknown; docs/api.md §23.8) */
    device: text('device').notNull().default(''),
    /** the address it was opened from, masked to its /24 or /48 (the only form kept) */
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
