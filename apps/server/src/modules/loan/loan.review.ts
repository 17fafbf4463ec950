/**
 * The `loan` and `quota` review queues (docs/api.md §3.3, §19.3), declared in the loan ModuleSpec
 * (modules/review serves them). Both decide on the locked, still pending row in the decision's transaction.
 * The `loan` queue sees each loan in review terms (`LoanReviewRow`): a settled loan is listed, shown and
 * refused a second decision as the approved item it was (§3.10, loan.states.ts), and a decision moves
 * the loan through the loan table.
 *
 * `loan`: approval re-checks the quota under the user's row lock (`loan.quota_insufficient` when
 * quota − other unpaid principal is below the amount), credits the principal (house `loan_book` →
 * available, `loan_in`) and starts interest on the local date of approval. Rejection moves no
 * money (nothing was frozen) and tells the user why.
 * `quota`: approval raises `users.loan_quota` by the amount.
 */
import { Dec, Money, type LoanState, type ReviewItemOf, type ReviewState } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import { DomainError } from '../../platform/errors.js';
import type { Settings } from '../../platform/settings.js';
import { lockUserById, updateUser, type AuthCache } from '../auth/index.js';
import {
  reviewBase,
  reviewTableRows,
  reviewUserOf,
  type ReviewDecision,
  type ReviewQueueHandler,
} from '../review/index.js';
import type { Ledger } from '../ledger/index.js';
import * as repo from './loan.repository.js';
import type { LoanRow, QuotaRaiseRow } from './loan.repository.js';
import { availableQuotaOf, creditSummary, localToday, type CheckinCounter } from './loan.service.js';
import { loanStatesOf, transitionLoan, wireStateOf } from './loan.states.js';
import { loans, quotaRaises } from './loan.tables.js';

export interface LoanReviewDeps {
  clock: Clock;
  settings: Settings;
  ledger: Ledger;
  authCache: AuthCache;
  checkins: CheckinCounter;
}

/**
 * What a decision writes besides the state; the state comes from the loan table, whose review steps are
 * the review table's (a contract test holds them equal), so it is the decision's own.
 */
const decidedFields = (d: ReviewDecision) => ({ reviewedAt: d.reviewedAt, reviewedBy: d.reviewedBy, reason: d.reason });

const moneyParams = (r: { orderNo: string; principal: Money }) => ({
  orderNo: r.orderNo,
  amount: r.principal.toString(),
  currency: r.principal.currency,
});

/** A loan as its queue sees it: `state` is the review state, `loanState` the loan's own. */
export type LoanReviewRow = Omit<LoanRow, 'state'> & { state: ReviewState; loanState: LoanState };

function loanReviewRowOf(row: typeof loans.$inferSelect): LoanReviewRow {
  const loan = repo.loanOf(row);
  return { ...loan, state: wireStateOf(loan.state).state, loanState: loan.state };
}

export function loanReviewQueue(deps: LoanReviewDeps): ReviewQueueHandler<LoanReviewRow, ReviewItemOf<'loan'>> {
  const t = loans;
  const rows = reviewTableRows<LoanReviewRow>(
    t,
    { id: t.id, userId: t.userId, state: t.state, submittedAt: t.appliedAt },
    t.id,
    loanReviewRowOf,
  );
  const asLoan = (r: LoanReviewRow) => ({ id: r.id, state: r.loanState });
  return {
    ...rows,
    // a filter of review states reads the loan states behind them (`approved` lists settled loans too)
    // (the cast: the column holds loan states, the filter's type names review states only)
    list: (db, filter) => rows.list(db, { ...filter, states: loanStatesOf(filter.states) as ReviewState[] }),
    async item(db, r) {
      const user = await reviewUserOf(db, r.userId);
      const today = localToday(deps.settings, deps.clock.now());
      // what approval would still fit in: this application itself excluded
      const s = await creditSummary(db, deps.settings, user, today, r.id);
      return {
        ...reviewBase('loan', r.id, user, r, r.appliedAt),
        amount: r.principal.toString(),
        currency: r.currency,
        details: {
          orderNo: r.orderNo,
          creditScore: user.creditScore,
          minScoreToBorrow: deps.settings.get('loan.minScoreToBorrow'),
          quota: s.quota.toString(),
          borrowed: s.borrowed.toString(),
          availableQuota: availableQuotaOf(s).toString(),
          dailyRate: new Dec(r.dailyRate).toString(),
        },
      };
    },
    async approve(tx, r, decided) {
      const user = await lockUserById(tx, r.userId);
      if (!user) throw new DomainError('account.not_found');
      const today = localToday(deps.settings, decided.reviewedAt);
      const s = await creditSummary(tx, deps.settings, user, today, r.id);
      const amount = r.principal;
      const available = availableQuotaOf(s);
      if (r.currency !== s.currency || amount.isGreaterThan(available)) {
        throw new DomainError('loan.quota_insufficient', { available: available.toString(), currency: s.currency });
      }
      await deps.ledger.credit(tx, {
        userId: r.userId,
        amount,
        kind: 'loan_in',
        from: 'loan_book',
        reference: r.id,
        idempotencyKey: `loan-in:${r.id}`,
        memo: { orderNo: r.orderNo },
      });
      await transitionLoan(tx, asLoan(r), 'approve', { ...decidedFields(decided), accruedOn: today });
    },
    async reject(tx, r, decided) {
      await transitionLoan(tx, asLoan(r), 'reject', decidedFields(decided));
    },
    messages: {
      approved: (r) => ({ code: 'message.loan.approved', params: moneyParams(r) }),
      rejected: (r, reason) => ({ code: 'message.loan.rejected', params: { ...moneyParams(r), reason } }),
    },
  };
}

export function quotaReviewQueue(deps: LoanReviewDeps): ReviewQueueHandler<QuotaRaiseRow, ReviewItemOf<'quota'>> {
  const t = quotaRaises;
  return {
    ...reviewTableRows<QuotaRaiseRow>(
      t,
      { id: t.id, userId: t.userId, state: t.state, submittedAt: t.submittedAt },
      t.id,
      repo.quotaRaiseOf,
    ),
    async item(db, r) {
      const user = await reviewUserOf(db, r.userId);
      return {
        ...reviewBase('quota', r.id, user, r, r.submittedAt),
        amount: r.amount.toString(),
        currency: r.currency,
        details: {
          checkinsLast30Days: await deps.checkins(db, r.userId, deps.clock.now()),
          quotaRaiseCheckins: deps.settings.get('loan.quotaRaiseCheckins'),
          quota: Money.of(user.loanQuota, r.currency).toString(),
        },
      };
    },
    async approve(tx, r, decided) {
      const user = await lockUserById(tx, r.userId);
      if (!user) throw new DomainError('account.not_found');
      const quota = Money.of(user.loanQuota, r.currency).plus(r.amount);
      await updateUser(tx, deps.authCache, r.userId, { loanQuota: quota.amount });
      await repo.decideQuotaRaise(tx, r.id, decided);
    },
    async reject(tx, r, decided) {
      await repo.decideQuotaRaise(tx, r.id, decided);
    },
    messages: {
      approved: (r) => ({
        code: 'message.quota.approved',
        params: { amount: r.amount.toString(), currency: r.currency },
      }),
      rejected: (r, reason) => ({
        code: 'message.quota.rejected',
        params: { amount: r.amount.toString(), currency: r.currency, reason },
      }),
    },
  };
}
