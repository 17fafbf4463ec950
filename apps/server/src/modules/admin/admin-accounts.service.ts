/**
 * Back-office accounts as operations tooling manages them (API.md §19.1: never through the API):
 * look-up, listing, enabling and disabling, and the TOTP secret. The callers (src/ops/) validate
 * input and write the audit entry in the same transaction.
 */
import type { AdminRole } from '@brokerage/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { adminSessions, admins } from './admin.tables.js';

export interface AdminAccount {
  id: string;
  username: string;
  role: AdminRole;
  disabled: boolean;
  hasTotp: boolean;
  createdAt: Date;
}

function toAccount(row: typeof admins.$inferSelect): AdminAccount {
  return { id: row.id, username: row.username, role: row.role as AdminRole, disabled: row.disabled, hasTotp: row.totpSecret !== null, createdAt: row.createdAt };
}

/** The account by exact username; `forUpdate` locks the row for the rest of the transaction. */
export async function findAdminAccount(db: Db, username: string, forUpdate = false): Promise<AdminAccount | null> {
  const query = db.select().from(admins).where(eq(admins.username, username));
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function listAdminAccounts(db: Db): Promise<AdminAccount[]> {
  const rows = await db.select().from(admins).orderBy(asc(admins.username));
  return rows.map(toAccount);
}

/** Disabling also revokes the open sessions, so enabling again later does not revive them. Returns the sessions revoked. */
export async function setAdminDisabled(db: Db, clock: Clock, adminId: string, disabled: boolean): Promise<number> {
  await db.update(admins).set({ disabled }).where(eq(admins.id, adminId));
  if (!disabled) return 0;
  const revoked = await db
    .update(adminSessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt)))
    .returning({ id: adminSessions.id });
  return revoked.length;
}

/** Sets (base32) or clears the TOTP secret; either way the replay guard starts afresh. */
export async function setAdminTotpSecret(db: Db, adminId: string, secretBase32: string | null): Promise<void> {
  await db.update(admins).set({ totpSecret: secretBase32, totpLastStep: null }).where(eq(admins.id, adminId));
}
