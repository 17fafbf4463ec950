/** Queries of push subscriptions, preferences and the VAPID key row (docs/api.md §22.4). */
import type { Language } from '@brokerage/contract';
import { and, count, desc, eq, ne, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { pushPrefs, pushSubscriptions, pushVapidKeys } from './push.tables.js';

export interface PrefsRecord {
  alerts: boolean;
  orders: boolean;
  money: boolean;
  products: boolean;
}

export type PrefsPatch = Partial<PrefsRecord>;

const VAPID_ROW = 'vapid';

/** Writes the pair unless one is there already (the first instance to start wins). */
export async function insertVapidKeysOnce(
  db: Db,
  keys: { publicKey: string; privateKey: string },
  now: Date,
): Promise<void> {
  await db
    .insert(pushVapidKeys)
    .values({ id: VAPID_ROW, ...keys, createdAt: now })
    .onConflictDoNothing();
}

export async function storedVapidKeys(db: Db): Promise<{ publicKey: string; privateKey: string } | null> {
  const [row] = await db
    .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
    .from(pushVapidKeys)
    .where(eq(pushVapidKeys.id, VAPID_ROW));
  return row ?? null;
}

/** The user's preferences row, made (all on) if missing and locked until the transaction ends. */
export async function lockPrefs(tx: Tx, userId: string, now: Date): Promise<PrefsRecord> {
  await tx.insert(pushPrefs).values({ userId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select({
      alerts: pushPrefs.alerts,
      orders: pushPrefs.orders,
      money: pushPrefs.money,
      products: pushPrefs.products,
    })
    .from(pushPrefs)
    .where(eq(pushPrefs.userId, userId))
    .for('update');
  if (!row) throw new Error('push prefs row missing after insert');
  return row;
}

export async function updatePrefs(tx: Tx, userId: string, patch: PrefsPatch, now: Date): Promise<void> {
  await tx
    .update(pushPrefs)
    .set({ ...patch, updatedAt: now })
    .where(eq(pushPrefs.userId, userId));
}

/** The preferences (all on without a row) and how many subscriptions the user has. */
export async function prefsOf(db: Db, userId: string): Promise<PrefsRecord & { devices: number }> {
  const [row] = await db
    .select({
      alerts: pushPrefs.alerts,
      orders: pushPrefs.orders,
      money: pushPrefs.money,
      products: pushPrefs.products,
    })
    .from(pushPrefs)
    .where(eq(pushPrefs.userId, userId));
  const [devices] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return { ...(row ?? { alerts: true, orders: true, money: true, products: true }), devices: devices?.n ?? 0 };
}

/**
 * Stores a subscription: the same endpoint again updates its keys and language. An endpoint held by
 * another user (the browser's account changed) is removed first, with what was queued for it.
 */
export async function upsertSubscription(
  tx: Tx,
  row: { id: string; userId: string; endpoint: string; p256dh: string; auth: string; lang: Language; now: Date },
): Promise<string> {
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, row.endpoint), ne(pushSubscriptions.userId, row.userId)));
  const [stored] = await tx
    .insert(pushSubscriptions)
    .values({
      id: row.id,
      userId: row.userId,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      lang: row.lang,
      createdAt: row.now,
      renewedAt: row.now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: row.p256dh, auth: row.auth, lang: row.lang, renewedAt: row.now },
    })
    .returning({ id: pushSubscriptions.id });
  if (!stored) throw new Error('push subscription upsert returned nothing');
  return stored.id;
}

/** Removes all but the `keep` most recently subscribed of the user's subscriptions. */
export async function trimSubscriptions(tx: Tx, userId: string, keep: number): Promise<void> {
  const kept = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.renewedAt), desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  if (kept.length < keep) return;
  await tx.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.userId, userId),
      notInArray(
        pushSubscriptions.id,
        kept.map((k) => k.id),
      ),
    ),
  );
}

/** Removes the user's own subscription of that endpoint (someone else's stays). */
export async function deleteOwnSubscription(tx: Tx, userId: string, endpoint: string): Promise<void> {
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A subscription a push service said is gone (404/410). */
export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The user's subscriptions' endpoints, newest first (tests and the back office read them). */
export async function endpointsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.renewedAt));
  return rows.map((r) => r.endpoint);
}

/** The language of the user's most recently renewed subscription: the last one the server was told. */
export async function lastLanguageOf(db: Db, userId: string): Promise<Language | null> {
  const rows = await db
    .select({ lang: pushSubscriptions.lang })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.renewedAt))
    .limit(1);
  return rows[0]?.lang ?? null;
}
