/**
 * The funds module's review queues (docs/api.md §19.3, §3.3, §3.4): `kyc`, `deposit` and
 * `withdraw`, declared in the funds ModuleSpec; the decision protocol is modules/review.
 */
import {
  Money,
  depositChannel,
  type ReviewItemOf,
  type ReviewListItem,
  type WithdrawReviewDestination,
} from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/db.js';
import { DomainError, invariant } from '../../platform/errors.js';
import { findUserById, lockUserById, type AuthCache } from '../auth/index.js';
import type { HouseAccountKind, Ledger, PostingSpec } from '../ledger/index.js';
import { deposits, kycSubmissions, withdrawals } from './funds.tables.js';
import * as repo from './funds.repository.js';
import type { DepositRow, KycRow, WithdrawalRow } from './funds.repository.js';
import {
  reviewBase,
  reviewTableRows,
  reviewUserOf,
  type ReviewQueueHandler,
  type ReviewQueues,
} from '../review/index.js';
import { decideDeposit, decideKyc, decideWithdrawal } from './reviews.repository.js';
import { transitionKyc } from './kyc.states.js';
import { maskCardNumber, maskIdNumber } from './masking.js';
import type { UnpaidLoanPort } from './loans-port.js';
import type { UploadsPort } from './uploads-port.js';

export interface ReviewDeps {
  clock: Clock;
  uploads: UploadsPort;
  ledger: Ledger;
  authCache: AuthCache;
  unpaidLoan: UnpaidLoanPort;
}

/* ---- built-in queues: kyc, deposit, withdraw ---- */

/** The params a deposit's or withdrawal's message names it by: order number and amount at the currency's scale. */
function moneyParams(r: { orderNo: string; amount: Money }) {
  return { orderNo: r.orderNo, amount: r.amount.toString(), currency: r.amount.currency };
}

/** The user's real-name status under the user's row lock (the decision moves it along §3.4). */
async function kycStatusOf(tx: Tx, userId: string): Promise<string> {
  const user = await lockUserById(tx, userId);
  invariant(user !== null, `kyc submission of a missing user ${userId}`);
  return user.kycStatus;
}

function kycQueue(deps: ReviewDeps): ReviewQueueHandler<KycRow, ReviewItemOf<'kyc'>> {
  const t = kycSubmissions;
  return {
    ...reviewTableRows(t, { id: t.id, userId: t.userId, state: t.state, submittedAt: t.submittedAt }),
    async item(db, r) {
      const user = await reviewUserOf(db, r.userId);
      return {
        ...reviewBase('kyc', r.id, user, r, r.submittedAt),
        amount: null,
        currency: null,
        details: {
          name: r.name,
          idNumber: r.idNumber,
          frontImageUrl: deps.uploads.url(r.frontImageId),
          backImageUrl: deps.uploads.url(r.backImageId),
        },
      };
    },
    async approve(tx, k, decided) {
      await decideKyc(tx, k.id, decided);
      await transitionKyc(tx, deps.authCache, k.userId, await kycStatusOf(tx, k.userId), 'approve', {
        realName: k.name,
      });
    },
    async reject(tx, k, decided) {
      await decideKyc(tx, k.id, decided);
      await transitionKyc(tx, deps.authCache, k.userId, await kycStatusOf(tx, k.userId), 'reject');
    },
    messages: {
      approved: (k) => ({ code: 'message.kyc.approved', params: { name: k.name } }),
      rejected: (_k, reason) => ({ code: 'message.kyc.rejected', params: { reason } }),
    },
  };
}

function depositQueue(deps: ReviewDeps): ReviewQueueHandler<DepositRow, ReviewItemOf<'deposit'>> {
  const t = deposits;
  return {
    ...reviewTableRows(
      t,
      { id: t.id, userId: t.userId, state: t.state, submittedAt: t.createdAt },
      undefined,
      repo.depositOf,
    ),
    async item(db, r) {
      const user = await reviewUserOf(db, r.userId);
      return {
        ...reviewBase('deposit', r.id, user, r, r.createdAt),
        amount: r.amount.toString(),
        currency: r.currency,
        // the snapshot is the contract's DepositChannel the user saw (deposits.service writes it); parsed, not trusted
        details: {
          channelId: r.channelId,
          orderNo: r.orderNo,
          channel: depositChannel.parse(JSON.parse(r.channelSnapshot)),
          proofImageUrl: deps.uploads.url(r.proofImageId),
        },
      };
    },
    async approve(tx, d, decided) {
      await decideDeposit(tx, d.id, decided);
      const channel = JSON.parse(d.channelSnapshot) as { type?: string };
      const amount = d.amount;
      await deps.ledger.credit(tx, {
        userId: d.userId,
        amount,
        kind: 'deposit',
        reference: d.id,
        idempotencyKey: `deposit:${d.id}`,
        memo: { orderNo: d.orderNo },
        from: channel.type === 'crypto' ? 'crypto_cash' : 'bank_cash',
      });
    },
    async reject(tx, d, decided) {
      await decideDeposit(tx, d.id, decided);
    },
    messages: {
      approved: (d) => ({ code: 'message.deposit.approved', params: moneyParams(d) }),
      rejected: (d, reason) => ({ code: 'message.deposit.rejected', params: { ...moneyParams(d), reason } }),
    },
  };
}

function withdrawQueue(deps: ReviewDeps): ReviewQueueHandler<WithdrawalRow, ReviewItemOf<'withdraw'>> {
  const t = withdrawals;
  return {
    ...reviewTableRows(
      t,
      { id: t.id, userId: t.userId, state: t.state, submittedAt: t.createdAt },
      undefined,
      repo.withdrawalOf,
    ),
    async item(db, r) {
      const user = await reviewUserOf(db, r.userId);
      // cards and wallets are soft-deleted, so the row is there; null only if it were not
      let destination: WithdrawReviewDestination | null = null;
      if (r.destinationKind === 'card') {
        const c = await repo.cardById(db, r.destinationId);
        if (c)
          destination = {
            kind: 'card',
            holder: c.holder,
            cardNumber: c.cardNumber,
            bankName: c.bankName,
            branch: c.branch,
            bankCode: c.bankCode,
          };
      } else {
        const w = await repo.walletById(db, r.destinationId);
        if (w) destination = { kind: 'wallet', type: w.type, address: w.address };
      }
      return {
        ...reviewBase('withdraw', r.id, user, r, r.createdAt),
        amount: r.amount.toString(),
        currency: r.currency,
        details: {
          orderNo: r.orderNo,
          destination,
          fee: r.fee.toString(),
          withdrawableAtSubmit: r.withdrawableAtSubmit.toString(),
          unpaidLoan: (await deps.unpaidLoan(db, r.userId)) !== null,
        },
      };
    },
    async approve(tx, w, decided) {
      const userId = w.userId;
      const currency = w.currency;
      const user = await findUserById(tx, userId);
      if (user?.restrictions.includes('frozen')) throw new DomainError('account.frozen');
      // the frozen amount leaves: the fee to fee income, the rest paid out of the house cash account
      // both were fixed at submission, at the currency's scale (the fee rounded up then)
      const { amount, fee } = w;
      const net = amount.minus(fee);
      const cash: HouseAccountKind = w.destinationKind === 'wallet' ? 'crypto_cash' : 'bank_cash';
      const postings: PostingSpec[] = [
        { account: { owner: 'user', userId, currency, kind: 'frozen' }, amount: amount.negated() },
        { account: { owner: 'house', currency, kind: cash }, amount: net },
      ];
      if (fee.isPositive()) postings.push({ account: { owner: 'house', currency, kind: 'fee_income' }, amount: fee });
      await deps.ledger.postEntry(tx, {
        kind: 'withdraw_payout',
        reference: w.id,
        idempotencyKey: `withdraw:${w.id}`,
        memo: { orderNo: w.orderNo },
        postings,
      });
      await decideWithdrawal(tx, w.id, { ...decided, paidAt: decided.reviewedAt });
    },
    async reject(tx, w, decided) {
      const amount = w.amount;
      await deps.ledger.release(tx, {
        userId: w.userId,
        amount,
        kind: 'withdraw_release',
        reference: w.id,
        idempotencyKey: `withdraw-release:${w.id}`,
        memo: { orderNo: w.orderNo },
      });
      await decideWithdrawal(tx, w.id, decided);
    },
    messages: {
      approved: (w) => ({ code: 'message.withdraw.approved', params: moneyParams(w) }),
      rejected: (w, reason) => ({ code: 'message.withdraw.rejected', params: { ...moneyParams(w), reason } }),
    },
  };
}

/** The queues the funds module owns. */
export function builtInReviewQueues(deps: ReviewDeps): ReviewQueues {
  return {
    kyc: { ...kycQueue(deps), listView: kycListView },
    deposit: { ...depositQueue(deps), listView: depositListView },
    withdraw: { ...withdrawQueue(deps), listView: withdrawListView },
  };
}

/*
 * The queue list shows no full ID or card numbers and no image links: those are in the
 * detail, whose read is audited (§19.4 choice), so every look at them leaves a trace.
 */

function kycListView(item: ReviewItemOf<'kyc'>): ReviewListItem {
  const { frontImageUrl: _front, backImageUrl: _back, ...d } = item.details;
  return { ...item, details: { ...d, idNumber: maskIdNumber(d.idNumber) } };
}

function depositListView(item: ReviewItemOf<'deposit'>): ReviewListItem {
  const { proofImageUrl: _proof, ...d } = item.details;
  return { ...item, details: d };
}

function withdrawListView(item: ReviewItemOf<'withdraw'>): ReviewListItem {
  const { destination } = item.details;
  if (destination?.kind !== 'card') return item;
  return {
    ...item,
    details: { ...item.details, destination: { ...destination, cardNumber: maskCardNumber(destination.cardNumber) } },
  };
}
