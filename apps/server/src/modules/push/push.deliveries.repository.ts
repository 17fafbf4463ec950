/**
 * The push outbox (push.tables.ts `push_deliveries`): written with a personal message, claimed and
 * settled by the leader's delivery job.
 */
import type { Language } from '@brokerage/contract';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.js';
import { pushDeliveries } from './push.tables.js';

/**
 * One row per subscription of the message's user, in the caller's transaction (one statement;
 * nothing when the user has no subscription). A row's id is the message's and the subscription's:
 * a message is queued once per device.
 */
export async function enqueueForSubscriptions(
  db: Db,
  m: { messageId: string; userId: string; code: string; params: Record<string, string>; now: Date },
): Promise<void> {
  await db.execute(sql`
    insert into push_deliveries (id, subscription_id, message_id, code, params, created_at, due_at, attempts)
    select ${m.messageId} || '/' || s.id, s.id, ${m.messageId}, ${m.code}, ${JSON.stringify(m.params)}::jsonb,
           ${m.now.toISOString()}::timestamptz, ${m.now.toISOString()}::timestamptz, 0
      from push_subscriptions s
     where s.user_id = ${m.userId}
    on conflict (id) do nothing`);
}

export interface ClaimedDelivery {
  id: string;
  subscriptionId: string;
  messageId: string;
  code: string;
  params: Record<string, string>;
  createdAt: Date;
  /** sends tried so far, this one included */
  attempts: number;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: Language;
  prefs: { alerts: boolean; orders: boolean; money: boolean; products: boolean };
}

type RawClaim = {
  id: string;
  subscription_id: string;
  message_id: string;
  code: string;
  params: Record<string, string> | string;
  created_at: string | Date;
  attempts: number;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: Language;
  alerts: boolean;
  orders: boolean;
  money: boolean;
  products: boolean;
};

/**
 * Claims up to `limit` rows due at `now` in one statement: their `due_at` moves to `leaseUntil` (no
 * other claim takes them meanwhile) and `attempts` grows. `FOR UPDATE SKIP LOCKED`: two claims at
 * once (two instances) take different rows.
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  const rows = rowsOf<RawClaim>(
    await db.execute(sql`
      with due as (
        select id from push_deliveries
         where due_at <= ${now.toISOString()}::timestamptz
         order by due_at, id
         limit ${limit}
         for update skip locked
      )
      update push_deliveries d
         set due_at = ${leaseUntil.toISOString()}::timestamptz, attempts = d.attempts + 1
        from due, push_subscriptions s
        left join push_prefs p on p.user_id = s.user_id
       where d.id = due.id and s.id = d.subscription_id
      returning d.id, d.subscription_id, d.message_id, d.code, d.params, d.created_at, d.attempts,
                s.user_id, s.endpoint, s.p256dh, s.auth, s.lang,
                coalesce(p.alerts, true) as alerts, coalesce(p.orders, true) as orders,
                coalesce(p.money, true) as money, coalesce(p.products, true) as products`),
  );
  return rows.map((r) => ({
    id: r.id,
    subscriptionId: r.subscription_id,
    messageId: r.message_id,
    code: r.code,
    params: typeof r.params === 'string' ? (JSON.parse(r.params) as Record<string, string>) : r.params,
    createdAt: new Date(r.created_at),
    attempts: Number(r.attempts),
    userId: r.user_id,
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    lang: r.lang,
    prefs: { alerts: r.alerts, orders: r.orders, money: r.money, products: r.products },
  }));
}

/** Done or given up. */
export async function deleteDelivery(db: Db, id: string): Promise<void> {
  await db.delete(pushDeliveries).where(eq(pushDeliveries.id, id));
}

export async function rescheduleDelivery(db: Db, id: string, dueAt: Date): Promise<void> {
  await db.update(pushDeliveries).set({ dueAt }).where(eq(pushDeliveries.id, id));
}

/** What is queued for a user's devices (tests). */
export async function pendingOfUser(
  db: Db,
  userId: string,
): Promise<{ id: string; code: string; attempts: number; dueAt: Date }[]> {
  const rows = rowsOf<{ id: string; code: string; attempts: number; due_at: string | Date }>(
    await db.execute(sql`
      select d.id, d.code, d.attempts, d.due_at from push_deliveries d
        join push_subscriptions s on s.id = d.subscription_id
       where s.user_id = ${userId}
       order by d.due_at, d.id`),
  );
  return rows.map((r) => ({ id: r.id, code: r.code, attempts: Number(r.attempts), dueAt: new Date(r.due_at) }));
}
