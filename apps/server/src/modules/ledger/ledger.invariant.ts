/**
 * The books' invariant, checked after every server test and under load:
 * per currency all balances sum to zero, no user balance is negative, every cached balance
 * equals the sum of its postings, and every entry balances per currency.
 */
import type { Db } from '../../platform/db.js';
import * as repo from './ledger.repository.js';

export interface LedgerViolation {
  rule: 'currency_sum' | 'negative_user_balance' | 'cached_balance' | 'unbalanced_entry';
  detail: Record<string, string>;
}

export async function ledgerViolations(db: Db): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];
  for (const r of await repo.unbalancedCurrencies(db)) out.push({ rule: 'currency_sum', detail: r });
  for (const r of await repo.negativeUserAccounts(db)) out.push({ rule: 'negative_user_balance', detail: r });
  for (const r of await repo.staleCachedBalances(db)) out.push({ rule: 'cached_balance', detail: r });
  for (const r of await repo.unbalancedEntries(db)) out.push({ rule: 'unbalanced_entry', detail: r });
  return out;
}

export async function assertLedgerInvariant(db: Db): Promise<void> {
  const violations = await ledgerViolations(db);
  if (violations.length > 0) {
    throw new Error(`Ledger invariant broken: ${JSON.stringify(violations.slice(0, 10))}`);
  }
}
