/**
 * Parallel requests against the one-use rules of two-step verification (docs/api.md §23.1), on
 * PGlite and, with DATABASE_URL, on PostgreSQL. The login lock-out is raised here so that only
 * the challenge's own bound and the used step decide.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { post, registerUser, relaxedLimits, useTestApp } from '../../test/harness.js';
import { codeAt, enableTotp, wrongCode } from '../../test/totp-helpers.js';
import { loginChallenges } from './security.tables.js';

const t = useTestApp({
  ...relaxedLimits,
  loginFailures: { points: 100000, durationSec: 900, blockSec: 900 },
});

async function challengeOf(account: string, password: string): Promise<string> {
  const r = await post(t.app, '/user/login', { account, password });
  expect(r.body.code).toBe('auth.second_factor_required');
  return (r.body.params as { challengeId: string }).challengeId;
}

const tally = (codes: (string | undefined)[]) =>
  codes.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c ?? 'ok']: (acc[c ?? 'ok'] ?? 0) + 1 }), {});

describe('parallel attempts', () => {
  it('20 parallel wrong codes on one challenge evaluate at most 5', async () => {
    const u = await enableTotp(t.app, t.clock, await registerUser(t.app));
    const challengeId = await challengeOf(u.account, u.password);
    const wrong = wrongCode(t.clock, u.secret);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(t.app, '/user/loginVerify', { challengeId, code: wrong })),
    );
    expect(tally(answers.map((a) => a.body.code))).toEqual({
      'auth.second_factor_wrong': 5,
      'auth.challenge_expired': 15,
    });
    const left = answers
      .filter((a) => a.body.code === 'auth.second_factor_wrong')
      .map((a) => a.body.params?.attemptsLeft);
    expect(left.sort()).toEqual(['0', '1', '2', '3', '4']);
    const [row] = await t.database.db.select().from(loginChallenges).where(eq(loginChallenges.userId, u.id));
    expect(row!.attempts).toBe(5);
  });

  it('one right code sent to 10 challenges at once opens exactly one session', async () => {
    const u = await enableTotp(t.app, t.clock, await registerUser(t.app));
    const challenges = await Promise.all(Array.from({ length: 10 }, () => challengeOf(u.account, u.password)));
    const code = codeAt(t.clock, u.secret);
    const answers = await Promise.all(
      challenges.map((challengeId) => post(t.app, '/user/loginVerify', { challengeId, code })),
    );
    expect(tally(answers.map((a) => a.body.code))).toEqual({ 'result.login.ok': 1, 'auth.second_factor_wrong': 9 });
  });

  it('one recovery code sent 10 times at once works once', async () => {
    const u = await enableTotp(t.app, t.clock, await registerUser(t.app));
    const challenges = await Promise.all(Array.from({ length: 10 }, () => challengeOf(u.account, u.password)));
    const recoveryCode = u.recoveryCodes[3]!;
    const answers = await Promise.all(
      challenges.map((challengeId) => post(t.app, '/user/loginVerify', { challengeId, recoveryCode })),
    );
    expect(tally(answers.map((a) => a.body.code))).toEqual({ 'result.login.ok': 1, 'auth.second_factor_wrong': 9 });
  });
});
