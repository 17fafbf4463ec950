import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../platform/columns.js';

/**
 * A user's passkeys (docs/api.md §23.7): the WebAuthn credential id and COSE public key (both
 * base64url), the authenticator's signature counter (0 for authenticators that keep none) and the
 * transports it named. A credential id belongs to one account (unique index). At most 10 per
 * user, counted under the user's row lock.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_uq').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId, t.createdAt),
    check('passkeys_counter_range', sql`${t.counter} >= 0`),
  ],
);

/**
 * A WebAuthn challenge (§23.7): lives 5 minutes and is used once, taken by one conditional
 * DELETE … RETURNING, so of two requests with the same challenge only one gets it. `id` is the
 * SHA-256 of what the client names it by: the challenge itself when adding a passkey (read back
 * from the browser's clientDataJSON), the `challengeId` of a sign-in. `userId` is the account
 * adding a passkey; null for a sign-in (discoverable credentials: no account is named).
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: text('user_id'),
    challenge: text('challenge').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('passkey_challenges_expires_idx').on(t.expiresAt),
    check('passkey_challenges_purpose', sql`${t.purpose} in ('register', 'login')`),
    check('passkey_challenges_register_user', sql`(${t.purpose} = 'login') = (${t.userId} is null)`),
  ],
);
