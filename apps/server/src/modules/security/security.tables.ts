import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../platform/columns.js';

/**
 * Two-step verification of a user (docs/api.md §23.1). Secrets are sealed (secret-box.ts), never
 * plain: `pendingSecret` from /user/totpSetup until /user/totpEnable moves it to `secret`.
 * `lastStep` is the last 30 s step a code was accepted for; a code is accepted only for a later
 * step, by one conditional update (a replay in the same step, even in parallel, is refused).
 * Whether it is on is `users.totp_enabled` (the auth module's row, which the user info reads).
 */
export const userTotp = pgTable('user_totp', {
  userId: text('user_id').primaryKey(),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  lastStep: bigint('last_step', { mode: 'number' }),
  enabledAt: at('enabled_at'),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Recovery codes: SHA-256 of each (80 random bits, so a hash cannot be reversed by trying codes);
 * `usedAt` set by one conditional update, so a code works once.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: at('created_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_uq').on(t.userId, t.codeHash)],
);

/**
 * The second step of a login (§23.1): lives 5 minutes, takes at most 5 codes. `attempts` is
 * raised BEFORE a code is evaluated, by a conditional update that refuses past the maximum, so
 * parallel requests cannot evaluate more codes than allowed.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: at('used_at'),
  },
  (t) => [
    index('login_challenges_expires_idx').on(t.expiresAt),
    check('login_challenges_attempts_range', sql`${t.attempts} between 0 and 5`),
  ],
);
