import type { Currency, LoanState, ReviewState } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, money, rate } from '../../platform/columns.js';

/**
 * Credit loans (docs/api.md §16.2–§16.5). `state` follows the loan table (§3.10, loan.states.ts): the
 * review states of the application (§3.3, queue `loan`), then `settled` (at `settledAt`) when nothing
 * is owed any more; the wire shows the review state and a `settled` flag (§16.5). Interest is accrued
 * lazily (loan.interest.ts): `interestAccrued` holds the interest of every whole day up to
 * `accruedOn` (a local date in `funds.timezone`), written whenever the unpaid principal changes
 * (a repayment), so each stretch of days at one principal is rounded once.
 */
export const loans = pgTable(
  'loans',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    orderNo: text('order_no').notNull().unique(),
    currency: text('currency').$type<Currency>().notNull(),
    principal: money('principal').notNull(),
    /** the daily rate fixed when the loan was applied for (config `loan.dailyRate` then) */
    dailyRate: rate('daily_rate', 20).notNull(),
    state: text('state').$type<LoanState>().notNull(),
    principalRepaid: money('principal_repaid')
      .notNull()
      .default(sql`'0'`),
    interestAccrued: money('interest_accrued')
      .notNull()
      .default(sql`'0'`),
    interestRepaid: money('interest_repaid')
      .notNull()
      .default(sql`'0'`),
    /** local date (funds.timezone) up to which `interestAccrued` counts; set on approval */
    accruedOn: text('accrued_on'),
    appliedAt: at('applied_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    reason: text('reason'),
    settledAt: at('settled_at'),
  },
  (t) => [
    index('loans_user_idx').on(t.userId, t.appliedAt),
    index('loans_state_idx').on(t.state, t.appliedAt),
    // §16.2: only one application pending at a time (the service checks first; this is the belt)
    uniqueIndex('loans_one_pending_per_user')
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    check('loans_state_enum', sql`${t.state} in ('pending','approved','rejected','settled')`),
    check(
      'loans_amounts',
      sql`${t.principal} > 0 and ${t.principalRepaid} >= 0 and ${t.principalRepaid} <= ${t.principal} and ${t.interestRepaid} >= 0 and ${t.interestRepaid} <= ${t.interestAccrued}`,
    ),
    check('loans_settled_at', sql`(${t.state} = 'settled') = (${t.settledAt} is not null)`),
  ],
);

/** Credit-raise requests (§16.4, queue `quota`): approval raises `users.loan_quota` by the amount. */
export const quotaRaises = pgTable(
  'loan_quota_raises',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    amount: money('amount').notNull(),
    state: text('state').$type<ReviewState>().notNull(),
    submittedAt: at('submitted_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    reason: text('reason'),
  },
  (t) => [
    index('loan_quota_raises_user_idx').on(t.userId, t.submittedAt),
    index('loan_quota_raises_state_idx').on(t.state, t.submittedAt),
    uniqueIndex('loan_quota_raises_one_pending_per_user')
      .on(t.userId)
      .where(sql`${t.state} = 'pending'`),
    check('loan_quota_raises_state_enum', sql`${t.state} in ('pending','approved','rejected')`),
    check('loan_quota_raises_amount_positive', sql`${t.amount} > 0`),
  ],
);
