/**
 * What auth and the money modules ask of two-step verification (docs/api.md §23.1) without
 * importing the security module: the kernel's `secondFactor` port, answered by modules/security.
 */
import type { SecondFactorProof } from '@brokerage/contract';
import type { Db } from '../../platform/db.js';
import type { UserRow } from './users.repository.js';

export interface SecondFactorPort {
  /** A right password on an account with two-step verification on: a new login challenge's id. */
  startLogin(db: Db, user: UserRow): Promise<string>;
  /**
   * A protected call (withdraw, passwords, card or wallet binding) on `user`: nothing when the
   * account has no two-step verification or the proof is right (the code's step is then used up
   * in `db`'s transaction); else throws `auth.second_factor_required` / `auth.second_factor_wrong`.
   */
  require(db: Db, user: UserRow, proof: SecondFactorProof): Promise<void>;
}
