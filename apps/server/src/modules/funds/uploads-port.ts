/** What the funds services need from the uploads module (wired in app.ts). */
import type { Tx } from '../../platform/db.js';

export interface UploadsPort {
  /** Single use, owner and purpose checked; `request.invalid` `{field: 'unknown_upload'}` otherwise. */
  claim(tx: Tx, c: { userId: string; imageId: string; purpose: 'kyc_front' | 'kyc_back' | 'deposit_proof' | 'wallet_qr'; usedBy: string; field: string }): Promise<void>;
  /** A signed, expiring URL of a stored image. */
  url(imageId: string): string;
}
