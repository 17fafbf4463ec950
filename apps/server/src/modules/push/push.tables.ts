import type { Language } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../platform/columns.js';

/**
 * The server's VAPID key pair (RFC 8292) when none is configured: one row (`id = 'vapid'`), written
 * once by the first instance to start (insert-on-conflict-do-nothing, then every instance reads it).
 * Keys are base64url: the public key the 65-byte uncompressed P-256 point, the private key the 32-byte scalar.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: text('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [check('push_vapid_keys_one_row', sql`${t.id} = 'vapid'`)],
);

/**
 * A browser's push subscription (docs/api.md §22.4). The endpoint is unique: the same browser
 * subscribing again (for whichever user signed in) updates its row. `renewedAt` orders the cap of
 * 10 per user: the least recently subscribed goes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    /** the browser's P-256 public key, base64url */
    p256dh: text('p256dh').notNull(),
    /** the 16-byte auth secret, base64url */
    auth: text('auth').notNull(),
    lang: text('lang').$type<Language>().notNull(),
    createdAt: at('created_at').notNull(),
    renewedAt: at('renewed_at').notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.renewedAt),
  ],
);

/** Which kinds of push a user gets; no row = all on. The row is also the lock of a user's subscribes. */
export const pushPrefs = pgTable('push_prefs', {
  userId: text('user_id').primaryKey(),
  alerts: boolean('alerts').notNull().default(true),
  orders: boolean('orders').notNull().default(true),
  money: boolean('money').notNull().default(true),
  products: boolean('products').notNull().default(true),
  updatedAt: at('updated_at').notNull(),
});

/**
 * The push outbox: one row per (personal message, subscription of its user), written in the
 * message's transaction; the leader's delivery job sends it after the commit and deletes it when
 * done or given up. `dueAt` is when it may be tried next (a claim pushes it past the send's
 * timeout, so no other claim takes it meanwhile); `attempts` counts the sends tried.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    code: text('code').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    createdAt: at('created_at').notNull(),
    dueAt: at('due_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('push_deliveries_due_idx').on(t.dueAt), index('push_deliveries_subscription_idx').on(t.subscriptionId)],
);
