/**
 * Passkeys (docs/api.md §23.7, WebAuthn Level 2) with @simplewebauthn/server: adding one from a
 * signed-in session, listing, removing with the login password, and signing in with any
 * discoverable passkey of an account. The relying party is the app's public origin
 * (PUBLIC_ORIGIN), its host the RP ID. Every challenge is used once and lives 5 minutes; the
 * signature counter is checked here (it must move forward when either side is non-zero), so a
 * copied authenticator is refused and its owner told with `message.security.passkey_clone`.
 */
import {
  MAX_PASSKEYS,
  PASSKEY_CHALLENGE_TTL_MS,
  type AuthenticationResponseJson,
  type LoginResponse,
  type Passkey,
  type PasskeyLoginOptions,
  type RegistrationResponseJson,
} from '@brokerage/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { createHash } from 'node:crypto';
import type { SignInClient } from '../../platform/device.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { hashToken, newId, newToken } from '../../platform/ids.js';
import { TOTP_ISSUER } from '../../platform/totp.js';
import { checkLoginPassword, findUserById, finishLogin, lockUserById, type UserRow } from '../auth/index.js';
import { sendMessage } from '../messages/index.js';
import * as repo from './passkeys.repository.js';
import type { SecurityDeps } from './security.service.js';

/** Who the passkeys are for: the origin pages are served from and its host name. */
export interface RelyingParty {
  origin: string;
  id: string;
  name: string;
}

export interface PasskeyDeps extends SecurityDeps {
  rp: RelyingParty;
}

/** The relying party of a public origin (`http://localhost:8080` → RP ID `localhost`). */
export function relyingPartyOf(publicOrigin: string): RelyingParty {
  const url = new URL(publicOrigin);
  return { origin: url.origin, id: url.hostname, name: TOTP_ISSUER };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The WebAuthn user handle of an account: its id's bytes (a random id, nothing personal). */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

function toPasskey(row: repo.PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

async function userOf(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError('auth.required');
  return user;
}

function tooMany(): DomainError {
  return new DomainError('passkey.too_many', { max: String(MAX_PASSKEYS) });
}

/** The challenge the browser signed, read from clientDataJSON; null when it is not there. */
function challengeOf(clientDataJson: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJson, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length > 0 ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * `/user/passkeyOptions`. Rules: passkey.too_many. Creation options (resident key preferred, user
 * verification required, attestation `none`, the user's passkeys excluded); the challenge is kept
 * for this user for 5 minutes.
 */
export async function registrationOptions(deps: PasskeyDeps, userId: string) {
  const user = await userOf(deps.db, userId);
  const existing = await repo.listPasskeys(deps.db, userId);
  if (existing.length >= MAX_PASSKEYS) throw tooMany();
  const options = await generateRegistrationOptions({
    rpName: deps.rp.name,
    rpID: deps.rp.id,
    userName: user.phone,
    userDisplayName: user.phone,
    userID: userHandleOf(user.id),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  const now = deps.clock.now();
  await repo.purgeChallenges(deps.db, now);
  await repo.insertChallenge(deps.db, {
    id: sha256(options.challenge),
    purpose: 'register',
    userId,
    challenge: options.challenge,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
  });
  return options;
}

/**
 * `/user/passkeyAdd`, first half (no transaction): rules passkey.too_many → auth.passkey_invalid
 * (the challenge unknown, used, expired or another user's; the attestation failing verification
 * or without user verification). The challenge is used up whatever the outcome. `apply` then
 * counts again under the user's row lock and stores the passkey.
 */
export async function preparePasskeyAdd(
  deps: PasskeyDeps,
  userId: string,
  body: { response: RegistrationResponseJson; name: string },
): Promise<{ apply: (tx: Tx) => Promise<Passkey> }> {
  await userOf(deps.db, userId);
  if ((await repo.countPasskeys(deps.db, userId)) >= MAX_PASSKEYS) throw tooMany();
  const challenge = challengeOf(body.response.response.clientDataJSON);
  const taken =
    challenge && (await repo.takeChallenge(deps.db, sha256(challenge), 'register', userId, deps.clock.now()));
  if (!taken) throw new DomainError('auth.passkey_invalid');
  let credential;
  try {
    const result = await verifyRegistrationResponse({
      response: body.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.id,
      requireUserVerification: true,
    });
    if (!result.verified || !result.registrationInfo?.userVerified) throw new DomainError('auth.passkey_invalid');
    credential = result.registrationInfo.credential;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('auth.passkey_invalid');
  }
  const row = {
    id: newId('pk'),
    userId,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? body.response.response.transports ?? [],
    name: body.name,
    createdAt: deps.clock.now(),
    lastUsedAt: null,
  };
  return {
    apply: async (tx) => {
      if (!(await lockUserById(tx, userId))) throw new DomainError('auth.required');
      if ((await repo.countPasskeys(tx, userId)) >= MAX_PASSKEYS) throw tooMany();
      // the same authenticator again (to this or another account)
      if (!(await repo.insertPasskey(tx, row))) throw new DomainError('auth.passkey_invalid');
      return toPasskey(row);
    },
  };
}

export async function listPasskeys(deps: Pick<PasskeyDeps, 'db'>, userId: string): Promise<{ list: Passkey[] }> {
  return { list: (await repo.listPasskeys(deps.db, userId)).map(toPasskey) };
}

/**
 * `/user/passkeyRemove`. Rules: password.original_wrong (counted like a wrong login password) →
 * record.not_found (no passkey of that id for this user: another user's is not found either).
 */
export async function removePasskey(
  deps: PasskeyDeps,
  userId: string,
  body: { passkeyId: string; password: string },
): Promise<void> {
  const user = await userOf(deps.db, userId);
  await checkLoginPassword(deps, user, body.password);
  if (!(await repo.deletePasskey(deps.db, userId, body.passkeyId))) throw new DomainError('record.not_found');
}

/** `/user/passkeyLoginOptions`: a challenge for any discoverable passkey (no account named), kept 5 minutes. */
export async function loginOptions(deps: PasskeyDeps): Promise<PasskeyLoginOptions> {
  const options = await generateAuthenticationOptions({
    rpID: deps.rp.id,
    userVerification: 'required',
    allowCredentials: [],
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  const challengeId = newToken();
  const now = deps.clock.now();
  await repo.purgeChallenges(deps.db, now);
  await repo.insertChallenge(deps.db, {
    id: hashToken(challengeId),
    purpose: 'login',
    userId: null,
    challenge: options.challenge,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
  });
  return { challengeId, options: { ...options } };
}

/**
 * The assertion checked against the stored passkey: the user of a passkey it verifies, else null.
 * A counter that does not move forward (when either side is non-zero) refuses the sign-in and
 * tells the account's owner; so does losing the race to another sign-in with the same counter.
 */
async function verifyAssertion(
  deps: PasskeyDeps,
  challenge: string,
  response: AuthenticationResponseJson,
): Promise<string | null> {
  const passkey = await repo.findByCredentialId(deps.db, response.id);
  if (!passkey) return null;
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(passkey.userId, 'utf8').toString('base64url')) return null;
  let info;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.id,
      // the counter is compared below, so that a clone is told from a bad signature
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: 0,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (!result.verified || !result.authenticationInfo.userVerified) return null;
    info = result.authenticationInfo;
  } catch {
    return null;
  }
  const seen = passkey.counter;
  const next = info.newCounter;
  const now = deps.clock.now();
  if ((seen > 0 || next > 0) && next <= seen) {
    await sendMessage(deps.db, deps.clock, passkey.userId, { code: 'message.security.passkey_clone', params: {} });
    return null;
  }
  return (await repo.recordUse(deps.db, passkey.id, seen, next, now)) ? passkey.userId : null;
}

/**
 * `/user/passkeyLogin`. Rules: auth.challenge_expired (unknown, used or older than 5 minutes) →
 * auth.passkey_invalid (no such passkey, a bad signature, no user verification, a counter that
 * did not move forward) → the account's restrictions, as `/user/login`. The challenge is used up
 * first, by one conditional delete, so of two sign-ins with the same challenge one at most goes
 * on. A refused assertion counts toward the address's login lock-out (§1.7). The answer is
 * `/user/login`'s, from the auth module's `finishLogin`; a passkey with user verification counts
 * as both factors.
 */
export async function passkeyLogin(
  deps: PasskeyDeps,
  body: { challengeId: string; response: AuthenticationResponseJson },
  address: string,
  client: SignInClient,
): Promise<LoginResponse> {
  const taken = await repo.takeChallenge(deps.db, hashToken(body.challengeId), 'login', null, deps.clock.now());
  if (!taken) throw new DomainError('auth.challenge_expired');
  const found: { userId: string | null } = { userId: null };
  const check = await deps.limits.guard('loginFailuresPerAddress', address, async () => {
    found.userId = await verifyAssertion(deps, taken.challenge, body.response);
    return found.userId !== null;
  });
  if (!check.ok || found.userId === null) throw new DomainError('auth.passkey_invalid');
  return finishLogin(deps, await userOf(deps.db, found.userId), client);
}
