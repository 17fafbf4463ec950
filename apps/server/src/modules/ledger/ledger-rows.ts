/**
 * The user's ledger, entry by entry, for fund records (§10.5 tab `trade`, §1.11) and the
 * statement: per journal entry and currency, the signed change of `available` and of
 * `frozen`, and both balances after it (from the postings' `balance_after`).
 */
import { isCurrency, Money, type Currency } from '@brokerage/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { rowsOf } from '../../platform/db.js';

export interface LedgerRow {
  entryId: string;
  kind: string;
  reference: string | null;
  memo: Record<string, unknown> | null;
  createdAt: Date;
  currency: Currency;
  availableChange: Money;
  frozenChange: Money;
  availableAfter: Money;
  frozenAfter: Money;
}

function currencyOf(value: string): Currency {
  if (!isCurrency(value)) throw new Error(`ledger account in an unknown currency: ${value}`);
  return value;
}

/** Kinds shown under the deposit and withdraw tabs instead of `trade`. */
export const fundFlowKinds = ['deposit', 'withdraw_freeze', 'withdraw_release', 'withdraw_payout'];

interface Filter {
  userId: string;
  currency?: string;
  from?: Date;
  to?: Date;
  excludeKinds?: string[];
  order: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

function conditions(f: Filter): SQL {
  const parts: SQL[] = [sql`a.owner_type = 'user'`, sql`a.owner_id = ${f.userId}`];
  if (f.currency) parts.push(sql`a.currency = ${f.currency}`);
  if (f.from) parts.push(sql`e.created_at >= ${f.from.toISOString()}`);
  if (f.to) parts.push(sql`e.created_at < ${f.to.toISOString()}`);
  if (f.excludeKinds && f.excludeKinds.length > 0) parts.push(sql`e.kind not in (${sql.join(f.excludeKinds.map((k) => sql`${k}`), sql`, `)})`);
  return sql.join(parts, sql` and `);
}

/** The latest balance of the user's `kind` account in `currency` at or before entry `entryId`. */
const balanceAt = (kind: string) => sql`coalesce((
  select p2.balance_after::text from postings p2 join ledger_accounts a2 on a2.id = p2.account_id
  where a2.owner_type = 'user' and a2.owner_id = a.owner_id and a2.currency = a.currency and a2.kind = ${kind}
    and p2.entry_id <= e.id order by p2.entry_id desc limit 1), '0')`;

export async function ledgerRows(db: Db, f: Filter): Promise<LedgerRow[]> {
  const order = f.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = rowsOf<{
    entry_id: string; kind: string; reference: string | null; memo: Record<string, unknown> | null; created_at: string | Date;
    currency: string; available_change: string; frozen_change: string; available_after: string; frozen_after: string;
  }>(await db.execute(sql`
    select e.id::text as entry_id, e.kind, e.reference, e.memo, e.created_at, a.currency,
      sum(case when a.kind = 'available' then p.amount else 0 end)::text as available_change,
      sum(case when a.kind = 'frozen' then p.amount else 0 end)::text as frozen_change,
      ${balanceAt('available')} as available_after,
      ${balanceAt('frozen')} as frozen_after
    from postings p
      join ledger_accounts a on a.id = p.account_id
      join journal_entries e on e.id = p.entry_id
    where ${conditions(f)}
    group by e.id, e.kind, e.reference, e.memo, e.created_at, a.currency, a.owner_id
    order by e.id ${order}
    ${f.limit !== undefined ? sql`limit ${f.limit}` : sql``}
    ${f.offset !== undefined ? sql`offset ${f.offset}` : sql``}`));
  return rows.map((r) => {
    const currency = currencyOf(r.currency);
    const money = (v: string) => Money.fromLedger(v, currency);
    return {
      entryId: r.entry_id, kind: r.kind, reference: r.reference, memo: r.memo, createdAt: new Date(r.created_at), currency,
      availableChange: money(r.available_change), frozenChange: money(r.frozen_change), availableAfter: money(r.available_after), frozenAfter: money(r.frozen_after),
    };
  });
}

export async function countLedgerRows(db: Db, f: Filter): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`
    select count(distinct (e.id, a.currency)) as n from postings p
      join ledger_accounts a on a.id = p.account_id join journal_entries e on e.id = p.entry_id
    where ${conditions(f)}`));
  return Number(row?.n ?? 0);
}

/** Balances of the user's accounts in `currency` just before `at` (Σ of earlier postings). */
export async function balancesBefore(db: Db, userId: string, currency: Currency, at: Date): Promise<{ available: Money; frozen: Money }> {
  const rows = rowsOf<{ kind: string; total: string }>(await db.execute(sql`
    select a.kind, coalesce(sum(p.amount), 0)::text as total from ledger_accounts a
      left join postings p on p.account_id = a.id
      left join journal_entries e on e.id = p.entry_id
    where a.owner_type = 'user' and a.owner_id = ${userId} and a.currency = ${currency}
      and (e.id is null or e.created_at < ${at.toISOString()})
    group by a.kind`));
  const of = (kind: string) => Money.fromLedger(rows.find((r) => r.kind === kind)?.total ?? '0', currency);
  return { available: of('available'), frozen: of('frozen') };
}
