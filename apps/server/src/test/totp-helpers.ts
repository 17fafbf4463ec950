/** Two-step verification in tests: turn it on through the API and compute codes from the set-up answer. */
import type { FastifyInstance } from 'fastify';
import { totpCode } from '../platform/totp.js';
import type { ManualClock } from '../platform/clock.js';
import { post, type TestUser } from './harness.js';

export const STEP_MS = 30_000;

export interface TotpUser extends TestUser {
  secret: string;
  recoveryCodes: string[];
}

/** The code for the step `steps` away from the test clock. */
export function codeAt(clock: ManualClock, secret: string, steps = 0): string {
  return totpCode(secret, new Date(clock.now().getTime() + steps * STEP_MS));
}

/** A 6-digit code that is none of the accepted window's codes. */
export function wrongCode(clock: ManualClock, secret: string): string {
  const taken = new Set([-1, 0, 1].map((s) => codeAt(clock, secret, s)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!taken.has(code)) return code;
  }
}

/** Sets up and enables TOTP for `user` (the confirming code's step is then used), moving the clock one step on. */
export async function enableTotp(app: FastifyInstance, clock: ManualClock, user: TestUser): Promise<TotpUser> {
  const setup = await post(app, '/user/totpSetup', { password: user.password }, user.headers);
  if (setup.body.status !== 1) throw new Error(`setup failed: ${JSON.stringify(setup.body)}`);
  const { secret } = setup.body.data as { secret: string };
  const enable = await post(app, '/user/totpEnable', { code: codeAt(clock, secret) }, user.headers);
  if (enable.body.status !== 1) throw new Error(`enable failed: ${JSON.stringify(enable.body)}`);
  clock.advance(STEP_MS);
  return { ...user, secret, recoveryCodes: (enable.body.data as { recoveryCodes: string[] }).recoveryCodes };
}
