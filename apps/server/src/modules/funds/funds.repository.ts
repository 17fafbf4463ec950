/** Queries shared by the funds services. */
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Currency } from '@brokerage/contract';
import { withMoney, type WithMoney } from '../../platform/columns.js';
import type { Db, Tx } from '../../platform/db.js';
import { cards, deposits, kycSubmissions, wallets, withdrawals } from './funds.tables.js';

export type CardRow = typeof cards.$inferSelect;
export type WalletRow = typeof wallets.$inferSelect;
/** A deposit: its amount is `Money` in the deposit's currency. */
export type DepositRow = WithMoney<typeof deposits.$inferSelect, 'amount'>;
/** A withdrawal: amount, fee and the withdrawable balance at submission are `Money` in its currency. */
export type WithdrawalRow = WithMoney<typeof withdrawals.$inferSelect, 'amount' | 'fee' | 'withdrawableAtSubmit'>;

export const depositOf = (row: typeof deposits.$inferSelect): DepositRow => withMoney(row, row.currency, ['amount']);
export const withdrawalOf = (row: typeof withdrawals.$inferSelect): WithdrawalRow =>
  withMoney(row, row.currency, ['amount', 'fee', 'withdrawableAtSubmit']);
export type KycRow = typeof kycSubmissions.$inferSelect;

export async function latestKyc(db: Db, userId: string): Promise<KycRow | null> {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.submittedAt))
    .limit(1);
  return row ?? null;
}

export async function liveCards(db: Db, userId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(cards)
    .where(and(eq(cards.userId, userId), isNull(cards.deletedAt)))
    .orderBy(desc(cards.createdAt));
}

export async function liveWallets(db: Db, userId: string): Promise<WalletRow[]> {
  return db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), isNull(wallets.deletedAt)))
    .orderBy(desc(wallets.createdAt));
}

export async function findCard(db: Db, cardId: string): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), isNull(cards.deletedAt)));
  return row ?? null;
}

export async function findWallet(db: Db, walletId: string): Promise<WalletRow | null> {
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.id, walletId), isNull(wallets.deletedAt)));
  return row ?? null;
}

/** A card by id, deleted or not (a withdrawal names the card it paid to). */
export async function cardById(db: Db, cardId: string): Promise<CardRow | null> {
  const [row] = await db.select().from(cards).where(eq(cards.id, cardId));
  return row ?? null;
}

/** A wallet by id, deleted or not (a withdrawal names the wallet it paid to). */
export async function walletById(db: Db, walletId: string): Promise<WalletRow | null> {
  const [row] = await db.select().from(wallets).where(eq(wallets.id, walletId));
  return row ?? null;
}

export async function insertCard(tx: Tx, row: typeof cards.$inferInsert): Promise<CardRow | null> {
  const [created] = await tx.insert(cards).values(row).returning();
  return created ?? null;
}

/** Cards are soft-deleted: withdrawals keep naming them. */
export async function markCardDeleted(tx: Tx, cardId: string, at: Date): Promise<void> {
  await tx.update(cards).set({ deletedAt: at }).where(eq(cards.id, cardId));
}

export async function insertWallet(tx: Tx, row: typeof wallets.$inferInsert): Promise<WalletRow | null> {
  const [created] = await tx.insert(wallets).values(row).returning();
  return created ?? null;
}

/** Wallets are soft-deleted: withdrawals keep naming them. */
export async function markWalletDeleted(tx: Tx, walletId: string, at: Date): Promise<void> {
  await tx.update(wallets).set({ deletedAt: at }).where(eq(wallets.id, walletId));
}

/** One page of a user's deposits, newest first, in one currency or all, with the total count. */
export async function depositsPage(
  db: Db,
  userId: string,
  currency: Currency | undefined,
  page: number,
  size: number,
): Promise<{ rows: DepositRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(deposits.userId, userId),
    currency ? eq(deposits.currency, currency) : undefined,
  );
  const rows = await db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.createdAt))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(deposits).where(where);
  return { rows: rows.map(depositOf), total: total?.n ?? 0 };
}

/** One page of a user's withdrawals, newest first, in one currency or all, with the total count. */
export async function withdrawalsPage(
  db: Db,
  userId: string,
  currency: Currency | undefined,
  page: number,
  size: number,
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(withdrawals.userId, userId),
    currency ? eq(withdrawals.currency, currency) : undefined,
  );
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.createdAt))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  return { rows: rows.map(withdrawalOf), total: total?.n ?? 0 };
}

export async function insertKycSubmission(tx: Tx, row: typeof kycSubmissions.$inferInsert): Promise<void> {
  await tx.insert(kycSubmissions).values(row);
}

export async function insertDeposit(tx: Tx, row: typeof deposits.$inferInsert): Promise<DepositRow | null> {
  const [created] = await tx.insert(deposits).values(row).returning();
  return created ? depositOf(created) : null;
}

export async function insertWithdrawal(tx: Tx, row: typeof withdrawals.$inferInsert): Promise<WithdrawalRow | null> {
  const [created] = await tx.insert(withdrawals).values(row).returning();
  return created ? withdrawalOf(created) : null;
}

export async function pendingDeposit(db: Db, userId: string): Promise<DepositRow | null> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.state, 'pending')));
  return row ? depositOf(row) : null;
}

export async function pendingWithdrawal(db: Db, userId: string): Promise<WithdrawalRow | null> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.state, 'pending')));
  return row ? withdrawalOf(row) : null;
}

/** "Another fund operation is pending": a deposit or a withdrawal awaiting review. */
export async function hasPendingFundOperation(db: Db, userId: string): Promise<boolean> {
  return (await pendingDeposit(db, userId)) !== null || (await pendingWithdrawal(db, userId)) !== null;
}

/** The back office's view of a user's cards and wallets: full numbers (the read is audited, §19.4). */
export async function paymentDestinationsOf(db: Db, userId: string) {
  const cardRows = await liveCards(db, userId);
  const walletRows = await liveWallets(db, userId);
  return {
    cards: cardRows.map((c) => ({
      cardId: c.id,
      holder: c.holder,
      cardNumber: c.cardNumber,
      bankName: c.bankName,
      branch: c.branch,
      bankCode: c.bankCode,
      createdAt: c.createdAt.toISOString(),
    })),
    wallets: walletRows.map((w) => ({
      walletId: w.id,
      type: w.type,
      address: w.address,
      createdAt: w.createdAt.toISOString(),
    })),
    idNumber: (await latestKyc(db, userId))?.idNumber ?? null,
  };
}
