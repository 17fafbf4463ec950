/**
 * The decision written on the records of the funds module's review queues (kyc, deposit, withdraw;
 * the review framework is modules/review).
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import type { ReviewDecision } from '../review/index.js';
import { deposits, kycSubmissions, withdrawals } from './funds.tables.js';

export async function decideKyc(tx: Tx, id: string, decided: ReviewDecision): Promise<void> {
  await tx.update(kycSubmissions).set(decided).where(eq(kycSubmissions.id, id));
}

export async function decideDeposit(tx: Tx, id: string, decided: ReviewDecision): Promise<void> {
  await tx.update(deposits).set(decided).where(eq(deposits.id, id));
}

/** An approval also records the payout time (`paidAt`). */
export async function decideWithdrawal(tx: Tx, id: string, decided: ReviewDecision & { paidAt?: Date }): Promise<void> {
  await tx.update(withdrawals).set(decided).where(eq(withdrawals.id, id));
}
