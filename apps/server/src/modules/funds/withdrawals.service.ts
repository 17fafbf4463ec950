/**
 * Withdrawals (docs/api.md §10.3–§10.4). Exactly the rule order of §10.4 and nothing else: the
 * credit score is never checked (docs/architecture.md principle 4). The amount is frozen on
 * request, paid out through the house cash account on approval, released on rejection.
 * `/funds/withdrawInfo` evaluates every one of those rules ahead of time, so the app can show
 * the rule that would stop the user before they press (our addition, docs/decisions.md).
 */
import { Money, type Currency, type WithdrawInfo, type WithdrawRecord } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { isWindowOpen } from '../../platform/fund-window.js';
import { newId, newOrderNo } from '../../platform/ids.js';
import type { RateLimits } from '../../platform/rate-limit.js';
import type { Settings } from '../../platform/settings.js';
import { checkFundPassword, findUserById, lockUserById, type SecondFactorPort, type UserRow } from '../auth/index.js';
import type { Ledger, Portfolio } from '../ledger/index.js';
import * as repo from './funds.repository.js';
import type { UnpaidLoanPort } from './loans-port.js';
import { maskCardNumber } from './masking.js';
import { initialReviewState } from '../review/index.js';

export interface WithdrawDeps {
  db: Db;
  clock: Clock;
  settings: Settings;
  limits: RateLimits;
  ledger: Ledger;
  /** `withdrawable` (available − in-transit, §1.10), with the positions the trading module lends the kernel */
  portfolio: Portfolio;
  /** what the user still owes on approved loans (the loan module's port, through the kernel) */
  unpaidLoan: UnpaidLoanPort;
  /** two-step verification (the kernel's `secondFactor` port, docs/api.md §23.1) */
  secondFactor: SecondFactorPort;
}

/** `withdraw.limits.<CUR>`: every currency has the key; one an operator has not opened has max 0. */
function limitsOf(settings: Settings, currency: Currency): { min: string; max: string } {
  return settings.get(`withdraw.limits.${currency}`);
}

export async function withdrawInfo(deps: WithdrawDeps, userId: string, currency: Currency): Promise<WithdrawInfo> {
  const { db, settings } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError('auth.required');
  const now = deps.clock.now();
  const window = settings.get('withdraw.window');
  const timezone = settings.get('funds.timezone');
  const inWindow = isWindowOpen(window, timezone, now);
  const { min, max } = limitsOf(settings, currency);
  const withdrawable = await deps.portfolio.withdrawableOf(db, userId, currency);
  const pending = await repo.hasPendingFundOperation(db, userId);
  const owed = await deps.unpaidLoan(db, userId);
  const unpaidLoan = owed !== null;
  const rules: WithdrawInfo['rules'] = [
    {
      rule: 'withdraw_blocked',
      ok: !user.restrictions.includes('withdraw_blocked'),
      code: 'account.withdraw_blocked',
      params: {},
    },
    {
      rule: 'kyc',
      ok: user.kycStatus === 'verified',
      code: user.kycStatus === 'none' ? 'kyc.required' : 'kyc.not_passed',
      params: { kycStatus: user.kycStatus },
    },
    { rule: 'fund_password', ok: user.fundPasswordHash !== null, code: 'password.fund_not_set', params: {} },
    {
      rule: 'window',
      ok: inWindow,
      code: 'withdraw.outside_window',
      params: { open: window.open, close: window.close },
    },
    {
      rule: 'min',
      ok: !withdrawable.isLessThan(Money.of(min, currency)),
      code: 'withdraw.below_min',
      params: { min, currency },
    },
    { rule: 'max', ok: true, code: 'withdraw.above_max', params: { max, currency } },
    {
      rule: 'unpaid_loan',
      ok: !unpaidLoan,
      code: 'loan.unpaid',
      params: owed ? { outstanding: owed.outstanding.toString(), currency: owed.outstanding.currency } : {},
    },
    { rule: 'operation_pending', ok: !pending, code: 'funds.operation_pending', params: {} },
    {
      rule: 'withdrawable',
      ok: withdrawable.isPositive(),
      code: 'funds.insufficient_withdrawable',
      params: { withdrawable: withdrawable.toString(), currency },
    },
  ];
  return {
    currency,
    withdrawable: withdrawable.toString(),
    min,
    max,
    feeRate: settings.get('withdraw.feeRate'),
    window: { open: window.open, close: window.close },
    days: window.days,
    timezone,
    inWindow,
    hasFundPassword: user.fundPasswordHash !== null,
    unpaidLoan,
    pendingWithdrawal: (await repo.pendingWithdrawal(db, userId)) !== null,
    rules,
  };
}

async function destinationOf(db: Db, row: repo.WithdrawalRow): Promise<WithdrawRecord['destination']> {
  if (row.destinationKind === 'card') {
    const card = await repo.cardById(db, row.destinationId);
    return { kind: 'card', label: card?.bankName ?? '', masked: card ? maskCardNumber(card.cardNumber) : '' };
  }
  const wallet = await repo.walletById(db, row.destinationId);
  return {
    kind: 'wallet',
    label: wallet?.type ?? '',
    masked: wallet ? `${wallet.address.slice(0, 6)}…${wallet.address.slice(-6)}` : '',
  };
}

/** submitted → under review → approved / rejected (reason) → paid, each with its time. */
export function timelineOf(w: repo.WithdrawalRow): WithdrawRecord['timeline'] {
  const reviewed = w.state !== 'pending';
  const steps: WithdrawRecord['timeline'] = [
    { step: 'submitted', at: w.createdAt.toISOString(), reason: null, done: true },
    { step: 'under_review', at: w.createdAt.toISOString(), reason: null, done: reviewed },
  ];
  if (w.state === 'rejected')
    steps.push({ step: 'rejected', at: w.reviewedAt?.toISOString() ?? null, reason: w.reason, done: true });
  else {
    steps.push({
      step: 'approved',
      at: w.reviewedAt?.toISOString() ?? null,
      reason: null,
      done: w.state === 'approved',
    });
    steps.push({ step: 'paid', at: w.paidAt?.toISOString() ?? null, reason: null, done: w.paidAt !== null });
  }
  return steps;
}

export async function toWithdrawRecord(db: Db, w: repo.WithdrawalRow): Promise<WithdrawRecord> {
  return {
    id: w.id,
    orderNo: w.orderNo,
    currency: w.currency,
    amount: w.amount.toString(),
    fee: w.fee.toString(),
    state: w.state as WithdrawRecord['state'],
    destination: await destinationOf(db, w),
    createdAt: w.createdAt.toISOString(),
    reviewedAt: w.reviewedAt?.toISOString() ?? null,
    rejectReason: w.state === 'rejected' ? w.reason : null,
    timeline: timelineOf(w),
  };
}

/** The rules of §10.4, in order. */
export async function requestWithdrawal(
  tx: Tx,
  deps: WithdrawDeps,
  userId: string,
  body: {
    amount: string;
    currency: Currency;
    fundPassword: string;
    cardId?: string;
    walletId?: string;
    code?: string;
    recoveryCode?: string;
  },
): Promise<WithdrawRecord> {
  const { clock, settings } = deps;
  const user: UserRow | null = await lockUserById(tx, userId);
  if (!user) throw new DomainError('auth.required');
  // 1. blocked, then real name
  if (user.restrictions.includes('withdraw_blocked')) throw new DomainError('account.withdraw_blocked');
  if (user.kycStatus === 'none') throw new DomainError('kyc.required');
  if (user.kycStatus !== 'verified') throw new DomainError('kyc.not_passed', { kycStatus: user.kycStatus });
  // 2. fund password
  if (!user.fundPasswordHash) throw new DomainError('password.fund_not_set');
  const check = await checkFundPassword(deps, user, body.fundPassword);
  if (!check.ok) throw new DomainError('password.fund_wrong', { attemptsLeft: String(check.attemptsLeft) });
  // 3. destination: exists, then the user's own
  let destinationKind: 'card' | 'wallet';
  let destinationId: string;
  if (body.cardId) {
    const card = await repo.findCard(tx, body.cardId);
    if (!card) throw new DomainError('card.not_found');
    if (card.userId !== userId) throw new DomainError('card.not_owned');
    destinationKind = 'card';
    destinationId = card.id;
  } else {
    const wallet = await repo.findWallet(tx, body.walletId ?? '');
    if (!wallet) throw new DomainError('wallet.not_found');
    if (wallet.userId !== userId) throw new DomainError('card.not_owned');
    destinationKind = 'wallet';
    destinationId = wallet.id;
  }
  // 4. window
  const now = clock.now();
  const window = settings.get('withdraw.window');
  if (!isWindowOpen(window, settings.get('funds.timezone'), now)) {
    throw new DomainError('withdraw.outside_window', { open: window.open, close: window.close });
  }
  // 5. minimum, maximum
  const amount = Money.of(body.amount, body.currency);
  const { min, max } = limitsOf(settings, body.currency);
  if (amount.isLessThan(Money.of(min, body.currency)))
    throw new DomainError('withdraw.below_min', { min, currency: body.currency });
  if (amount.isGreaterThan(Money.of(max, body.currency)))
    throw new DomainError('withdraw.above_max', { max, currency: body.currency });
  // 6. unpaid loan: any approved loan with something still owed (never the credit score)
  const owed = await deps.unpaidLoan(tx, userId);
  if (owed)
    throw new DomainError('loan.unpaid', {
      outstanding: owed.outstanding.toString(),
      currency: owed.outstanding.currency,
    });
  // 7. another fund operation pending
  if (await repo.hasPendingFundOperation(tx, userId)) throw new DomainError('funds.operation_pending');
  // 8. withdrawable
  const withdrawable = await deps.portfolio.withdrawableOf(tx, userId, body.currency);
  if (amount.isGreaterThan(withdrawable)) {
    throw new DomainError('funds.insufficient_withdrawable', {
      withdrawable: withdrawable.toString(),
      currency: body.currency,
    });
  }
  // 9. the second factor when two-step verification is on (§23.1): last, so a refusal above uses no code
  await deps.secondFactor.require(tx, user, body);
  const id = newId('w');
  // up to the currency's scale: the house gains the sub-unit remainder of the fee (docs/style.md §3:
  // fees round in the house's favour); whole won and yen for 0-decimal currencies
  const fee = amount.times(settings.get('withdraw.feeRate')).rounded('up');
  const row = await repo.insertWithdrawal(tx, {
    id,
    orderNo: newOrderNo('W', now),
    userId,
    currency: body.currency,
    amount: amount.amount,
    fee: fee.amount,
    destinationKind,
    destinationId,
    withdrawableAtSubmit: withdrawable.amount,
    state: initialReviewState(),
    createdAt: now,
  });
  if (!row) throw new DomainError('result.withdraw.failed');
  await deps.ledger.hold(tx, {
    userId,
    amount,
    kind: 'withdraw_freeze',
    reference: id,
    memo: { orderNo: row.orderNo },
  });
  return toWithdrawRecord(tx, row);
}
