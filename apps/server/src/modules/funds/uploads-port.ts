/** What the funds services need from the uploads module (the kernel's `uploads`). */
import type { Tx } from '../../platform/db.js';
import { DomainError, InvalidRequest } from '../../platform/errors.js';
import type { FieldReason } from '@brokerage/contract';

export interface UploadsPort {
  /** Single use, owner and purpose checked; `request.invalid` `{field: 'unknown_upload'}` otherwise. */
  claim(
    tx: Tx,
    c: {
      userId: string;
      imageId: string;
      purpose: 'kyc_front' | 'kyc_back' | 'deposit_proof' | 'wallet_qr';
      usedBy: string;
      field: string;
    },
  ): Promise<void>;
  /** A signed, expiring URL of a stored image. */
  url(imageId: string): string;
}

type Claim = Parameters<UploadsPort['claim']>[1];

/** Claims several uploads; a refusal names every bad field, not the first only (issue 18). */
export async function claimEvery(tx: Tx, uploads: UploadsPort, claims: Claim[]): Promise<void> {
  const fields: Record<string, FieldReason> = {};
  for (const claim of claims) {
    try {
      await uploads.claim(tx, claim);
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'request.invalid') throw error;
      Object.assign(fields, (error.params as { fields?: Record<string, FieldReason> }).fields);
    }
  }
  if (Object.keys(fields).length > 0) throw new InvalidRequest(fields);
}
