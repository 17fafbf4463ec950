/**
 * The ledger's SQL, nothing else: the service (ledger.service.ts) decides what to post and turns
 * the `numeric` columns, read as strings, into Money with the row's currency. Functions that lock
 * rows or write take the open transaction (`Tx`); reads take either. Statement counts matter (a
 * market buy is 7 statements, trading/buy-path.test.ts): each function here is one round trip.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { rowsOf } from '../../platform/db.js';

/** One ledger account by its natural key: the owner (a user id, or a house stripe's owner id), currency and kind. */
export interface AccountKey {
  ownerType: 'user' | 'house';
  ownerId: string;
  currency: string;
  kind: string;
}

export interface LockedAccountRow {
  id: string;
  owner_type: string;
  owner_id: string;
  currency: string;
  kind: string;
  balance: string;
  /** The entry already posted under the idempotency key, if any (the same on every row). */
  replay_of: string | null;
}

const tupleOf = (k: AccountKey): SQL => sql`(${k.ownerType}, ${k.ownerId}, ${k.currency}, ${k.kind})`;

/** Locks the accounts in id order; each row also says whether the idempotency key was already used (one round trip). */
export async function lockAccounts(
  tx: Tx,
  keys: AccountKey[],
  idempotencyKey: string | null,
): Promise<LockedAccountRow[]> {
  return rowsOf<LockedAccountRow>(
    await tx.execute(sql`select id::text as id, owner_type, owner_id, currency, kind, balance::text as balance,
        (select e.id::text from journal_entries e where e.idempotency_key = ${idempotencyKey}) as replay_of
      from ledger_accounts
      where (owner_type, owner_id, currency, kind) in (${sql.join(keys.map(tupleOf), sql`, `)})
      order by id
      for update`),
  );
}

/** The entry posted under an idempotency key, if any. */
export async function entryIdByKey(tx: Tx, idempotencyKey: string): Promise<string | null> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`select id::text as id from journal_entries where idempotency_key = ${idempotencyKey}`),
  );
  return rows[0]?.id ?? null;
}

/** Creates the accounts that do not exist yet, in one statement; the caller passes them in a fixed order (see the service). */
export async function ensureAccounts(tx: Tx, keys: AccountKey[]): Promise<void> {
  await tx.execute(sql`insert into ledger_accounts (owner_type, owner_id, currency, kind)
    values ${sql.join(keys.map(tupleOf), sql`, `)}
    on conflict do nothing`);
}

export interface NewEntry {
  kind: string;
  reference: string | null;
  idempotencyKey: string | null;
  memo: Record<string, unknown> | null;
  createdAt: Date;
}

/** One posting of a locked account: the signed amount and the balance after it, both ledger strings (8 decimals). */
export interface NewLeg {
  accountId: string;
  amount: string;
  balanceAfter: string;
}

/** One round trip: the entry, its postings (in the order given) and the new cached balances of the (locked) accounts. */
export async function insertEntry(tx: Tx, entry: NewEntry, legs: NewLeg[]): Promise<string | undefined> {
  const values = legs.map((l) => sql`(${l.accountId}::bigint, ${l.amount}::numeric, ${l.balanceAfter}::numeric)`);
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`with entry as (
        insert into journal_entries (kind, reference, idempotency_key, memo, created_at)
        values (${entry.kind}, ${entry.reference}, ${entry.idempotencyKey},
                ${entry.memo ? JSON.stringify(entry.memo) : null}::jsonb, ${entry.createdAt.toISOString()})
        returning id),
      leg (account_id, amount, balance_after) as (values ${sql.join(values, sql`, `)}),
      posted as (
        insert into postings (entry_id, account_id, amount, balance_after)
        select entry.id, leg.account_id, leg.amount, leg.balance_after from entry cross join leg),
      balanced as (
        update ledger_accounts a set balance = leg.balance_after from leg where a.id = leg.account_id)
      select id::text as id from entry`),
  );
  return rows[0]?.id;
}

/** The cached balance of each of a user's accounts. */
export async function userAccountRows(
  db: Db,
  userId: string,
): Promise<{ currency: string; kind: string; balance: string }[]> {
  return rowsOf(
    await db.execute(sql`select currency, kind, balance::text as balance from ledger_accounts
      where owner_type = 'user' and owner_id = ${userId}`),
  );
}

/** The cached balances of the next `limit` users (by id) after `afterUserId` that hold an account: a page of the bulk read. */
export async function userAccountPage(
  db: Db,
  afterUserId: string,
  limit: number,
): Promise<{ owner_id: string; currency: string; kind: string; balance: string }[]> {
  // the page is a range of the (owner_type, owner_id, …) index, up to its last user: one range scan.
  // Joined to the page's ids instead, the planner hashed them against a scan of every user account,
  // once per page (a read of all accounts that grew with the square of their number)
  return rowsOf(
    await db.execute(sql`with page as (
        select distinct owner_id from ledger_accounts
        where owner_type = 'user' and owner_id > ${afterUserId} order by owner_id limit ${limit})
      select a.owner_id, a.currency, a.kind, a.balance::text as balance
      from ledger_accounts a
      where a.owner_type = 'user' and a.owner_id > ${afterUserId} and a.owner_id <= (select max(owner_id) from page)
      order by a.owner_id, a.currency, a.kind`),
  );
}

/** Each house account summed over its stripes, one row per (currency, kind). */
export async function houseAccountRows(db: Db): Promise<{ currency: string; kind: string; balance: string }[]> {
  return rowsOf(
    await db.execute(sql`select currency, kind, sum(balance)::text as balance from ledger_accounts
      where owner_type = 'house' group by currency, kind order by currency, kind`),
  );
}

// ── The user's ledger, entry by entry (ledger-rows.ts) ─────────────────────────────────────────

export interface LedgerRowFilter {
  userId: string;
  currency?: string;
  from?: Date;
  to?: Date;
  excludeKinds?: string[];
  order: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

function conditions(f: LedgerRowFilter): SQL {
  const parts: SQL[] = [sql`a.owner_type = 'user'`, sql`a.owner_id = ${f.userId}`];
  if (f.currency) parts.push(sql`a.currency = ${f.currency}`);
  if (f.from) parts.push(sql`e.created_at >= ${f.from.toISOString()}`);
  if (f.to) parts.push(sql`e.created_at < ${f.to.toISOString()}`);
  if (f.excludeKinds && f.excludeKinds.length > 0)
    parts.push(
      sql`e.kind not in (${sql.join(
        f.excludeKinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  return sql.join(parts, sql` and `);
}

/** The latest balance of the user's `kind` account in `currency` at or before entry `entryId`. */
const balanceAt = (kind: string) => sql`coalesce((
  select p2.balance_after::text from postings p2 join ledger_accounts a2 on a2.id = p2.account_id
  where a2.owner_type = 'user' and a2.owner_id = a.owner_id and a2.currency = a.currency and a2.kind = ${kind}
    and p2.entry_id <= e.id order by p2.entry_id desc limit 1), '0')`;

export interface LedgerRowRecord {
  entry_id: string;
  kind: string;
  reference: string | null;
  memo: Record<string, unknown> | null;
  created_at: string | Date;
  currency: string;
  available_change: string;
  frozen_change: string;
  available_after: string;
  frozen_after: string;
}

export async function ledgerRowRecords(db: Db, f: LedgerRowFilter): Promise<LedgerRowRecord[]> {
  const order = f.order === 'asc' ? sql`asc` : sql`desc`;
  return rowsOf<LedgerRowRecord>(
    await db.execute(sql`
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
    ${f.offset !== undefined ? sql`offset ${f.offset}` : sql``}`),
  );
}

export async function countLedgerRowRecords(db: Db, f: LedgerRowFilter): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`
    select count(distinct (e.id, a.currency)) as n from postings p
      join ledger_accounts a on a.id = p.account_id join journal_entries e on e.id = p.entry_id
    where ${conditions(f)}`),
  );
  return Number(row?.n ?? 0);
}

/** Σ of the postings of each of the user's accounts in `currency` before `at`, by account kind. */
export async function totalsBefore(
  db: Db,
  userId: string,
  currency: string,
  at: Date,
): Promise<{ kind: string; total: string }[]> {
  return rowsOf<{ kind: string; total: string }>(
    await db.execute(sql`
    select a.kind, coalesce(sum(p.amount), 0)::text as total from ledger_accounts a
      left join postings p on p.account_id = a.id
      left join journal_entries e on e.id = p.entry_id
    where a.owner_type = 'user' and a.owner_id = ${userId} and a.currency = ${currency}
      and (e.id is null or e.created_at < ${at.toISOString()})
    group by a.kind`),
  );
}

// ── The books' invariant (ledger.invariant.ts) ─────────────────────────────────────────────────

/** Currencies whose accounts do not sum to zero. */
export async function unbalancedCurrencies(db: Db): Promise<{ currency: string; total: string }[]> {
  return rowsOf(
    await db.execute(
      sql`select currency, sum(balance)::text as total from ledger_accounts group by currency having sum(balance) <> 0`,
    ),
  );
}

/** User accounts below zero. */
export async function negativeUserAccounts(db: Db): Promise<{ id: string; owner_id: string; balance: string }[]> {
  return rowsOf(
    await db.execute(
      sql`select id::text as id, owner_id, balance::text as balance from ledger_accounts where owner_type = 'user' and balance < 0`,
    ),
  );
}

/** Accounts whose cached balance differs from the sum of their postings. */
export async function staleCachedBalances(db: Db): Promise<{ id: string; balance: string; total: string }[]> {
  return rowsOf(
    await db.execute(sql`select a.id::text as id, a.balance::text as balance, coalesce(sum(p.amount), 0)::text as total
      from ledger_accounts a left join postings p on p.account_id = a.id
      group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`),
  );
}

/** Entries whose postings do not sum to zero in some currency. */
export async function unbalancedEntries(db: Db): Promise<{ entry_id: string; currency: string; total: string }[]> {
  return rowsOf(
    await db.execute(sql`select p.entry_id::text as entry_id, a.currency, sum(p.amount)::text as total
      from postings p join ledger_accounts a on a.id = p.account_id
      group by p.entry_id, a.currency having sum(p.amount) <> 0`),
  );
}

// ── Many entries at once (a group commit's batch, ledger.service `postEntries`) ────────────────

/**
 * Locks the accounts in id order (one round trip) and tells which of `idempotencyKeys` already
 * name an entry (`used`, key → entry id), for a batch of entries.
 */
export async function lockAccountsMany(
  tx: Tx,
  keys: AccountKey[],
  idempotencyKeys: string[],
): Promise<{ rows: LockedAccountRow[]; used: Map<string, string> }> {
  // one JSON parameter, so the statement's text is the same for every batch (prepared once on a
  // pipelined connection). The keys are looked up as `= any(array)`, an index scan: as `in (select
  // …)` the planner took the set function for 100 rows and hashed it against a scan of every
  // journal entry, a cost that grew with the ledger (5 ms at 30,000 entries)
  const wanted = keys.map((k) => ({
    owner_type: k.ownerType,
    owner_id: k.ownerId,
    currency: k.currency,
    kind: k.kind,
  }));
  const rows = rowsOf<LockedAccountRow & { used: { key: string; id: string }[] | null }>(
    await tx.execute(sql`select a.id::text as id, a.owner_type, a.owner_id, a.currency, a.kind, a.balance::text as balance, null as replay_of,
        (select json_agg(json_build_object('key', e.idempotency_key, 'id', e.id::text)) from journal_entries e
          where e.idempotency_key = any(array(select jsonb_array_elements_text(${JSON.stringify(idempotencyKeys)}::jsonb)))) as used
      from ledger_accounts a
      join jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as k(owner_type text, owner_id text, currency text, kind text)
        on a.owner_type = k.owner_type and a.owner_id = k.owner_id and a.currency = k.currency and a.kind = k.kind
      order by a.id
      for update of a`),
  );
  const used = new Map((rows[0]?.used ?? []).map((u) => [u.key, u.id]));
  return { rows, used };
}

/** One entry of a batch: what `insertEntry` takes, its legs included. */
export interface NewEntryWithLegs extends NewEntry {
  legs: NewLeg[];
}

/**
 * One round trip for many entries: the entries (ids in the order given), their postings, and the
 * final cached balance of each account written (`balances`, one row per account). Returns the
 * new entry ids in order.
 */
export async function insertEntries(
  tx: Tx,
  entries: NewEntryWithLegs[],
  balances: { accountId: string; balance: string }[],
): Promise<string[]> {
  const heads = entries.map((e, i) => ({
    ord: i + 1,
    kind: e.kind,
    reference: e.reference,
    idempotency_key: e.idempotencyKey,
    memo: e.memo,
    created_at: e.createdAt.toISOString(),
  }));
  const legs = entries.flatMap((e, i) =>
    e.legs.map((l, seq) => ({
      ord: i + 1,
      seq,
      account_id: l.accountId,
      amount: l.amount,
      balance_after: l.balanceAfter,
    })),
  );
  const finals = balances.map((b) => ({ account_id: b.accountId, balance: b.balance }));
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`with head as (
        select * from jsonb_to_recordset(${JSON.stringify(heads)}::jsonb)
          as x(ord int, kind text, reference text, idempotency_key text, memo jsonb, created_at timestamptz)),
      entry as (
        insert into journal_entries (kind, reference, idempotency_key, memo, created_at)
        select kind, reference, idempotency_key, memo, created_at from head order by ord
        returning id),
      -- identity values are drawn row by row in insertion order: the n-th smallest id is the n-th entry
      numbered as (select id, row_number() over (order by id) as ord from entry),
      leg as (
        select * from jsonb_to_recordset(${JSON.stringify(legs)}::jsonb)
          as y(ord int, seq int, account_id bigint, amount numeric, balance_after numeric)),
      posted as (
        insert into postings (entry_id, account_id, amount, balance_after)
        select numbered.id, leg.account_id, leg.amount, leg.balance_after from leg join numbered on numbered.ord = leg.ord
        order by numbered.id, leg.seq),
      balanced as (
        update ledger_accounts a set balance = fin.balance
        from jsonb_to_recordset(${JSON.stringify(finals)}::jsonb) as fin(account_id bigint, balance numeric)
        where a.id = fin.account_id)
      select id::text as id from numbered order by ord`),
  );
  return rows.map((r) => r.id);
}

// ── Performance (modules/performance, docs/api.md §24) ─────────────────────────────────────────

export interface EntryLegRecord {
  entry_id: string;
  kind: string;
  created_at: string | Date;
  /** the user's account kind, or the house account kind of a house leg */
  owner_type: string;
  account_kind: string;
  amount: string;
}

/**
 * The legs of every entry that touched the user's accounts in `currency` in [from, to): the user's
 * own legs, and the house legs that hold money on the user's behalf (loan book, lending book, copy
 * capital, new-share escrow), oldest first.
 */
export async function entryLegRecords(
  db: Db,
  userId: string,
  currency: string,
  from: Date | null,
  to: Date,
): Promise<EntryLegRecord[]> {
  return rowsOf<EntryLegRecord>(
    await db.execute(sql`
    with mine as (
      select distinct p.entry_id from postings p join ledger_accounts a on a.id = p.account_id
      where a.owner_type = 'user' and a.owner_id = ${userId} and a.currency = ${currency})
    select e.id::text as entry_id, e.kind, e.created_at, a.owner_type, a.kind as account_kind, p.amount::text as amount
    from mine m
      join journal_entries e on e.id = m.entry_id
      join postings p on p.entry_id = e.id
      join ledger_accounts a on a.id = p.account_id
    where a.currency = ${currency}
      and ((a.owner_type = 'user' and a.owner_id = ${userId})
        or (a.owner_type = 'house' and a.kind in ('loan_book', 'lending_book', 'copy_capital', 'ipo_escrow')))
      and e.created_at < ${to.toISOString()}
      ${from ? sql`and e.created_at >= ${from.toISOString()}` : sql``}
    order by e.id`),
  );
}

/** When the user's first entry in `currency` was posted, or null. */
export async function firstEntryAt(db: Db, userId: string, currency: string): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(
    await db.execute(sql`
    select min(e.created_at) as at from postings p
      join ledger_accounts a on a.id = p.account_id join journal_entries e on e.id = p.entry_id
    where a.owner_type = 'user' and a.owner_id = ${userId} and a.currency = ${currency}`),
  );
  return row?.at ? new Date(row.at) : null;
}

/** A page of (user, currency) pairs that have ledger accounts, in key order after `after`. */
export async function userCurrencyPage(
  db: Db,
  after: { userId: string; currency: string } | null,
  limit: number,
): Promise<{ owner_id: string; currency: string }[]> {
  return rowsOf(
    await db.execute(sql`
    select distinct owner_id, currency from ledger_accounts
    where owner_type = 'user' ${after ? sql`and (owner_id, currency) > (${after.userId}, ${after.currency})` : sql``}
    order by owner_id, currency limit ${limit}`),
  );
}

/** Σ of the user's `frozen` postings in `currency` of entries of the given kinds (e.g. the holds of pending withdrawals). */
export async function frozenOfKinds(
  db: Db,
  userId: string,
  currency: string,
  kinds: readonly string[],
): Promise<string> {
  const [row] = rowsOf<{ total: string | null }>(
    await db.execute(sql`
    select coalesce(sum(p.amount), 0)::text as total from ledger_accounts a
      join postings p on p.account_id = a.id join journal_entries e on e.id = p.entry_id
    where a.owner_type = 'user' and a.owner_id = ${userId} and a.currency = ${currency} and a.kind = 'frozen'
      and e.kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`),
  );
  return row?.total ?? '0';
}
