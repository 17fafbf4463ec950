import { userEndpoints } from '@brokerage/contract';
import { describe, expect, it } from 'vitest';
import { newPhone, post, registerUser, TEST_INVITE, useTestApp } from '../../test/harness.js';
import { LEGAL_VERSION } from '../../seed/legal-texts.js';

const t = useTestApp();

function registration(overrides: Record<string, unknown> = {}) {
  return {
    phone: newPhone(),
    password: 'Secret123',
    confirmPassword: 'Secret123',
    inviteCode: TEST_INVITE,
    agreementAccepted: true,
    ...overrides,
  };
}

describe('registering (docs/api.md §7.1)', () => {
  it('creates an unverified standard account with the organisation code and logs it in', async () => {
    const body = registration();
    const r = await post(t.app, '/user/register', body);
    expect(r.body.status).toBe(1);
    expect(r.body.code).toBe('result.register.ok');
    const data = r.body.data as { token: string; account: string; user: Record<string, unknown> };
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(data.account).toBe(body.phone);
    expect(data.user).toMatchObject({
      account: body.phone,
      realname: '',
      is_true: 0,
      kycStatus: 'none',
      accountType: 'standard',
      hasFundPassword: false,
    });
    const info = await post(t.app, '/user/getUserinfo', {}, { token: data.token, account: data.account });
    expect(info.body.data).toMatchObject({ account: body.phone, is_true: 0 });
  });

  it("accepts another user's invitation code", async () => {
    const inviter = await registerUser(t.app);
    const r = await post(t.app, '/user/register', registration({ inviteCode: inviter.inviteCode }));
    expect(r.body.status).toBe(1);
  });

  it('refuses an unknown invitation code with account.inviter_not_found and creates nothing', async () => {
    const body = registration({ inviteCode: 'NOPE1234' });
    const r = await post(t.app, '/user/register', body);
    expect(r.body).toMatchObject({ status: 0, code: 'account.inviter_not_found', msg: 'Inviter does not exist.' });
    const login = await post(t.app, '/user/login', { account: body.phone, password: body.password });
    expect(login.body.code).toBe('auth.wrong_credentials');
  });

  it('checks the invitation code before the phone: a bad code answers the same for a registered and a new phone (issue 18)', async () => {
    const u = await registerUser(t.app);
    const taken = await post(t.app, '/user/register', registration({ phone: u.account, inviteCode: 'NOPE1234' }));
    const fresh = await post(t.app, '/user/register', registration({ inviteCode: 'NOPE1234' }));
    expect(taken.body).toEqual(fresh.body);
    expect(taken.body.code).toBe('account.inviter_not_found');
    // with a valid code, a registered phone is account.exists
    expect((await post(t.app, '/user/register', registration({ phone: u.account }))).body.code).toBe('account.exists');
  });

  it('lets only one of two simultaneous registrations of one phone succeed', async () => {
    const body = registration();
    const results = await Promise.all([post(t.app, '/user/register', body), post(t.app, '/user/register', body)]);
    expect(results.map((r) => r.body.status).sort()).toEqual([0, 1]);
    expect(results.find((r) => r.body.status === 0)?.body.code).toBe('account.exists');
  });

  it.each([
    [{ password: 'abcdefgh', confirmPassword: 'abcdefgh' }, 'password', 'format'],
    [{ confirmPassword: 'Secret124' }, 'confirmPassword', 'mismatch'],
    [{ agreementAccepted: false }, 'agreementAccepted', 'not_accepted'],
    [{ phone: '12345' }, 'phone', 'format'],
    [{ inviteCode: 'abc' }, 'inviteCode', 'too_short'],
    [{ password: 'a1'.repeat(17), confirmPassword: 'a1'.repeat(17) }, 'password', 'too_long'],
  ])('refuses %j with 400 naming %s as %s', async (overrides, field, reason) => {
    const r = await post(t.app, '/user/register', registration(overrides));
    expect(r.http).toBe(400);
    expect((r.body.params as { fields: Record<string, string> }).fields[field]).toBe(reason);
  });
});

describe('logging in (docs/api.md §7.2)', () => {
  it('answers the token, its expiry and the user', async () => {
    const u = await registerUser(t.app);
    const r = await post(t.app, '/user/login', { account: u.account, password: u.password });
    expect(r.body).toMatchObject({ status: 1, code: 'result.login.ok' });
    const data = r.body.data as { token: string; expiresAt: string };
    expect(data.token).not.toBe(u.token);
    expect(new Date(data.expiresAt).getTime() - t.clock.now().getTime()).toBe(30 * 24 * 3600 * 1000);
  });

  it('gives one code for an unknown account and a wrong password', async () => {
    const u = await registerUser(t.app);
    const wrong = await post(t.app, '/user/login', { account: u.account, password: 'Wrong1234' });
    const unknown = await post(t.app, '/user/login', { account: newPhone(), password: 'Wrong1234' });
    expect(wrong.body.code).toBe('auth.wrong_credentials');
    expect(unknown.body.code).toBe('auth.wrong_credentials');
    expect(wrong.body.msg).toBe(unknown.body.msg);
  });
});

describe('sessions', () => {
  it('logout revokes the current token only', async () => {
    const u = await registerUser(t.app);
    const second = (await post(t.app, '/user/login', { account: u.account, password: u.password })).body.data as {
      token: string;
    };
    expect((await post(t.app, '/user/logout', {}, u.headers)).body.status).toBe(1);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).http).toBe(401);
    expect((await post(t.app, '/user/getUserinfo', {}, { token: second.token, account: u.account })).http).toBe(200);
  });

  it('expires after 24 h idle, and after 30 days however active', async () => {
    const u = await registerUser(t.app);
    const start = t.clock.now();
    t.clock.advance(23 * 3600 * 1000);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).http).toBe(200);
    t.clock.advance(23 * 3600 * 1000);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).http).toBe(200);
    t.clock.advance(24 * 3600 * 1000 + 1000);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).http).toBe(401);

    const v = await registerUser(t.app);
    const registeredAt = t.clock.now().getTime();
    const limit = registeredAt + 30 * 24 * 3600 * 1000;
    // Active every 20 h: never idle for 24 h, still refused once 30 days have passed.
    while (t.clock.now().getTime() + 20 * 3600 * 1000 < limit) {
      t.clock.advance(20 * 3600 * 1000);
      expect((await post(t.app, '/user/getUserinfo', {}, v.headers)).http).toBe(200);
    }
    t.clock.advance(20 * 3600 * 1000);
    expect((await post(t.app, '/user/getUserinfo', {}, v.headers)).http).toBe(401);
    void start;
  });

  it("answers getUserinfo with the contract's user object, as the same JSON every time", async () => {
    const u = await registerUser(t.app);
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/vue/user/getUserinfo',
        headers: { 'content-type': 'application/json', ...u.headers },
        payload: '{}',
      });
    const first = await call();
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const envelope = first.json<{ status: number; msg: string; data: unknown }>();
    expect(Object.keys(envelope)).toEqual(['status', 'msg', 'data']);
    expect(envelope).toMatchObject({ status: 1, msg: 'ok' });
    expect(userEndpoints.getUserinfo.response.parse(envelope.data)).toEqual(envelope.data);
    expect(envelope.data).toMatchObject({ id: u.id, account: u.account, phone: u.account, hasFundPassword: false });
    expect((await call()).body).toBe(first.body);
  });

  it('the is-admin header grants nothing and changes no answer', async () => {
    const u = await registerUser(t.app);
    const plain = await post(t.app, '/user/getUserinfo', {}, u.headers);
    const forged = await post(t.app, '/user/getUserinfo', {}, { ...u.headers, 'is-admin': '1' });
    expect(forged.body).toEqual(plain.body);
    expect((await post(t.app, '/user/getUserinfo', {}, { 'is-admin': '1' })).http).toBe(401);
    const adminCall = await post(
      t.app,
      '/api/admin/user/list',
      {},
      { ...u.headers, 'is-admin': 'true', authorization: `Bearer ${u.token}` },
    );
    expect(adminCall.http).toBe(401);
  });
});

describe('changing the login password (docs/api.md §7.6)', () => {
  it('refuses a wrong old password with password.original_wrong', async () => {
    const u = await registerUser(t.app);
    const r = await post(
      t.app,
      '/user/changePassword',
      { oldPassword: 'Wrong1234', newPassword: 'Newpass123', confirmPassword: 'Newpass123' },
      u.headers,
    );
    expect(r.body.code).toBe('password.original_wrong');
  });

  it('refuses the same password and a mismatched confirmation', async () => {
    const u = await registerUser(t.app);
    const same = await post(
      t.app,
      '/user/changePassword',
      { oldPassword: u.password, newPassword: u.password, confirmPassword: u.password },
      u.headers,
    );
    expect((same.body.params as { fields: Record<string, string> }).fields.newPassword).toBe('same_as_old');
    const mismatch = await post(
      t.app,
      '/user/changePassword',
      { oldPassword: u.password, newPassword: 'Newpass123', confirmPassword: 'Newpass124' },
      u.headers,
    );
    expect((mismatch.body.params as { fields: Record<string, string> }).fields.confirmPassword).toBe('mismatch');
  });

  it('changes it and revokes every other session, keeping this one', async () => {
    const u = await registerUser(t.app);
    const other = (await post(t.app, '/user/login', { account: u.account, password: u.password })).body.data as {
      token: string;
    };
    const third = (await post(t.app, '/user/login', { account: u.account, password: u.password })).body.data as {
      token: string;
    };
    // the other sessions are in use (so cached) before the change: the cache must not keep them alive
    expect((await post(t.app, '/user/getUserinfo', {}, { token: other.token, account: u.account })).http).toBe(200);
    expect((await post(t.app, '/user/getUserinfo', {}, { token: third.token, account: u.account })).http).toBe(200);
    const r = await post(
      t.app,
      '/user/changePassword',
      { oldPassword: u.password, newPassword: 'Newpass123', confirmPassword: 'Newpass123' },
      u.headers,
    );
    expect(r.body).toMatchObject({ status: 1, code: 'result.update.ok', data: null });
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).http).toBe(200);
    expect((await post(t.app, '/user/getUserinfo', {}, { token: other.token, account: u.account })).http).toBe(401);
    expect((await post(t.app, '/user/getUserinfo', {}, { token: third.token, account: u.account })).http).toBe(401);
    expect((await post(t.app, '/user/logout', {}, { token: third.token, account: u.account })).http).toBe(401);
    // the current session keeps working, for reads and writes
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.data).toMatchObject({ account: u.account });
    expect(
      (
        await post(
          t.app,
          '/user/changePassword',
          { oldPassword: 'Newpass123', newPassword: 'Newpass456', confirmPassword: 'Newpass456' },
          u.headers,
        )
      ).body.code,
    ).toBe('result.update.ok');
    expect((await post(t.app, '/user/login', { account: u.account, password: u.password })).body.code).toBe(
      'auth.wrong_credentials',
    );
    expect((await post(t.app, '/user/login', { account: u.account, password: 'Newpass456' })).body.status).toBe(1);
  });
});

describe('the fund password (docs/api.md §7.7–§7.8)', () => {
  it('is set once with the login password and shows in getUserinfo', async () => {
    const u = await registerUser(t.app);
    const wrongLogin = await post(
      t.app,
      '/user/setFundPassword',
      { fundPassword: '123456', confirmFundPassword: '123456', loginPassword: 'Wrong1234' },
      u.headers,
    );
    expect(wrongLogin.body.code).toBe('password.original_wrong');
    const ok = await post(
      t.app,
      '/user/setFundPassword',
      { fundPassword: '123456', confirmFundPassword: '123456', loginPassword: u.password },
      u.headers,
    );
    expect(ok.body.code).toBe('result.update.ok');
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).body.data).toMatchObject({ hasFundPassword: true });
    const again = await post(
      t.app,
      '/user/setFundPassword',
      { fundPassword: '654321', confirmFundPassword: '654321', loginPassword: 'Wrong1234' },
      u.headers,
    );
    expect(again.body.code).toBe('password.fund_already_set');
  });

  it('must be exactly 6 digits', async () => {
    const u = await registerUser(t.app);
    const r = await post(
      t.app,
      '/user/setFundPassword',
      { fundPassword: '12345a', confirmFundPassword: '12345a', loginPassword: u.password },
      u.headers,
    );
    expect((r.body.params as { fields: Record<string, string> }).fields.fundPassword).toBe('format');
  });

  it('cannot be changed before it is set', async () => {
    const u = await registerUser(t.app);
    const r = await post(
      t.app,
      '/user/changeFundPassword',
      { oldFundPassword: '111111', newFundPassword: '222222', confirmFundPassword: '222222' },
      u.headers,
    );
    expect(r.body.code).toBe('password.fund_not_set');
  });

  it('changes with the right old one and locks for 24 h after 5 failures', async () => {
    const u = await registerUser(t.app);
    await post(
      t.app,
      '/user/setFundPassword',
      { fundPassword: '123456', confirmFundPassword: '123456', loginPassword: u.password },
      u.headers,
    );
    const change = (old: string, next: string) =>
      post(
        t.app,
        '/user/changeFundPassword',
        { oldFundPassword: old, newFundPassword: next, confirmFundPassword: next },
        u.headers,
      );
    expect((await change('123456', '234567')).body.code).toBe('result.update.ok');
    for (let i = 0; i < 5; i += 1) expect((await change('000000', '345678')).body.code).toBe('password.original_wrong');
    const locked = await change('234567', '345678');
    expect(locked.http).toBe(429);
    expect(locked.body.code).toBe('request.too_frequent');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });
});

describe('notices and assets', () => {
  it('lists the notices for everyone, newest first, as a bare array', async () => {
    const u = await registerUser(t.app);
    const r = await post(t.app, '/user/notice', {}, u.headers);
    const list = r.body.data as { id: string; kind: string }[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((n) => n.id)).toEqual(expect.arrayContaining(['nt_welcome', 'nt_hours', 'nt_withdraw']));
    expect(list.every((n) => n.kind === 'notice')).toBe(true);
  });

  it('computes assets from the ledger for every enabled currency', async () => {
    const u = await registerUser(t.app);
    const r = await post(t.app, '/user/assets', { currency: 'USD' }, u.headers);
    const data = r.body.data as {
      currency: string;
      totalAssets: string;
      creditScore: number;
      accounts: { currency: string; available: string }[];
    };
    expect(data.currency).toBe('USD');
    expect(data.totalAssets).toBe('0.00');
    expect(data.creditScore).toBe(80);
    expect(data.accounts.map((a) => a.currency)).toEqual(['MXN', 'USD', 'USDT', 'EUR']);
    const bad = await post(t.app, '/user/assets', { currency: 'XXX' }, u.headers);
    expect((bad.body.params as { fields: Record<string, string> }).fields.currency).toBe('enum');
  });
});

describe('public calls', () => {
  it('/common/config answers the configured entries and refuses another type', async () => {
    const r = await post(t.app, '/common/config', { type: 'all' });
    const entries = Object.fromEntries(
      (r.body.data as { name: string; value: string }[]).map((e) => [e.name, e.value]),
    );
    expect(entries).toMatchObject({
      default_market: 'mxn',
      currencies: 'MXN,USD,USDT,EUR',
      languages: 'en,de,zh,esp,kor',
      ipo_min_shares: '10000',
    });
    expect(entries.service_link).toBeTruthy();
    expect((await post(t.app, '/common/config', { type: 'some' })).http).toBe(400);
  });

  it.each(['agreement', 'privacy', 'about'])('/common/legal serves the %s, versioned and sanitised', async (kind) => {
    const r = await post(t.app, '/common/legal', { kind });
    const doc = r.body.data as { kind: string; version: string; content: string; title: string };
    expect(doc.kind).toBe(kind);
    expect(doc.version).toBe(LEGAL_VERSION);
    expect(doc.content).toContain('<p>');
    expect(doc.content).not.toMatch(/<script|onerror=/i);
  });
});
