/**
 * Two-step verification (docs/api.md §23.1): set-up, enable, disable, recovery codes, the login's
 * second step and the check every protected call makes. Wrong codes count toward the login
 * lock-out of §1.7 (the `loginFailures` limit of the account, as a wrong password does).
 */
import {
  LOGIN_CHALLENGE_MAX_WRONG,
  LOGIN_CHALLENGE_TTL_MS,
  RECOVERY_CODE_COUNT,
  type LoginResponse,
  type SecondFactorProof,
} from '@brokerage/contract';
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import type { SignInClient } from '../../platform/device.js';
import { DomainError } from '../../platform/errors.js';
import { hashToken, newId, newToken } from '../../platform/ids.js';
import type { RateLimits } from '../../platform/rate-limit.js';
import { acceptedTotpStep, newTotpEnrolment } from '../../platform/totp.js';
import {
  checkLoginPassword,
  findUserById,
  finishLogin,
  lockUserById,
  updateUser,
  type AuthCache,
  type SignInPort,
  type UserRow,
} from '../auth/index.js';
import { sendMessage } from '../messages/index.js';
import type { SecretBox } from '../../platform/secret-box.js';
import * as repo from './security.repository.js';

export interface SecurityDeps {
  db: Db;
  clock: Clock;
  limits: RateLimits;
  authCache: AuthCache;
  box: SecretBox;
  signIns: SignInPort;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 16 base32 characters (80 random bits), printed in groups of four. */
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => BASE32[b & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** What is hashed: lower case, without spaces or dashes, so a code typed either way matches. */
function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, ''), 'utf8').digest('hex');
}

async function userOf(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError('auth.required');
  return user;
}

/** Ten new codes for the user (the old ones deleted in the same transaction); the plain codes go to the user once. */
async function issueRecoveryCodes(tx: Tx, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(
    tx,
    userId,
    codes.map((c) => ({ id: newId('rc'), codeHash: recoveryCodeHash(c) })),
    now,
  );
  return codes;
}

/** Rules: totp.already_enabled → password.original_wrong. A new pending secret replaces any earlier one. */
export async function setupTotp(deps: SecurityDeps, userId: string, body: { password: string }) {
  const user = await userOf(deps.db, userId);
  if (user.totpEnabled) throw new DomainError('totp.already_enabled');
  await checkLoginPassword(deps, user, body.password);
  const { secret, uri } = newTotpEnrolment(user.phone);
  await repo.putPendingSecret(deps.db, userId, deps.box.seal(secret, userId), deps.clock.now());
  return { secret, otpauthUrl: uri };
}

/**
 * Rules: totp.already_enabled → totp.not_enabled (no pending secret) → auth.second_factor_wrong.
 * The step of the confirming code is used up; ten recovery codes are made.
 */
export async function enableTotp(tx: Tx, deps: SecurityDeps, userId: string, body: { code: string }) {
  const user = await lockUserById(tx, userId);
  if (!user) throw new DomainError('auth.required');
  if (user.totpEnabled) throw new DomainError('totp.already_enabled');
  const row = await repo.findTotp(tx, userId);
  if (!row?.pendingSecret) throw new DomainError('totp.not_enabled');
  const pending = row.pendingSecret;
  const now = deps.clock.now();
  const found: { step: number | null } = { step: null };
  const check = await deps.limits.guard('loginFailures', user.phone, async () => {
    found.step = acceptedTotpStep(deps.box.open(pending, userId), body.code, now, null);
    return found.step !== null;
  });
  if (!check.ok || found.step === null)
    throw new DomainError('auth.second_factor_wrong', { attemptsLeft: String(check.ok ? 0 : check.attemptsLeft) });
  if (!(await repo.enableTotp(tx, userId, pending, found.step, now))) throw new DomainError('totp.not_enabled');
  await updateUser(tx, deps.authCache, userId, { totpEnabled: true });
  return { recoveryCodes: await issueRecoveryCodes(tx, userId, now) };
}

/** True when the proof is right, using it up (the code's step, or the recovery code) in `db`. */
async function useProof(deps: SecurityDeps, db: Db, user: UserRow, proof: SecondFactorProof): Promise<boolean> {
  const now = deps.clock.now();
  if (proof.recoveryCode !== undefined)
    return repo.useRecoveryCode(db, user.id, recoveryCodeHash(proof.recoveryCode), now);
  if (proof.code === undefined) return false;
  const row = await repo.findTotp(db, user.id);
  if (!row?.secret) return false;
  const step = acceptedTotpStep(deps.box.open(row.secret, user.id), proof.code, now, row.lastStep);
  return step !== null && repo.useStep(db, user.id, step, now);
}

/**
 * The check of a protected call (the kernel's `secondFactor.require`): nothing when two-step
 * verification is off; `auth.second_factor_required` without a proof; `auth.second_factor_wrong`
 * {attemptsLeft} (of the login lock-out) for a wrong, reused or expired one.
 */
export async function requireSecondFactor(
  deps: SecurityDeps,
  db: Db,
  user: UserRow,
  proof: SecondFactorProof,
): Promise<void> {
  if (!user.totpEnabled) return;
  if (proof.code === undefined && proof.recoveryCode === undefined)
    throw new DomainError('auth.second_factor_required');
  const check = await deps.limits.guard('loginFailures', user.phone, () => useProof(deps, db, user, proof));
  if (!check.ok) throw new DomainError('auth.second_factor_wrong', { attemptsLeft: String(check.attemptsLeft) });
}

/** Rules: totp.not_enabled → password.original_wrong → auth.second_factor_required → auth.second_factor_wrong. */
export async function disableTotp(
  tx: Tx,
  deps: SecurityDeps,
  userId: string,
  body: { password: string } & SecondFactorProof,
): Promise<void> {
  const user = await lockUserById(tx, userId);
  if (!user) throw new DomainError('auth.required');
  if (!user.totpEnabled) throw new DomainError('totp.not_enabled');
  await checkLoginPassword(deps, user, body.password);
  await requireSecondFactor(deps, tx, user, body);
  await repo.deleteTotp(tx, userId);
  await updateUser(tx, deps.authCache, userId, { totpEnabled: false });
}

/** Rules: totp.not_enabled → password.original_wrong → auth.second_factor_wrong. The old codes stop working. */
export async function renewRecoveryCodes(
  tx: Tx,
  deps: SecurityDeps,
  userId: string,
  body: { password: string; code: string },
) {
  const user = await lockUserById(tx, userId);
  if (!user) throw new DomainError('auth.required');
  if (!user.totpEnabled) throw new DomainError('totp.not_enabled');
  await checkLoginPassword(deps, user, body.password);
  await requireSecondFactor(deps, tx, user, { code: body.code });
  return { recoveryCodes: await issueRecoveryCodes(tx, userId, deps.clock.now()) };
}

/**
 * A right password on an account with two-step verification on: a challenge of 256 random bits,
 * stored as its SHA-256 like a session token, that /user/loginVerify completes.
 */
export async function startLoginChallenge(deps: SecurityDeps, db: Db, user: UserRow): Promise<string> {
  const now = deps.clock.now();
  const challengeId = newToken();
  await repo.purgeChallenges(db, new Date(now.getTime() - 24 * 60 * 60 * 1000));
  await repo.insertChallenge(db, {
    id: hashToken(challengeId),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MS),
  });
  return challengeId;
}

/**
 * `/user/loginVerify`. Rules: auth.challenge_expired (unknown, used, older than 5 minutes or out
 * of attempts) → auth.second_factor_wrong {attemptsLeft of the challenge}. The attempt is taken
 * before the code is evaluated; a wrong code also counts toward the account's login lock-out.
 */
export async function verifyLogin(
  deps: SecurityDeps,
  body: { challengeId: string } & SecondFactorProof,
  client: SignInClient,
): Promise<LoginResponse> {
  const { db, clock } = deps;
  const id = hashToken(body.challengeId);
  const claim = await repo.claimChallengeAttempt(db, id, clock.now(), LOGIN_CHALLENGE_MAX_WRONG);
  if (!claim) throw new DomainError('auth.challenge_expired');
  const user = await findUserById(db, claim.userId);
  if (!user?.totpEnabled) throw new DomainError('auth.challenge_expired');
  const check = await deps.limits.guard('loginFailures', user.phone, () => useProof(deps, db, user, body));
  if (!check.ok)
    throw new DomainError('auth.second_factor_wrong', {
      attemptsLeft: String(LOGIN_CHALLENGE_MAX_WRONG - claim.attempts),
    });
  if (!(await repo.useChallenge(db, id, clock.now()))) throw new DomainError('auth.challenge_expired');
  return finishLogin(deps, user, client);
}

/**
 * Back office (§23.1): two-step verification off, secret and recovery codes deleted, the user
 * told with `message.security.totp_reset`. Null when the user does not exist.
 */
export async function resetTotp(
  tx: Tx,
  deps: Pick<SecurityDeps, 'clock' | 'authCache'>,
  userId: string,
): Promise<{ before: UserRow; after: UserRow } | null> {
  const before = await lockUserById(tx, userId);
  if (!before) return null;
  if (!before.totpEnabled) throw new DomainError('totp.not_enabled');
  await repo.deleteTotp(tx, userId);
  await updateUser(tx, deps.authCache, userId, { totpEnabled: false });
  await sendMessage(tx, deps.clock, userId, { code: 'message.security.totp_reset', params: {} });
  return { before, after: { ...before, totpEnabled: false } };
}

/**
 * The `signIns` port (§23.8): a sign-in from a device (browser, system and network) the account
 * has not used for 90 days tells the user, with what the session keeps of it and when.
 */
export async function reportNewDevice(
  deps: Pick<SecurityDeps, 'clock'>,
  db: Db,
  user: UserRow,
  client: SignInClient,
  at: Date,
): Promise<void> {
  await sendMessage(db, deps.clock, user.id, {
    code: 'message.security.new_login',
    params: { device: client.device, ip: client.ip, time: at.toISOString() },
  });
}
