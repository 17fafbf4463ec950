/** Queries of the append-only audit log (docs/api.md §19.8): rows are inserted and read, never changed. */
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { auditLog } from './admin.tables.js';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

export async function insertAuditRow(db: Db, row: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** One page of the rows the filter matches, newest first, with their total count. */
export async function auditPage(
  db: Db,
  f: AuditFilter,
  page: number,
  size: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const parts: SQL[] = [];
  if (f.actorId) parts.push(eq(auditLog.actorId, f.actorId));
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.targetType) parts.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) parts.push(eq(auditLog.targetId, f.targetId));
  if (f.from) parts.push(gte(auditLog.at, new Date(f.from)));
  if (f.to) parts.push(lte(auditLog.at, new Date(f.to)));
  const where = parts.length ? and(...parts) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.seq))
    .limit(size)
    .offset((page - 1) * size);
  const total = await db.select({ n: count() }).from(auditLog).where(where);
  return { rows, total: Number(total[0]?.n ?? 0) };
}
