import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const admins = pgTable(
  'admins',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** RFC 6238 secret, base32; null = not enrolled. Not encrypted at rest (docs/decisions.md "Back office"). */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step (unix time / 30 s) a login accepted: a code of that step or earlier is refused (replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('admins_role_enum', sql`${t.role} in ('admin','reviewer','support')`)],
);

export const adminSessions = pgTable('admin_sessions', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  adminId: text('admin_id')
    .notNull()
    .references(() => admins.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Append-only: a trigger (migration 0001) refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigint('seq', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    id: text('id').notNull().unique(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    role: text('role'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    result: text('result').notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);
