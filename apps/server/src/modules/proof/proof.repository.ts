/** The proof tables' queries (docs/api.md §25). */
import type { Currency } from '@brokerage/contract';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../platform/db.js';
import { intArrayLiteral, textArrayLiteral } from '../../platform/sql-arrays.js';
import { proofCurrencies, proofLeaves, proofNodes, proofReserves, proofs } from './proof.tables.js';

export type ProofRow = typeof proofs.$inferSelect;

/**
 * Claims the proof row; null when a proof of the same scheduled instant exists (another instance
 * published it, or is publishing it: the insert waits for its commit).
 */
export async function claimProof(tx: Tx, row: typeof proofs.$inferInsert): Promise<string | null> {
  const rows = await tx.insert(proofs).values(row).onConflictDoNothing().returning({ id: proofs.id });
  return rows[0]?.id ?? null;
}

export async function scheduledExists(db: Db, at: Date): Promise<boolean> {
  const rows = await db.select({ id: proofs.id }).from(proofs).where(eq(proofs.scheduledFor, at)).limit(1);
  return rows.length > 0;
}

export async function insertCurrency(tx: Tx, row: typeof proofCurrencies.$inferInsert): Promise<void> {
  await tx.insert(proofCurrencies).values(row);
}

export async function insertReserves(tx: Tx, rows: (typeof proofReserves.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(proofReserves).values(rows);
}

/** Leaves per statement of `insertLeaves`. */
export const LEAF_BATCH = 20_000;

/**
 * A currency's leaves, `LEAF_BATCH` a statement: each statement passes the batch as four array
 * parameters (user ids, places, nonces, balances) that `unnest` turns into rows. A million leaves
 * are 50 statements of 4 parameters instead of drizzle's row-by-row builder (6 parameters a row,
 * whose building cost more CPU than the tree). Give them in key order (the reading's user order):
 * the primary key's index then grows at its end.
 */
export async function insertLeaves(
  tx: Tx,
  proofId: string,
  currency: Currency,
  leaves: readonly { userId: string; idx: number; nonce: string; balance: string }[],
): Promise<void> {
  for (let from = 0; from < leaves.length; from += LEAF_BATCH) {
    const batch = leaves.slice(from, from + LEAF_BATCH);
    await tx.execute(sql`insert into proof_leaves (proof_id, currency, user_id, idx, nonce, balance)
      select ${proofId}, ${currency}, l.user_id, l.idx, l.nonce, l.balance
      from unnest(${textArrayLiteral(batch.map((l) => l.userId))}::text[], ${intArrayLiteral(batch.map((l) => l.idx))}::int[],
        ${textArrayLiteral(batch.map((l) => l.nonce))}::text[], ${textArrayLiteral(batch.map((l) => l.balance))}::text[])
        as l(user_id, idx, nonce, balance)`);
  }
}

export async function insertNodes(tx: Tx, rows: (typeof proofNodes.$inferInsert)[]): Promise<void> {
  const BATCH = 50;
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(proofNodes).values(rows.slice(i, i + BATCH));
}

export async function latestProof(db: Db): Promise<ProofRow | null> {
  const rows = await db.select().from(proofs).orderBy(desc(proofs.asOf), desc(proofs.id)).limit(1);
  return rows[0] ?? null;
}

export async function proofById(db: Db, id: string): Promise<ProofRow | null> {
  const rows = await db.select().from(proofs).where(eq(proofs.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function proofPage(db: Db, page: number, size: number): Promise<{ rows: ProofRow[]; total: number }> {
  const rows = await db
    .select()
    .from(proofs)
    .orderBy(desc(proofs.asOf), desc(proofs.id))
    .limit(size)
    .offset((page - 1) * size);
  const [c] = await db.select({ n: count() }).from(proofs);
  return { rows, total: c?.n ?? 0 };
}

export async function currenciesOf(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(proofCurrencies)
    .where(inArray(proofCurrencies.proofId, ids))
    .orderBy(asc(proofCurrencies.currency));
}

export async function reservesOf(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(proofReserves)
    .where(inArray(proofReserves.proofId, ids))
    .orderBy(asc(proofReserves.currency));
}

export async function leafOf(db: Db, proofId: string, currency: Currency, userId: string) {
  const rows = await db
    .select()
    .from(proofLeaves)
    .where(and(eq(proofLeaves.proofId, proofId), eq(proofLeaves.currency, currency), eq(proofLeaves.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function nodeChunk(db: Db, proofId: string, currency: Currency, level: number, chunk: number) {
  const rows = await db
    .select()
    .from(proofNodes)
    .where(
      and(
        eq(proofNodes.proofId, proofId),
        eq(proofNodes.currency, currency),
        eq(proofNodes.level, level),
        eq(proofNodes.chunk, chunk),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function heightOf(db: Db, proofId: string, currency: Currency): Promise<number> {
  const rows = await db
    .select({ top: sql<number>`max(${proofNodes.level})` })
    .from(proofNodes)
    .where(and(eq(proofNodes.proofId, proofId), eq(proofNodes.currency, currency)));
  const top = rows[0]?.top;
  return top === null || top === undefined ? 0 : Number(top) + 1;
}

/** Deletes the proofs older than `before` (their rows cascade); how many went. */
export async function deleteBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(proofs).where(lt(proofs.asOf, before)).returning({ id: proofs.id });
  return rows.length;
}

/** The transaction's first statement: one snapshot for every page the build reads. */
/** The transaction's isolation level, as PostgreSQL names it (`read committed`, `repeatable read`, …). */
export async function isolationOf(tx: Tx): Promise<string> {
  const r = await tx.execute(sql`select current_setting('transaction_isolation') as level`);
  return rowsOf<{ level: string }>(r)[0]?.level ?? '';
}
