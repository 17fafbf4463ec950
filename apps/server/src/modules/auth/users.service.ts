/**
 * Accounts: registration with an invitation or organisation code, login, passwords,
 * restrictions and the user object of `/user/getUserinfo` (docs/api.md §7.1–§7.8).
 */
import {
  Dec,
  sessionRevokingRestrictions,
  type LoginResponse,
  type Restriction,
  type SecondFactorProof,
  type UserInfo,
} from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import type { SignInClient } from '../../platform/device.js';
import { DomainError } from '../../platform/errors.js';
import { newId, newInviteCode } from '../../platform/ids.js';
import { andThen, type MaybePromise } from '../../platform/maybe-promise.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords.js';
import type { RateLimits } from '../../platform/rate-limit.js';
import type { Settings } from '../../platform/settings.js';
import type { AuthCache } from './auth-cache.js';
import type { SecondFactorPort } from './second-factor-port.js';
import { createSession, isKnownDevice, revokeUserSessions } from './sessions.service.js';
import type { SignInPort } from './sign-in-port.js';
import * as repo from './users.repository.js';
import type { UserRow } from './users.repository.js';
import { initialKycStatus, isVerified } from './users.states.js';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  settings: Settings;
  limits: RateLimits;
  authCache: AuthCache;
  currentAgreementVersion: () => Promise<string>;
  /** two-step verification (the kernel's port, answered by modules/security) */
  secondFactor: SecondFactorPort;
  /** sign-ins from a new device (the kernel's port, answered by modules/security; §23.8) */
  signIns: SignInPort;
}

/** Cached user rows are immutable (a change replaces the row), so their view and its JSON are built once. */
const userInfoOfRow = new WeakMap<UserRow, UserInfo>();
const userInfoJsonOfRow = new WeakMap<UserRow, string>();

export function toUserInfo(u: UserRow): UserInfo {
  let info = userInfoOfRow.get(u);
  if (!info) {
    info = Object.freeze(buildUserInfo(u));
    userInfoOfRow.set(u, info);
  }
  return info;
}

function buildUserInfo(u: UserRow): UserInfo {
  // the wire's legacy names (docs/glossary.md "Wire names"): `realname` is the verified name,
  // `is_true` whether the user passed real-name verification
  const verified = isVerified(u);
  return {
    id: u.id,
    account: u.phone,
    realname: verified ? u.realName : '',
    is_true: verified ? 1 : 0,
    phone: u.phone,
    kycStatus: u.kycStatus as UserInfo['kycStatus'],
    accountType: u.accountType as UserInfo['accountType'],
    hasFundPassword: u.fundPasswordHash !== null,
    dayTrading: u.dayTrading,
    inviteCode: u.inviteCode,
    // A logged-in user can only ever see these two; the others end every session.
    restrictions: (u.restrictions as Restriction[]).filter((r) => r === 'trade_blocked' || r === 'withdraw_blocked'),
    totpEnabled: u.totpEnabled,
    createdAt: u.createdAt.toISOString(),
  };
}

async function loginAnswer(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  user: UserRow,
  client: SignInClient,
): Promise<LoginResponse> {
  const { token, expiresAt } = await createSession(deps.db, deps.clock, user.id, client);
  return { token, account: user.phone, expiresAt: expiresAt.toISOString(), user: toUserInfo(user) };
}

function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth += 1) {
    if (typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Rules in order: account.inviter_not_found → account.exists. The code comes first so that,
 * without a valid code, the answer does not tell a registered phone from a new one (issue 18).
 */
export async function register(
  deps: AuthDeps,
  body: { phone: string; password: string; inviteCode: string; agreementVersion?: string },
  client: SignInClient = { device: '', ip: '' },
) {
  const { db, clock, settings } = deps;
  const inviter = await repo.findUserByInviteCode(db, body.inviteCode);
  const organisation = inviter ? null : await repo.findOrganisationByCode(db, body.inviteCode);
  if ((!inviter || inviter.restrictions.includes('disabled')) && !organisation) {
    throw new DomainError('account.inviter_not_found');
  }
  if (await repo.findUserByPhone(db, body.phone)) throw new DomainError('account.exists');
  const now = clock.now();
  const row = {
    id: newId('u'),
    phone: body.phone,
    passwordHash: await hashPassword(body.password),
    inviteCode: newInviteCode(),
    inviterUserId: inviter?.id ?? null,
    organisationId: organisation?.id ?? inviter?.organisationId ?? null,
    kycStatus: initialKycStatus(),
    creditScore: settings.get('loan.initialScore'),
    loanQuota: new Dec(settings.get('loan.initialQuota')),
    agreementVersion: body.agreementVersion ?? (await deps.currentAgreementVersion()),
    createdAt: now,
    lastLoginAt: now,
  };
  try {
    await repo.insertUser(db, row);
  } catch (error) {
    // Two registrations of one phone at the same time: the unique index decides.
    if (isUniqueViolation(error)) throw new DomainError('account.exists');
    throw error;
  }
  const user = await repo.findUserById(db, row.id);
  if (!user) throw new Error('user vanished after insert');
  // the first session is where the account was made: its device is known from now on, unreported
  return loginAnswer(deps, user, client);
}

/**
 * Rules in order: lock-out (429) → auth.wrong_credentials → account.disabled → account.frozen.
 * Restrictions are revealed only after a correct password. Failures count per account and, when
 * the client address is known, per address across all accounts (password spraying, issue 29); a
 * right password gives the address its point back but never clears the address's earlier failures.
 */
export async function login(
  deps: AuthDeps,
  body: { account: string; password: string },
  address?: string,
  client: SignInClient = { device: '', ip: '' },
) {
  const { db, limits } = deps;
  const key = body.account;
  // counted before the hash runs (rate-limit.ts `guard`): a burst gets at most the limit's guesses
  const user = await repo.findUserByPhone(db, body.account);
  const verify = async () =>
    (
      await limits.guard(
        'loginFailures',
        key,
        async () =>
          (await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password)) && user !== null,
      )
    ).ok;
  const check =
    address === undefined ? { ok: await verify() } : await limits.guard('loginFailuresPerAddress', address, verify);
  if (!user || !check.ok) throw new DomainError('auth.wrong_credentials');
  assertMayLogIn(user);
  // two-step verification on: no token yet, a challenge for /user/loginVerify (docs/api.md §23.1)
  if (user.totpEnabled)
    throw new DomainError('auth.second_factor_required', {
      challengeId: await deps.secondFactor.startLogin(db, user),
    });
  return finishLogin(deps, user, client);
}

function assertMayLogIn(user: UserRow): void {
  if (user.restrictions.includes('disabled')) throw new DomainError('account.disabled');
  if (user.restrictions.includes('frozen') || user.restrictions.includes('login_banned'))
    throw new DomainError('account.frozen');
}

/**
 * The end of a login once every factor is right (the password, and the second factor of
 * /user/loginVerify): the restrictions again (one may have been set in between), the lock-out
 * cleared, the user told when the device is new to the account (§23.8), a new session.
 */
export async function finishLogin(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'limits' | 'authCache' | 'signIns'>,
  user: UserRow,
  client: SignInClient,
): Promise<LoginResponse> {
  assertMayLogIn(user);
  await deps.limits.reset('loginFailures', user.phone);
  await repo.updateUser(deps.db, deps.authCache, user.id, { lastLoginAt: deps.clock.now() });
  if (!(await isKnownDevice(deps.db, deps.clock, user.id, client)))
    await deps.signIns.fromNewDevice(deps.db, user, client, deps.clock.now());
  return loginAnswer(deps, user, client);
}

/** `/user/getUserinfo`'s data as JSON text; synchronous when the user is cached (the hot read). */
export function userInfoJson(db: Db, authCache: AuthCache, userId: string): MaybePromise<string> {
  return andThen(repo.findUserCached(db, authCache, userId), (user) => {
    if (!user) throw new DomainError('auth.required');
    let json = userInfoJsonOfRow.get(user);
    if (json === undefined) {
      json = JSON.stringify(toUserInfo(user));
      userInfoJsonOfRow.set(user, json);
    }
    return json;
  });
}

/**
 * The login password asked again inside a session (change password, set the fund password):
 * guessed there, it counts against the same lock-out as logins of the account (docs/api.md §1.7).
 */
export async function checkLoginPassword(deps: Pick<AuthDeps, 'limits'>, user: UserRow, plain: string): Promise<void> {
  const check = await deps.limits.guard('loginFailures', user.phone, () => verifyPassword(user.passwordHash, plain));
  if (!check.ok) throw new DomainError('password.original_wrong');
}

/**
 * Rules: password.original_wrong → the second factor (§23.1). The new hash is made before the caller's transaction, so no
 * connection waits on argon2; `apply` then writes it and ends every other session together.
 */
export async function preparePasswordChange(
  deps: AuthDeps,
  userId: string,
  sessionId: string,
  body: { oldPassword: string; newPassword: string } & SecondFactorProof,
): Promise<{ apply: (tx: Tx) => Promise<void> }> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw new DomainError('auth.required');
  await checkLoginPassword(deps, user, body.oldPassword);
  // the second factor last, so a refusal above uses no code (docs/api.md §23.1)
  await deps.secondFactor.require(deps.db, user, body);
  const passwordHash = await hashPassword(body.newPassword);
  return {
    apply: async (tx) => {
      await repo.updateUser(tx, deps.authCache, userId, { passwordHash });
      await revokeUserSessions(tx, deps.clock, deps.authCache, userId, sessionId);
    },
  };
}

/** Rules: password.fund_already_set → password.original_wrong (the login password). */
export async function setFundPassword(
  deps: AuthDeps,
  userId: string,
  body: { fundPassword: string; loginPassword: string },
): Promise<void> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw new DomainError('auth.required');
  if (user.fundPasswordHash) throw new DomainError('password.fund_already_set');
  await checkLoginPassword(deps, user, body.loginPassword);
  await repo.updateUser(deps.db, deps.authCache, userId, { fundPasswordHash: await hashPassword(body.fundPassword) });
}

/**
 * Checks a fund password for any call that needs it; a wrong one counts towards the
 * 5-failures-in-24-h lock-out of docs/api.md §1.7. Returns attempts left on failure.
 */
export async function checkFundPassword(
  deps: Pick<AuthDeps, 'limits'>,
  user: UserRow,
  plain: string,
): Promise<{ ok: true } | { ok: false; attemptsLeft: number }> {
  const hash = user.fundPasswordHash;
  // counted before the hash runs (rate-limit.ts `guard`): 429 once the day's attempts are used
  return deps.limits.guard(
    'fundPasswordFailures',
    user.id,
    async () => hash !== null && (await verifyPassword(hash, plain)),
  );
}

/**
 * Rules: password.fund_not_set → password.original_wrong (counts as a fund-password failure) →
 * the second factor (§23.1).
 */
export async function changeFundPassword(
  deps: AuthDeps,
  userId: string,
  body: { oldFundPassword: string; newFundPassword: string } & SecondFactorProof,
): Promise<void> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw new DomainError('auth.required');
  if (!user.fundPasswordHash) throw new DomainError('password.fund_not_set');
  const check = await checkFundPassword(deps, user, body.oldFundPassword);
  if (!check.ok) throw new DomainError('password.original_wrong');
  // the second factor last, so a refusal above uses no code (docs/api.md §23.1)
  await deps.secondFactor.require(deps.db, user, body);
  await repo.updateUser(deps.db, deps.authCache, userId, {
    fundPasswordHash: await hashPassword(body.newFundPassword),
  });
}

/**
 * Sets or lifts a restriction (back office, §19.4). Freeze, login ban and disable end every
 * session of the user in the same transaction. Returns the user before and after.
 */
export async function applyRestriction(
  tx: Tx,
  deps: Pick<AuthDeps, 'clock' | 'authCache'>,
  userId: string,
  change: { add?: Restriction; remove?: Restriction },
): Promise<{ before: UserRow; after: UserRow } | null> {
  const before = await repo.lockUserById(tx, userId);
  if (!before) return null;
  const set = new Set(before.restrictions as Restriction[]);
  if (change.add) set.add(change.add);
  if (change.remove) set.delete(change.remove);
  const next = [...set].sort();
  await repo.updateUser(tx, deps.authCache, userId, { restrictions: next });
  if (change.add && sessionRevokingRestrictions.includes(change.add))
    await revokeUserSessions(tx, deps.clock, deps.authCache, userId);
  return { before, after: { ...before, restrictions: next } };
}
