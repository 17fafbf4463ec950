/** Queries shared by the funds services. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { cards, deposits, kycSubmissions, wallets, withdrawals } from './funds.tables.js';

export type CardRow = typeof cards.$inferSelect;
export type WalletRow = typeof wallets.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type KycRow = typeof kycSubmissions.$inferSelect;

export async function latestKyc(db: Db, userId: string): Promise<KycRow | null> {
  const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId)).orderBy(desc(kycSubmissions.submittedAt)).limit(1);
  return row ?? null;
}

export async function liveCards(db: Db, userId: string): Promise<CardRow[]> {
  return db.select().from(cards).where(and(eq(cards.userId, userId), isNull(cards.deletedAt))).orderBy(desc(cards.createdAt));
}

export async function liveWallets(db: Db, userId: string): Promise<WalletRow[]> {
  return db.select().from(wallets).where(and(eq(wallets.userId, userId), isNull(wallets.deletedAt))).orderBy(desc(wallets.createdAt));
}

export async function findCard(db: Db, cardId: string): Promise<CardRow | null> {
  const [row] = await db.select().from(cards).where(and(eq(cards.id, cardId), isNull(cards.deletedAt)));
  return row ?? null;
}

export async function findWallet(db: Db, walletId: string): Promise<WalletRow | null> {
  const [row] = await db.select().from(wallets).where(and(eq(wallets.id, walletId), isNull(wallets.deletedAt)));
  return row ?? null;
}

export async function pendingDeposit(db: Db, userId: string): Promise<DepositRow | null> {
  const [row] = await db.select().from(deposits).where(and(eq(deposits.userId, userId), eq(deposits.state, 'pending')));
  return row ?? null;
}

export async function pendingWithdrawal(db: Db, userId: string): Promise<WithdrawalRow | null> {
  const [row] = await db.select().from(withdrawals).where(and(eq(withdrawals.userId, userId), eq(withdrawals.state, 'pending')));
  return row ?? null;
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
      cardId: c.id, holder: c.holder, cardNumber: c.cardNumber, bankName: c.bankName, branch: c.branch, bankCode: c.bankCode,
      createdAt: c.createdAt.toISOString(),
    })),
    wallets: walletRows.map((w) => ({ walletId: w.id, type: w.type, address: w.address, createdAt: w.createdAt.toISOString() })),
    idNumber: (await latestKyc(db, userId))?.idNumber ?? null,
  };
}
