/** The gates of docs/api.md §2 used by money calls: [TB] trade-blocked and [KYC] real name. */
import { DomainError } from '../../platform/errors.js';
import type { UserRow } from './users.repository.js';

export function requireKyc(user: UserRow): void {
  if (user.kycStatus === 'verified') return;
  if (user.kycStatus === 'none') throw new DomainError('kyc.required');
  throw new DomainError('kyc.not_passed', { kycStatus: user.kycStatus });
}

export function requireNotTradeBlocked(user: UserRow): void {
  if (user.restrictions.includes('trade_blocked')) throw new DomainError('account.trade_blocked');
}
