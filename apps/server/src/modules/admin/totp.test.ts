import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, post, useTestApp } from '../../test/harness.js';
import { createAdmin, findAdminAccount, setAdminDisabled, setAdminTotpSecret } from './index.js';
import { acceptedTotpStep, newTotpEnrolment, totpCode } from '../../platform/totp.js';

const t = useTestApp();
const STEP_MS = 30_000;
/** RFC 6238 appendix B's SHA-1 key, "12345678901234567890", in base32: fixed so the tests are deterministic. */
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

let counter = 0;
/** A fresh admin per test (the lock-out counts per username), with TOTP enrolled unless told otherwise. */
async function newAdmin(options: { isEnrolled?: boolean } = {}): Promise<string> {
  counter += 1;
  const username = `totp${counter}`;
  const id = await createAdmin(t.database.db, username, ADMIN_PASSWORD, 'support');
  if (options.isEnrolled ?? true) await setAdminTotpSecret(t.database.db, id, SECRET);
  return username;
}

function login(username: string, otp?: string, password = ADMIN_PASSWORD) {
  return post(t.app, '/api/admin/auth/login', { username, password, ...(otp === undefined ? {} : { otp }) });
}

/** The code for the step `steps` away from the test clock. */
function codeAt(steps: number): string {
  return totpCode(SECRET, new Date(t.clock.now().getTime() + steps * STEP_MS));
}

/** A 6-digit code that is none of the window's codes. */
function wrongCode(): string {
  const taken = new Set([codeAt(-1), codeAt(0), codeAt(1)]);
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}

describe('TOTP codes (RFC 6238, SHA-1, 6 digits, 30 s)', () => {
  it('matches the RFC 6238 appendix B vectors (their last 6 digits)', () => {
    expect(totpCode(SECRET, new Date(59_000))).toBe('287082');
    expect(totpCode(SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCode(SECRET, new Date(1_234_567_890_000))).toBe('005924');
    expect(totpCode(SECRET, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('enrols a 160-bit base32 secret and an otpauth URI an authenticator reads', () => {
    const e = newTotpEnrolment('ops.alice');
    expect(e.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(e.uri).toMatch(/^otpauth:\/\/totp\/Meridian%20Securities:ops\.alice\?/);
    const params = new URL(e.uri).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      secret: e.secret,
      issuer: 'Meridian Securities',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it('accepts only steps after the last accepted one', () => {
    const at = new Date(1_234_567_890_000);
    const step = Math.floor(at.getTime() / STEP_MS);
    expect(acceptedTotpStep(SECRET, '005924', at, null)).toBe(step);
    expect(acceptedTotpStep(SECRET, '005924', at, step - 1)).toBe(step);
    expect(acceptedTotpStep(SECRET, '005924', at, step)).toBeNull();
    expect(acceptedTotpStep(SECRET, '5924', at, null)).toBeNull();
  });
});

describe('back-office login of an admin with TOTP enrolled (docs/api.md §19.1)', () => {
  it('answers auth.wrong_credentials without a code, with a wrong one, or with a right code and a wrong password', async () => {
    const username = await newAdmin();
    expect((await login(username)).body.code).toBe('auth.wrong_credentials');
    expect((await login(username, wrongCode())).body.code).toBe('auth.wrong_credentials');
    const wrongPassword = await login(username, codeAt(0), 'Not-the-password-1');
    expect(wrongPassword.body.code).toBe('auth.wrong_credentials');
    expect(wrongPassword.body.msg).toBe((await login(username)).body.msg);
  });

  it('answers a token for the right password and code, and the token works', async () => {
    const username = await newAdmin();
    const ok = await login(username, codeAt(0));
    expect(ok.body).toMatchObject({ status: 1, data: { role: 'support' } });
    const token = (ok.body.data as { token: string }).token;
    expect((await post(t.app, '/api/admin/user/list', {}, { authorization: `Bearer ${token}` })).http).toBe(200);
  });

  it('counts a missing or wrong code toward the 5-in-15-minutes lock-out, like a wrong password', async () => {
    const username = await newAdmin();
    for (let i = 0; i < 4; i += 1)
      expect((await login(username, i % 2 ? undefined : wrongCode())).body.code).toBe('auth.wrong_credentials');
    // four failures: not locked yet, and a success clears the count
    expect((await login(username, codeAt(0))).body.status).toBe(1);
    t.clock.advance(STEP_MS);
    for (let i = 0; i < 5; i += 1)
      expect((await login(username, wrongCode())).body.code).toBe('auth.wrong_credentials');
    const locked = await login(username, codeAt(0));
    expect(locked.http).toBe(429);
    expect(locked.body.code).toBe('request.too_frequent');
  });

  it('refuses a code whose step was already used, and an older one after it', async () => {
    const username = await newAdmin();
    const code = codeAt(0);
    expect((await login(username, code)).body.status).toBe(1);
    t.clock.advance(10_000); // still the same 30 s step: the authenticator still shows this code
    expect(codeAt(0)).toBe(code);
    expect((await login(username, code)).body.code).toBe('auth.wrong_credentials');
    expect((await login(username, codeAt(-1))).body.code).toBe('auth.wrong_credentials');
    t.clock.advance(STEP_MS);
    expect((await login(username, codeAt(0))).body.status).toBe(1);
  });

  it('accepts a code one step either side of the server clock and refuses two steps away', async () => {
    const username = await newAdmin();
    // refusals first: they record no step, so the accepted ones below are not blocked by the replay guard
    expect((await login(username, codeAt(-2))).body.code).toBe('auth.wrong_credentials');
    expect((await login(username, codeAt(2))).body.code).toBe('auth.wrong_credentials');
    expect((await login(username, codeAt(-1))).body.status).toBe(1);
    expect((await login(username, codeAt(1))).body.status).toBe(1);
  });

  it('says account.disabled only after both factors are right', async () => {
    const username = await newAdmin();
    const account = await findAdminAccount(t.database.db, username);
    await setAdminDisabled(t.database.db, t.clock, account?.id ?? '', true);
    expect((await login(username)).body.code).toBe('auth.wrong_credentials');
    expect((await login(username, codeAt(0))).body.code).toBe('account.disabled');
  });
});

describe('back-office login of an admin without TOTP', () => {
  it('logs in with the password alone, as before', async () => {
    const username = await newAdmin({ isEnrolled: false });
    expect((await login(username)).body).toMatchObject({ status: 1, data: { role: 'support' } });
  });
});
