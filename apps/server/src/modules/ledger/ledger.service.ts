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
import { isCurrency, Money, type Currency } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';
import * as repo from './ledger.repository.js';
import type { AccountKey, LockedAccountRow } from './ledger.repository.js';

/** `margin` holds the margin of open positions (trading): money committed, never free, never negative. */
export const userAccountKinds = ['available', 'frozen', 'margin'] as const;
export type UserAccountKind = (typeof userAccountKinds)[number];

export const houseAccountKinds = [
  'bank_cash',
  'crypto_cash',
  'fee_income',
  'tax_payable',
  'fx_liquidity',
  'loan_book',
  'ipo_escrow',
  'settlement',
  'lending_book',
  'lending_interest',
  'copy_capital',
  'loan_interest',
] as const;
export type HouseAccountKind = (typeof houseAccountKinds)[number];

export type AccountRef =
  | { owner: 'user'; userId: string; currency: Currency; kind: UserAccountKind }
  | { owner: 'house'; currency: Currency; kind: HouseAccountKind };

export interface PostingSpec {
  account: AccountRef;
  /**
   * Signed, in the account's currency (a different currency is a bug), at most 8 decimals (the
   * ledger's scale; more is a bug, not a rounding): positive credits the balance, negative debits it.
   */
  amount: Money;
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
  balances: { account: AccountRef; balanceAfter: Money }[];
}

/**
 * A user account would go negative. Services translate it into their own refusal code.
 * `balance` is the locked balance, `required` the amount the entry takes from it (both exact).
 */
export class InsufficientFundsError extends Error {
  constructor(
    readonly account: AccountRef,
    readonly balance: Money,
    readonly required: Money,
  ) {
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

function accountKeyOf(ref: AccountRef, stripe: number): AccountKey {
  return ref.owner === 'user'
    ? { ownerType: 'user', ownerId: ref.userId, currency: ref.currency, kind: ref.kind }
    : { ownerType: 'house', ownerId: houseOwnerId(stripe), currency: ref.currency, kind: ref.kind };
}

function keyOf(ref: AccountRef, stripe: number): string {
  const k = accountKeyOf(ref, stripe);
  return `${k.ownerType}|${k.ownerId}|${k.currency}|${k.kind}`;
}

/** Checks the shape of an entry; a malformed entry is a bug, not a refusal. */
function validate(spec: EntrySpec, stripe: number): Map<string, { ref: AccountRef; amount: Money }> {
  invariant(spec.postings.length >= 2, 'an entry needs at least two postings');
  const merged = new Map<string, { ref: AccountRef; amount: Money }>();
  const perCurrency = new Map<Currency, Money>();
  for (const p of spec.postings) {
    const { currency } = p.account;
    invariant(isCurrency(currency), `unknown currency ${currency}`);
    const amount = p.amount;
    invariant(amount.currency === currency, `posting of ${amount.currency} to a ${currency} account`);
    invariant(amount.fitsLedgerScale(), `posting has more decimals than the ledger keeps: ${amount.amount.toString()}`);
    invariant(!amount.isZero(), 'posting amount is zero');
    const key = keyOf(p.account, stripe);
    const prev = merged.get(key);
    merged.set(key, { ref: p.account, amount: prev ? prev.amount.plus(amount) : amount });
    perCurrency.set(currency, (perCurrency.get(currency) ?? Money.zero(currency)).plus(amount));
  }
  for (const [currency, sum] of perCurrency) {
    invariant(sum.isZero(), `entry ${spec.kind} does not balance in ${currency}: ${sum.toLedgerString()}`);
  }
  return merged;
}

/** The accounts' keys in key order, so two entries creating the same accounts wait on them in the same order. */
function sortedKeys(refs: AccountRef[], stripe: number): AccountKey[] {
  return refs
    .map((ref) => ({ key: keyOf(ref, stripe), account: accountKeyOf(ref, stripe) }))
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((r) => r.account);
}

/**
 * Posts one balanced entry inside the caller's transaction, so the business change that
 * caused it commits or rolls back with it.
 */
async function postEntry(tx: Tx, clock: Clock, houseStripes: number, spec: EntrySpec): Promise<PostedEntry> {
  const stripe = houseStripeOf(spec, houseStripes);
  const merged = validate(spec, stripe);
  const key = spec.idempotencyKey ?? null;
  const items = [...merged.values()].filter((m) => !m.amount.isZero());
  invariant(items.length >= 2, 'an entry needs at least two non-zero accounts');
  const replay = (entryId: string): PostedEntry => ({ entryId, replayed: true, balances: [] });
  // The replay check rides on the lock query; a replay then moves nothing (its locks are released with the transaction).
  const keys = items.map((m) => accountKeyOf(m.ref, stripe));
  let locked = await repo.lockAccounts(tx, keys, key);
  if (locked[0]?.replay_of) return replay(locked[0].replay_of);
  if (locked.length < items.length) {
    if (key && locked.length === 0) {
      // none of the accounts exists yet, so no row carried the answer: ask before creating any
      const existing = await repo.entryIdByKey(tx, key);
      if (existing) return replay(existing);
    }
    // First movement of some account: create the missing rows (one statement, in key order), then lock the whole set again in id order.
    await repo.ensureAccounts(
      tx,
      sortedKeys(
        items.map((m) => m.ref),
        stripe,
      ),
    );
    locked = await repo.lockAccounts(tx, keys, key);
    if (locked[0]?.replay_of) return replay(locked[0].replay_of);
  }
  invariant(locked.length === items.length, 'ledger accounts missing after ensure');
  const byKey = new Map(locked.map((a) => [`${a.owner_type}|${a.owner_id}|${a.currency}|${a.kind}`, a]));

  const updates: { account: LockedAccountRow; ref: AccountRef; amount: Money; after: Money }[] = [];
  for (const item of items) {
    const account = byKey.get(keyOf(item.ref, stripe));
    invariant(account, 'locked account not found');
    // the column has no currency of its own: the row's is the posting's (the lock matched on it)
    const balance = Money.fromLedger(account.balance, item.ref.currency);
    const after = balance.plus(item.amount);
    if (account.owner_type === 'user' && after.isNegative()) {
      throw new InsufficientFundsError(item.ref, balance, item.amount.negated());
    }
    updates.push({ account, ref: item.ref, amount: item.amount, after });
  }

  // Postings in account-id order, the same order the locks were taken in.
  updates.sort((a, b) => byAccountId(a.account.id, b.account.id));
  // One round trip: the entry, its postings and the new cached balances of the (locked) accounts.
  const entryId = await repo.insertEntry(
    tx,
    {
      kind: spec.kind,
      reference: spec.reference ?? null,
      idempotencyKey: spec.idempotencyKey ?? null,
      memo: spec.memo ?? null,
      createdAt: clock.now(),
    },
    updates.map((u) => ({
      accountId: u.account.id,
      amount: u.amount.toLedgerString(),
      balanceAfter: u.after.toLedgerString(),
    })),
  );
  invariant(entryId, 'journal entry not created');
  return {
    entryId,
    replayed: false,
    balances: updates.map((u) => ({ account: u.ref, balanceAfter: u.after })),
  };
}

/**
 * Posts many entries in the caller's transaction as if `postEntry` ran for each in turn, in
 * four round trips at most whatever their number (a group commit's batch): every account of
 * every entry is locked in one statement, in ascending id as always; each entry is checked
 * against the balances the earlier ones left; an entry that would take a user account below zero
 * moves nothing and gets its `InsufficientFundsError` in its place, the others go on; the rest are
 * written in one statement, entry ids in the order given. Idempotency keys must be distinct; an
 * entry whose key is already used replays as `postEntry` does.
 */
async function postEntries(
  tx: Tx,
  clock: Clock,
  houseStripes: number,
  specs: EntrySpec[],
): Promise<(PostedEntry | InsufficientFundsError)[]> {
  if (specs.length === 0) return [];
  return postLocked(tx, clock, await lockEntries(tx, houseStripes, specs)).written;
}

/**
 * Ascending order of two account ids (a bigint identity, as text without sign or leading zeros):
 * the shorter is the smaller, and of two as long the text compares as the number. No BigInt made
 * per comparison (a batch sorts the legs of every entry).
 */
export function byAccountId(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An entry of a batch, validated, with the stripe its house legs go to. */
interface PlannedEntry {
  spec: EntrySpec;
  stripe: number;
  items: { ref: AccountRef; amount: Money }[];
}

/**
 * The accounts of a batch of entries, locked (`Ledger.lockEntries`): what `Ledger.postLocked`
 * checks the entries against and writes. Opaque outside the ledger.
 */
export interface LockedBatch {
  readonly planned: readonly PlannedEntry[];
  readonly rows: readonly LockedAccountRow[];
  /** idempotency key → id of the entry already holding it */
  readonly used: ReadonlyMap<string, string>;
}

/** The first half of `postEntries`: validates every entry and locks all their accounts in one statement (three when some account is new). */
async function lockEntries(tx: Tx, houseStripes: number, specs: EntrySpec[]): Promise<LockedBatch> {
  const planned = specs.map((spec): PlannedEntry => {
    const stripe = houseStripeOf(spec, houseStripes);
    const items = [...validate(spec, stripe).values()].filter((m) => !m.amount.isZero());
    invariant(items.length >= 2, 'an entry needs at least two non-zero accounts');
    return { spec, stripe, items };
  });
  const accounts = new Map<string, { ref: AccountRef; stripe: number }>();
  for (const p of planned)
    for (const item of p.items) accounts.set(keyOf(item.ref, p.stripe), { ref: item.ref, stripe: p.stripe });
  const entryKeys = specs.flatMap((s) => (s.idempotencyKey ? [s.idempotencyKey] : []));
  invariant(new Set(entryKeys).size === entryKeys.length, 'entries of one batch share an idempotency key');
  const keys = [...accounts.values()].map((a) => accountKeyOf(a.ref, a.stripe));
  let locked = await repo.lockAccountsMany(tx, keys, entryKeys);
  if (locked.rows.length < keys.length) {
    // first movement of some account: create the missing rows in key order, then lock the whole set again in id order
    const ordered = [...accounts.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, a]) => accountKeyOf(a.ref, a.stripe));
    await repo.ensureAccounts(tx, ordered);
    locked = await repo.lockAccountsMany(tx, keys, entryKeys);
  }
  invariant(locked.rows.length === keys.length, 'ledger accounts missing after ensure');
  return { planned, rows: locked.rows, used: locked.used };
}

/** What `postLocked` knows at once, and the write it sent. */
export interface LockedPosting {
  /** Per entry taken: its refusal for funds (it moves nothing), or null: it is being written. */
  refusals: (InsufficientFundsError | null)[];
  /** Settles when the write is answered: per entry taken, the posted entry or its refusal. */
  written: Promise<(PostedEntry | InsufficientFundsError)[]>;
}

/**
 * The second half: checks the entries `take` picks (default all), in order, against the locked
 * balances and the ones before them; an entry that would take a user account below zero is
 * refused and moves nothing, the others go on; sends the statement writing the accepted ones at
 * once (so it can share a round trip with the statements sent after it) and tells the refusals
 * without waiting for it.
 */
function postLocked(tx: Tx, clock: Clock, batch: LockedBatch, take?: readonly number[]): LockedPosting {
  const running = new Map(
    batch.rows.map((a) => [
      `${a.owner_type}|${a.owner_id}|${a.currency}|${a.kind}`,
      { account: a, balance: null as Money | null },
    ]),
  );
  const chosen = take ? take.map((i) => batch.planned[i]) : batch.planned;
  // an entry to write stays null until its id is known
  const results: (PostedEntry | InsufficientFundsError | null)[] = [];
  const entries: repo.NewEntryWithLegs[] = [];
  const posted: { index: number; balances: PostedEntry['balances'] }[] = [];
  const touched = new Map<string, { accountId: string; balance: Money }>();
  for (const [index, entry] of chosen.entries()) {
    invariant(entry, 'an entry taken that the batch did not lock');
    const { spec, stripe, items } = entry;
    const replayOf = spec.idempotencyKey ? batch.used.get(spec.idempotencyKey) : undefined;
    if (replayOf) {
      results.push({ entryId: replayOf, replayed: true, balances: [] });
      continue;
    }
    const updates: {
      state: { account: LockedAccountRow; balance: Money | null };
      ref: AccountRef;
      amount: Money;
      after: Money;
    }[] = [];
    let refused: InsufficientFundsError | null = null;
    for (const item of items) {
      const state = running.get(keyOf(item.ref, stripe));
      invariant(state, 'locked account not found');
      const balance = state.balance ?? Money.fromLedger(state.account.balance, item.ref.currency);
      const after = balance.plus(item.amount);
      if (state.account.owner_type === 'user' && after.isNegative()) {
        refused = new InsufficientFundsError(item.ref, balance, item.amount.negated());
        break;
      }
      updates.push({ state, ref: item.ref, amount: item.amount, after });
    }
    if (refused) {
      results.push(refused);
      continue;
    }
    updates.sort((a, b) => byAccountId(a.state.account.id, b.state.account.id));
    for (const u of updates) {
      u.state.balance = u.after;
      touched.set(u.state.account.id, { accountId: u.state.account.id, balance: u.after });
    }
    entries.push({
      kind: spec.kind,
      reference: spec.reference ?? null,
      idempotencyKey: spec.idempotencyKey ?? null,
      memo: spec.memo ?? null,
      createdAt: clock.now(),
      legs: updates.map((u) => ({
        accountId: u.state.account.id,
        amount: u.amount.toLedgerString(),
        balanceAfter: u.after.toLedgerString(),
      })),
    });
    posted.push({ index, balances: updates.map((u) => ({ account: u.ref, balanceAfter: u.after })) });
    results.push(null);
  }
  const refusals = results.map((r) => (r instanceof InsufficientFundsError ? r : null));
  const finish = (ids: string[]): (PostedEntry | InsufficientFundsError)[] => {
    invariant(ids.length === entries.length, `${ids.length} journal entries created for ${entries.length}`);
    posted.forEach((p, i) => {
      results[p.index] = { entryId: ids[i] as string, replayed: false, balances: p.balances };
    });
    return results.map((r) => {
      invariant(r, 'entry of a batch without a result');
      return r;
    });
  };
  const written =
    entries.length > 0
      ? repo
          .insertEntries(
            tx,
            entries,
            [...touched.values()].map((t) => ({ accountId: t.accountId, balance: t.balance.toLedgerString() })),
          )
          .then(finish)
      : Promise.resolve(finish([]));
  return { refusals, written };
}

const user = (userId: string, currency: Currency, kind: UserAccountKind): AccountRef => ({
  owner: 'user',
  userId,
  currency,
  kind,
});
const house = (currency: Currency, kind: HouseAccountKind): AccountRef => ({ owner: 'house', currency, kind });

export interface MoveSpec {
  userId: string;
  /** Positive, at most 8 decimals; its currency is the accounts' currency. */
  amount: Money;
  kind: string;
  reference?: string;
  idempotencyKey?: string;
  memo?: Record<string, unknown>;
}

function positive(amount: Money): Money {
  invariant(amount.isPositive(), `amount must be positive: ${amount.toLedgerString()} ${amount.currency}`);
  return amount;
}

export interface LedgerOptions {
  clock: Clock;
  /** How many rows each house account is striped over (LEDGER_HOUSE_STRIPES); 1 = a single row. */
  houseStripes: number;
}

/**
 * The ledger's writing half, built once by the kernel (kernel/build.ts): every movement of money goes through one of
 * these. The stripe count and the clock are fixed for the instance, so two apps in one process
 * (tests) can stripe differently and nothing needs installing before the first entry.
 */
export interface Ledger {
  readonly houseStripes: number;
  /** Posts one balanced entry in the caller's transaction (see `postEntry` above). */
  postEntry(tx: Tx, spec: EntrySpec): Promise<PostedEntry>;
  /** Posts many entries at once, each refused for funds on its own (see `postEntries` above). */
  postEntries(tx: Tx, specs: EntrySpec[]): Promise<(PostedEntry | InsufficientFundsError)[]>;
  /** `postEntries` in two halves, for a pipelined transaction: lock every account of `specs` (see `lockEntries` above)… */
  lockEntries(tx: Tx, specs: EntrySpec[]): Promise<LockedBatch>;
  /** …then check and write the entries `take` picks (default all; see `postLocked` above). */
  postLocked(tx: Tx, batch: LockedBatch, take?: readonly number[]): LockedPosting;
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
  const move = (tx: Tx, m: MoveSpec, from: AccountRef, to: AccountRef): Promise<PostedEntry> => {
    const a = positive(m.amount);
    return postEntry(tx, clock, houseStripes, {
      kind: m.kind,
      reference: m.reference,
      idempotencyKey: m.idempotencyKey,
      memo: m.memo,
      postings: [
        { account: from, amount: a.negated() },
        { account: to, amount: a },
      ],
    });
  };
  const c = (m: MoveSpec): Currency => m.amount.currency;
  return {
    houseStripes,
    postEntry: (tx, spec) => postEntry(tx, clock, houseStripes, spec),
    postEntries: (tx, specs) => postEntries(tx, clock, houseStripes, specs),
    lockEntries: (tx, specs) => lockEntries(tx, houseStripes, specs),
    postLocked: (tx, batch, take) => postLocked(tx, clock, batch, take),
    hold: (tx, m) => move(tx, m, user(m.userId, c(m), 'available'), user(m.userId, c(m), 'frozen')),
    release: (tx, m) => move(tx, m, user(m.userId, c(m), 'frozen'), user(m.userId, c(m), 'available')),
    settle: (tx, m) => move(tx, m, user(m.userId, c(m), 'frozen'), house(c(m), m.to)),
    credit: (tx, m) => move(tx, m, house(c(m), m.from), user(m.userId, c(m), 'available')),
    debit: (tx, m) => move(tx, m, user(m.userId, c(m), 'available'), house(c(m), m.to)),
  };
}

/** Builds a reference to one of a user's accounts (for multi-posting entries such as trading's). */
export const userAccount = user;
/** Builds a reference to a house account. */
export const houseAccount = house;

export interface UserBalance {
  currency: Currency;
  available: Money;
  frozen: Money;
}

function currencyOf(value: string): Currency {
  invariant(isCurrency(value), `ledger account in an unknown currency: ${value}`);
  return value;
}

/** The user's materialised balances, one row per currency that has an account (exact, as stored). */
export async function balancesOf(db: Db, userId: string): Promise<Map<Currency, UserBalance>> {
  const out = new Map<Currency, UserBalance>();
  for (const r of await repo.userAccountRows(db, userId)) {
    const currency = currencyOf(r.currency);
    const b = out.get(currency) ?? { currency, available: Money.zero(currency), frozen: Money.zero(currency) };
    if (r.kind === 'available') b.available = Money.fromLedger(r.balance, currency);
    if (r.kind === 'frozen') b.frozen = Money.fromLedger(r.balance, currency);
    out.set(currency, b);
  }
  return out;
}

/**
 * The balances of the next `limit` users (by id) after `afterUserId` that hold an account: one query
 * per page for bulk readers (the proof of liabilities). An empty map means no user is left.
 */
export async function balancesPage(
  db: Db,
  afterUserId: string,
  limit: number,
): Promise<Map<string, Map<Currency, UserBalance>>> {
  const out = new Map<string, Map<Currency, UserBalance>>();
  for (const r of await repo.userAccountPage(db, afterUserId, limit)) {
    const currency = currencyOf(r.currency);
    let accounts = out.get(r.owner_id);
    if (!accounts) out.set(r.owner_id, (accounts = new Map()));
    const b = accounts.get(currency) ?? { currency, available: Money.zero(currency), frozen: Money.zero(currency) };
    if (r.kind === 'available') b.available = Money.fromLedger(r.balance, currency);
    if (r.kind === 'frozen') b.frozen = Money.fromLedger(r.balance, currency);
    accounts.set(currency, b);
  }
  return out;
}

export interface HouseBalance {
  currency: Currency;
  kind: HouseAccountKind;
  /** Sum of the account's stripes (exact, as stored). */
  balance: Money;
}

/** The house's balances, each house account summed over its stripes; one row per (currency, kind) that has an account. */
export async function houseBalances(db: Db): Promise<HouseBalance[]> {
  return (await repo.houseAccountRows(db)).map((r) => {
    const currency = currencyOf(r.currency);
    return { currency, kind: r.kind as HouseAccountKind, balance: Money.fromLedger(r.balance, currency) };
  });
}
