/** The append-only audit log of docs/api.md §19.8: one row per back-office call that changes or reveals data. */
import type { AuditEntry } from '@brokerage/contract';
import type { AuditRecord } from '../../platform/admin-http.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { newId } from '../../platform/ids.js';
import { auditPage, insertAuditRow, type AuditFilter } from './audit.repository.js';

export type { AuditFilter, AuditRecord };

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
  await insertAuditRow(db, {
    id: newId('au'),
    at: clock.now(),
    ...r,
    before: redact(r.before ?? null),
    after: redact(r.after ?? null),
  });
}

export async function listAudit(db: Db, f: AuditFilter, page: number, size: number) {
  const { rows, total } = await auditPage(db, f, page, size);
  const list: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actorId: r.actorId,
    actorName: r.actorName,
    role: r.role,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    reason: r.reason,
    before: r.before,
    after: r.after,
    result: r.result,
    ip: r.ip,
    requestId: r.requestId,
  }));
  return { list, total, page, size };
}
