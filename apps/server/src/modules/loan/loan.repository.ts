/** Queries of the loan module: loans and credit-raise requests. */
import { and, count, desc, eq } from 'drizzle-orm';
import { withMoney, type WithMoney } from '../../platform/columns.js';
import type { Db, Tx } from '../../platform/db.js';
import { loans, quotaRaises } from './loan.tables.js';

/** A loan: principal and the repaid and accrued amounts are `Money` in the loan's currency. */
export type LoanRow = WithMoney<
  typeof loans.$inferSelect,
  'principal' | 'principalRepaid' | 'interestAccrued' | 'interestRepaid'
>;
export type NewLoanRow = typeof loans.$inferInsert;
/** A quota raise: its amount is `Money` in its currency. */
export type QuotaRaiseRow = WithMoney<typeof quotaRaises.$inferSelect, 'amount'>;
export type NewQuotaRaiseRow = typeof quotaRaises.$inferInsert;

export const loanOf = (row: typeof loans.$inferSelect): LoanRow =>
  withMoney(row, row.currency, ['principal', 'principalRepaid', 'interestAccrued', 'interestRepaid']);
export const quotaRaiseOf = (row: typeof quotaRaises.$inferSelect): QuotaRaiseRow =>
  withMoney(row, row.currency, ['amount']);

export async function insertLoan(tx: Tx, row: NewLoanRow): Promise<LoanRow> {
  const [created] = await tx.insert(loans).values(row).returning();
  if (!created) throw new Error('loan not inserted');
  return loanOf(created);
}

export async function lockLoan(tx: Tx, id: string): Promise<LoanRow | null> {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update');
  return row ? loanOf(row) : null;
}

export async function updateLoan(tx: Tx, id: string, patch: Partial<NewLoanRow>): Promise<LoanRow> {
  const [row] = await tx.update(loans).set(patch).where(eq(loans.id, id)).returning();
  if (!row) throw new Error(`loan ${id} vanished`);
  return loanOf(row);
}

export async function pendingLoanOf(db: Db, userId: string): Promise<LoanRow | null> {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.state, 'pending')));
  return row ? loanOf(row) : null;
}

/** Approved loans not yet settled (few per user): a settled loan has left `approved` (§3.10). */
export async function openLoansOf(db: Db, userId: string): Promise<LoanRow[]> {
  const rows = await db
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.state, 'approved')));
  return rows.map(loanOf);
}

export async function loansOfUser(
  db: Db,
  userId: string,
  page: number,
  size: number,
): Promise<{ rows: LoanRow[]; total: number }> {
  const where = eq(loans.userId, userId);
  const rows = await db
    .select()
    .from(loans)
    .where(where)
    .orderBy(desc(loans.appliedAt), desc(loans.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(loans).where(where);
  return { rows: rows.map(loanOf), total: total?.n ?? 0 };
}

export async function insertQuotaRaise(tx: Tx, row: NewQuotaRaiseRow): Promise<QuotaRaiseRow> {
  const [created] = await tx.insert(quotaRaises).values(row).returning();
  if (!created) throw new Error('quota raise not inserted');
  return quotaRaiseOf(created);
}

export async function pendingQuotaRaiseOf(db: Db, userId: string): Promise<QuotaRaiseRow | null> {
  const [row] = await db
    .select()
    .from(quotaRaises)
    .where(and(eq(quotaRaises.userId, userId), eq(quotaRaises.state, 'pending')));
  return row ? quotaRaiseOf(row) : null;
}

export async function decideQuotaRaise(tx: Tx, id: string, patch: Partial<NewQuotaRaiseRow>): Promise<QuotaRaiseRow> {
  const [row] = await tx.update(quotaRaises).set(patch).where(eq(quotaRaises.id, id)).returning();
  if (!row) throw new Error(`quota raise ${id} vanished`);
  return quotaRaiseOf(row);
}
