/** The append-only audit log of API.md §19.8: one row per back-office call that changes or reveals data. */
import type { AuditEntry } from '@brokerage/contract';
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { AuditRecord } from '../../platform/admin-http.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { newId } from '../../platform/ids.js';
import { auditLog } from './admin.tables.js';

export type { AuditRecord };

const SECRET_KEYS = /password|secret|token|otp/i;

/** Secrets and passwords never appear in the log. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '***' : redact(v)]));
  }
  return value;
}

export async function writeAudit(db: Db, clock: Clock, r: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    id: newId('au'), at: clock.now(), ...r, before: redact(r.before ?? null), after: redact(r.after ?? null),
  });
}

export interface AuditFilter {
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

export async function listAudit(db: Db, f: AuditFilter, page: number, size: number) {
  const parts: SQL[] = [];
  if (f.actorId) parts.push(eq(auditLog.actorId, f.actorId));
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.targetType) parts.push(eq(auditLog.targetType, f.targetType));
  if (f.targetId) parts.push(eq(auditLog.targetId, f.targetId));
  if (f.from) parts.push(gte(auditLog.at, new Date(f.from)));
  if (f.to) parts.push(lte(auditLog.at, new Date(f.to)));
  const where = parts.length ? and(...parts) : undefined;
  const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.seq)).limit(size).offset((page - 1) * size);
  const total = await db.select({ n: count() }).from(auditLog).where(where);
  const list: AuditEntry[] = rows.map((r) => ({
    id: r.id, at: r.at.toISOString(), actorId: r.actorId, actorName: r.actorName, role: r.role, action: r.action,
    targetType: r.targetType, targetId: r.targetId, reason: r.reason, before: r.before, after: r.after, result: r.result,
    ip: r.ip, requestId: r.requestId,
  }));
  return { list, total: Number(total[0]?.n ?? 0), page, size };
}
