import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** API.md §1.6: one row per (account, path, requestId), kept 24 h. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    path: text('path').notNull(),
    requestId: text('request_id').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** `in_progress` until the effect's own transaction marks it `done` with the answer */
    state: text('state').notNull(),
    /** bumped when an abandoned attempt is taken over; the effect commits only for its attempt */
    attempt: integer('attempt').notNull().default(1),
    httpStatus: integer('http_status'),
    response: jsonb('response'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.path, t.requestId] })],
);
