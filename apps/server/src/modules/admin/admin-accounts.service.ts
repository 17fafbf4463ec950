/**
 * Back-office accounts as operations tooling manages them (docs/api.md §19.1: never through the API):
 * look-up, listing, enabling and disabling, and the TOTP secret. The callers (src/ops/) validate
 * input and write the audit entry in the same transaction.
 */
import type { AdminRole } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import * as repo from './admins.repository.js';

export interface AdminAccount {
  id: string;
  username: string;
  role: AdminRole;
  disabled: boolean;
  hasTotp: boolean;
  createdAt: Date;
}

function toAccount(row: repo.AdminRow): AdminAccount {
  return {
    id: row.id,
    username: row.username,
    role: row.role as AdminRole,
    disabled: row.disabled,
    hasTotp: row.totpSecret !== null,
    createdAt: row.createdAt,
  };
}

/** The account by exact username. */
export async function findAdminAccount(db: Db, username: string): Promise<AdminAccount | null> {
  const row = await repo.findAdminByUsername(db, username);
  return row ? toAccount(row) : null;
}

/** The account by exact username, its row locked for the rest of the transaction. */
export async function lockAdminAccount(tx: Tx, username: string): Promise<AdminAccount | null> {
  const row = await repo.lockAdminByUsername(tx, username);
  return row ? toAccount(row) : null;
}

export async function listAdminAccounts(db: Db): Promise<AdminAccount[]> {
  const rows = await repo.adminsByUsername(db);
  return rows.map(toAccount);
}

/** Disabling also revokes the open sessions, so enabling again later does not revive them. Returns the sessions revoked. */
export async function setAdminDisabled(db: Db, clock: Clock, adminId: string, disabled: boolean): Promise<number> {
  await repo.setAdminDisabledFlag(db, adminId, disabled);
  if (!disabled) return 0;
  return repo.revokeOpenAdminSessions(db, adminId, clock.now());
}

/** Sets (base32) or clears the TOTP secret; either way the replay guard starts afresh. */
export async function setAdminTotpSecret(db: Db, adminId: string, secretBase32: string | null): Promise<void> {
  await repo.setTotpSecret(db, adminId, secretBase32);
}
