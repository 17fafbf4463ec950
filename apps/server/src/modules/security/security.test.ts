import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';
import { codeAt, enableTotp, STEP_MS, wrongCode, type TotpUser } from '../../test/totp-helpers.js';
import { totpCode } from '../../platform/totp.js';
import { loginChallenges, recoveryCodes, userTotp } from './security.tables.js';

const t = useTestApp();

beforeAll(async () => {
  // Monday 11:00 in Mexico City: inside the default withdrawal window
  t.clock.set(new Date('2026-03-02T17:00:00Z'));
  await configureChannels(t.app);
});

const login = (u: TestUser, password = u.password) => post(t.app, '/user/login', { account: u.account, password });

async function challengeOf(u: TestUser): Promise<string> {
  const r = await login(u);
  expect(r.body).toMatchObject({ status: 0, code: 'auth.second_factor_required' });
  expect(r.body.data).toBeUndefined();
  return (r.body.params as { challengeId: string }).challengeId;
}

const verify = (challengeId: string, proof: { code?: string; recoveryCode?: string }) =>
  post(t.app, '/user/loginVerify', { challengeId, ...proof });

describe('TOTP codes (RFC 6238 appendix B, SHA-1: the last 6 of the 8 digits)', () => {
  // the appendix's SHA-1 key "12345678901234567890" in base32
  const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it.each([
    [59, '287082'],
    [1_111_111_109, '081804'],
    [1_111_111_111, '050471'],
    [1_234_567_890, '005924'],
    [2_000_000_000, '279037'],
    [20_000_000_000, '353130'],
  ])('at %i s answers %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
  });
});

describe('set-up and enable (docs/api.md §23.1)', () => {
  it('asks the password, answers a pending secret, keeps it sealed and never returns it again', async () => {
    const u = await registerUser(t.app);
    expect((await post(t.app, '/user/totpSetup', { password: 'Wrong123' }, u.headers)).body.code).toBe(
      'password.original_wrong',
    );
    const first = await post(t.app, '/user/totpSetup', { password: u.password }, u.headers);
    const { secret: oldSecret } = first.body.data as { secret: string };
    const r = await post(t.app, '/user/totpSetup', { password: u.password }, u.headers);
    const { secret, otpauthUrl } = r.body.data as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]{32}.*$/);
    expect(otpauthUrl).toContain(encodeURIComponent(u.account));
    // nothing secret is readable in the database
    const [row] = await t.database.db.select().from(userTotp).where(eq(userTotp.userId, u.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row!.pendingSecret).toMatch(/^v1\./);
    // the second set-up replaced the first: its code no longer enables
    const stale = await post(t.app, '/user/totpEnable', { code: totpCode(oldSecret, t.clock.now()) }, u.headers);
    expect(stale.body.code).toBe('auth.second_factor_wrong');
    const ok = await post(t.app, '/user/totpEnable', { code: codeAt(t.clock, secret) }, u.headers);
    expect(ok.body).toMatchObject({ status: 1, code: 'result.update.ok' });
    const codes = (ok.body.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace(/-/g, ''));
    const info = await post(t.app, '/user/getUserinfo', {}, u.headers);
    expect(info.body.data).toMatchObject({ totpEnabled: true });
    expect((await post(t.app, '/user/totpSetup', { password: u.password }, u.headers)).body.code).toBe(
      'totp.already_enabled',
    );
    expect((await post(t.app, '/user/totpEnable', { code: '123456' }, u.headers)).body.code).toBe(
      'totp.already_enabled',
    );
  });

  it('refuses enable without a set-up, and a malformed code with 400', async () => {
    const u = await registerUser(t.app);
    expect((await post(t.app, '/user/totpEnable', { code: '123456' }, u.headers)).body.code).toBe('totp.not_enabled');
    const bad = await post(t.app, '/user/totpEnable', { code: '12345' }, u.headers);
    expect(bad).toMatchObject({ http: 400, body: { params: { fields: { code: 'format' } } } });
  });
});

describe('login in two steps', () => {
  let u: TotpUser;
  beforeAll(async () => {
    u = await enableTotp(t.app, t.clock, await registerUser(t.app));
  });

  it('answers a challenge and no token, then a session for the right code; a wrong password stays wrong', async () => {
    expect((await login(u, 'Wrong123')).body.code).toBe('auth.wrong_credentials');
    const challengeId = await challengeOf(u);
    const r = await verify(challengeId, { code: codeAt(t.clock, u.secret) });
    expect(r.body).toMatchObject({ status: 1, code: 'result.login.ok', data: { account: u.account } });
    const token = (r.body.data as { token: string }).token;
    expect((await post(t.app, '/user/getUserinfo', {}, { token, account: u.account })).body.status).toBe(1);
    // the challenge is used: the next step's right code no longer opens it
    expect((await verify(challengeId, { code: codeAt(t.clock, u.secret, 1) })).body.code).toBe(
      'auth.challenge_expired',
    );
  });

  it('accepts a code once per step (replay refused), and the neighbouring steps', async () => {
    t.clock.advance(STEP_MS * 3);
    const code = codeAt(t.clock, u.secret);
    expect((await verify(await challengeOf(u), { code })).body.status).toBe(1);
    const replay = await verify(await challengeOf(u), { code });
    expect(replay.body).toMatchObject({ code: 'auth.second_factor_wrong', params: { attemptsLeft: '4' } });
    // the next step's code is accepted now; then the previous step is older than the used one
    expect((await verify(await challengeOf(u), { code: codeAt(t.clock, u.secret, 1) })).body.status).toBe(1);
    t.clock.advance(STEP_MS * 3);
    expect((await verify(await challengeOf(u), { code: codeAt(t.clock, u.secret, -1) })).body.status).toBe(1);
    expect((await verify(await challengeOf(u), { code: codeAt(t.clock, u.secret, -2) })).body.code).toBe(
      'auth.second_factor_wrong',
    );
  });

  it('takes a recovery code once, typed with or without dashes', async () => {
    const rc = u.recoveryCodes[0]!;
    expect((await verify(await challengeOf(u), { recoveryCode: rc.toUpperCase().replace(/-/g, '') })).body.status).toBe(
      1,
    );
    expect((await verify(await challengeOf(u), { recoveryCode: rc })).body.code).toBe('auth.second_factor_wrong');
  });

  it('refuses both or neither of code and recoveryCode with 400 exclusive', async () => {
    const challengeId = 'x'.repeat(43);
    expect(await verify(challengeId, {})).toMatchObject({
      http: 400,
      body: { params: { fields: { code: 'exclusive' } } },
    });
    const both = await verify(challengeId, { code: '123456', recoveryCode: u.recoveryCodes[1]! });
    expect(both).toMatchObject({ http: 400, body: { params: { fields: { recoveryCode: 'exclusive' } } } });
  });

  it('ends a challenge after 5 minutes, and an unknown one', async () => {
    const challengeId = await challengeOf(u);
    t.clock.advance(5 * 60 * 1000);
    expect((await verify(challengeId, { code: codeAt(t.clock, u.secret) })).body.code).toBe('auth.challenge_expired');
    expect((await verify('unknown_challenge', { code: '123456' })).body.code).toBe('auth.challenge_expired');
  });
});

describe('wrong codes', () => {
  it('a challenge takes 5 (the 5th answers attemptsLeft 0), then is expired even for the right code', async () => {
    // the login lock-out is 5 failures too: this user is then locked out (next test)
    const u = await enableTotp(t.app, t.clock, await registerUser(t.app));
    const challengeId = await challengeOf(u);
    const wrong = wrongCode(t.clock, u.secret);
    const left: unknown[] = [];
    for (let i = 0; i < 5; i += 1) left.push((await verify(challengeId, { code: wrong })).body.params?.attemptsLeft);
    expect(left).toEqual(['4', '3', '2', '1', '0']);
    expect((await verify(challengeId, { code: codeAt(t.clock, u.secret) })).body.code).toBe('auth.challenge_expired');
    const [row] = await t.database.db
      .select({ attempts: loginChallenges.attempts })
      .from(loginChallenges)
      .where(eq(loginChallenges.userId, u.id));
    expect(row!.attempts).toBe(5);
    // they counted toward the login lock-out of §1.7: the right password now answers 429
    const locked = await login(u);
    expect(locked).toMatchObject({ http: 429, body: { code: 'request.too_frequent' } });
  });
});

describe('turning it off and new recovery codes', () => {
  it('totpDisable: exclusive → not on → wrong password → code required → wrong code → off', async () => {
    const plain = await registerUser(t.app);
    expect((await post(t.app, '/user/totpDisable', { password: plain.password }, plain.headers)).body.code).toBe(
      'totp.not_enabled',
    );
    const u = await enableTotp(t.app, t.clock, await registerUser(t.app));
    const off = (body: Record<string, unknown>) => post(t.app, '/user/totpDisable', body, u.headers);
    expect((await off({ password: u.password, code: '123456', recoveryCode: u.recoveryCodes[0] })).http).toBe(400);
    expect((await off({ password: 'Wrong123', code: codeAt(t.clock, u.secret) })).body.code).toBe(
      'password.original_wrong',
    );
    expect((await off({ password: u.password })).body.code).toBe('auth.second_factor_required');
    expect((await off({ password: u.password, code: wrongCode(t.clock, u.secret) })).body.code).toBe(
      'auth.second_factor_wrong',
    );
    expect((await off({ password: u.password, code: codeAt(t.clock, u.secret) })).body).toMatchObject({ status: 1 });
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.data).toMatchObject({ totpEnabled: false });
    expect(await t.database.db.select().from(userTotp).where(eq(userTotp.userId, u.id))).toEqual([]);
    // a plain login again
    expect((await login(u)).body.status).toBe(1);
  });

  it('recoveryCodes: ten new ones, the old ones stop working', async () => {
    const u = await enableTotp(t.app, t.clock, await registerUser(t.app));
    const r = await post(
      t.app,
      '/user/recoveryCodes',
      { password: u.password, code: codeAt(t.clock, u.secret) },
      u.headers,
    );
    const fresh = (r.body.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await verify(await challengeOf(u), { recoveryCode: u.recoveryCodes[0]! })).body.code).toBe(
      'auth.second_factor_wrong',
    );
    expect((await verify(await challengeOf(u), { recoveryCode: fresh[0]! })).body.status).toBe(1);
  });
});

describe('protected calls ask the code when it is on', () => {
  it('withdraw: without → required, wrong → wrong, right → submitted', async () => {
    const base = await verifiedUser(t.app);
    await fund(t.app, base, 'MXN', '10000.00');
    await post(
      t.app,
      '/user/setFundPassword',
      { fundPassword: '246810', confirmFundPassword: '246810', loginPassword: base.password },
      base.headers,
    );
    const card = await post(
      t.app,
      '/card/add',
      { holder: 'ANA LOPEZ', cardNumber: '4152313412345678', bankName: 'BBVA México', branch: 'CDMX', bankCode: '012' },
      base.headers,
    );
    const cardId = (card.body.data as { cardId: string }).cardId;
    const u = await enableTotp(t.app, t.clock, base);
    const w = (extra: Record<string, unknown>) =>
      post(t.app, '/funds/withdraw', { amount: '600.00', fundPassword: '246810', cardId, ...extra }, u.headers);
    expect((await w({})).body).toMatchObject({ status: 0, code: 'auth.second_factor_required' });
    expect((await w({ code: wrongCode(t.clock, u.secret) })).body).toMatchObject({
      code: 'auth.second_factor_wrong',
      params: { attemptsLeft: '4' },
    });
    expect((await w({ code: '123456', recoveryCode: u.recoveryCodes[0] })).http).toBe(400);
    const ok = await w({ code: codeAt(t.clock, u.secret) });
    expect(ok.body).toMatchObject({ status: 1, code: 'result.withdraw.ok' });
    // binding a card also asks it
    const bind = await post(
      t.app,
      '/card/add',
      { holder: 'ANA LOPEZ', cardNumber: '4000123412341234', bankName: 'BBVA', branch: 'C', bankCode: '012' },
      u.headers,
    );
    expect(bind.body.code).toBe('auth.second_factor_required');
  });

  it('a refused call does not use up the code: the same code works for the next call', async () => {
    const base = await registerUser(t.app);
    await post(
      t.app,
      '/user/setFundPassword',
      { fundPassword: '111111', confirmFundPassword: '111111', loginPassword: base.password },
      base.headers,
    );
    const u = await enableTotp(t.app, t.clock, base);
    const code = codeAt(t.clock, u.secret);
    const change = (oldPassword: string) =>
      post(
        t.app,
        '/user/changePassword',
        { oldPassword, newPassword: 'Newpass123', confirmPassword: 'Newpass123', code },
        u.headers,
      );
    expect((await change('Wrong123')).body.code).toBe('password.original_wrong');
    expect((await change(u.password)).body.status).toBe(1);
    // now used: the same code again is refused
    const again = await post(
      t.app,
      '/user/changeFundPassword',
      { oldFundPassword: '111111', newFundPassword: '222222', confirmFundPassword: '222222', code },
      u.headers,
    );
    expect(again.body.code).toBe('auth.second_factor_wrong');
  });
});

describe('back office (docs/api.md §23.1)', () => {
  it('shows the status, resets it with a reason, audits it and tells the user', async () => {
    const u = await enableTotp(t.app, t.clock, await registerUser(t.app));
    const support = await adminLogin(t.app, 'support');
    const admin = await adminLogin(t.app, 'admin');
    const detail = await post(t.app, '/api/admin/user/detail', { userId: u.id }, admin);
    expect(detail.body.data).toMatchObject({ totpEnabled: true });
    expect((await post(t.app, '/api/admin/user/totpReset', { userId: u.id }, admin)).http).toBe(400);
    expect((await post(t.app, '/api/admin/user/totpReset', { userId: u.id, reason: 'Lost phone' }, support)).http).toBe(
      403,
    );
    const r = await post(t.app, '/api/admin/user/totpReset', { userId: u.id, reason: 'Lost phone, ID checked' }, admin);
    expect(r.body).toMatchObject({ status: 1, data: { totpEnabled: false } });
    const audit = await post(t.app, '/api/admin/audit/list', { action: 'user/totpReset', size: 1 }, admin);
    expect((audit.body.data as { list: unknown[] }).list[0]).toMatchObject({
      action: 'user/totpReset',
      targetType: 'user',
      targetId: u.id,
      reason: 'Lost phone, ID checked',
      before: { twoStepVerification: 'on' },
      after: { twoStepVerification: 'off' },
    });
    const messages = (await post(t.app, '/user/notice', {}, u.headers)).body.data as { code: string | null }[];
    expect(messages.filter((m) => m.code !== null).map((m) => m.code)).toEqual(['message.security.totp_reset']);
    expect((await login(u)).body.status).toBe(1);
    expect((await post(t.app, '/api/admin/user/totpReset', { userId: u.id, reason: 'again' }, admin)).body.code).toBe(
      'totp.not_enabled',
    );
  });
});
