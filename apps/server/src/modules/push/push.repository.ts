/**
 * What the account feed reads (read-only): order events with their order's owner, ledger entries
 * with the postings on users' accounts, and price-alert events (docs/api.md §22.3). Both tables' ids are identity columns, so "what
 * happened since" is `id > high` (holes are handled by the tail, account-feed.ts).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.js';

export interface OrderEventRow {
  id: bigint;
  orderId: string;
  userId: string;
  instrumentId: string;
  state: string;
  reason: string | null;
  at: Date;
}

export interface MoneyPostingRow {
  /** the journal entry's id */
  id: bigint;
  entryKind: string;
  reference: string | null;
  at: Date;
  userId: string;
  currency: string;
  account: string;
  amount: string;
}

type RawOrderEvent = {
  id: string;
  order_id: string;
  user_id: string;
  instrument_id: string;
  state: string;
  reason: string | null;
  at: string | Date;
};
type RawPosting = {
  id: string;
  kind: string;
  reference: string | null;
  created_at: string | Date;
  owner_id: string;
  currency: string;
  account_kind: string;
  amount: string;
};

const toOrderEvent = (r: RawOrderEvent): OrderEventRow => ({
  id: BigInt(r.id),
  orderId: r.order_id,
  userId: r.user_id,
  instrumentId: r.instrument_id,
  state: r.state,
  reason: r.reason,
  at: new Date(r.at),
});
const toPosting = (r: RawPosting): MoneyPostingRow => ({
  id: BigInt(r.id),
  entryKind: r.kind,
  reference: r.reference,
  at: new Date(r.created_at),
  userId: r.owner_id,
  currency: r.currency,
  account: r.account_kind,
  amount: r.amount,
});

const ORDER_EVENT_COLUMNS = sql`e.id::text as id, e.order_id, o.user_id, o.instrument_id, e.state, e.reason, e.at`;

export async function newestOrderEventId(db: Db): Promise<bigint> {
  const [row] = rowsOf<{ id: string | null }>(await db.execute(sql`select max(id)::text as id from order_events`));
  return BigInt(row?.id ?? '0');
}

export async function orderEventsAfter(db: Db, afterId: bigint, limit: number): Promise<OrderEventRow[]> {
  const rows = rowsOf<RawOrderEvent>(
    await db.execute(sql`select ${ORDER_EVENT_COLUMNS}
    from order_events e join orders o on o.id = e.order_id
    where e.id > ${afterId.toString()}::bigint order by e.id limit ${limit}`),
  );
  return rows.map(toOrderEvent);
}

export async function orderEventsWithIds(db: Db, ids: bigint[]): Promise<OrderEventRow[]> {
  if (ids.length === 0) return [];
  const list = `{${ids.join(',')}}`;
  const rows = rowsOf<RawOrderEvent>(
    await db.execute(sql`select ${ORDER_EVENT_COLUMNS}
    from order_events e join orders o on o.id = e.order_id
    where e.id = any(${list}::bigint[]) order by e.id`),
  );
  return rows.map(toOrderEvent);
}

export async function newestEntryId(db: Db): Promise<bigint> {
  const [row] = rowsOf<{ id: string | null }>(await db.execute(sql`select max(id)::text as id from journal_entries`));
  return BigInt(row?.id ?? '0');
}

const POSTING_COLUMNS = sql`j.id::text as id, j.kind, j.reference, j.created_at, a.owner_id, a.currency, a.kind as account_kind, p.amount::text as amount`;

/**
 * The user postings of the entries with ids in `(afterId, …]`, at most `limit` entries, oldest
 * first, with the highest entry id read (entries that moved only house accounts count too).
 */
export async function entriesAfter(
  db: Db,
  afterId: bigint,
  limit: number,
): Promise<{ rows: MoneyPostingRow[]; ids: bigint[] }> {
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text as id from journal_entries
    where id > ${afterId.toString()}::bigint order by id limit ${limit}`),
  ).map((r) => BigInt(r.id));
  return { rows: await entriesWithIds(db, ids), ids };
}

export async function entriesWithIds(db: Db, ids: bigint[]): Promise<MoneyPostingRow[]> {
  if (ids.length === 0) return [];
  const list = `{${ids.join(',')}}`;
  const rows = rowsOf<RawPosting>(
    await db.execute(sql`select ${POSTING_COLUMNS}
    from journal_entries j join postings p on p.entry_id = j.id join ledger_accounts a on a.id = p.account_id
    where j.id = any(${list}::bigint[]) and a.owner_type = 'user' order by j.id, p.id`),
  );
  return rows.map(toPosting);
}

/** Which of `ids` are journal entries now visible (for the holes of the tail). */
export async function visibleEntryIds(db: Db, ids: bigint[]): Promise<bigint[]> {
  if (ids.length === 0) return [];
  const list = `{${ids.join(',')}}`;
  return rowsOf<{ id: string }>(
    await db.execute(sql`select id::text as id from journal_entries where id = any(${list}::bigint[])`),
  ).map((r) => BigInt(r.id));
}

export interface AlertEventRow {
  id: bigint;
  alertId: string;
  userId: string;
  instrumentId: string;
  state: string;
  price: string | null;
  at: Date;
}

type RawAlertEvent = {
  id: string;
  alert_id: string;
  user_id: string;
  instrument_id: string;
  state: string;
  price: string | null;
  at: string | Date;
};

const toAlertEvent = (r: RawAlertEvent): AlertEventRow => ({
  id: BigInt(r.id),
  alertId: r.alert_id,
  userId: r.user_id,
  instrumentId: r.instrument_id,
  state: r.state,
  price: r.price,
  at: new Date(r.at),
});

const ALERT_EVENT_COLUMNS = sql`seq::text as id, alert_id, user_id, instrument_id, state, price::text as price, at`;

export async function newestAlertEventId(db: Db): Promise<bigint> {
  const [row] = rowsOf<{ id: string | null }>(await db.execute(sql`select max(seq)::text as id from alert_events`));
  return BigInt(row?.id ?? '0');
}

export async function alertEventsAfter(db: Db, afterId: bigint, limit: number): Promise<AlertEventRow[]> {
  const rows = rowsOf<RawAlertEvent>(
    await db.execute(sql`select ${ALERT_EVENT_COLUMNS} from alert_events
    where seq > ${afterId.toString()}::bigint order by seq limit ${limit}`),
  );
  return rows.map(toAlertEvent);
}

export async function alertEventsWithIds(db: Db, ids: bigint[]): Promise<AlertEventRow[]> {
  if (ids.length === 0) return [];
  const list = `{${ids.join(',')}}`;
  const rows = rowsOf<RawAlertEvent>(
    await db.execute(sql`select ${ALERT_EVENT_COLUMNS} from alert_events
    where seq = any(${list}::bigint[]) order by seq`),
  );
  return rows.map(toAlertEvent);
}
