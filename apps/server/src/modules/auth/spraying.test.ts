/**
 * Password spraying across accounts (issue 29): failed logins are budgeted per address too, not
 * only per account, so one address cannot try a common password on every phone number.
 */
import { describe, expect, it } from 'vitest';
import { post, registerUser, relaxedLimits, useTestApp } from '../../test/harness.js';

const t = useTestApp({
  ...relaxedLimits,
  loginFailuresPerAddress: { points: 3, durationSec: 15 * 60, blockSec: 15 * 60 },
});

describe('failed logins per address (issue 29)', () => {
  it('locks an address out after its budget of failures across accounts, with params.seconds; others still log in', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => registerUser(t.app)));
    const spray = '10.9.0.7';
    for (const u of users.slice(0, 3)) {
      const r = await post(t.app, '/user/login', { account: u.account, password: 'Spring2026!' }, {}, spray);
      expect(r.body.code).toBe('auth.wrong_credentials');
    }
    const refused = await post(
      t.app,
      '/user/login',
      { account: users[3]!.account, password: 'Spring2026!' },
      {},
      spray,
    );
    expect(refused.http).toBe(429);
    expect(refused.body.code).toBe('request.too_frequent');
    expect(Number((refused.body.params as { seconds: string }).seconds)).toBeGreaterThan(0);
    // even the right password waits out the address lock-out
    const right = await post(
      t.app,
      '/user/login',
      { account: users[3]!.account, password: users[3]!.password },
      {},
      spray,
    );
    expect(right.body.code).toBe('request.too_frequent');
    // another address is not affected
    const other = await post(
      t.app,
      '/user/login',
      { account: users[3]!.account, password: users[3]!.password },
      {},
      '10.9.0.8',
    );
    expect(other.body.status).toBe(1);
  });

  it('a successful login does not clear the address budget', async () => {
    const [a, b] = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const address = '10.9.1.1';
    for (const password of ['Wrong-1111', 'Wrong-2222'])
      expect((await post(t.app, '/user/login', { account: a!.account, password }, {}, address)).body.code).toBe(
        'auth.wrong_credentials',
      );
    expect(
      (await post(t.app, '/user/login', { account: b!.account, password: b!.password }, {}, address)).body.status,
    ).toBe(1);
    expect(
      (await post(t.app, '/user/login', { account: b!.account, password: 'Wrong-3333' }, {}, address)).body.code,
    ).toBe('auth.wrong_credentials');
    expect((await post(t.app, '/user/login', { account: b!.account, password: b!.password }, {}, address)).http).toBe(
      429,
    );
  });
});
