/** Real-name verification (docs/api.md §7.9–§7.10, §3.4) and its review queue `kyc`. */
import type { KycStatusResponse } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { findUserById, lockUserById, type AuthCache } from '../auth/index.js';
import * as repo from './funds.repository.js';
import { canKyc, initialKycSubmissionState, transitionKyc } from './kyc.states.js';
import { maskIdNumber } from './masking.js';
import { claimEvery, type UploadsPort } from './uploads-port.js';

export async function kycStatus(db: Db, userId: string): Promise<KycStatusResponse> {
  const user = await findUserById(db, userId);
  const latest = await repo.latestKyc(db, userId);
  const status = (user?.kycStatus ?? 'none') as KycStatusResponse['kycStatus'];
  if (!latest || status === 'none') {
    return {
      kycStatus: status,
      name: null,
      idNumberMasked: null,
      submittedAt: null,
      reviewedAt: null,
      rejectReason: null,
    };
  }
  return {
    kycStatus: status,
    name: latest.name,
    idNumberMasked: maskIdNumber(latest.idNumber),
    submittedAt: latest.submittedAt.toISOString(),
    reviewedAt: latest.reviewedAt?.toISOString() ?? null,
    rejectReason: latest.state === 'rejected' ? latest.reason : null,
  };
}

/** Uploads owned, of the right purpose, unused (400) → kyc.already_verified → review.pending_exists. */
export async function submitKyc(
  tx: Tx,
  clock: Clock,
  uploads: UploadsPort,
  authCache: AuthCache,
  userId: string,
  body: { name: string; idNumber: string; frontImageId: string; backImageId: string },
): Promise<KycStatusResponse> {
  const user = await lockUserById(tx, userId);
  if (!user) throw new DomainError('auth.required');
  const id = newId('k');
  // upload references are part of the 400 checks, before the business rules (§1.2); a refusal rolls the claim back
  await claimEvery(tx, uploads, [
    { userId, imageId: body.frontImageId, purpose: 'kyc_front', usedBy: `kyc:${id}`, field: 'frontImageId' },
    { userId, imageId: body.backImageId, purpose: 'kyc_back', usedBy: `kyc:${id}`, field: 'backImageId' },
  ]);
  if (!canKyc(user.kycStatus, 'submit')) {
    throw user.kycStatus === 'verified'
      ? new DomainError('kyc.already_verified')
      : new DomainError('review.pending_exists');
  }
  await repo.insertKycSubmission(tx, {
    id,
    userId,
    name: body.name,
    idNumber: body.idNumber.toUpperCase(),
    frontImageId: body.frontImageId,
    backImageId: body.backImageId,
    state: initialKycSubmissionState(),
    submittedAt: clock.now(),
  });
  await transitionKyc(tx, authCache, userId, user.kycStatus, 'submit');
  return kycStatus(tx, userId);
}
