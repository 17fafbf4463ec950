/**
 * The books' invariant, checked after every server test and under load:
 * per currency all balances sum to zero, no user balance is negative, every cached balance
 * equals the sum of its postings, and every entry balances per currency.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { rowsOf } from '../../platform/db.js';

export interface LedgerViolation {
  rule: 'currency_sum' | 'negative_user_balance' | 'cached_balance' | 'unbalanced_entry';
  detail: Record<string, string>;
}

export async function ledgerViolations(db: Db): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];
  for (const r of rowsOf<{ currency: string; total: string }>(
    await db.execute(sql`select currency, sum(balance)::text as total from ledger_accounts group by currency having sum(balance) <> 0`),
  )) out.push({ rule: 'currency_sum', detail: r });
  for (const r of rowsOf<{ id: string; owner_id: string; balance: string }>(
    await db.execute(sql`select id::text as id, owner_id, balance::text as balance from ledger_accounts where owner_type = 'user' and balance < 0`),
  )) out.push({ rule: 'negative_user_balance', detail: r });
  for (const r of rowsOf<{ id: string; balance: string; total: string }>(
    await db.execute(sql`select a.id::text as id, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as total
      from ledger_accounts a left join postings p on p.account_id = a.id
      group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`),
  )) out.push({ rule: 'cached_balance', detail: r });
  for (const r of rowsOf<{ entry_id: string; currency: string; total: string }>(
    await db.execute(sql`select p.entry_id::text as entry_id, a.currency, sum(p.amount)::text as total
      from postings p join ledger_accounts a on a.id = p.account_id
      group by p.entry_id, a.currency having sum(p.amount) <> 0`),
  )) out.push({ rule: 'unbalanced_entry', detail: r });
  return out;
}

export async function assertLedgerInvariant(db: Db): Promise<void> {
  const violations = await ledgerViolations(db);
  if (violations.length > 0) {
    throw new Error(`Ledger invariant broken: ${JSON.stringify(violations.slice(0, 10))}`);
  }
}
