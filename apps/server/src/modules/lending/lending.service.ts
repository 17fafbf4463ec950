/**
 * Lending (docs/api.md §15, §3.6): products, applications and their records.
 *
 * Apply freezes the amount (available → frozen, `lending_freeze`); the daily settlement
 * (lending.jobs.ts) matches it (frozen → house `lending_book`, `lending_match`) or fails it
 * (frozen → available, `lending_release`), and pays principal + interest at the end of the
 * term (`lending_payout`). Interest = amount × dailyRate × days, half-up at the currency scale.
 */
import {
  Dec,
  Money,
  simpleInterest,
  type Currency,
  type LendingProduct,
  type LendingRecord,
  type LendingState,
} from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { Settings } from '../../platform/settings.js';
import { findUserById, requireKyc, requireNotTradeBlocked } from '../auth/index.js';
import { balancesOf, InsufficientFundsError, type Ledger } from '../ledger/index.js';
import * as repo from './lending.repository.js';
import type { ProductRow, RecordRow } from './lending.repository.js';
import { initialLendingState } from './lending.states.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface LendingDeps {
  clock: Clock;
  settings: Settings;
  ledger: Ledger;
}

/** A rate as a plain decimal string without trailing zeros (`"0.0003"`). */
export function rateString(rate: string): string {
  return new Dec(rate).toString();
}

export function toProduct(p: ProductRow, quotaUsed: Dec | undefined): LendingProduct {
  const currency = p.currency;
  // the sum is a Decimal: the product's currency makes it Money
  return {
    id: p.id,
    name: p.name,
    names: p.names,
    currency,
    dailyRate: rateString(p.dailyRate),
    termDays: p.termDays,
    minAmount: p.minAmount.toString(),
    quota: p.quota.toString(),
    quotaUsed: (quotaUsed ? Money.of(quotaUsed, currency) : Money.zero(currency)).toString(),
    open: p.open,
  };
}

/** amount × dailyRate × days, rounded half-up to the currency scale once (§1.4, `simpleInterest`). */
export function interestFor(amount: Money, dailyRate: string, days: number): Money {
  return simpleInterest(amount, dailyRate, days);
}

/** Whole days elapsed since `startedAt`, capped at the term. */
export function accruedDays(startedAt: Date, now: Date, termDays: number): number {
  const days = Math.floor((now.getTime() - startedAt.getTime()) / DAY_MS);
  return Math.min(termDays, Math.max(0, days));
}

export function toRecord(r: RecordRow, now: Date): LendingRecord {
  const currency = r.currency;
  let interest = Money.zero(currency);
  if (r.state === 'completed' && r.interest !== null) interest = r.interest;
  else if (r.state === 'succeeded' && r.startedAt)
    interest = interestFor(r.amount, r.dailyRate, accruedDays(r.startedAt, now, r.termDays));
  return {
    id: r.id,
    productId: r.productId,
    name: r.name,
    names: r.names,
    currency,
    amount: r.amount.toString(),
    dailyRate: rateString(r.dailyRate),
    termDays: r.termDays,
    state: r.state,
    appliedAt: r.appliedAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    interest: interest.toString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}

/** `/lending/products`: open and closed products, open first, each with its quota used. */
export async function productList(db: Db, body: { page: number; size: number }, openFirst = true) {
  const { rows, total } = await repo.listProducts(db, body.page, body.size, openFirst);
  const used = await repo.quotaUsedOf(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toProduct(r, used.get(r.id))), total, page: body.page, size: body.size };
}

/**
 * `/lending/apply`, in the caller's transaction (the one shared with the stored idempotent answer).
 * Rules in order: [TB] → [KYC] → lending.not_enabled → product.not_found → lending.quota_full →
 * lending.min_amount → funds.insufficient_available. The product row is locked first, so two
 * applications to one product run one after the other and cannot overfill the quota together.
 */
export async function applyLending(
  tx: Tx,
  deps: LendingDeps,
  userId: string,
  body: { productId: string; amount: string },
): Promise<LendingRecord> {
  const user = await findUserById(tx, userId);
  if (!user) throw new DomainError('auth.required');
  requireNotTradeBlocked(user);
  requireKyc(user);
  if (!deps.settings.get('lending.enabled')) throw new DomainError('lending.not_enabled');
  const product = await repo.lockProduct(tx, body.productId);
  if (!product) throw new DomainError('product.not_found');
  const currency = product.currency;
  const amount = Money.of(body.amount, currency);
  const used = Money.of((await repo.quotaUsedOf(tx, [product.id])).get(product.id) ?? new Dec(0), currency);
  if (!product.open || used.plus(amount).isGreaterThan(product.quota)) throw new DomainError('lending.quota_full');
  const min = product.minAmount;
  if (amount.isLessThan(min)) throw new DomainError('lending.min_amount', { min: min.toString(), currency });
  const insufficient = (available: Money) =>
    new DomainError('funds.insufficient_available', {
      available: available.toString(),
      required: amount.toString(),
      currency,
    });
  const available = (await balancesOf(tx, userId)).get(currency)?.available ?? Money.zero(currency);
  if (available.isLessThan(amount)) throw insufficient(available);

  const now = deps.clock.now();
  const row = await repo.insertRecord(tx, {
    id: newId('lr'),
    userId,
    productId: product.id,
    name: product.name,
    names: product.names,
    currency,
    amount: amount.amount,
    dailyRate: product.dailyRate,
    termDays: product.termDays,
    state: initialLendingState(),
    appliedAt: now,
  });
  try {
    await deps.ledger.hold(tx, {
      userId,
      amount,
      kind: 'lending_freeze',
      reference: row.id,
      idempotencyKey: `lending-freeze:${row.id}`,
      memo: { productId: product.id, remark: product.name },
    });
  } catch (error) {
    // the balance moved between the check and the hold: the same refusal
    if (error instanceof InsufficientFundsError) throw insufficient(error.balance);
    throw error;
  }
  return toRecord(row, now);
}

export async function recordList(
  db: Db,
  clock: Clock,
  userId: string,
  body: { states?: LendingState[]; page: number; size: number },
) {
  const { rows, total } = await repo.recordsOfUser(db, userId, body.states, body.page, body.size);
  const now = clock.now();
  return { list: rows.map((r) => toRecord(r, now)), total, page: body.page, size: body.size };
}

/** The lending part of `investValue` (§1.10): principal of `succeeded` records, per currency. */
export async function lendingInvestValue(db: Db, userId: string): Promise<Map<Currency, Money>> {
  return repo.succeededPrincipalOf(db, userId);
}

/** `lendingInvestValue` of a page of users in one query (the proof of liabilities' bulk read). */
export async function lendingInvestValues(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, Map<Currency, Money>>> {
  return repo.succeededPrincipalOfUsers(db, userIds);
}
