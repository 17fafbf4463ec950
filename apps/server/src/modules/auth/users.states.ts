/**
 * A user's real-name status as the contract's `kycTransitions` says it (docs/api.md §3.4): a new
 * account starts in the state of `register`; the later steps are written by the funds module's
 * kyc.states.ts. Whether the user passed verification is read here, in one place.
 */
import { kycTransitions, nextState, type KycStatus } from '@brokerage/contract';
import { invariant } from '../../platform/errors.js';
import type { UserRow } from './users.repository.js';

/** The status a new account starts in (`register`). */
export function initialKycStatus(): KycStatus {
  const to = nextState(kycTransitions, null, 'register');
  invariant(to !== null, 'no initial real-name status');
  return to;
}

/** Whether the user passed real-name verification (on the wire `is_true`). */
export function isVerified(user: Pick<UserRow, 'kycStatus'>): boolean {
  return user.kycStatus === 'verified';
}
