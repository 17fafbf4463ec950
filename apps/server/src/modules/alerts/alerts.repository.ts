/** Queries of the alerts module: alerts and their history (alert_events). */
import type { AlertState } from '@brokerage/contract';
import { and, asc, count, desc, eq, gt, inArray, lt, max, or, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.js';
import { alertEvents, alerts } from './alerts.tables.js';

export type AlertRow = typeof alerts.$inferSelect;
export type NewAlertRow = typeof alerts.$inferInsert;
export type NewAlertEventRow = typeof alertEvents.$inferInsert;

export async function insertAlert(tx: Tx, row: NewAlertRow): Promise<AlertRow> {
  const [created] = await tx.insert(alerts).values(row).returning();
  if (!created) throw new Error('alert not inserted');
  return created;
}

export async function lockAlert(tx: Tx, id: string): Promise<AlertRow | null> {
  const [row] = await tx.select().from(alerts).where(eq(alerts.id, id)).for('update');
  return row ?? null;
}

export async function countActiveOf(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.state, 'active')));
  return row?.n ?? 0;
}

/** The user's active alert of the same instrument, kind and value (numerically), whatever its repeat (§22.1). */
export async function findActiveDuplicate(
  tx: Tx,
  row: Pick<AlertRow, 'userId' | 'instrumentId' | 'kind' | 'value'>,
): Promise<AlertRow | null> {
  const [found] = await tx
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.userId, row.userId),
        eq(alerts.instrumentId, row.instrumentId),
        eq(alerts.kind, row.kind),
        eq(alerts.value, row.value),
        eq(alerts.state, 'active'),
      ),
    );
  return found ?? null;
}

/** One page of the user's alerts: active first, then newest. */
export async function alertsOfUser(
  db: Db,
  userId: string,
  filter: { states?: AlertState[]; instrumentId?: string },
  page: number,
  size: number,
): Promise<{ rows: AlertRow[]; total: number }> {
  const conditions: SQL[] = [eq(alerts.userId, userId)];
  if (filter.states && filter.states.length > 0) conditions.push(inArray(alerts.state, filter.states));
  if (filter.instrumentId) conditions.push(eq(alerts.instrumentId, filter.instrumentId));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(alerts)
    .where(where)
    .orderBy(sql`case when ${alerts.state} = 'active' then 0 else 1 end`, desc(alerts.createdAt), desc(alerts.seq))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(alerts).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** What the evaluation index reads of an alert. */
export type IndexedAlertRow = Pick<
  AlertRow,
  'id' | 'seq' | 'instrumentId' | 'kind' | 'repeat' | 'value' | 'firedDay' | 'state'
>;

const indexedColumns = {
  id: alerts.id,
  seq: alerts.seq,
  instrumentId: alerts.instrumentId,
  kind: alerts.kind,
  repeat: alerts.repeat,
  value: alerts.value,
  firedDay: alerts.firedDay,
  state: alerts.state,
};

/** Active alerts after `seq`, in `seq` order (the index's full load, page by page). */
export async function activeIndexedAfter(db: Db, seq: number, limit: number): Promise<IndexedAlertRow[]> {
  return db
    .select(indexedColumns)
    .from(alerts)
    .where(and(eq(alerts.state, 'active'), gt(alerts.seq, seq)))
    .orderBy(asc(alerts.seq))
    .limit(limit);
}

/** The newest `seq` handed out to an alert (0 without alerts). */
export async function newestAlertSeq(db: Db): Promise<bigint> {
  const [row] = await db.select({ seq: max(alerts.seq) }).from(alerts);
  return BigInt(row?.seq ?? 0);
}

/** Alerts (any state) created after `seq`, in `seq` order: the index's tail of new alerts. */
export async function alertsAfterSeq(db: Db, seq: bigint, limit: number): Promise<IndexedAlertRow[]> {
  return db
    .select(indexedColumns)
    .from(alerts)
    .where(gt(alerts.seq, Number(seq)))
    .orderBy(asc(alerts.seq))
    .limit(limit);
}

export async function alertsWithSeqs(db: Db, seqs: bigint[]): Promise<IndexedAlertRow[]> {
  return db
    .select(indexedColumns)
    .from(alerts)
    .where(inArray(alerts.seq, seqs.map(Number)));
}

/** What the evaluation index reads of an alert event. */
export type IndexedEventRow = Pick<typeof alertEvents.$inferSelect, 'seq' | 'alertId' | 'state' | 'tradingDay'>;

const eventColumns = {
  seq: alertEvents.seq,
  alertId: alertEvents.alertId,
  state: alertEvents.state,
  tradingDay: alertEvents.tradingDay,
};

export async function newestEventSeq(db: Db): Promise<bigint> {
  const [row] = await db.select({ seq: max(alertEvents.seq) }).from(alertEvents);
  return BigInt(row?.seq ?? 0);
}

/** Alert events after `seq`, in `seq` order: the index's tail of firings and endings. */
export async function eventsAfterSeq(db: Db, seq: bigint, limit: number): Promise<IndexedEventRow[]> {
  return db
    .select(eventColumns)
    .from(alertEvents)
    .where(gt(alertEvents.seq, Number(seq)))
    .orderBy(asc(alertEvents.seq))
    .limit(limit);
}

export async function eventsWithSeqs(db: Db, seqs: bigint[]): Promise<IndexedEventRow[]> {
  return db
    .select(eventColumns)
    .from(alertEvents)
    .where(inArray(alertEvents.seq, seqs.map(Number)));
}

/** Active alerts whose life ended before `now`. */
export async function expiredIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.state, 'active'), lt(alerts.expiresAt, now)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The conditional update of a firing or an ending: it changes the alert only while it is still
 * `active` (and, for a daily firing, not yet fired on `notFiredOn`), so two instances or a replayed
 * step change it once. Null when another step got there first.
 */
export async function updateIfActive(
  tx: Tx,
  id: string,
  patch: Partial<NewAlertRow>,
  notFiredOn?: string,
): Promise<AlertRow | null> {
  const guard = [eq(alerts.id, id), eq(alerts.state, 'active')];
  if (notFiredOn !== undefined) guard.push(or(isNull(alerts.firedDay), lt(alerts.firedDay, notFiredOn))!);
  const [row] = await tx
    .update(alerts)
    .set(patch)
    .where(and(...guard))
    .returning();
  return row ?? null;
}

export async function insertAlertEvent(tx: Tx, row: NewAlertEventRow): Promise<void> {
  await tx.insert(alertEvents).values(row);
}

/** Events of a user after `seq` (the account feed's tail). */
export async function alertEventsAfter(db: Db, userId: string, seq: number, limit = 100) {
  return db
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.userId, userId), gt(alertEvents.seq, seq)))
    .orderBy(alertEvents.seq)
    .limit(limit);
}
