/**
 * Idempotent money calls (docs/api.md §1.6, §1.11). The key is (account, path, requestId). One
 * transaction, one commit per call: the claim, the effect and the stored answer commit together.
 *
 * - `claim` is the transaction's first write: it inserts the key. A duplicate that arrives while
 *   the first call runs blocks on that uncommitted row (the primary key) until the first commits
 *   or rolls back, at most `CLAIM_WAIT_MS`; past that it answers 409 `request.in_progress`.
 * - When the first commits, the duplicate finds its answer and replays it (same body), or answers
 *   409 `request.id_reused` (other body). When the first rolls back, or its process dies (the
 *   server ends a dead connection's transaction), the duplicate's insert goes through and it
 *   executes: nothing is ever left half-claimed.
 * - A business rejection (status 0) rolls the whole transaction back, claim and writes, and is
 *   then stored by a transaction of its own that claims the key again (`claim` + `store`): if a
 *   duplicate executed in between, its stored answer wins and both callers get it. 400, 401,
 *   429 and 500 roll everything back and store nothing, so the call may be retried.
 * - Keys older than `KEEP_MS` are forgotten: `sweep` deletes them, and a claim meeting one
 *   replaces it.
 */
import { createHash, hash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from './clock.js';
import { rowsOf, type Db, type Tx } from './db.js';
import { DomainError } from './errors.js';
import { idempotencyKeys } from './idempotency.tables.js';

const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * How long a duplicate waits for the first call before 409 `request.in_progress`. It bounds every
 * lock wait of the money transaction (PostgreSQL `lock_timeout`), well inside the client's 10 s
 * (docs/api.md §1.1); an effect that waits that long on another lock fails as a 500, stored nowhere.
 */
export const CLAIM_WAIT_MS = 5000;

export interface IdempotencyKey {
  userId: string;
  path: string;
  requestId: string;
}

export type ClaimResult = { kind: 'new' } | { kind: 'replay'; httpStatus: number; response: unknown };

/** A key JavaScript orders before every other (an array index): objects list those first, ascending. */
const INDEX_KEY = /^(?:0|[1-9]\d{0,9})$/;

/**
 * The canonical JSON of a flat object (every value a string, a finite number, a boolean or
 * null; a money call's body), keys sorted: the text `JSON.stringify` gives for the same object
 * with its keys in that order. Null for anything else, and for an object with a key such as
 * "10", which an object lists first whatever the order it was built in.
 */
function flatCanonicalJson(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const keys = Object.keys(body).sort();
  let text = '{';
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i] as string;
    if (INDEX_KEY.test(key)) return null;
    const value = (body as Record<string, unknown>)[key];
    const type = typeof value;
    if (!(value === null || type === 'string' || type === 'boolean' || (type === 'number' && Number.isFinite(value))))
      return null;
    text += `${i === 0 ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }
  return `${text}}`;
}

/**
 * Canonical JSON (object keys sorted at every level) → SHA-256, so key order is ignored. A flat
 * body (the money calls') is written out directly, the same text as the general path.
 */
export function bodyHash(body: unknown): string {
  const flat = flatCanonicalJson(body);
  if (flat !== null) return hash('sha256', flat, 'base64url');
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('base64url');
}

const where = (k: IdempotencyKey) =>
  and(
    eq(idempotencyKeys.userId, k.userId),
    eq(idempotencyKeys.path, k.path),
    eq(idempotencyKeys.requestId, k.requestId),
  );

/** PostgreSQL's `lock_not_available`: a lock wait passed `lock_timeout`. */
export function isLockTimeout(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '55P03') return true;
  }
  return false;
}

/**
 * The first write of a money call's transaction: a new key is claimed (and committed with the
 * effect), a finished one is replayed. Waits for a claim still running elsewhere (see the top).
 */
export async function claim(
  tx: Tx,
  clock: Clock,
  key: IdempotencyKey,
  hash: string,
  waitMs = CLAIM_WAIT_MS,
): Promise<ClaimResult> {
  const now = clock.now();
  let inserted: unknown[];
  try {
    // one statement: the bound on the wait is set (for this transaction) before the insert meets
    // a claim still running elsewhere; the answer columns are placeholders until `store`
    inserted = rowsOf(
      await tx.execute(sql`with bound as (select set_config('lock_timeout', ${`${waitMs}ms`}, true))
      insert into idempotency_keys (user_id, path, request_id, body_hash, http_status, response, created_at)
      select ${key.userId}, ${key.path}, ${key.requestId}, ${hash}, 0, '{}'::jsonb, ${now.toISOString()}::timestamptz from bound
      on conflict do nothing returning user_id`),
    );
  } catch (error) {
    if (isLockTimeout(error)) throw new DomainError('request.in_progress');
    throw error;
  }
  if (inserted[0]) return { kind: 'new' };

  const [row] = await tx.select().from(idempotencyKeys).where(where(key));
  if (!row) return claim(tx, clock, key, hash, waitMs); // swept in between
  if (now.getTime() - row.createdAt.getTime() > KEEP_MS) {
    await tx.delete(idempotencyKeys).where(and(where(key), eq(idempotencyKeys.createdAt, row.createdAt)));
    return claim(tx, clock, key, hash, waitMs);
  }
  if (row.bodyHash !== hash) throw new DomainError('request.id_reused');
  return { kind: 'replay', httpStatus: row.httpStatus, response: row.response };
}

/**
 * A plain read (no claim, no lock) of a finished answer: the replay, 409 `request.id_reused` for
 * another body, or null when there is none yet (new, still running, or expired). Lets a repeat be
 * answered before the per-route limits, and a call those limits refuse never claim its key.
 */
export async function findFinished(
  db: Db,
  clock: Clock,
  key: IdempotencyKey,
  hash: string,
): Promise<ClaimResult | null> {
  const [row] = await db.select().from(idempotencyKeys).where(where(key));
  if (!row || clock.now().getTime() - row.createdAt.getTime() > KEEP_MS) return null;
  if (row.bodyHash !== hash) throw new DomainError('request.id_reused');
  return { kind: 'replay', httpStatus: row.httpStatus, response: row.response };
}

/** In the claim's transaction, after the effect: the answer a repeat will get. */
export async function store(tx: Tx, key: IdempotencyKey, httpStatus: number, response: unknown): Promise<void> {
  await tx.update(idempotencyKeys).set({ httpStatus, response }).where(where(key));
}

export async function sweep(db: Db, clock: Clock): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(clock.now().getTime() - KEEP_MS)));
}

/** One call of a group commit: its key and the hash of its body. */
export interface KeyedCall {
  key: IdempotencyKey;
  hash: string;
}

const keyText = (k: IdempotencyKey): string => `${k.userId}\u0000${k.path}\u0000${k.requestId}`;

/**
 * `claim` for the calls of a group commit (platform/group-commit.ts), in one statement: the keys
 * are inserted in key order, so two transactions claiming overlapping keys wait on each other in
 * the same order (no deadlock). A key another transaction holds makes this wait (at most
 * `waitMs`, then PostgreSQL's `lock_not_available` fails the statement). Returns, per call,
 * whether its key is now claimed by this transaction; a call whose key was not (finished, still
 * running elsewhere until it ended, expired, another body) is left to `claim`, which knows them all.
 * The keys must be distinct.
 */
export async function claimMany(tx: Tx, clock: Clock, calls: KeyedCall[], waitMs = CLAIM_WAIT_MS): Promise<boolean[]> {
  const rows = calls.map((c) => ({
    user_id: c.key.userId,
    path: c.key.path,
    request_id: c.key.requestId,
    body_hash: c.hash,
  }));
  const inserted = rowsOf<{ user_id: string; path: string; request_id: string }>(
    await tx.execute(sql`with bound as (select set_config('lock_timeout', ${`${waitMs}ms`}, true)),
      k as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(user_id text, path text, request_id text, body_hash text))
    insert into idempotency_keys (user_id, path, request_id, body_hash, http_status, response, created_at)
    select k.user_id, k.path, k.request_id, k.body_hash, 0, '{}'::jsonb, ${clock.now().toISOString()}::timestamptz from k, bound
    order by k.user_id, k.path, k.request_id
    on conflict do nothing returning user_id, path, request_id`),
  );
  const claimed = new Set(inserted.map((r) => keyText({ userId: r.user_id, path: r.path, requestId: r.request_id })));
  return calls.map((c) => claimed.has(keyText(c.key)));
}

/**
 * `store` for many claimed keys of this transaction, in one statement. Each answer comes as its
 * JSON text (`responseJson`), which the caller sends too: the answer is serialised once.
 */
export async function storeMany(
  tx: Tx,
  answers: { key: IdempotencyKey; httpStatus: number; responseJson: string }[],
): Promise<void> {
  if (answers.length === 0) return;
  // the rows as JSON text around each answer's own text (the JSON an object per row would give)
  let rows = '[';
  for (let i = 0; i < answers.length; i += 1) {
    const a = answers[i] as (typeof answers)[number];
    rows += `${i === 0 ? '' : ','}{"user_id":${JSON.stringify(a.key.userId)},"path":${JSON.stringify(a.key.path)},"request_id":${JSON.stringify(a.key.requestId)},"http_status":${JSON.stringify(a.httpStatus)},"response":${a.responseJson}}`;
  }
  rows += ']';
  await tx.execute(sql`update idempotency_keys k set http_status = a.http_status, response = a.response
    from jsonb_to_recordset(${rows}::jsonb) as a(user_id text, path text, request_id text, http_status int, response jsonb)
    where k.user_id = a.user_id and k.path = a.path and k.request_id = a.request_id`);
}

/**
 * `findFinished` for many calls in one statement (the lookups that arrive together at a grouped
 * route, platform/group-commit.ts `Coalescer`): per call its replay, `id_reused`, or null.
 */
export async function findFinishedMany(
  db: Db,
  clock: Clock,
  calls: KeyedCall[],
): Promise<(ClaimResult | 'id_reused' | null)[]> {
  const keys = calls.map((c) => ({ user_id: c.key.userId, path: c.key.path, request_id: c.key.requestId }));
  const cutoff = new Date(clock.now().getTime() - KEEP_MS).toISOString();
  const rows = rowsOf<{
    user_id: string;
    path: string;
    request_id: string;
    body_hash: string;
    http_status: number;
    response: unknown;
  }>(
    await db.execute(sql`select k.user_id, k.path, k.request_id, k.body_hash, k.http_status, k.response from idempotency_keys k
      join jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as x(user_id text, path text, request_id text)
        on k.user_id = x.user_id and k.path = x.path and k.request_id = x.request_id
      where k.created_at >= ${cutoff}::timestamptz`),
  );
  const found = new Map(rows.map((r) => [keyText({ userId: r.user_id, path: r.path, requestId: r.request_id }), r]));
  return calls.map((c) => {
    const row = found.get(keyText(c.key));
    if (!row) return null;
    if (row.body_hash !== c.hash) return 'id_reused';
    const response = typeof row.response === 'string' ? (JSON.parse(row.response) as unknown) : row.response;
    return { kind: 'replay', httpStatus: row.http_status, response };
  });
}
