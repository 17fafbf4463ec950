import { describe, expect, it } from 'vitest';
import { newPhone, post, TEST_INVITE, useTestApp } from '../test/harness.js';

// The limits of API.md §1.7 as shipped, not the relaxed ones other tests use.
const t = useTestApp({});

async function register(ip: string) {
  const phone = newPhone();
  const r = await post(t.app, '/user/register', {
    phone, password: 'Secret123', confirmPassword: 'Secret123', inviteCode: TEST_INVITE, agreementAccepted: true,
  }, {}, ip);
  return { r, phone };
}

describe('rate limits (API.md §1.7)', () => {
  it('allows 5 registrations per IP per hour, then answers 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await register('10.0.0.1')).r);
    expect(answers.slice(0, 5).every((a) => a.body.status === 1)).toBe(true);
    const sixth = answers[5];
    expect(sixth?.http).toBe(429);
    expect(sixth?.body.code).toBe('request.too_frequent');
    expect(Number(sixth?.headers['retry-after'])).toBeGreaterThan(0);
    expect((sixth?.body.params as { seconds: string }).seconds).toBe(sixth?.headers['retry-after']);
    // Another address is not affected.
    expect((await register('10.0.0.2')).r.body.status).toBe(1);
  });

  it('locks an account for 15 minutes after 5 failed logins, even for the right password', async () => {
    const { phone } = await register('10.0.0.3');
    for (let i = 0; i < 5; i += 1) {
      expect((await post(t.app, '/user/login', { account: phone, password: 'Wrong1234' }, {}, `10.1.0.${i}`)).body.code).toBe('auth.wrong_credentials');
    }
    const locked = await post(t.app, '/user/login', { account: phone, password: 'Secret123' }, {}, '10.1.0.9');
    expect(locked.http).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('answers 429 past 20 calls per second for one session', async () => {
    const { r } = await register('10.0.0.4');
    const data = r.body.data as { token: string; account: string };
    const headers = { token: data.token, account: data.account };
    const answers = await Promise.all(Array.from({ length: 30 }, () => post(t.app, '/user/getUserinfo', {}, headers, '10.0.0.4')));
    const limited = answers.filter((a) => a.http === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(answers.filter((a) => a.http === 200).length).toBeLessThanOrEqual(20);
  });
});
