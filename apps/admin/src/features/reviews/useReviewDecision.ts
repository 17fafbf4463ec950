/**
 * Approving or rejecting one review item (docs/api.md §19.3). Each click gets its own `requestId`; when the
 * answer was not final (no answer, timeout, 5xx, 429, still running) the failed request is kept as it
 * was sent, so "Retry" repeats the same click with the same `requestId` and reason instead of making a
 * new decision. Refusals are not toasted: the drawer shows them where the operator is looking.
 */
import { useRef, useState } from 'react';
import type { AdminRequestOf, ReviewItem } from '@brokerage/contract';
import { newRequestId } from '../../lib/request-id';
import type { BuiltReviewQueue } from '../../sections';
import { useRefreshReviewLists, useReviewApprove, useReviewReject, useShowDecidedItem } from './review-queries';
import { decisionOutcome, type DecisionOutcome } from './review-queue';

export type DecisionKind = 'approve' | 'reject';
export type DecisionBody = AdminRequestOf<'reviewApprove'>;

export interface DecisionFailure {
  kind: DecisionKind;
  /** The request exactly as sent, `requestId` included: a retry sends it again unchanged. */
  body: DecisionBody;
  outcome: DecisionOutcome;
}

export interface ReviewDecision {
  /** A new decision: a fresh `requestId`. */
  decide: (kind: DecisionKind, reason: string) => void;
  /** The last failed decision again, with the same `requestId`; only offered for outcomes of kind `retry`. */
  retry: () => void;
  dismiss: () => void;
  failure: DecisionFailure | null;
  pendingKind: DecisionKind | null;
}

export function useReviewDecision(input: {
  queue: BuiltReviewQueue;
  id: string;
  onDecided: (item: ReviewItem) => void;
  /** Reads the item again, e.g. after someone else decided it. */
  refetchItem: () => void;
}): ReviewDecision {
  const { queue, id, onDecided, refetchItem } = input;
  const refreshList = useRefreshReviewLists();
  const showDecided = useShowDecidedItem(queue, id);
  const [failure, setFailure] = useState<DecisionFailure | null>(null);
  const isRetrying = useRef(false);

  function succeeded(item: ReviewItem) {
    setFailure(null);
    // the item takes the answer; the lists and the user screens (balances, real-name status) are read again
    showDecided(item);
    onDecided(item);
  }

  function failed(kind: DecisionKind, body: DecisionBody, outcome: DecisionOutcome) {
    if (outcome.kind === 'stale' && isRetrying.current) {
      // The server keeps no answer for a repeated back-office requestId, so a retry of a decision whose
      // answer was lost finds the item decided, possibly by that very first attempt.
      outcome = {
        kind: 'stale',
        text: `${outcome.text} Your earlier attempt may have gone through before its answer was lost: see "Reviewed by".`,
      };
    }
    setFailure({ kind, body, outcome });
    if (outcome.kind === 'stale') {
      refreshList();
      refetchItem();
    } else if (outcome.kind === 'gone') {
      refreshList();
    }
  }

  const approve = useReviewApprove({
    notify: false,
    onSuccess: ({ data }) => succeeded(data),
    onError: (error, body) => failed('approve', body, decisionOutcome(error)),
  });
  const reject = useReviewReject({
    notify: false,
    onSuccess: ({ data }) => succeeded(data),
    onError: (error, body) => failed('reject', body, decisionOutcome(error)),
  });

  function send(kind: DecisionKind, body: DecisionBody, isRetry: boolean) {
    if (approve.isPending || reject.isPending) return;
    isRetrying.current = isRetry;
    setFailure(null);
    (kind === 'approve' ? approve : reject).mutate(body);
  }

  return {
    decide: (kind, reason) => send(kind, { queue, id, reason, requestId: newRequestId() }, false),
    retry: () => {
      if (failure?.outcome.kind === 'retry') send(failure.kind, failure.body, true);
    },
    dismiss: () => setFailure(null),
    failure,
    pendingKind: approve.isPending ? 'approve' : reject.isPending ? 'reject' : null,
  };
}
