/**
 * `loan` calls of docs/api.md §16.1–§16.5 (credit loans and credit raises) and the details of the
 * `loan` and `quota` review queues (§19.3).
 *
 * Interest (§16.5): simple daily interest on the unpaid principal, accrued by whole days at 00:00
 * `funds.timezone` from approval; each stretch between two principal changes is
 * `unpaidPrincipal × dailyRate × days`, rounded half-up to the currency's scale once
 * (`loanInterest`). A repayment pays accrued interest first, then principal (choice of §16.3).
 */
import { z } from 'zod';
import { reviewStates } from '../enums.js';
import { currencies } from '../money.js';
import { id, int, money, page, requestId, size, timestamp, whole } from '../primitives.js';

const decimal = z.string();
const currency = z.enum(currencies);

/** `/loan/rating` (§16.1), plus `pendingQuotaRaise` (addition: the raise form shows its rule before the button). */
export const loanRating = z.object({
  creditScore: int,
  minScoreToBorrow: int,
  currency,
  quota: decimal,
  /** unpaid principal of approved loans */
  borrowed: decimal,
  /** principal + accrued interest − repayments, over every approved, unsettled loan */
  outstanding: decimal,
  /** quota − borrowed − the pending application's amount (never below 0) */
  availableQuota: decimal,
  dailyRate: decimal,
  pendingApplication: z.boolean(),
  checkinsLast30Days: int,
  quotaRaiseCheckins: int,
  /** addition: a credit-raise request is pending review */
  pendingQuotaRaise: z.boolean(),
});
export type LoanRating = z.infer<typeof loanRating>;

/**
 * Where a loan is in its life (§3.10, `loanTransitions`): reviewed like every queue item (§3.3), then
 * `settled` once a repayment brings `outstanding` to 0. Stored on the loan; the wire keeps the
 * review state and the `settled` flag of §16.5 (a settled loan reads `approved`, `settled: true`).
 */
export const loanStates = ['pending', 'approved', 'rejected', 'settled'] as const;
export type LoanState = (typeof loanStates)[number];

/** One loan (§16.5). `state` is the review state; `settled` becomes true when `outstanding` reaches 0. */
export const loanRecord = z.object({
  id,
  orderNo: z.string(),
  currency,
  principal: decimal,
  /** interest accrued so far (paid and unpaid) */
  interest: decimal,
  /** repayments so far (interest and principal) */
  repaid: decimal,
  outstanding: decimal,
  dailyRate: decimal,
  state: z.enum(reviewStates),
  settled: z.boolean(),
  appliedAt: timestamp,
  reviewedAt: timestamp.nullable(),
  /** the reviewer's reason of a rejection, plain text */
  reason: z.string().nullable(),
  settledAt: timestamp.nullable(),
});
export type LoanRecord = z.infer<typeof loanRecord>;

export const loanRatingRequest = z.object({});
export const loanBorrowRequest = z.object({ amount: money(2), requestId: requestId.optional() });
export const loanRepayRequest = z.object({ loanId: id, amount: money(2), requestId: requestId.optional() });
/** "Additional credit must be a positive integer" (spec §5): a Whole. */
export const loanRaiseQuotaRequest = z.object({ amount: whole(), requestId: requestId.optional() });
export const quotaRaise = z.object({ id, amount: decimal, state: z.enum(reviewStates), submittedAt: timestamp });
export type QuotaRaise = z.infer<typeof quotaRaise>;
export const loanRecordsRequest = z.object({ page, size });

/* ---- review queues (§19.3) ---- */

/** A loan application: the user's score, quota and unpaid principal when read. */
export const loanReviewDetails = z.object({
  orderNo: z.string(),
  creditScore: int,
  minScoreToBorrow: int,
  quota: decimal,
  borrowed: decimal,
  /** quota − borrowed − other pending amounts: what approval still fits in (the item's own amount excluded) */
  availableQuota: decimal,
  dailyRate: decimal,
});
/** A credit raise: check-ins in the last 30 days (against the required count) and the current quota. */
export const quotaReviewDetails = z.object({
  checkinsLast30Days: int,
  quotaRaiseCheckins: int,
  quota: decimal,
});
export type LoanReviewDetails = z.infer<typeof loanReviewDetails>;
export type QuotaReviewDetails = z.infer<typeof quotaReviewDetails>;
