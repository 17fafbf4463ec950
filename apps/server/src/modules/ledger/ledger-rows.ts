/**
 * The user's ledger, entry by entry, for fund records (§10.5 tab `trade`, §1.11) and the
 * statement: per journal entry and currency, the signed change of `available` and of
 * `frozen`, and both balances after it (from the postings' `balance_after`).
 */
import { isCurrency, Money, type Currency } from '@brokerage/contract';
import type { Db } from '../../platform/db.js';
import * as repo from './ledger.repository.js';

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

type Filter = repo.LedgerRowFilter;

export async function ledgerRows(db: Db, f: Filter): Promise<LedgerRow[]> {
  const rows = await repo.ledgerRowRecords(db, f);
  return rows.map((r) => {
    const currency = currencyOf(r.currency);
    const money = (v: string) => Money.fromLedger(v, currency);
    return {
      entryId: r.entry_id,
      kind: r.kind,
      reference: r.reference,
      memo: r.memo,
      createdAt: new Date(r.created_at),
      currency,
      availableChange: money(r.available_change),
      frozenChange: money(r.frozen_change),
      availableAfter: money(r.available_after),
      frozenAfter: money(r.frozen_after),
    };
  });
}

export async function countLedgerRows(db: Db, f: Filter): Promise<number> {
  return repo.countLedgerRowRecords(db, f);
}

/** Balances of the user's accounts in `currency` just before `at` (Σ of earlier postings). */
export async function balancesBefore(
  db: Db,
  userId: string,
  currency: Currency,
  at: Date,
): Promise<{ available: Money; frozen: Money }> {
  const rows = await repo.totalsBefore(db, userId, currency, at);
  const of = (kind: string) => Money.fromLedger(rows.find((r) => r.kind === kind)?.total ?? '0', currency);
  return { available: of('available'), frozen: of('frozen') };
}

/** One leg of an entry for the performance figures (docs/api.md §24): see `entryLegs`. */
export interface EntryLeg {
  entryId: string;
  kind: string;
  createdAt: Date;
  /** `user` legs are the user's own accounts; `house` legs hold money on the user's behalf */
  owner: 'user' | 'house';
  accountKind: string;
  amount: Money;
}

/** The legs of the user's entries in `currency` posted in [from, to), oldest first. */
export async function entryLegs(
  db: Db,
  userId: string,
  currency: Currency,
  from: Date | null,
  to: Date,
): Promise<EntryLeg[]> {
  return (await repo.entryLegRecords(db, userId, currency, from, to)).map((r) => ({
    entryId: r.entry_id,
    kind: r.kind,
    createdAt: new Date(r.created_at),
    owner: r.owner_type === 'house' ? 'house' : 'user',
    accountKind: r.account_kind,
    amount: Money.fromLedger(r.amount, currency),
  }));
}

export const firstEntryAt = repo.firstEntryAt;
export const userCurrencyPage = repo.userCurrencyPage;

/** Σ of the user's `frozen` postings of entries of `kinds` in `currency`: what those entries still hold. */
export async function frozenOfKinds(
  db: Db,
  userId: string,
  currency: Currency,
  kinds: readonly string[],
): Promise<Money> {
  return Money.fromLedger(await repo.frozenOfKinds(db, userId, currency, kinds), currency);
}
