/**
 * Review queues of the back office (docs/api.md §19.3, §3.3, §3.4).
 *
 * A small registry: each queue supplies a handler (list its rows, find and lock one, build the
 * ReviewItem, the approval and rejection effects, the titles of the user's messages). This
 * module owns the decision protocol and the built-in queues `kyc`, `deposit` and `withdraw`;
 * other modules hand their own handlers to app.ts, which passes them to
 * `registerReviewAdminRoutes`, so funds never imports them (day trading's `day_trade` queue
 * lives in the trading module). A queue without a handler is empty (list) or `record.not_found`.
 *
 * Every decision locks its record and checks `pending` under the lock, so a second decision
 * answers `review.not_pending` and moves nothing.
 */
import {
  Money,
  depositChannel,
  nextState,
  reviewTransitions,
  type MessageOf,
  type ReviewItem,
  type ReviewItemOf,
  type ReviewItemQueue,
  type ReviewListItem,
  type ReviewQueue,
  type WithdrawReviewDestination,
} from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError, invariant } from '../../platform/errors.js';
import { usersRepository, type AuthCache, type UserRow } from '../auth/index.js';
import { sendMessage } from '../engagement/index.js';
import type { HouseAccountKind, Ledger, PostingSpec } from '../ledger/index.js';
import { deposits, kycSubmissions, withdrawals } from './funds.tables.js';
import * as repo from './funds.repository.js';
import type { DepositRow, KycRow, WithdrawalRow } from './funds.repository.js';
import {
  decideDeposit,
  decideKyc,
  decideWithdrawal,
  reviewTableRows,
  type ReviewDecision,
  type ReviewFilter,
  type ReviewRecord,
  type ReviewRows,
} from './reviews.repository.js';
import { nextKycStatus } from './kyc.service.js';
import { maskCardNumber, maskIdNumber } from './masking.js';
import type { UnpaidLoanPort } from './loans-port.js';
import type { UploadsPort } from './uploads-port.js';

export type { ReviewQueue };
export type { ReviewDecision, ReviewFilter, ReviewRecord };
export type ReviewState = ReviewItem['state'];

/**
 * One queue. `approve` and `reject` run inside the decision's transaction on the row `lock`
 * locked and checked `pending`; each writes the decision on its record and its effect, and
 * throws a DomainError to refuse (the whole decision rolls back).
 */
export interface ReviewQueueHandler<
  R extends ReviewRecord = ReviewRecord,
  I extends ReviewItem = ReviewItem,
> extends ReviewRows<R> {
  /** The item with its queue's details, typed by the contract (`ReviewItemOf<'kyc'>`, …). */
  item(db: Db, row: R): Promise<I>;
  approve(tx: Tx, row: R, decision: ReviewDecision): Promise<void>;
  reject(tx: Tx, row: R, decision: ReviewDecision): Promise<void>;
  /** The personal message (a code and its params, never a sentence) sent on each decision. */
  messages: ReviewMessages<R>;
}

/** A rejection's message carries the reviewer's reason as its `reason` param (§1.11), plain text. */
export interface ReviewMessages<R extends ReviewRecord = ReviewRecord> {
  approved?(row: R): MessageOf;
  rejected(row: R, reason: string): MessageOf;
}

/** A handler per queue whose items the contract types; a queue of §2 without one lists empty. */
export type ReviewQueues = { [Q in ReviewItemQueue]?: ReviewQueueHandler<ReviewRecord, ReviewItemOf<Q>> };

/** The handler of a queue named by a request (any queue of §2), if it has one. */
function handlerOf(queues: ReviewQueues, queue: ReviewQueue): ReviewQueueHandler | undefined {
  const byQueue: Partial<Record<ReviewQueue, ReviewQueueHandler>> = queues;
  return byQueue[queue];
}

export interface ReviewDeps {
  clock: Clock;
  uploads: UploadsPort;
  ledger: Ledger;
  authCache: AuthCache;
  unpaidLoan: UnpaidLoanPort;
}

/* ---- helpers for queue handlers (exported for the queues of other modules) ---- */

export async function reviewUserOf(db: Db, userId: string): Promise<UserRow> {
  const user = await usersRepository.findUserById(db, userId);
  if (!user) throw new DomainError('account.not_found');
  return user;
}

/** The fields of a ReviewItem every queue shares. */
export function reviewBase<Q extends ReviewItemQueue>(
  queue: Q,
  id: string,
  user: UserRow,
  r: { state: string; reviewedBy: string | null; reviewedAt: Date | null; reason: string | null },
  submittedAt: Date,
) {
  return {
    id,
    queue,
    userId: user.id,
    account: user.phone,
    realname: user.realname,
    state: r.state as ReviewState,
    submittedAt: submittedAt.toISOString(),
    reviewedBy: r.reviewedBy,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    reason: r.reason,
  };
}

/* ---- built-in queues: kyc, deposit, withdraw ---- */

/** The params a deposit's or withdrawal's message names it by: order number and amount at the currency's scale. */
function moneyParams(r: { orderNo: string; amount: Money }) {
  return { orderNo: r.orderNo, amount: r.amount.toString(), currency: r.amount.currency };
}

/** The user's real-name status under the user's row lock (the decision moves it along §3.4). */
async function kycStatusOf(tx: Tx, userId: string): Promise<string> {
  const user = await usersRepository.lockUserById(tx, userId);
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
      await usersRepository.updateUser(tx, deps.authCache, k.userId, {
        kycStatus: nextKycStatus(await kycStatusOf(tx, k.userId), 'approve'),
        realname: k.name,
      });
    },
    async reject(tx, k, decided) {
      await decideKyc(tx, k.id, decided);
      await usersRepository.updateUser(tx, deps.authCache, k.userId, {
        kycStatus: nextKycStatus(await kycStatusOf(tx, k.userId), 'reject'),
      });
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
      const user = await usersRepository.findUserById(tx, userId);
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
  return { kyc: kycQueue(deps), deposit: depositQueue(deps), withdraw: withdrawQueue(deps) };
}

/* ---- the protocol ---- */

/** `pending` oldest first, other states newest first (§19.3). */
export async function reviewList(db: Db, queues: ReviewQueues, body: { queue: ReviewQueue } & ReviewFilter) {
  const { page, size } = body;
  const handler = handlerOf(queues, body.queue);
  if (!handler) return { list: [], total: 0, page, size };
  const { rows, total } = await handler.list(db, body);
  const list: ReviewListItem[] = [];
  for (const r of rows) list.push(listView(await handler.item(db, r)));
  return { list, total, page, size };
}

/**
 * The queue list shows no full ID or card numbers and no image links: those are in the
 * detail, whose read is audited (§19.4 choice), so every look at them leaves a trace.
 */
function listView(item: ReviewItem): ReviewListItem {
  switch (item.queue) {
    case 'kyc': {
      const { frontImageUrl: _front, backImageUrl: _back, ...d } = item.details;
      return { ...item, details: { ...d, idNumber: maskIdNumber(d.idNumber) } };
    }
    case 'deposit': {
      const { proofImageUrl: _proof, ...d } = item.details;
      return { ...item, details: d };
    }
    case 'withdraw': {
      const { destination } = item.details;
      if (destination?.kind !== 'card') return item;
      return {
        ...item,
        details: {
          ...item.details,
          destination: { ...destination, cardNumber: maskCardNumber(destination.cardNumber) },
        },
      };
    }
    case 'day_trade':
    case 'block':
    case 'loan':
    case 'quota':
      return item;
  }
}

function handlerOrNotFound(queues: ReviewQueues, queue: ReviewQueue): ReviewQueueHandler {
  const handler = handlerOf(queues, queue);
  if (!handler) throw new DomainError('record.not_found');
  return handler;
}

async function findRow(db: Db, queues: ReviewQueues, queue: ReviewQueue, id: string) {
  const handler = handlerOrNotFound(queues, queue);
  const row = await handler.find(db, id);
  if (!row) throw new DomainError('record.not_found');
  return { handler, row };
}

/** The record locked for a decision, until the decision's transaction ends. */
async function lockRow(tx: Tx, queues: ReviewQueues, queue: ReviewQueue, id: string) {
  const handler = handlerOrNotFound(queues, queue);
  const row = await handler.lock(tx, id);
  if (!row) throw new DomainError('record.not_found');
  return { handler, row };
}

export async function reviewDetail(db: Db, queues: ReviewQueues, queue: ReviewQueue, id: string): Promise<ReviewItem> {
  const { handler, row } = await findRow(db, queues, queue, id);
  return handler.item(db, row);
}

/** Approve or reject one pending item; effects of §3.3/§3.4 in the same transaction. */
export async function decide(
  tx: Tx,
  queues: ReviewQueues,
  clock: Clock,
  adminId: string,
  body: { queue: ReviewQueue; id: string; reason: string },
  decision: 'approved' | 'rejected',
): Promise<{ before: ReviewItem; after: ReviewItem }> {
  const { handler, row } = await lockRow(tx, queues, body.queue, body.id);
  // §3.3: the contract's table decides; a second decision finds no transition from its state
  const to = nextState(reviewTransitions, row.state as ReviewState, decision === 'approved' ? 'approve' : 'reject');
  if (to === null) throw new DomainError('review.not_pending', { state: row.state });
  invariant(to === decision, `review ${body.id}: ${decision} led to ${to}`);
  const before = await handler.item(tx, row);
  const decided: ReviewDecision = { state: to, reviewedAt: clock.now(), reviewedBy: adminId, reason: body.reason };
  if (decision === 'approved') {
    await handler.approve(tx, row, decided);
    const message = handler.messages.approved?.(row);
    if (message) await sendMessage(tx, clock, row.userId, message);
  } else {
    await handler.reject(tx, row, decided);
    await sendMessage(tx, clock, row.userId, handler.messages.rejected(row, body.reason));
  }
  const { row: updated } = await findRow(tx, queues, body.queue, body.id);
  const after = await handler.item(tx, updated);
  return { before, after };
}
