/**
 * Time-based one-time passwords for back-office logins (docs/api.md §19.1) and users' two-step verification (§23.1): RFC 6238 with SHA-1,
 * 6 digits and a 30 s step, the parameters every authenticator app assumes. A code is accepted
 * one step either side of the server's clock (a phone a few seconds off, a code typed as it
 * turned over), and only for a step later than the last one accepted for that admin, so a code
 * seen over someone's shoulder cannot be used again (RFC 6238 §5.2). The HMAC work is the
 * `otpauth` library's; this file only fixes the parameters and the window.
 */
import { HOTP, Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'Meridian Securities';
const PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps accepted either side of the server's clock. */
export const TOTP_WINDOW_STEPS = 1;

function totpOf(secretBase32: string, username = ''): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label: username, secret: Secret.fromBase32(secretBase32), ...PARAMS });
}

/** A new random 160-bit secret (RFC 4226 §4's recommended length), its base32 text and the otpauth:// URI for a QR code. */
export function newTotpEnrolment(username: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, username).toString() };
}

/** The code an authenticator shows at `at` (tests and operators' checks). */
export function totpCode(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}

/**
 * The time step `code` belongs to, or null when it matches no step within the window or only
 * steps at or before `lastStep` (already used, or older than a used one).
 */
export function acceptedTotpStep(secretBase32: string, code: string, at: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = Secret.fromBase32(secretBase32);
  const current = TOTP.counter({ period: PARAMS.period, timestamp: at.getTime() });
  // Each step is checked on its own (rather than one call with a window) so a code that also
  // matched an already-used neighbouring step cannot hide a fresh one; the library compares
  // in constant time.
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step += 1) {
    if (lastStep !== null && step <= lastStep) continue;
    if (
      HOTP.validate({
        token: code,
        secret,
        algorithm: PARAMS.algorithm,
        digits: PARAMS.digits,
        counter: step,
        window: 0,
      }) === 0
    )
      return step;
  }
  return null;
}
