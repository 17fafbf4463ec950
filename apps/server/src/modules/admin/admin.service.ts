/**
 * Back-office accounts and sessions (docs/api.md §19.1). Admins are created by operations tooling
 * (the bootstrap admin of §21 on first start), never through the API. Admin tokens are
 * opaque, stored hashed, idle 30 min, absolute 12 h, and are never accepted on /api/vue/.
 */
import type { AdminRole } from '@brokerage/contract';
import type { AdminPrincipal } from '../../platform/admin-http.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { hashToken, newId, newPassword, newToken } from '../../platform/ids.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { RateLimits } from '../../platform/rate-limit.js';
import * as repo from './admins.repository.js';
import { acceptedTotpStep } from '../../platform/totp.js';

export const ADMIN_IDLE_MS = 30 * 60 * 1000;
export const ADMIN_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

export async function createAdmin(db: Db, username: string, password: string, role: AdminRole): Promise<string> {
  const id = newId('a');
  await repo.insertAdmin(db, { id, username, passwordHash: await hashPassword(password), role });
  return id;
}

/** §21: on start, if no admin exists, create one with role `admin`; a generated password is returned to print once. */
export async function bootstrapAdmin(
  db: Db,
  username: string,
  password: string | null,
): Promise<{ created: boolean; username: string; password: string | null }> {
  if ((await repo.countAdmins(db)) > 0) return { created: false, username, password: null };
  const chosen = password ?? newPassword();
  await createAdmin(db, username, chosen, 'admin');
  return { created: true, username, password: password ? null : chosen };
}

/**
 * Rules: lock-out (429) → auth.wrong_credentials (unknown name, wrong password, or, for an admin
 * with TOTP enrolled, a missing, wrong or already-used code: one answer and one counted failure
 * whichever factor failed) → account.disabled.
 */
export async function adminLogin(
  db: Db,
  clock: Clock,
  limits: RateLimits,
  body: { username: string; password: string; otp?: string | undefined },
): Promise<{ token: string; role: AdminRole; expiresAt: string; principal: AdminPrincipal }> {
  // counted before the hash runs (rate-limit.ts `guard`): a burst gets at most the limit's guesses
  const admin = await repo.findAdminByUsername(db, body.username);
  const check = await limits.guard('adminLoginFailures', body.username, async () => {
    const ok = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), body.password);
    return admin && ok ? consumeTotp(db, clock, admin, body.otp) : false;
  });
  if (!admin || !check.ok) throw new DomainError('auth.wrong_credentials');
  if (admin.disabled) throw new DomainError('account.disabled');
  await limits.reset('adminLoginFailures', body.username);
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + ADMIN_ABSOLUTE_MS);
  const sessionId = newId('as');
  await repo.insertAdminSession(db, {
    id: sessionId,
    tokenHash: hashToken(token),
    adminId: admin.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  const role = admin.role as AdminRole;
  return {
    token,
    role,
    expiresAt: expiresAt.toISOString(),
    principal: { adminId: admin.id, username: admin.username, role, sessionId },
  };
}

/**
 * True when the admin has no TOTP secret, or `otp` is right for a step after the last accepted
 * one; that step is then recorded. The conditional update is the replay guard under concurrency:
 * of two logins racing with one code, PostgreSQL lets only the first update the row.
 */
async function consumeTotp(db: Db, clock: Clock, admin: repo.AdminRow, otp: string | undefined): Promise<boolean> {
  if (admin.totpSecret === null) return true;
  if (otp === undefined) return false;
  const step = acceptedTotpStep(admin.totpSecret, otp, clock.now(), admin.totpLastStep);
  if (step === null) return false;
  return repo.advanceTotpStep(db, admin.id, step);
}

export async function authenticateAdmin(db: Db, clock: Clock, token: string): Promise<AdminPrincipal | null> {
  if (token.length > 200) return null;
  const row = await repo.liveSessionByTokenHash(db, hashToken(token));
  if (!row || row.a.disabled) return null;
  const now = clock.now();
  if (row.s.expiresAt <= now || row.s.lastSeenAt.getTime() + ADMIN_IDLE_MS <= now.getTime()) return null;
  await repo.touchAdminSession(db, row.s.id, now);
  return { adminId: row.a.id, username: row.a.username, role: row.a.role as AdminRole, sessionId: row.s.id };
}

export async function adminLogout(db: Db, clock: Clock, sessionId: string): Promise<void> {
  await repo.revokeAdminSession(db, sessionId, clock.now());
}
