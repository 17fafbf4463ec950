/**
 * Guessing limits under parallel bursts (issue 18 item 2): every secret check counts the attempt
 * before the slow hash runs, so no burst gets more than the limit's guesses evaluated.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, post, registerUser, useTestApp, type Reply, type TestUser } from '../../test/harness.js';
import { createAdmin } from '../admin/index.js';

const t = useTestApp();

const codes = (answers: Reply[]) => answers.map((a) => a.body.code);
const count = (answers: Reply[], code: string) => answers.filter((a) => a.body.code === code).length;

async function withFundPassword(): Promise<TestUser> {
  const u = await registerUser(t.app);
  const set = await post(
    t.app,
    '/user/setFundPassword',
    { fundPassword: '123456', confirmFundPassword: '123456', loginPassword: u.password },
    u.headers,
  );
  expect(set.body.status).toBe(1);
  return u;
}

async function sessions(u: TestUser, n: number): Promise<Record<string, string>[]> {
  const out: Record<string, string>[] = [];
  for (let i = 0; i < n; i += 1) {
    const r = await post(t.app, '/user/login', { account: u.account, password: u.password });
    out.push({ token: (r.body.data as { token: string }).token, account: u.account });
  }
  return out;
}

describe('secret checks count before they verify (issue 18)', () => {
  it('login: 19 wrong passwords and the right one at once get at most 5 evaluated', async () => {
    const u = await registerUser(t.app);
    const bodies = [
      ...Array.from({ length: 19 }, (_, i) => ({ account: u.account, password: `Wrong${1000 + i}` })),
      { account: u.account, password: u.password },
    ];
    const answers = await Promise.all(bodies.map((b) => post(t.app, '/user/login', b)));
    // at most 5 checked, wrong or right, in whatever order the pool runs them; the rest 429
    expect(
      answers.filter((a) => a.body.code === 'auth.wrong_credentials' || a.body.status === 1).length,
      String(codes(answers)),
    ).toBeLessThanOrEqual(5);
    expect(count(answers, 'request.too_frequent')).toBeGreaterThanOrEqual(15);
  });

  it('fund password: a burst from 10 sessions gets at most 5 guesses a day', async () => {
    const u = await withFundPassword();
    const heads = await sessions(u, 10);
    const answers = await Promise.all(
      heads.flatMap((h, i) =>
        [0, 1, 2].map((j) =>
          post(
            t.app,
            '/user/changeFundPassword',
            { oldFundPassword: `9${i}${j}999`, newFundPassword: '654321', confirmFundPassword: '654321' },
            h,
          ),
        ),
      ),
    );
    expect(count(answers, 'password.original_wrong'), String(codes(answers))).toBeLessThanOrEqual(5);
    expect(count(answers, 'request.too_frequent')).toBeGreaterThanOrEqual(25);
    const right = await post(
      t.app,
      '/user/changeFundPassword',
      { oldFundPassword: '123456', newFundPassword: '654321', confirmFundPassword: '654321' },
      u.headers,
    );
    expect(right.http).toBe(429);
  });

  it('a right fund password does not use up an attempt', async () => {
    const u = await withFundPassword();
    for (let i = 0; i < 6; i += 1) {
      const [from, to] = i % 2 === 0 ? ['123456', '654321'] : ['654321', '123456'];
      const r = await post(
        t.app,
        '/user/changeFundPassword',
        { oldFundPassword: from, newFundPassword: to, confirmFundPassword: to },
        u.headers,
      );
      expect(r.body.status).toBe(1);
    }
  });

  it('changePassword: wrong current passwords are limited like logins', async () => {
    const u = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(
          t.app,
          '/user/changePassword',
          { oldPassword: `Wrong${1000 + i}`, newPassword: 'Secret456', confirmPassword: 'Secret456' },
          u.headers,
        ),
      ),
    );
    expect(count(answers, 'password.original_wrong'), String(codes(answers))).toBeLessThanOrEqual(5);
    expect(count(answers, 'request.too_frequent')).toBeGreaterThanOrEqual(7);
    const right = await post(
      t.app,
      '/user/changePassword',
      { oldPassword: u.password, newPassword: 'Secret456', confirmPassword: 'Secret456' },
      u.headers,
    );
    expect(right.http).toBe(429);
  });

  it('setFundPassword: wrong login passwords are limited like logins', async () => {
    const u = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(
          t.app,
          '/user/setFundPassword',
          { fundPassword: '123456', confirmFundPassword: '123456', loginPassword: `Wrong${1000 + i}` },
          u.headers,
        ),
      ),
    );
    expect(count(answers, 'password.original_wrong'), String(codes(answers))).toBeLessThanOrEqual(5);
    const login = await post(t.app, '/user/login', { account: u.account, password: u.password });
    expect(login.http).toBe(429);
  });

  it('admin login: 19 wrong passwords and the right one at once get at most 5 evaluated', async () => {
    await createAdmin(t.database.db, 'burst1', ADMIN_PASSWORD, 'support');
    const bodies = [
      ...Array.from({ length: 19 }, (_, i) => ({ username: 'burst1', password: `Wrong-pass-${i}` })),
      { username: 'burst1', password: ADMIN_PASSWORD },
    ];
    const answers = await Promise.all(bodies.map((b) => post(t.app, '/api/admin/auth/login', b)));
    expect(
      answers.filter((a) => a.body.code === 'auth.wrong_credentials' || a.body.status === 1).length,
      String(codes(answers)),
    ).toBeLessThanOrEqual(5);
    expect(count(answers, 'request.too_frequent')).toBeGreaterThanOrEqual(15);
  });
});
