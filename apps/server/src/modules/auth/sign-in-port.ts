/**
 * What auth tells the security module about a sign-in without importing it (the kernel's
 * `signIns` port): a session opened from a device the account has not used for 90 days
 * (docs/api.md §23.8), so the user hears of it.
 */
import type { Db } from '../../platform/db.js';
import type { SignInClient } from '../../platform/device.js';
import type { UserRow } from './users.repository.js';

export interface SignInPort {
  fromNewDevice(db: Db, user: UserRow, client: SignInClient, at: Date): Promise<void>;
}
