/**
 * Queries of the review queues (docs/api.md §19.3): the rows of a reviewable table, listed, read or
 * locked. A product's queue reads its own table through `reviewTableRows`.
 */
import type { ReviewItem } from '@brokerage/contract';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db.js';

/** The columns every reviewable record has. */
export interface ReviewRecord {
  id: string;
  userId: string;
  state: string;
}

export interface ReviewFilter {
  states: ReviewItem['state'][];
  userId?: string;
  page: number;
  size: number;
}

/** How a queue reads its records: a page of a filter, one by id, one locked for a decision. */
export interface ReviewRows<R extends ReviewRecord> {
  list(db: Db, filter: ReviewFilter): Promise<{ rows: R[]; total: number }>;
  find(db: Db, id: string): Promise<R | null>;
  /** The record, locked until the decision's transaction ends. */
  lock(tx: Tx, id: string): Promise<R | null>;
}

/** WHERE and ORDER BY of a queue list: `pending` oldest first, other states newest first (§19.3). */
export function reviewListQuery(
  cols: { userId: PgColumn; state: PgColumn; submittedAt: PgColumn },
  filter: ReviewFilter,
): { where: SQL | undefined; order: SQL } {
  const where = and(inArray(cols.state, filter.states), filter.userId ? eq(cols.userId, filter.userId) : undefined);
  const onlyPending = filter.states.length === 1 && filter.states[0] === 'pending';
  return { where, order: onlyPending ? asc(cols.submittedAt) : desc(cols.submittedAt) };
}

/**
 * `list`, `find` and `lock` of a queue whose records are the rows of one table (id, user, state
 * and submission time columns); `tieBreak` orders rows submitted at the same instant.
 */
export function reviewTableRows<R extends ReviewRecord>(
  table: PgTable,
  cols: { id: PgColumn; userId: PgColumn; state: PgColumn; submittedAt: PgColumn },
  tieBreak?: PgColumn,
  /** the repository's row mapper (amount columns to `Money`); rows are returned as read without one */
  recordOf: (row: never) => R = (row) => row as R,
): ReviewRows<R> {
  return {
    async list(db, filter) {
      const { where, order } = reviewListQuery(cols, filter);
      const rows = await db
        .select()
        .from(table)
        .where(where)
        .orderBy(...(tieBreak ? [order, tieBreak] : [order]))
        .limit(filter.size)
        .offset((filter.page - 1) * filter.size);
      const [total] = await db.select({ n: count() }).from(table).where(where);
      return { rows: rows.map((r) => recordOf(r as never)), total: total?.n ?? 0 };
    },
    async find(db, id) {
      const [row] = await db.select().from(table).where(eq(cols.id, id));
      return row ? recordOf(row as never) : null;
    },
    async lock(tx, id) {
      const [row] = await tx.select().from(table).where(eq(cols.id, id)).for('update');
      return row ? recordOf(row as never) : null;
    },
  };
}

/** What a decision writes on the record. */
export interface ReviewDecision {
  state: 'approved' | 'rejected';
  reviewedAt: Date;
  reviewedBy: string;
  reason: string;
}
