/**
 * Idempotent money calls (API.md §1.6, §1.11). The key is (account, path, requestId).
 *
 * - `begin` runs right after auth, in its own statement so concurrent duplicates see it at
 *   once: a new key is inserted `in_progress`; a known key answers the stored reply (same
 *   body), 409 `request.id_reused` (other body) or 409 `request.in_progress`.
 * - The effect's transaction calls `complete` before it commits, so "money moved" and "answer
 *   stored" are one atomic fact: after a crash either both happened or neither did.
 * - A business rejection (status 0) is stored after the rolled-back transaction; 400, 401,
 *   429 and 500 answers are not stored (`abandon`), so the call may be retried.
 * - An `in_progress` key older than `TAKEOVER_MS` belongs to an attempt that died before its
 *   commit (its `complete` would have flipped it); a retry takes it over with a new attempt
 *   number, and a late commit of the old attempt finds its number gone and rolls back.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from './clock.js';
import type { Db } from './db.js';
import { DomainError } from './errors.js';
import { idempotencyKeys } from './idempotency.tables.js';

const KEEP_MS = 24 * 60 * 60 * 1000;
const TAKEOVER_MS = 2 * 60 * 1000;

export interface IdempotencyKey {
  userId: string;
  path: string;
  requestId: string;
}

export type BeginResult =
  | { kind: 'new'; attempt: number }
  | { kind: 'replay'; httpStatus: number; response: unknown };

/** Canonical JSON (object keys sorted at every level) → SHA-256, so key order is ignored. */
export function bodyHash(body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
    }
    return v;
  };
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('base64url');
}

const where = (k: IdempotencyKey) =>
  and(eq(idempotencyKeys.userId, k.userId), eq(idempotencyKeys.path, k.path), eq(idempotencyKeys.requestId, k.requestId));

export async function begin(db: Db, clock: Clock, key: IdempotencyKey, hash: string): Promise<BeginResult> {
  const now = clock.now();
  const inserted = await db.insert(idempotencyKeys)
    .values({ ...key, bodyHash: hash, state: 'in_progress', attempt: 1, startedAt: now, createdAt: now })
    .onConflictDoNothing().returning({ attempt: idempotencyKeys.attempt });
  if (inserted[0]) return { kind: 'new', attempt: inserted[0].attempt };

  const [row] = await db.select().from(idempotencyKeys).where(where(key));
  if (!row) return begin(db, clock, key, hash); // expired and swept in between
  if (now.getTime() - row.createdAt.getTime() > KEEP_MS) {
    await db.delete(idempotencyKeys).where(and(where(key), eq(idempotencyKeys.createdAt, row.createdAt)));
    return begin(db, clock, key, hash);
  }
  if (row.bodyHash !== hash) throw new DomainError('request.id_reused');
  if (row.state === 'done') return { kind: 'replay', httpStatus: row.httpStatus ?? 200, response: row.response };
  if (now.getTime() - row.startedAt.getTime() < TAKEOVER_MS) throw new DomainError('request.in_progress');
  const taken = await db.update(idempotencyKeys)
    .set({ attempt: sql`${idempotencyKeys.attempt} + 1`, startedAt: now })
    .where(and(where(key), eq(idempotencyKeys.state, 'in_progress'), eq(idempotencyKeys.attempt, row.attempt)))
    .returning({ attempt: idempotencyKeys.attempt });
  if (!taken[0]) throw new DomainError('request.in_progress');
  return { kind: 'new', attempt: taken[0].attempt };
}

/** Inside the effect's transaction: store the answer; refuses if the attempt was taken over. */
export async function complete(tx: Db, key: IdempotencyKey, attempt: number, httpStatus: number, response: unknown): Promise<void> {
  const done = await tx.update(idempotencyKeys)
    .set({ state: 'done', httpStatus, response })
    .where(and(where(key), eq(idempotencyKeys.attempt, attempt), eq(idempotencyKeys.state, 'in_progress')))
    .returning({ attempt: idempotencyKeys.attempt });
  if (!done[0]) throw new DomainError('request.in_progress');
}

/** Answers that must not be stored (400, 401, 429, 500): the key is freed for a retry. */
export async function abandon(db: Db, key: IdempotencyKey, attempt: number): Promise<void> {
  await db.delete(idempotencyKeys).where(and(where(key), eq(idempotencyKeys.attempt, attempt), eq(idempotencyKeys.state, 'in_progress')));
}

export async function sweep(db: Db, clock: Clock): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(clock.now().getTime() - KEEP_MS)));
}
