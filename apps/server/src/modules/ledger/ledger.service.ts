/**
 * The ledger: the only code that writes money.
 *
 * Model. Every owner (a user, or the house) has one account per (currency, kind). A money
 * movement is one journal entry made of postings whose signed amounts sum to zero per
 * currency. Users hold `available`, `frozen` (a hold) and `margin` (open positions) accounts; the house holds bank cash,
 * fee income, tax payable, FX liquidity and the other system accounts. An account's balance
 * is the sum of its postings; the cached `balance` column is written in the same transaction
 * and `assertLedgerInvariant` compares the two.
 *
 * Locking. Before writing, the entry's accounts are locked with SELECT ... FOR UPDATE in
 * ascending account id, always, so two entries touching the same accounts queue instead of
 * deadlocking (unordered locks on hot house accounts deadlocked and ran 37 times slower).
 *
 * Guards. A user account may never go below zero: checked under the lock before writing,
 * and enforced again by a CHECK constraint on the table.
 */
import { Dec, LEDGER_SCALE, isCurrency, type Currency } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { rowsOf } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';

/** `margin` holds the margin of open positions (trading): money committed, never free, never negative. */
export const userAccountKinds = ['available', 'frozen', 'margin'] as const;
export type UserAccountKind = (typeof userAccountKinds)[number];

export const houseAccountKinds = [
  'bank_cash', 'crypto_cash', 'fee_income', 'tax_payable', 'fx_liquidity', 'loan_book', 'ipo_escrow', 'settlement',
] as const;
export type HouseAccountKind = (typeof houseAccountKinds)[number];

export type AccountRef =
  | { owner: 'user'; userId: string; currency: Currency; kind: UserAccountKind }
  | { owner: 'house'; currency: Currency; kind: HouseAccountKind };

export interface PostingSpec {
  account: AccountRef;
  /** Signed decimal string; positive credits the account's balance, negative debits it. */
  amount: string;
}

export interface EntrySpec {
  kind: string;
  reference?: string;
  /** Unique per movement: a second post with the same key returns the first entry and moves nothing. */
  idempotencyKey?: string;
  memo?: Record<string, unknown>;
  postings: PostingSpec[];
}

export interface PostedEntry {
  entryId: string;
  replayed: boolean;
  balances: { account: AccountRef; balanceAfter: string }[];
}

/** A user account would go negative. Services translate it into their own refusal code. */
export class InsufficientFundsError extends Error {
  constructor(readonly account: AccountRef, readonly balance: string, readonly required: string) {
    super(`insufficient ${account.kind} ${account.currency}`);
    this.name = 'InsufficientFundsError';
  }
}

const HOUSE_OWNER_ID = 'house';

function ownerOf(ref: AccountRef): { type: 'user' | 'house'; id: string } {
  return ref.owner === 'user' ? { type: 'user', id: ref.userId } : { type: 'house', id: HOUSE_OWNER_ID };
}

function keyOf(ref: AccountRef): string {
  const o = ownerOf(ref);
  return `${o.type}|${o.id}|${ref.currency}|${ref.kind}`;
}

interface LockedAccount {
  id: string;
  owner_type: string;
  owner_id: string;
  currency: string;
  kind: string;
  balance: string;
}

/** Checks the shape of an entry; a malformed entry is a bug, not a refusal. */
function validate(spec: EntrySpec): Map<string, { ref: AccountRef; amount: Dec }> {
  invariant(spec.postings.length >= 2, 'an entry needs at least two postings');
  const merged = new Map<string, { ref: AccountRef; amount: Dec }>();
  const perCurrency = new Map<string, Dec>();
  for (const p of spec.postings) {
    invariant(isCurrency(p.account.currency), `unknown currency ${p.account.currency}`);
    const amount = new Dec(p.amount);
    invariant(amount.decimalPlaces() <= LEDGER_SCALE, `posting has more than ${LEDGER_SCALE} decimals`);
    invariant(!amount.isZero(), 'posting amount is zero');
    const key = keyOf(p.account);
    const prev = merged.get(key);
    merged.set(key, { ref: p.account, amount: prev ? prev.amount.plus(amount) : amount });
    perCurrency.set(p.account.currency, (perCurrency.get(p.account.currency) ?? new Dec(0)).plus(amount));
  }
  for (const [currency, sum] of perCurrency) {
    invariant(sum.isZero(), `entry ${spec.kind} does not balance in ${currency}: ${sum.toString()}`);
  }
  return merged;
}

async function lockAccounts(tx: Db, refs: AccountRef[]): Promise<LockedAccount[]> {
  const tuples = refs.map((ref) => {
    const o = ownerOf(ref);
    return sql`(${o.type}, ${o.id}, ${ref.currency}, ${ref.kind})`;
  });
  return rowsOf<LockedAccount>(
    await tx.execute(sql`select id::text as id, owner_type, owner_id, currency, kind, balance::text as balance
      from ledger_accounts
      where (owner_type, owner_id, currency, kind) in (${sql.join(tuples, sql`, `)})
      order by id
      for update`),
  );
}

async function ensureAccounts(tx: Db, refs: AccountRef[]): Promise<void> {
  for (const ref of refs) {
    const o = ownerOf(ref);
    await tx.execute(sql`insert into ledger_accounts (owner_type, owner_id, currency, kind)
      values (${o.type}, ${o.id}, ${ref.currency}, ${ref.kind}) on conflict do nothing`);
  }
}

/**
 * Posts one balanced entry inside the caller's transaction, so the business change that
 * caused it commits or rolls back with it.
 */
export async function postEntry(tx: Db, clock: Clock, spec: EntrySpec): Promise<PostedEntry> {
  const merged = validate(spec);
  if (spec.idempotencyKey) {
    const existing = rowsOf<{ id: string }>(
      await tx.execute(sql`select id::text as id from journal_entries where idempotency_key = ${spec.idempotencyKey}`),
    );
    if (existing[0]) return { entryId: existing[0].id, replayed: true, balances: [] };
  }
  const items = [...merged.values()].filter((m) => !m.amount.isZero());
  invariant(items.length >= 2, 'an entry needs at least two non-zero accounts');
  let locked = await lockAccounts(tx, items.map((m) => m.ref));
  if (locked.length < items.length) {
    // First movement of some account: create the missing rows, then lock the whole set again in id order.
    await ensureAccounts(tx, items.map((m) => m.ref));
    locked = await lockAccounts(tx, items.map((m) => m.ref));
  }
  invariant(locked.length === items.length, 'ledger accounts missing after ensure');
  const byKey = new Map(locked.map((a) => [`${a.owner_type}|${a.owner_id}|${a.currency}|${a.kind}`, a]));

  const updates: { account: LockedAccount; ref: AccountRef; amount: Dec; after: Dec }[] = [];
  for (const item of items) {
    const account = byKey.get(keyOf(item.ref));
    invariant(account, 'locked account not found');
    const after = new Dec(account.balance).plus(item.amount);
    if (account.owner_type === 'user' && after.isNegative()) {
      throw new InsufficientFundsError(item.ref, account.balance, item.amount.negated().toFixed(LEDGER_SCALE));
    }
    updates.push({ account, ref: item.ref, amount: item.amount, after });
  }

  const entryRows = rowsOf<{ id: string }>(
    await tx.execute(sql`insert into journal_entries (kind, reference, idempotency_key, memo, created_at)
      values (${spec.kind}, ${spec.reference ?? null}, ${spec.idempotencyKey ?? null},
              ${spec.memo ? JSON.stringify(spec.memo) : null}::jsonb, ${clock.now().toISOString()})
      returning id::text as id`),
  );
  const entryId = entryRows[0]?.id;
  invariant(entryId, 'journal entry not created');
  // Postings in account-id order, the same order the locks were taken in.
  updates.sort((a, b) => (BigInt(a.account.id) < BigInt(b.account.id) ? -1 : 1));
  for (const u of updates) {
    await tx.execute(sql`insert into postings (entry_id, account_id, amount, balance_after)
      values (${entryId}, ${u.account.id}, ${u.amount.toFixed(LEDGER_SCALE)}, ${u.after.toFixed(LEDGER_SCALE)})`);
    await tx.execute(sql`update ledger_accounts set balance = ${u.after.toFixed(LEDGER_SCALE)} where id = ${u.account.id}`);
  }
  return {
    entryId,
    replayed: false,
    balances: updates.map((u) => ({ account: u.ref, balanceAfter: u.after.toFixed(LEDGER_SCALE) })),
  };
}

const user = (userId: string, currency: Currency, kind: UserAccountKind): AccountRef => ({ owner: 'user', userId, currency, kind });
const house = (currency: Currency, kind: HouseAccountKind): AccountRef => ({ owner: 'house', currency, kind });

export interface MoveSpec {
  userId: string;
  currency: Currency;
  /** Positive decimal string. */
  amount: string;
  kind: string;
  reference?: string;
  idempotencyKey?: string;
  memo?: Record<string, unknown>;
}

function positive(amount: string): string {
  const d = new Dec(amount);
  invariant(d.isPositive() && !d.isZero(), `amount must be positive: ${amount}`);
  return d.toFixed(LEDGER_SCALE);
}

/** One amount from one account to another: the shape of every hold, release, settlement, credit and debit. */
function move(tx: Db, clock: Clock, m: MoveSpec, from: AccountRef, to: AccountRef): Promise<PostedEntry> {
  const a = positive(m.amount);
  return postEntry(tx, clock, {
    kind: m.kind, reference: m.reference, idempotencyKey: m.idempotencyKey, memo: m.memo,
    postings: [{ account: from, amount: `-${a}` }, { account: to, amount: a }],
  });
}

/** Freeze: available → frozen (pending order, withdrawal request, prepaid subscription...). */
export const hold = (tx: Db, clock: Clock, m: MoveSpec) =>
  move(tx, clock, m, user(m.userId, m.currency, 'available'), user(m.userId, m.currency, 'frozen'));

/** Release: frozen → available (cancel, rejection). */
export const release = (tx: Db, clock: Clock, m: MoveSpec) =>
  move(tx, clock, m, user(m.userId, m.currency, 'frozen'), user(m.userId, m.currency, 'available'));

/** Settle: frozen → a house account (withdrawal paid out, subscription paid, fee charged). */
export const settle = (tx: Db, clock: Clock, m: MoveSpec & { to: HouseAccountKind }) =>
  move(tx, clock, m, user(m.userId, m.currency, 'frozen'), house(m.currency, m.to));

/** Credit: a house account → the user's available (approved deposit, loan, proceeds). */
export const credit = (tx: Db, clock: Clock, m: MoveSpec & { from: HouseAccountKind }) =>
  move(tx, clock, m, house(m.currency, m.from), user(m.userId, m.currency, 'available'));

/** Builds a reference to one of a user's accounts (for multi-posting entries such as trading's). */
export const userAccount = user;
/** Builds a reference to a house account. */
export const houseAccount = house;

/** Debit: the user's available → a house account (fees charged at once, repayments). */
export const debit = (tx: Db, clock: Clock, m: MoveSpec & { to: HouseAccountKind }) =>
  move(tx, clock, m, user(m.userId, m.currency, 'available'), house(m.currency, m.to));

export interface UserBalance {
  currency: Currency;
  available: string;
  frozen: string;
}

/** The user's materialised balances, one row per currency that has an account (8 decimals). */
export async function balancesOf(db: Db, userId: string): Promise<Map<Currency, UserBalance>> {
  const rows = rowsOf<{ currency: Currency; kind: string; balance: string }>(
    await db.execute(sql`select currency, kind, balance::text as balance from ledger_accounts
      where owner_type = 'user' and owner_id = ${userId}`),
  );
  const out = new Map<Currency, UserBalance>();
  for (const r of rows) {
    const b = out.get(r.currency) ?? { currency: r.currency, available: '0', frozen: '0' };
    if (r.kind === 'available') b.available = r.balance;
    if (r.kind === 'frozen') b.frozen = r.balance;
    out.set(r.currency, b);
  }
  return out;
}
