import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';
import {
  FLAG_UP,
  SoftAuthenticator,
  type CreationOptions,
  type RequestOptions,
} from '../../test/soft-authenticator.js';
import { passkeyChallenges, passkeys } from './passkeys.tables.js';

const t = useTestApp();
// the test app's public origin: PUBLIC_ORIGIN unset, PORT unset (docs/api.md §23.7)
const ORIGIN = 'http://localhost:8080';

async function creationOptions(u: TestUser): Promise<CreationOptions> {
  const r = await post(t.app, '/user/passkeyOptions', {}, u.headers);
  expect(r.body.status).toBe(1);
  return r.body.data as CreationOptions;
}

/** Options, the authenticator's answer, and /user/passkeyAdd. */
async function addPasskey(u: TestUser, auth: SoftAuthenticator, name = 'My phone') {
  const options = await creationOptions(u);
  const { response } = auth.create(options);
  return post(t.app, '/user/passkeyAdd', { response, name }, u.headers);
}

async function loginOptions(): Promise<{ challengeId: string; options: RequestOptions }> {
  const r = await post(t.app, '/user/passkeyLoginOptions', {});
  expect(r.body.status).toBe(1);
  return r.body.data as { challengeId: string; options: RequestOptions };
}

const passkeyLogin = (challengeId: string, response: unknown, address?: string) =>
  post(t.app, '/user/passkeyLogin', { challengeId, response }, {}, address);

async function signIn(auth: SoftAuthenticator, overrides: Parameters<SoftAuthenticator['get']>[1] = {}) {
  const { challengeId, options } = await loginOptions();
  return passkeyLogin(challengeId, auth.get(options, overrides));
}

const listOf = async (u: TestUser) =>
  ((await post(t.app, '/user/passkeys', {}, u.headers)).body.data as { list: { id: string; name: string }[] }).list;

const messageCodes = async (u: TestUser) =>
  ((await post(t.app, '/user/notice', {}, u.headers)).body.data as { code: string | null }[])
    .map((m) => m.code)
    .filter((c) => c !== null);

describe('adding a passkey (docs/api.md §23.7)', () => {
  it('answers creation options for the public origin, stores the attested key and lists it', async () => {
    const u = await registerUser(t.app);
    const options = (await creationOptions(u)) as CreationOptions & Record<string, unknown>;
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: u.account },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    const auth = new SoftAuthenticator(ORIGIN);
    const { response } = auth.create(options);
    const r = await post(t.app, '/user/passkeyAdd', { response, name: '  Work laptop ' }, u.headers);
    expect(r.body).toMatchObject({
      status: 1,
      code: 'result.update.ok',
      data: { name: 'Work laptop', lastUsedAt: null },
    });
    const list = await listOf(u);
    expect(list).toEqual([r.body.data]);
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, u.id));
    expect(row).toMatchObject({ credentialId: response.id, counter: 0, transports: ['internal'] });
    // the next options exclude it
    const next = (await creationOptions(u)) as unknown as { excludeCredentials: { id: string }[] };
    expect(next.excludeCredentials.map((c) => c.id)).toEqual([response.id]);
  });

  it('refuses a used, foreign or forged registration and a bad name', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const auth = new SoftAuthenticator(ORIGIN);
    const options = await creationOptions(u);
    const { response } = auth.create(options);
    // another user cannot use this user's challenge
    expect((await post(t.app, '/user/passkeyAdd', { response, name: 'x' }, other.headers)).body.code).toBe(
      'auth.passkey_invalid',
    );
    expect((await post(t.app, '/user/passkeyAdd', { response, name: '' }, u.headers)).body).toMatchObject({
      code: 'request.invalid',
      params: { fields: { name: 'too_short' } },
    });
    expect(
      (await post(t.app, '/user/passkeyAdd', { response, name: 'x'.repeat(41) }, u.headers)).body.params,
    ).toMatchObject({ fields: { name: 'too_long' } });
    expect((await post(t.app, '/user/passkeyAdd', { response, name: 'ok' }, u.headers)).body.status).toBe(1);
    // the challenge is used: the same answer again is refused
    expect((await post(t.app, '/user/passkeyAdd', { response, name: 'again' }, u.headers)).body.code).toBe(
      'auth.passkey_invalid',
    );
    // another origin, or no user verification
    const wrongOrigin = auth.create(await creationOptions(u), { origin: 'https://evil.example' }).response;
    expect((await post(t.app, '/user/passkeyAdd', { response: wrongOrigin, name: 'x' }, u.headers)).body.code).toBe(
      'auth.passkey_invalid',
    );
    const noUv = auth.create(await creationOptions(u), { flags: FLAG_UP | 0x40 }).response;
    expect((await post(t.app, '/user/passkeyAdd', { response: noUv, name: 'x' }, u.headers)).body.code).toBe(
      'auth.passkey_invalid',
    );
    // an expired challenge (5 minutes)
    const late = auth.create(await creationOptions(u)).response;
    t.clock.advance(5 * 60 * 1000 + 1);
    expect((await post(t.app, '/user/passkeyAdd', { response: late, name: 'x' }, u.headers)).body.code).toBe(
      'auth.passkey_invalid',
    );
    expect(await listOf(u)).toHaveLength(1);
  });

  it('allows at most 10 per account: the 11th is refused with passkey.too_many, even from options taken earlier', async () => {
    const u = await registerUser(t.app);
    const auth = new SoftAuthenticator(ORIGIN);
    for (let i = 0; i < 9; i += 1) expect((await addPasskey(u, auth, `key ${i}`)).body.status).toBe(1);
    const a = auth.create(await creationOptions(u)).response;
    const b = auth.create(await creationOptions(u)).response;
    expect((await post(t.app, '/user/passkeyAdd', { response: a, name: 'tenth' }, u.headers)).body.status).toBe(1);
    expect((await post(t.app, '/user/passkeyAdd', { response: b, name: 'eleventh' }, u.headers)).body).toMatchObject({
      status: 0,
      code: 'passkey.too_many',
      params: { max: '10' },
    });
    expect((await post(t.app, '/user/passkeyOptions', {}, u.headers)).body).toMatchObject({
      code: 'passkey.too_many',
      params: { max: '10' },
    });
    expect(await listOf(u)).toHaveLength(10);
  });
});

describe('signing in with a passkey', () => {
  it('answers exactly as /user/login does, with a working session, and records the use', async () => {
    const u = await registerUser(t.app);
    const auth = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(u, auth)).body.status).toBe(1);
    const { challengeId, options } = await loginOptions();
    // discoverable credentials: no account named, user verification required
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect((options as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([]);
    const r = await passkeyLogin(challengeId, auth.get(options));
    const password = await post(t.app, '/user/login', { account: u.account, password: u.password });
    expect(r.body).toMatchObject({ status: 1, code: 'result.login.ok', data: { account: u.account } });
    expect(Object.keys(r.body).sort()).toEqual(Object.keys(password.body).sort());
    const data = r.body.data as { token: string; user: unknown; expiresAt: string };
    expect(Object.keys(data).sort()).toEqual(Object.keys(password.body.data as object).sort());
    expect(data.user).toEqual((password.body.data as { user: unknown }).user);
    const info = await post(t.app, '/user/getUserinfo', {}, { token: data.token, account: u.account });
    expect(info.body).toMatchObject({ status: 1, data: { id: u.id } });
    const [listed] = await listOf(u);
    expect(listed).toMatchObject({ lastUsedAt: t.clock.now().toISOString() });
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, u.id));
    expect(row!.counter).toBe(1);
  });

  it('uses a challenge once: a replay is refused, and of two sign-ins racing with one challenge one wins', async () => {
    const u = await registerUser(t.app);
    const auth = new SoftAuthenticator(ORIGIN);
    await addPasskey(u, auth);
    const { challengeId, options } = await loginOptions();
    const first = auth.get(options);
    expect((await passkeyLogin(challengeId, first)).body.status).toBe(1);
    expect((await passkeyLogin(challengeId, first)).body.code).toBe('auth.challenge_expired');
    expect((await passkeyLogin(challengeId, auth.get(options))).body.code).toBe('auth.challenge_expired');

    const race = await loginOptions();
    const one = auth.get(race.options);
    const two = auth.get(race.options);
    const answers = await Promise.all([passkeyLogin(race.challengeId, one), passkeyLogin(race.challengeId, two)]);
    expect(answers.map((a) => a.body.status).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.body.status === 0)!.body.code).toBe('auth.challenge_expired');
    expect(await t.database.db.select().from(passkeyChallenges).where(eq(passkeyChallenges.purpose, 'login'))).toEqual(
      [],
    );

    // older than 5 minutes
    const late = await loginOptions();
    t.clock.advance(5 * 60 * 1000 + 1);
    expect((await passkeyLogin(late.challengeId, auth.get(late.options))).body.code).toBe('auth.challenge_expired');
  });

  it('refuses an assertion whose counter did not move forward, and tells the owner', async () => {
    const u = await registerUser(t.app);
    const auth = new SoftAuthenticator(ORIGIN);
    await addPasskey(u, auth);
    expect((await signIn(auth)).body.status).toBe(1); // counter 1
    expect((await signIn(auth)).body.status).toBe(1); // counter 2
    expect(await messageCodes(u)).toEqual([]);
    // the same counter again (a replayed or cloned authenticator)
    expect((await signIn(auth, { counter: 2 })).body).toMatchObject({ status: 0, code: 'auth.passkey_invalid' });
    // going backwards
    expect((await signIn(auth, { counter: 1 })).body).toMatchObject({ status: 0, code: 'auth.passkey_invalid' });
    expect(await messageCodes(u)).toEqual(['message.security.passkey_clone', 'message.security.passkey_clone']);
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.userId, u.id));
    expect(row!.counter).toBe(2);
    // the real authenticator goes on
    expect((await signIn(auth, { counter: 3 })).body.status).toBe(1);
  });

  it('accepts an authenticator without a counter (always 0)', async () => {
    const u = await registerUser(t.app);
    const auth = new SoftAuthenticator(ORIGIN, 0);
    await addPasskey(u, auth);
    expect((await signIn(auth)).body.status).toBe(1);
    expect((await signIn(auth)).body.status).toBe(1);
    expect(await messageCodes(u)).toEqual([]);
  });

  it('refuses a bad signature, another origin, no user verification and an unknown passkey', async () => {
    const u = await registerUser(t.app);
    const auth = new SoftAuthenticator(ORIGIN);
    await addPasskey(u, auth);
    const { challengeId, options } = await loginOptions();
    const forged = auth.get(options);
    const signature = Buffer.from(forged.response.signature, 'base64url');
    signature[10] = signature[10]! ^ 1;
    forged.response.signature = signature.toString('base64url');
    expect((await passkeyLogin(challengeId, forged)).body.code).toBe('auth.passkey_invalid');
    expect((await signIn(auth, { origin: 'https://evil.example' })).body.code).toBe('auth.passkey_invalid');
    expect((await signIn(auth, { flags: FLAG_UP })).body.code).toBe('auth.passkey_invalid');
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ challenge: 'x', rp: { name: 'x', id: 'localhost' }, user: { id: 'dV94', name: 'x' } });
    expect((await signIn(stranger)).body.code).toBe('auth.passkey_invalid');
    expect((await post(t.app, '/user/passkeyLogin', { challengeId: 'x', response: {} })).body).toMatchObject({
      code: 'request.invalid',
    });
  });

  it('counts refused assertions toward the address lock-out', async () => {
    const strict = await import('../../test/harness.js').then((h) =>
      h.startTestApp({
        ...h.relaxedLimits,
        loginFailuresPerAddress: { points: 3, durationSec: 900, blockSec: 900 },
      }),
    );
    try {
      const u = await registerUser(strict.app);
      const auth = new SoftAuthenticator(ORIGIN);
      const options = (await post(strict.app, '/user/passkeyOptions', {}, u.headers)).body.data as CreationOptions;
      const add = await post(
        strict.app,
        '/user/passkeyAdd',
        { response: auth.create(options).response, name: 'k' },
        u.headers,
      );
      expect(add.body.status).toBe(1);
      const attempt = async (flags?: number) => {
        const o = (await post(strict.app, '/user/passkeyLoginOptions', {}, {}, '10.0.0.9')).body;
        if (o.status !== 1) return o;
        const { challengeId, options: req } = o.data as { challengeId: string; options: RequestOptions };
        return (
          await post(
            strict.app,
            '/user/passkeyLogin',
            { challengeId, response: auth.get(req, { flags }) },
            {},
            '10.0.0.9',
          )
        ).body;
      };
      for (let i = 0; i < 3; i += 1) expect((await attempt(FLAG_UP)).code).toBe('auth.passkey_invalid');
      // locked: no challenge for this address, though the next assertion would be right
      expect((await attempt()).code).toBe('request.too_frequent');
    } finally {
      await strict.app.close();
      await strict.database.close();
    }
  });
});

describe('removing a passkey', () => {
  it('needs the right login password, counted like a wrong login password', async () => {
    const u = await registerUser(t.app);
    const auth = new SoftAuthenticator(ORIGIN);
    const id = ((await addPasskey(u, auth)).body.data as { id: string }).id;
    const wrong = await post(t.app, '/user/passkeyRemove', { passkeyId: id, password: 'Wrong1234' }, u.headers);
    expect(wrong.body.code).toBe('password.original_wrong');
    expect(await listOf(u)).toHaveLength(1);
    for (let i = 0; i < 4; i += 1)
      await post(t.app, '/user/passkeyRemove', { passkeyId: id, password: 'Wrong1234' }, u.headers);
    // five wrong passwords: the account's login lock-out (§1.7)
    const login = await post(t.app, '/user/login', { account: u.account, password: u.password });
    expect(login.http).toBe(429);
    const ok = await post(t.app, '/user/passkeyRemove', { passkeyId: id, password: u.password }, u.headers);
    expect(ok.http).toBe(429);
  });

  it('removes with the right password; the passkey then signs in no more', async () => {
    const u = await registerUser(t.app);
    const auth = new SoftAuthenticator(ORIGIN);
    const id = ((await addPasskey(u, auth)).body.data as { id: string }).id;
    const ok = await post(t.app, '/user/passkeyRemove', { passkeyId: id, password: u.password }, u.headers);
    expect(ok.body).toMatchObject({ status: 1, data: null });
    expect(await listOf(u)).toEqual([]);
    expect((await signIn(auth)).body.code).toBe('auth.passkey_invalid');
    expect(
      (await post(t.app, '/user/passkeyRemove', { passkeyId: id, password: u.password }, u.headers)).body.code,
    ).toBe('record.not_found');
  });

  it("cannot remove another user's passkey, nor see it", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const auth = new SoftAuthenticator(ORIGIN);
    const id = ((await addPasskey(owner, auth)).body.data as { id: string }).id;
    expect(await listOf(other)).toEqual([]);
    const r = await post(t.app, '/user/passkeyRemove', { passkeyId: id, password: other.password }, other.headers);
    expect(r.body.code).toBe('record.not_found');
    expect(await listOf(owner)).toHaveLength(1);
    expect((await signIn(auth)).body.status).toBe(1);
  });

  it('needs a session for every call but the two sign-in calls', async () => {
    for (const path of ['/user/passkeyOptions', '/user/passkeyAdd', '/user/passkeys', '/user/passkeyRemove'])
      expect((await post(t.app, path, {})).http).toBe(401);
  });
});
