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
 * Striped house accounts. Every market order credits `fee_income` of its currency, every close
 * `tax_payable` and `settlement`: with one row per house account every order in a currency
 * would queue on that row's lock until its transaction commits. So each house account is
 * striped over N rows (owner ids `house`, `house:1`, … `house:N-1`; N is the `houseStripes` the
 * ledger is created with, LEDGER_HOUSE_STRIPES); an entry picks one stripe from a hash of its
 * first user (else its idempotency key) and posts all its house legs there. Concurrent orders of different users then mostly lock different rows.
 * A house account's balance is the sum of its stripes (`houseBalances`); nothing else about
 * the books changes: entries still balance per currency, locks are still taken in ascending
 * id, and the invariant holds per row. Changing N only changes where new postings go.
 *
 * Guards. A user account may never go below zero: checked under the lock before writing,
 * and enforced again by a CHECK constraint on the table.
 */
import { Dec, LEDGER_SCALE, isCurrency, type Currency } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { rowsOf } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';

/** `margin` holds the margin of open positions (trading): money committed, never free, never negative. */
export const userAccountKinds = ['available', 'frozen', 'margin'] as const;
export type UserAccountKind = (typeof userAccountKinds)[number];

export const houseAccountKinds = [
  'bank_cash', 'crypto_cash', 'fee_income', 'tax_payable', 'fx_liquidity', 'loan_book', 'ipo_escrow', 'settlement',
  'lending_book', 'lending_interest',
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
  /** Balance of each row written; for a house account that is its stripe's balance, not the house total (`houseBalances`). */
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

/** Default number of rows each house account is striped over (LEDGER_HOUSE_STRIPES). */
export const DEFAULT_HOUSE_STRIPES = 16;
/** Upper bound of the stripe count: a house total sums at most this many rows. */
export const MAX_HOUSE_STRIPES = 256;

/** Owner id of a house stripe: stripe 0 is `house` (the rows written before striping), then `house:1`, `house:2`, … */
export function houseOwnerId(stripe: number): string {
  return stripe === 0 ? HOUSE_OWNER_ID : `${HOUSE_OWNER_ID}:${stripe}`;
}

/** FNV-1a, 32 bits: a cheap, stable spread of ids over the stripes. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The stripe an entry's house legs go to, of `houseStripes` (the ledger's count): by its first
 * user, else its idempotency key, else stripe 0.
 */
export function houseStripeOf(spec: Pick<EntrySpec, 'postings' | 'idempotencyKey'>, houseStripes: number): number {
  if (houseStripes === 1) return 0;
  const firstUser = spec.postings.find((p) => p.account.owner === 'user')?.account;
  const seed = firstUser?.owner === 'user' ? firstUser.userId : spec.idempotencyKey;
  return seed === undefined ? 0 : fnv1a(seed) % houseStripes;
}

function ownerOf(ref: AccountRef, stripe: number): { type: 'user' | 'house'; id: string } {
  return ref.owner === 'user' ? { type: 'user', id: ref.userId } : { type: 'house', id: houseOwnerId(stripe) };
}

function keyOf(ref: AccountRef, stripe: number): string {
  const o = ownerOf(ref, stripe);
  return `${o.type}|${o.id}|${ref.currency}|${ref.kind}`;
}

interface LockedAccount {
  id: string;
  owner_type: string;
  owner_id: string;
  currency: string;
  kind: string;
  balance: string;
  /** The entry already posted under the idempotency key, if any (the same on every row). */
  replay_of: string | null;
}

/** Checks the shape of an entry; a malformed entry is a bug, not a refusal. */
function validate(spec: EntrySpec, stripe: number): Map<string, { ref: AccountRef; amount: Dec }> {
  invariant(spec.postings.length >= 2, 'an entry needs at least two postings');
  const merged = new Map<string, { ref: AccountRef; amount: Dec }>();
  const perCurrency = new Map<string, Dec>();
  for (const p of spec.postings) {
    invariant(isCurrency(p.account.currency), `unknown currency ${p.account.currency}`);
    const amount = new Dec(p.amount);
    invariant(amount.decimalPlaces() <= LEDGER_SCALE, `posting has more than ${LEDGER_SCALE} decimals`);
    invariant(!amount.isZero(), 'posting amount is zero');
    const key = keyOf(p.account, stripe);
    const prev = merged.get(key);
    merged.set(key, { ref: p.account, amount: prev ? prev.amount.plus(amount) : amount });
    perCurrency.set(p.account.currency, (perCurrency.get(p.account.currency) ?? new Dec(0)).plus(amount));
  }
  for (const [currency, sum] of perCurrency) {
    invariant(sum.isZero(), `entry ${spec.kind} does not balance in ${currency}: ${sum.toString()}`);
  }
  return merged;
}

/** Locks the accounts in id order; each row also says whether the idempotency key was already used (one round trip). */
async function lockAccounts(tx: Db, refs: AccountRef[], stripe: number, idempotencyKey: string | null): Promise<LockedAccount[]> {
  const tuples = refs.map((ref) => {
    const o = ownerOf(ref, stripe);
    return sql`(${o.type}, ${o.id}, ${ref.currency}, ${ref.kind})`;
  });
  return rowsOf<LockedAccount>(
    await tx.execute(sql`select id::text as id, owner_type, owner_id, currency, kind, balance::text as balance,
        (select e.id::text from journal_entries e where e.idempotency_key = ${idempotencyKey}) as replay_of
      from ledger_accounts
      where (owner_type, owner_id, currency, kind) in (${sql.join(tuples, sql`, `)})
      order by id
      for update`),
  );
}

async function ensureAccounts(tx: Db, refs: AccountRef[], stripe: number): Promise<void> {
  // one statement, rows in key order so two entries creating the same accounts wait on them in the same order
  const rows = refs.map((ref) => ({ ref, o: ownerOf(ref, stripe), key: keyOf(ref, stripe) })).sort((a, b) => (a.key < b.key ? -1 : 1));
  await tx.execute(sql`insert into ledger_accounts (owner_type, owner_id, currency, kind)
    values ${sql.join(rows.map(({ ref, o }) => sql`(${o.type}, ${o.id}, ${ref.currency}, ${ref.kind})`), sql`, `)}
    on conflict do nothing`);
}

/**
 * Posts one balanced entry inside the caller's transaction, so the business change that
 * caused it commits or rolls back with it.
 */
async function postEntry(tx: Db, clock: Clock, houseStripes: number, spec: EntrySpec): Promise<PostedEntry> {
  const stripe = houseStripeOf(spec, houseStripes);
  const merged = validate(spec, stripe);
  const key = spec.idempotencyKey ?? null;
  const items = [...merged.values()].filter((m) => !m.amount.isZero());
  invariant(items.length >= 2, 'an entry needs at least two non-zero accounts');
  const replay = (entryId: string): PostedEntry => ({ entryId, replayed: true, balances: [] });
  // The replay check rides on the lock query; a replay then moves nothing (its locks are released with the transaction).
  let locked = await lockAccounts(tx, items.map((m) => m.ref), stripe, key);
  if (locked[0]?.replay_of) return replay(locked[0].replay_of);
  if (locked.length < items.length) {
    if (key && locked.length === 0) {
      // none of the accounts exists yet, so no row carried the answer: ask before creating any
      const existing = rowsOf<{ id: string }>(await tx.execute(sql`select id::text as id from journal_entries where idempotency_key = ${key}`));
      if (existing[0]) return replay(existing[0].id);
    }
    // First movement of some account: create the missing rows, then lock the whole set again in id order.
    await ensureAccounts(tx, items.map((m) => m.ref), stripe);
    locked = await lockAccounts(tx, items.map((m) => m.ref), stripe, key);
    if (locked[0]?.replay_of) return replay(locked[0].replay_of);
  }
  invariant(locked.length === items.length, 'ledger accounts missing after ensure');
  const byKey = new Map(locked.map((a) => [`${a.owner_type}|${a.owner_id}|${a.currency}|${a.kind}`, a]));

  const updates: { account: LockedAccount; ref: AccountRef; amount: Dec; after: Dec }[] = [];
  for (const item of items) {
    const account = byKey.get(keyOf(item.ref, stripe));
    invariant(account, 'locked account not found');
    const after = new Dec(account.balance).plus(item.amount);
    if (account.owner_type === 'user' && after.isNegative()) {
      throw new InsufficientFundsError(item.ref, account.balance, item.amount.negated().toFixed(LEDGER_SCALE));
    }
    updates.push({ account, ref: item.ref, amount: item.amount, after });
  }

  // Postings in account-id order, the same order the locks were taken in.
  updates.sort((a, b) => (BigInt(a.account.id) < BigInt(b.account.id) ? -1 : 1));
  const legs = updates.map((u) =>
    sql`(${u.account.id}::bigint, ${u.amount.toFixed(LEDGER_SCALE)}::numeric, ${u.after.toFixed(LEDGER_SCALE)}::numeric)`);
  // One round trip: the entry, its postings and the new cached balances of the (locked) accounts.
  const entryRows = rowsOf<{ id: string }>(
    await tx.execute(sql`with entry as (
        insert into journal_entries (kind, reference, idempotency_key, memo, created_at)
        values (${spec.kind}, ${spec.reference ?? null}, ${spec.idempotencyKey ?? null},
                ${spec.memo ? JSON.stringify(spec.memo) : null}::jsonb, ${clock.now().toISOString()})
        returning id),
      leg (account_id, amount, balance_after) as (values ${sql.join(legs, sql`, `)}),
      posted as (
        insert into postings (entry_id, account_id, amount, balance_after)
        select entry.id, leg.account_id, leg.amount, leg.balance_after from entry cross join leg),
      balanced as (
        update ledger_accounts a set balance = leg.balance_after from leg where a.id = leg.account_id)
      select id::text as id from entry`),
  );
  const entryId = entryRows[0]?.id;
  invariant(entryId, 'journal entry not created');
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

export interface LedgerOptions {
  clock: Clock;
  /** How many rows each house account is striped over (LEDGER_HOUSE_STRIPES); 1 = a single row. */
  houseStripes: number;
}

/**
 * The ledger's writing half, built once by app.ts: every movement of money goes through one of
 * these. The stripe count and the clock are fixed for the instance, so two apps in one process
 * (tests) can stripe differently and nothing needs installing before the first entry.
 */
export interface Ledger {
  readonly houseStripes: number;
  /** Posts one balanced entry in the caller's transaction (see `postEntry` above). */
  postEntry(tx: Tx, spec: EntrySpec): Promise<PostedEntry>;
  /** Freeze: available → frozen (pending order, withdrawal request, prepaid subscription...). */
  hold(tx: Tx, m: MoveSpec): Promise<PostedEntry>;
  /** Release: frozen → available (cancel, rejection). */
  release(tx: Tx, m: MoveSpec): Promise<PostedEntry>;
  /** Settle: frozen → a house account (withdrawal paid out, subscription paid, fee charged). */
  settle(tx: Tx, m: MoveSpec & { to: HouseAccountKind }): Promise<PostedEntry>;
  /** Credit: a house account → the user's available (approved deposit, loan, proceeds). */
  credit(tx: Tx, m: MoveSpec & { from: HouseAccountKind }): Promise<PostedEntry>;
  /** Debit: the user's available → a house account (fees charged at once, repayments). */
  debit(tx: Tx, m: MoveSpec & { to: HouseAccountKind }): Promise<PostedEntry>;
}

export function createLedger(options: LedgerOptions): Ledger {
  const { clock, houseStripes } = options;
  invariant(
    Number.isInteger(houseStripes) && houseStripes >= 1 && houseStripes <= MAX_HOUSE_STRIPES,
    `house stripes must be 1…${MAX_HOUSE_STRIPES}: ${houseStripes}`,
  );
  /** One amount from one account to another: the shape of every hold, release, settlement, credit and debit. */
  const move = (tx: Db, m: MoveSpec, from: AccountRef, to: AccountRef): Promise<PostedEntry> => {
    const a = positive(m.amount);
    return postEntry(tx, clock, houseStripes, {
      kind: m.kind, reference: m.reference, idempotencyKey: m.idempotencyKey, memo: m.memo,
      postings: [{ account: from, amount: `-${a}` }, { account: to, amount: a }],
    });
  };
  return {
    houseStripes,
    postEntry: (tx, spec) => postEntry(tx, clock, houseStripes, spec),
    hold: (tx, m) => move(tx, m, user(m.userId, m.currency, 'available'), user(m.userId, m.currency, 'frozen')),
    release: (tx, m) => move(tx, m, user(m.userId, m.currency, 'frozen'), user(m.userId, m.currency, 'available')),
    settle: (tx, m) => move(tx, m, user(m.userId, m.currency, 'frozen'), house(m.currency, m.to)),
    credit: (tx, m) => move(tx, m, house(m.currency, m.from), user(m.userId, m.currency, 'available')),
    debit: (tx, m) => move(tx, m, user(m.userId, m.currency, 'available'), house(m.currency, m.to)),
  };
}

/** Builds a reference to one of a user's accounts (for multi-posting entries such as trading's). */
export const userAccount = user;
/** Builds a reference to a house account. */
export const houseAccount = house;

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

export interface HouseBalance {
  currency: Currency;
  kind: HouseAccountKind;
  /** Sum of the account's stripes (8 decimals). */
  balance: string;
}

/** The house's balances, each house account summed over its stripes; one row per (currency, kind) that has an account. */
export async function houseBalances(db: Db): Promise<HouseBalance[]> {
  return rowsOf<HouseBalance>(
    await db.execute(sql`select currency, kind, sum(balance)::text as balance from ledger_accounts
      where owner_type = 'house' group by currency, kind order by currency, kind`),
  );
}
