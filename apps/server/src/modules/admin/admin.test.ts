import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { adminLogin, ADMIN_PASSWORD, post, registerUser, useTestApp } from '../../test/harness.js';
import { bootstrapAdmin } from './admin.service.js';

const t = useTestApp();
const A = (path: string) => `/api/admin${path}`;

async function lastAudit(action: string) {
  const r = await post(t.app, A('/audit/list'), { action, size: 1 }, await adminLogin(t.app, 'admin'));
  return (r.body.data as { list: Record<string, unknown>[] }).list[0];
}

describe('back-office login (docs/api.md §19.1)', () => {
  it('answers a token and the role, and refuses a wrong password with one code', async () => {
    const ok = await post(t.app, A('/auth/login'), { username: 'reviewer1', password: ADMIN_PASSWORD });
    expect(ok.body.data).toMatchObject({ role: 'reviewer' });
    const wrong = await post(t.app, A('/auth/login'), { username: 'reviewer1', password: 'nope' });
    const unknown = await post(t.app, A('/auth/login'), { username: 'ghost', password: 'nope' });
    expect(wrong.body.code).toBe('auth.wrong_credentials');
    expect(unknown.body.code).toBe('auth.wrong_credentials');
    const logins = await post(
      t.app,
      A('/audit/list'),
      { action: 'auth/login', size: 5 },
      await adminLogin(t.app, 'admin'),
    );
    const audit = (logins.body.data as { list: Record<string, unknown>[] }).list.find((e) => e.actorName === 'ghost');
    expect(audit).toMatchObject({ action: 'auth/login', result: 'auth.wrong_credentials', actorId: null });
    expect(JSON.stringify(audit)).not.toContain('nope');
  });

  it('never accepts a user token, and a user API call never accepts an admin token', async () => {
    const u = await registerUser(t.app);
    expect((await post(t.app, A('/user/list'), {}, { authorization: `Bearer ${u.token}` })).http).toBe(401);
    const admin = await adminLogin(t.app);
    const token = (admin.authorization ?? '').replace('Bearer ', '');
    expect((await post(t.app, '/user/getUserinfo', {}, { token, account: 'admin1' })).http).toBe(401);
  });

  it('expires after 30 minutes idle', async () => {
    const h = await adminLogin(t.app, 'support');
    t.clock.advance(29 * 60 * 1000);
    expect((await post(t.app, A('/user/list'), {}, h)).http).toBe(200);
    t.clock.advance(31 * 60 * 1000);
    expect((await post(t.app, A('/user/list'), {}, h)).http).toBe(401);
  });

  it('logout ends the admin session', async () => {
    const h = await adminLogin(t.app);
    expect((await post(t.app, A('/auth/logout'), {}, h)).body.status).toBe(1);
    expect((await post(t.app, A('/user/list'), {}, h)).http).toBe(401);
  });

  it('creates the bootstrap admin only when none exists (docs/api.md §21)', async () => {
    const again = await bootstrapAdmin(t.database.db, 'admin', null);
    expect(again.created).toBe(false);
    expect(again.password).toBeNull();
  });
});

describe('users (docs/api.md §19.4)', () => {
  it('finds a user by account and shows the detail with balances, audited', async () => {
    const u = await registerUser(t.app);
    const h = await adminLogin(t.app, 'support');
    const list = await post(t.app, A('/user/list'), { keyword: u.account }, h);
    const page = list.body.data as { list: { userId: string; account: string }[]; total: number };
    expect(page.total).toBe(1);
    expect(page.list[0]?.userId).toBe(u.id);
    const detail = await post(t.app, A('/user/detail'), { userId: u.id }, h);
    expect(detail.body.data).toMatchObject({ userId: u.id, account: u.account, invitedCount: 0, inviterId: null });
    expect((detail.body.data as { accounts: unknown[] }).accounts).toHaveLength(4);
    expect(await lastAudit('user/detail')).toMatchObject({
      action: 'user/detail',
      targetType: 'user',
      targetId: u.id,
      result: 'ok',
      role: 'support',
    });
    expect((await post(t.app, A('/user/detail'), { userId: 'u_missing' }, h)).body.code).toBe('account.not_found');
  });

  it('freezing revokes the sessions and the user then gets account.frozen at login', async () => {
    const u = await registerUser(t.app);
    const h = await adminLogin(t.app, 'support');
    const r = await post(
      t.app,
      A('/user/restrict'),
      { userId: u.id, action: 'freeze', reason: 'Suspicious activity reported' },
      h,
    );
    expect(r.body).toMatchObject({ status: 1, code: 'result.update.ok' });
    expect((r.body.data as { restrictions: string[] }).restrictions).toEqual(['frozen']);
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).http).toBe(401);
    expect((await post(t.app, '/user/login', { account: u.account, password: u.password })).body.code).toBe(
      'account.frozen',
    );
    expect(await lastAudit('user/restrict')).toMatchObject({
      action: 'user/restrict',
      targetId: u.id,
      reason: 'Suspicious activity reported',
      before: { restrictions: [] },
      after: { restrictions: ['frozen'] },
    });
    const admin = await adminLogin(t.app);
    await post(
      t.app,
      A('/user/restrict'),
      { userId: u.id, action: 'unblock', restriction: 'frozen', reason: 'Cleared by compliance' },
      admin,
    );
    expect((await post(t.app, '/user/login', { account: u.account, password: u.password })).body.status).toBe(1);
  });

  it('a login ban answers account.frozen and disabling answers account.disabled', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const admin = await adminLogin(t.app);
    await post(t.app, A('/user/restrict'), { userId: a.id, action: 'login_ban', reason: 'Too many disputes' }, admin);
    await post(
      t.app,
      A('/user/restrict'),
      { userId: b.id, action: 'disable', reason: 'Account closed on request' },
      admin,
    );
    expect((await post(t.app, '/user/login', { account: a.account, password: a.password })).body.code).toBe(
      'account.frozen',
    );
    expect((await post(t.app, '/user/login', { account: b.account, password: b.password })).body.code).toBe(
      'account.disabled',
    );
    expect((await post(t.app, '/user/login', { account: b.account, password: 'Wrong9999' })).body.code).toBe(
      'auth.wrong_credentials',
    );
  });

  it('trade and withdraw blocks keep the session and show in getUserinfo', async () => {
    const u = await registerUser(t.app);
    const admin = await adminLogin(t.app);
    await post(
      t.app,
      A('/user/restrict'),
      { userId: u.id, action: 'withdraw_block', reason: 'Pending investigation' },
      admin,
    );
    const info = await post(t.app, '/user/getUserinfo', {}, u.headers);
    expect(info.body.data).toMatchObject({ restrictions: ['withdraw_blocked'] });
  });

  it('requires a reason, refuses unblock without the restriction, and audits the refusals', async () => {
    const u = await registerUser(t.app);
    const admin = await adminLogin(t.app);
    const noReason = await post(t.app, A('/user/restrict'), { userId: u.id, action: 'freeze' }, admin);
    expect(noReason.http).toBe(400);
    expect((noReason.body.params as { fields: Record<string, string> }).fields.reason).toBe('required');
    const short = await post(t.app, A('/user/restrict'), { userId: u.id, action: 'freeze', reason: 'no' }, admin);
    expect((short.body.params as { fields: Record<string, string> }).fields.reason).toBe('too_short');
    const unblock = await post(
      t.app,
      A('/user/restrict'),
      { userId: u.id, action: 'unblock', reason: 'Lift it please' },
      admin,
    );
    expect((unblock.body.params as { fields: Record<string, string> }).fields.restriction).toBe('required');
    expect(await lastAudit('user/restrict')).toMatchObject({
      action: 'user/restrict',
      result: 'request.invalid',
      targetId: u.id,
    });
  });

  it('enforces the roles of §19.2 and audits forbidden attempts', async () => {
    const u = await registerUser(t.app);
    const support = await adminLogin(t.app, 'support');
    const reviewer = await adminLogin(t.app, 'reviewer');
    const disable = await post(
      t.app,
      A('/user/restrict'),
      { userId: u.id, action: 'disable', reason: 'Trying my luck' },
      support,
    );
    expect(disable.http).toBe(403);
    expect(disable.body.code).toBe('auth.forbidden');
    expect(await lastAudit('user/restrict')).toMatchObject({
      action: 'user/restrict',
      result: 'auth.forbidden',
      role: 'support',
    });
    expect(
      (await post(t.app, A('/user/restrict'), { userId: u.id, action: 'freeze', reason: 'Trying my luck' }, reviewer))
        .http,
    ).toBe(403);
    expect((await post(t.app, A('/config/get'), {}, reviewer)).http).toBe(403);
    expect((await post(t.app, A('/audit/list'), {}, support)).http).toBe(403);
    expect(
      (await post(t.app, A('/user/setCreditScore'), { userId: u.id, score: 50, reason: 'Late payments' }, support))
        .http,
    ).toBe(403);
    const admin = await adminLogin(t.app);
    const score = await post(
      t.app,
      A('/user/setCreditScore'),
      { userId: u.id, score: 50, reason: 'Late payments' },
      admin,
    );
    expect(score.body.data).toMatchObject({ creditScore: 50 });
    const type = await post(
      t.app,
      A('/user/setAccountType'),
      { userId: u.id, accountType: 'institutional', reason: 'Documents checked' },
      admin,
    );
    expect(type.body.data).toMatchObject({ accountType: 'institutional' });
    expect(
      (await post(t.app, A('/user/setCreditScore'), { userId: u.id, score: 101, reason: 'Too high' }, admin)).http,
    ).toBe(400);
  });
});

describe('config (docs/api.md §19.7)', () => {
  it('lists every key with its effective value', async () => {
    const admin = await adminLogin(t.app);
    const r = await post(t.app, A('/config/get'), {}, admin);
    const list = (r.body.data as { list: { key: string; value: unknown }[] }).list;
    const byKey = Object.fromEntries(list.map((i) => [i.key, i.value]));
    expect(byKey['withdraw.window']).toEqual({ open: '09:30', close: '24:00', days: [1, 2, 3, 4, 5] });
    expect(byKey['market.usd.sessions']).toHaveLength(3);
    expect(byKey['withdraw.limits.MXN']).toEqual({ min: '500.00', max: '500000.00' });
    expect(byKey['market.mxn.priceLimitRate']).toBe('0.10');
  });

  it('sets a key, validates the value, and the public config follows', async () => {
    const admin = await adminLogin(t.app);
    const bad = await post(
      t.app,
      A('/config/set'),
      { key: 'withdraw.window', value: { open: '25:00', close: '24:00', days: [1] }, reason: 'New hours' },
      admin,
    );
    expect(bad.http).toBe(400);
    expect((bad.body.params as { fields: Record<string, string> }).fields).toEqual({ value: 'format' });
    const unknown = await post(t.app, A('/config/set'), { key: 'no.such.key', value: 1, reason: 'Testing' }, admin);
    expect((unknown.body.params as { fields: Record<string, string> }).fields).toEqual({ key: 'enum' });
    const ok = await post(
      t.app,
      A('/config/set'),
      { key: 'display.title', value: 'Meridian Test', reason: 'Rebrand for the test' },
      admin,
    );
    expect(ok.body).toMatchObject({
      status: 1,
      code: 'result.update.ok',
      data: { key: 'display.title', value: 'Meridian Test' },
    });
    const pub = await post(t.app, '/common/config', { type: 'all' });
    expect((pub.body.data as { name: string; value: string }[]).find((e) => e.name === 'title')?.value).toBe(
      'Meridian Test',
    );
    expect(await lastAudit('config/set')).toMatchObject({
      action: 'config/set',
      targetType: 'config',
      targetId: 'display.title',
      after: { value: 'Meridian Test' },
    });
  });
});

describe('the audit log (docs/api.md §19.8)', () => {
  it('filters by action and cannot be edited or deleted, even in SQL', async () => {
    const admin = await adminLogin(t.app);
    const r = await post(t.app, A('/audit/list'), { action: 'auth/login', size: 5 }, admin);
    const page = r.body.data as { list: { action: string }[]; total: number };
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((e) => e.action === 'auth/login')).toBe(true);
    await expect(t.database.db.execute(sql`update audit_log set result = 'ok'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const count = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*)::text as n from audit_log`));
    expect(Number(count[0]?.n)).toBeGreaterThan(0);
  });
});
