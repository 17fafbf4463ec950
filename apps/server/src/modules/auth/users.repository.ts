import type { KycStatus } from '@brokerage/contract';
import { and, count, eq, ilike, notLike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import type { MaybePromise } from '../../platform/maybe-promise.js';
import type { AuthCache } from './auth-cache.js';
import { organisations, users } from './auth.tables.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id));
  return rows[0] ?? null;
}

/** The user's row, locked (FOR UPDATE) until the transaction ends: takes `Tx`, never the pool. */
export async function lockUserById(tx: Tx, id: string): Promise<UserRow | null> {
  const rows = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return rows[0] ?? null;
}

/**
 * A plain read served from the auth cache when possible (never inside a writing transaction):
 * synchronous on a cache hit.
 */
export function findUserCached(db: Db, authCache: AuthCache, id: string): MaybePromise<UserRow | null> {
  const cached = authCache.user(id);
  if (cached) return cached;
  const readStartedAt = Date.now();
  return findUserById(db, id).then((row) => {
    if (row) authCache.putUser(row, readStartedAt);
    return row;
  });
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.phone, phone));
  return rows[0] ?? null;
}

export async function findUserByInviteCode(db: Db, code: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.inviteCode, code));
  return rows[0] ?? null;
}

export async function findOrganisationByCode(db: Db, code: string) {
  const rows = await db.select().from(organisations).where(eq(organisations.code, code));
  return rows[0] ?? null;
}

export async function insertOrganisation(db: Db, row: typeof organisations.$inferInsert): Promise<void> {
  await db.insert(organisations).values(row).onConflictDoNothing();
}

export async function insertUser(db: Db, row: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values(row);
}

/** Every write to `users` goes through here so the auth cache can never serve an old row. */
export async function updateUser(
  db: Db,
  authCache: AuthCache,
  id: string,
  patch: Partial<typeof users.$inferInsert>,
): Promise<void> {
  authCache.invalidateUser(id);
  await db.update(users).set(patch).where(eq(users.id, id));
}

export interface UserFilter {
  keyword?: string;
  restriction?: string;
  kycStatus?: KycStatus;
}

/**
 * A copy fund's system user (copy.funds.ts) has the phone `fund:<fundId>`, which no registration
 * can take (a phone is digits): it holds the fund's money, it is not a customer, and the back
 * office reaches it through the fund, not the user list.
 */
const SYSTEM_PHONE_PREFIX = 'fund:';

function filterOf(f: UserFilter): SQL | undefined {
  const parts: SQL[] = [notLike(users.phone, `${SYSTEM_PHONE_PREFIX}%`)];
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const either = or(ilike(users.phone, like), ilike(users.realName, like), eq(users.id, f.keyword));
    if (either) parts.push(either);
  }
  if (f.restriction) parts.push(sql`${f.restriction} = any(${users.restrictions})`);
  if (f.kycStatus) parts.push(eq(users.kycStatus, f.kycStatus));
  return and(...parts);
}

export async function listUsers(
  db: Db,
  f: UserFilter,
  page: number,
  size: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = filterOf(f);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(sql`${users.createdAt} desc, ${users.id}`)
    .limit(size)
    .offset((page - 1) * size);
  const totals = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export async function countInvited(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(users).where(eq(users.inviterUserId, userId));
  return Number(rows[0]?.n ?? 0);
}
