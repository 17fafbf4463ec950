/**
 * The per-account read budget (issue 29): the per-caller limit counts each session, so an account
 * with several sessions had several budgets; every session of an account now also shares one.
 */
import { describe, expect, it } from 'vitest';
import { post, registerUser, relaxedLimits, useTestApp } from '../test/harness.js';
import { RateLimits } from './rate-limit.js';

const t = useTestApp(
  { ...relaxedLimits, perCaller: { points: 5, durationSec: 60 }, perAccount: { points: 8, durationSec: 60 } },
  undefined,
  { engine: false },
);

async function signIn(account: string, password: string): Promise<Record<string, string>> {
  const r = await post(t.app, '/user/login', { account, password });
  return { token: (r.body.data as { token: string }).token, account };
}

describe('the per-account limit (docs/api.md §1.7)', () => {
  it('shares one budget across every session of an account, and leaves other accounts alone', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const second = await signIn(u.account, u.password);
    const third = await signIn(u.account, u.password);
    const codes: (string | undefined)[] = [];
    // three sessions, four reads each: each stays inside its own 5, the account passes its 8
    for (const headers of [u.headers, second, third])
      for (let i = 0; i < 4; i += 1) codes.push((await post(t.app, '/user/getUserinfo', {}, headers)).body.code);
    expect(codes.filter((c) => c === undefined)).toHaveLength(8);
    expect(codes.filter((c) => c === 'request.too_frequent')).toHaveLength(4);
    expect((await post(t.app, '/user/getUserinfo', {}, other.headers)).body.status).toBe(1);
  });

  it('follows an overridden per-caller limit (three times it) unless set itself', () => {
    const limits = new RateLimits({ perCaller: { points: 7, durationSec: 2 } });
    const results: boolean[] = [];
    for (let i = 0; i < 22; i += 1) {
      try {
        limits.consume('perAccount', 'u_1');
        results.push(true);
      } catch {
        results.push(false);
      }
    }
    expect(results.filter(Boolean)).toHaveLength(21);
    void limits.close();
  });
});
