/**
 * The loan state machine of docs/api.md §3.10, as the contract's `loanTransitions` says it: a loan's
 * state is written only here, after the table allows the event. The review framework decides a loan
 * with the review table's events (§3.3), which the loan table repeats; the repayment that brings what
 * is owed to zero settles it. A loan keeps no history table: `appliedAt`, `reviewedAt` / `reviewedBy`
 * and `settledAt` are its history.
 *
 * The wire keeps the review state and the `settled` flag of §16.5 (docs/decisions.md "Loans settle
 * through the loan table"): `wireStateOf` derives them at the edge.
 */
import {
  canTransition,
  loanTransitions,
  nextState,
  reviewTransitions,
  type LoanEvent,
  type LoanState,
  type ReviewState,
} from '@brokerage/contract';
import type { Tx } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';
import * as repo from './loan.repository.js';
import type { LoanRow, NewLoanRow } from './loan.repository.js';

/** Whether §3.10 allows `event` from the loan's current state. */
export function canLoan(row: Pick<LoanRow, 'state'>, event: LoanEvent): boolean {
  return canTransition(loanTransitions, row.state, event);
}

/** The state a new application starts in (`submit`). */
export function initialLoanState(): LoanState {
  const to = nextState(loanTransitions, null, 'submit');
  invariant(to !== null, 'no initial loan state');
  return to;
}

/** The state a new credit-raise request starts in (`submit` of the review table, §3.3). */
export function initialQuotaRaiseState(): ReviewState {
  const to = nextState(reviewTransitions, null, 'submit');
  invariant(to !== null, 'no initial review state');
  return to;
}

/** Moves the locked loan by `event` and writes `patch` with its new state in one update. */
export async function transitionLoan(
  tx: Tx,
  row: Pick<LoanRow, 'id' | 'state'>,
  event: LoanEvent,
  patch: Omit<Partial<NewLoanRow>, 'state'>,
): Promise<LoanRow> {
  const to = nextState(loanTransitions, row.state, event);
  invariant(to !== null, `loan ${row.id}: §3.10 has no ${event} from ${row.state}`);
  return repo.updateLoan(tx, row.id, { ...patch, state: to });
}

/** The review state each loan state shows (§16.5, the review queue): a settled loan is an approved one. */
const reviewStateOfLoan: Record<LoanState, ReviewState> = {
  pending: 'pending',
  approved: 'approved',
  rejected: 'rejected',
  settled: 'approved',
};

/** The `state` and `settled` of a loan on the wire (§16.5), as they were before the state `settled` existed. */
export function wireStateOf(state: LoanState): { state: ReviewState; settled: boolean } {
  return { state: reviewStateOfLoan[state], settled: state === 'settled' };
}

/** The loan states a filter of review states covers (the `loan` queue's list: `approved` includes settled loans). */
export function loanStatesOf(states: readonly ReviewState[]): LoanState[] {
  return (Object.keys(reviewStateOfLoan) as LoanState[]).filter((s) => states.includes(reviewStateOfLoan[s]));
}
