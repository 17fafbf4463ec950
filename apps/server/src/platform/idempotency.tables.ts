import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** docs/api.md §1.6: one row per (account, path, requestId), kept 24 h; inserted, answered and committed with the call's effect. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    path: text('path').notNull(),
    requestId: text('request_id').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** the answer a repeat gets; written in the claim's own transaction, so a committed row always has one */
    httpStatus: integer('http_status').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.path, t.requestId] })],
);
