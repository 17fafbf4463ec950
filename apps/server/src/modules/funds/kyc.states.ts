/**
 * Real-name verification as the contract's tables say it (docs/api.md §3.4 on the user's `kycStatus`,
 * §3.3 on each submission, queue `kyc`): the user's status is written only here, after `kycTransitions`
 * allows the event; a submission starts in the review table's first state. The submissions are the
 * history: each one keeps its own review state, reviewer and time.
 */
import {
  canTransition,
  kycTransitions,
  nextState,
  reviewTransitions,
  type KycEvent,
  type KycStatus,
  type ReviewState,
} from '@brokerage/contract';
import type { Tx } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';
import { updateUser, type AuthCache } from '../auth/index.js';

type UserPatch = Parameters<typeof updateUser>[3];

/** Whether §3.4 allows `event` from the user's current status. */
export function canKyc(status: string, event: KycEvent): boolean {
  return canTransition(kycTransitions, status as KycStatus, event);
}

/** The state a new submission starts in (`submit` of the review table). */
export function initialKycSubmissionState(): ReviewState {
  const to = nextState(reviewTransitions, null, 'submit');
  invariant(to !== null, 'no initial review state');
  return to;
}

/** Moves the locked user's status `from` by `event` and writes it with `patch` in one update (a step §3.4 lacks is a bug). */
export async function transitionKyc(
  tx: Tx,
  authCache: AuthCache,
  userId: string,
  from: string,
  event: KycEvent,
  patch: Omit<UserPatch, 'kycStatus'> = {},
): Promise<KycStatus> {
  const to = nextState(kycTransitions, from as KycStatus, event);
  invariant(to !== null, `user ${userId}: §3.4 has no ${event} from ${from}`);
  await updateUser(tx, authCache, userId, { ...patch, kycStatus: to });
  return to;
}
