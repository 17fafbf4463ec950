/**
 * Credit loans (docs/api.md §16.1–§16.5). A loan application waits in the `loan` review queue
 * (loan.review.ts); approval credits the principal (house `loan_book` → available, `loan_in`)
 * and interest starts. A repayment is booked at once, accrued interest first, then principal
 * (available → house `loan_interest` and `loan_book`, one `loan_repay` entry). Interest is
 * computed from dates (loan.interest.ts), never by a job.
 *
 * The credit score gates borrowing only (§1.10): nothing here is asked by withdrawals except
 * whether an approved loan is still owed (`unpaidLoanOf`, handed to funds through the kernel's ports).
 *
 * Concurrency: a borrow or a credit raise locks the user's row first, so two applications of one
 * user run one after the other (the second meets `review.pending_exists`; a partial unique index
 * is the belt). A repayment locks the loan's row; the ledger refuses to take more than available.
 */
import {
  Dec,
  fitsCurrencyScale,
  Money,
  type Currency,
  type LoanRating,
  type LoanRecord,
  type QuotaRaise,
  type loanBorrowRequest,
  type loanRaiseQuotaRequest,
  type loanRecordsRequest,
  type loanRepayRequest,
} from '@brokerage/contract';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError, InvalidRequest } from '../../platform/errors.js';
import { localDateIn } from '../../platform/fund-window.js';
import { newId, newOrderNo } from '../../platform/ids.js';
import type { Settings } from '../../platform/settings.js';
import { findUserById, lockUserById, requireKyc, type UserRow } from '../auth/index.js';
import type { UnpaidLoanPort } from '../funds/index.js';
import { houseAccount, InsufficientFundsError, userAccount, type Ledger, type PostingSpec } from '../ledger/index.js';
import { loanPosition, splitRepayment } from './loan.interest.js';
import * as repo from './loan.repository.js';
import type { LoanRow, QuotaRaiseRow } from './loan.repository.js';
import { initialLoanState, initialQuotaRaiseState, transitionLoan, wireStateOf } from './loan.states.js';

/**
 * Check-ins of a user in the 30 days up to `now` (the engagement module's count). A port, so this
 * module does not depend on engagement; loan.module.ts wires it.
 */
export type CheckinCounter = (db: Db, userId: string, now: Date) => Promise<number>;

export interface LoanDeps {
  clock: Clock;
  settings: Settings;
  ledger: Ledger;
  checkins: CheckinCounter;
}

/** The local date (funds.timezone) of an instant: interest accrues at each of its 00:00. */
export function localToday(settings: Settings, at: Date): string {
  return localDateIn(settings.get('funds.timezone'), at);
}

export function loanCurrency(settings: Settings): Currency {
  return settings.get('loan.currency');
}

/** A rate as a plain decimal string without trailing zeros (`"0.0005"`). */
function rateString(rate: string): string {
  return new Dec(rate).toString();
}

/** A loan on the wire (§16.5): its state as the review state and the `settled` flag (loan.states.ts). */
export function toLoanRecord(row: LoanRow, today: string): LoanRecord {
  const c = row.currency;
  const { state, settled } = wireStateOf(row.state);
  const position = state === 'approved' ? loanPosition(row, today) : null;
  return {
    id: row.id,
    orderNo: row.orderNo,
    currency: c,
    principal: row.principal.toString(),
    interest: (position?.interest ?? Money.zero(c)).toString(),
    repaid: (position?.repaid ?? Money.zero(c)).toString(),
    outstanding: (position?.outstanding ?? Money.zero(c)).toString(),
    dailyRate: rateString(row.dailyRate),
    state,
    settled,
    appliedAt: row.appliedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reason: row.state === 'rejected' ? row.reason : null,
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export function toQuotaRaise(row: QuotaRaiseRow): QuotaRaise {
  return {
    id: row.id,
    amount: row.amount.toString(),
    state: row.state,
    submittedAt: row.submittedAt.toISOString(),
  };
}

export interface CreditSummary {
  currency: Currency;
  quota: Money;
  /** unpaid principal of approved loans in the loan currency */
  borrowed: Money;
  outstanding: Money;
  pending: LoanRow | null;
}

/** Quota, borrowed and outstanding of a user, in the loan currency, on `today`. */
export async function creditSummary(
  db: Db,
  settings: Settings,
  user: UserRow,
  today: string,
  excludeLoanId?: string,
): Promise<CreditSummary> {
  const currency = loanCurrency(settings);
  let borrowed = Money.zero(currency);
  let outstanding = Money.zero(currency);
  for (const loan of await repo.openLoansOf(db, user.id)) {
    if (loan.currency !== currency || loan.id === excludeLoanId) continue;
    const position = loanPosition(loan, today);
    borrowed = borrowed.plus(position.unpaidPrincipal);
    outstanding = outstanding.plus(position.outstanding);
  }
  const pending = await repo.pendingLoanOf(db, user.id);
  return {
    currency,
    quota: Money.of(user.loanQuota, currency),
    borrowed,
    outstanding,
    pending: pending?.id === excludeLoanId ? null : pending,
  };
}

/** quota − borrowed − the pending application (never below zero). */
export function availableQuotaOf(s: CreditSummary): Money {
  let used = s.borrowed;
  if (s.pending && s.pending.currency === s.currency) used = used.plus(s.pending.principal);
  return Money.max(Money.zero(s.currency), s.quota.minus(used));
}

/** `/loan/rating` (§16.1). */
export async function rating(db: Db, deps: LoanDeps, userId: string): Promise<LoanRating> {
  const now = deps.clock.now();
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError('auth.required');
  const s = await creditSummary(db, deps.settings, user, localToday(deps.settings, now));
  return {
    creditScore: user.creditScore,
    minScoreToBorrow: deps.settings.get('loan.minScoreToBorrow'),
    currency: s.currency,
    quota: s.quota.toString(),
    borrowed: s.borrowed.toString(),
    outstanding: s.outstanding.toString(),
    availableQuota: availableQuotaOf(s).toString(),
    dailyRate: rateString(deps.settings.get('loan.dailyRate')),
    pendingApplication: s.pending !== null,
    checkinsLast30Days: await deps.checkins(db, userId, now),
    quotaRaiseCheckins: deps.settings.get('loan.quotaRaiseCheckins'),
    pendingQuotaRaise: (await repo.pendingQuotaRaiseOf(db, userId)) !== null,
  };
}

function amountIn(value: string, currency: Currency): Money {
  if (!fitsCurrencyScale(value, currency)) throw new InvalidRequest({ amount: 'too_many_decimals' });
  return Money.of(value, currency);
}

/** `/loan/borrow` (§16.2): [KYC] → loan.score_insufficient → review.pending_exists → loan.quota_insufficient. */
export async function borrow(
  tx: Tx,
  deps: LoanDeps,
  userId: string,
  body: z.output<typeof loanBorrowRequest>,
): Promise<LoanRecord> {
  const now = deps.clock.now();
  // locked: one user's applications run one after the other
  const user = await lockUserById(tx, userId);
  if (!user) throw new DomainError('auth.required');
  requireKyc(user);
  const min = deps.settings.get('loan.minScoreToBorrow');
  if (user.creditScore < min)
    throw new DomainError('loan.score_insufficient', { score: String(user.creditScore), min: String(min) });
  const today = localToday(deps.settings, now);
  const s = await creditSummary(tx, deps.settings, user, today);
  if (s.pending) throw new DomainError('review.pending_exists');
  const amount = amountIn(body.amount, s.currency);
  const available = availableQuotaOf(s);
  if (amount.isGreaterThan(available))
    throw new DomainError('loan.quota_insufficient', { available: available.toString(), currency: s.currency });
  const row = await repo.insertLoan(tx, {
    id: newId('ln'),
    userId,
    orderNo: newOrderNo('L', now),
    currency: s.currency,
    principal: amount.amount,
    dailyRate: deps.settings.get('loan.dailyRate'),
    state: initialLoanState(),
    appliedAt: now,
  });
  return toLoanRecord(row, today);
}

/**
 * `/loan/repay` (§16.3): record.not_found (also a loan not approved) → loan.repay_exceeds →
 * funds.insufficient_balance. Interest up to today is written on the loan first, so the new
 * principal accrues from today on. The repayment that leaves nothing owed settles the loan
 * (`repay_in_full`, §3.10); a settled loan is still an approved one to the caller and owes 0, so
 * paying it again answers loan.repay_exceeds as before.
 */
export async function repay(
  tx: Tx,
  deps: LoanDeps,
  userId: string,
  body: z.output<typeof loanRepayRequest>,
): Promise<LoanRecord> {
  const now = deps.clock.now();
  const loan = await repo.lockLoan(tx, body.loanId);
  if (!loan || loan.userId !== userId || wireStateOf(loan.state).state !== 'approved')
    throw new DomainError('record.not_found');
  const c = loan.currency;
  const today = localToday(deps.settings, now);
  const position = loanPosition(loan, today);
  const amount = amountIn(body.amount, c);
  if (amount.isGreaterThan(position.outstanding))
    throw new DomainError('loan.repay_exceeds', { outstanding: position.outstanding.toString(), currency: c });
  const { interestPart, principalPart } = splitRepayment(position, amount);
  const postings: PostingSpec[] = [{ account: userAccount(userId, c, 'available'), amount: amount.negated() }];
  if (principalPart.isPositive()) postings.push({ account: houseAccount(c, 'loan_book'), amount: principalPart });
  if (interestPart.isPositive()) postings.push({ account: houseAccount(c, 'loan_interest'), amount: interestPart });
  try {
    await deps.ledger.postEntry(tx, {
      kind: 'loan_repay',
      reference: loan.id,
      memo: { orderNo: loan.orderNo, principal: principalPart.toString(), interest: interestPart.toString() },
      postings,
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw new DomainError('funds.insufficient_balance', { available: error.balance.toString(), currency: c });
    throw error;
  }
  const principalRepaid = loan.principalRepaid.plus(principalPart);
  const patch = {
    principalRepaid: principalRepaid.amount,
    interestAccrued: position.interest.amount,
    interestRepaid: loan.interestRepaid.plus(interestPart).amount,
    accruedOn: today,
  };
  const updated = position.outstanding.minus(amount).isZero()
    ? await transitionLoan(tx, loan, 'repay_in_full', { ...patch, settledAt: now })
    : await repo.updateLoan(tx, loan.id, patch);
  return toLoanRecord(updated, today);
}

/** `/loan/raiseQuota` (§16.4): [KYC] → review.pending_exists → checkin.count_insufficient. */
export async function raiseQuota(
  tx: Tx,
  deps: LoanDeps,
  userId: string,
  body: z.output<typeof loanRaiseQuotaRequest>,
): Promise<QuotaRaise> {
  const now = deps.clock.now();
  const user = await lockUserById(tx, userId);
  if (!user) throw new DomainError('auth.required');
  requireKyc(user);
  if (await repo.pendingQuotaRaiseOf(tx, userId)) throw new DomainError('review.pending_exists');
  const required = deps.settings.get('loan.quotaRaiseCheckins');
  const current = await deps.checkins(tx, userId, now);
  if (current < required)
    throw new DomainError('checkin.count_insufficient', { required: String(required), current: String(current) });
  const currency = loanCurrency(deps.settings);
  const row = await repo.insertQuotaRaise(tx, {
    id: newId('qr'),
    userId,
    currency,
    amount: Money.of(body.amount, currency).amount,
    state: initialQuotaRaiseState(),
    submittedAt: now,
  });
  return toQuotaRaise(row);
}

export async function records(
  db: Db,
  deps: Pick<LoanDeps, 'clock' | 'settings'>,
  userId: string,
  body: z.output<typeof loanRecordsRequest>,
) {
  const today = localToday(deps.settings, deps.clock.now());
  const { rows, total } = await repo.loansOfUser(db, userId, body.page, body.size);
  return { list: rows.map((r) => toLoanRecord(r, today)), total, page: body.page, size: body.size };
}

/**
 * What withdrawals ask (§10.4 rule 6, `loan.unpaid`): the amount still owed on approved loans,
 * or null when nothing is owed. Handed to funds through the kernel's ports.
 */
export function unpaidLoanPort(deps: Pick<LoanDeps, 'clock' | 'settings'>): UnpaidLoanPort {
  return async (db, userId) => {
    const today = localToday(deps.settings, deps.clock.now());
    let total: Money | null = null;
    for (const loan of await repo.openLoansOf(db, userId)) {
      const { outstanding } = loanPosition(loan, today);
      if (!outstanding.isPositive()) continue;
      // loans are in one currency (config loan.currency); one changed later keeps its own and is reported on its own
      total = total === null ? outstanding : total.currency === outstanding.currency ? total.plus(outstanding) : total;
    }
    return total === null ? null : { outstanding: total };
  };
}
