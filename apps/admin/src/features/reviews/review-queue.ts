/**
 * Review queues (docs/api.md §19.3): the list filters kept in the URL, state labels, and how the answer to a
 * decision is read. Pure, so it is tested in node.
 */
import { reviewStates, type AdminRequestOf, type ReviewQueue, type ReviewState } from '@brokerage/contract';
import type { ApiError } from '../../api/client';
import { builtReviewQueues, type BuiltReviewQueue } from '../../sections';

export function isBuiltQueue(queue: string | undefined): queue is BuiltReviewQueue {
  return queue !== undefined && (builtReviewQueues as readonly string[]).includes(queue);
}

export const reviewStateLabels: Record<ReviewState, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const reviewStateColors: Record<ReviewState, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

/** The state filter of a queue page: one state, or every state ("all", newest first). */
export const stateFilters = [...reviewStates, 'all'] as const;
export type StateFilter = (typeof stateFilters)[number];

export const stateFilterLabels: Record<StateFilter, string> = {
  ...reviewStateLabels,
  all: 'All states',
};

export function statesOf(filter: StateFilter): ReviewState[] {
  return filter === 'all' ? [...reviewStates] : [filter];
}

/** The `/review/list` body for a queue page; `pending` comes oldest first from the server (§19.3). */
export function reviewListBody(
  queue: BuiltReviewQueue,
  filter: StateFilter,
  userId: string | undefined,
  page: number,
  size: number,
): AdminRequestOf<'reviewList'> {
  return { queue, states: statesOf(filter), ...(userId ? { userId } : {}), page, size };
}

/** A user id as the server accepts it (docs/api.md §1.4 Id), else undefined. */
export function cleanUserId(raw: string | null): string | undefined {
  const value = raw?.trim() ?? '';
  return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}

/** What to do after a refused or failed decision. */
export type DecisionOutcome =
  /** The answer may not have been final (no answer, timeout, 5xx, 429, still running): the same click may be sent again. */
  | { kind: 'retry'; text: string }
  /** Someone decided first (`review.not_pending`): show the item's current state. */
  | { kind: 'stale'; text: string }
  /** The item is gone (`record.not_found`). */
  | { kind: 'gone'; text: string }
  /** `account.frozen`: a frozen user's withdrawal cannot be approved (§3.3). */
  | { kind: 'frozen'; text: string }
  /** Any other refusal: final, nothing changed. */
  | { kind: 'refused'; text: string };

const retryableCodes = new Set<string>([
  'network.error',
  'server.error',
  'request.too_frequent',
  'request.in_progress',
]);

export function decisionOutcome(error: ApiError): DecisionOutcome {
  if (retryableCodes.has(error.code)) {
    return {
      kind: 'retry',
      text: `${error.displayText} The decision may not have been recorded; retrying sends the same request.`,
    };
  }
  switch (error.code) {
    case 'review.not_pending': {
      const state = typeof error.params.state === 'string' ? error.params.state : null;
      return {
        kind: 'stale',
        text: `Already decided by someone else${state ? ` (now ${state})` : ''}. Nothing was changed; the item below shows its current state.`,
      };
    }
    case 'record.not_found':
      return { kind: 'gone', text: 'This item no longer exists. The list has been refreshed.' };
    case 'account.frozen':
      return {
        kind: 'frozen',
        text: "The user's account is frozen: a frozen user's withdrawal cannot be approved. Lift the freeze on the user first, or reject the withdrawal.",
      };
    default:
      return { kind: 'refused', text: error.displayText };
  }
}

/** Queue words for the confirmation texts. */
export const queueItemNames: Record<ReviewQueue, string> = {
  kyc: 'real-name verification',
  deposit: 'deposit',
  withdraw: 'withdrawal',
  loan: 'loan application',
  quota: 'credit raise',
  block: 'block-trade application',
  day_trade: 'day-trading application',
};
