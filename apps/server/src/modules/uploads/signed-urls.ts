/**
 * Signed, expiring links to uploaded files (docs/api.md §17, §19.3): `/files/<imageId>?exp=<unix ms>&sig=<hmac>`,
 * served by this server outside `/api/vue/`. `sig` is HMAC-SHA256 over `<imageId>.<exp>` with the
 * signing secret, base64url. A link is valid for `UPLOAD_URL_TTL_MS` (15 minutes).
 *
 * The secret is SIGNING_SECRET when set. Otherwise one is generated on first use and kept in
 * `<uploads folder>/.signing-secret` (mode 0600), so links survive a restart of the embedded
 * setup; storage keys never start with a dot, so the file cannot collide with an upload. With
 * several instances (server mode) SIGNING_SECRET must be set.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UPLOAD_URL_TTL_MS } from '@brokerage/contract';

export const FILES_PATH_PREFIX = '/files/';

/** The signature of one link: HMAC-SHA256 over `imageId.exp`, base64url. */
export function uploadSignature(secret: string, imageId: string, expiresAtMs: number): string {
  return createHmac('sha256', secret).update(`${imageId}.${expiresAtMs}`).digest('base64url');
}

/** Reads the generated secret, creating it on first use; `wx` makes concurrent first uses agree. */
function fileSecret(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}

export interface UploadUrl {
  url: string;
  expiresAt: Date;
}

export type SignatureCheck = { ok: true; remainingMs: number } | { ok: false };

export class UploadUrlSigner {
  private secret: string | null;

  /**
   * @param configuredSecret SIGNING_SECRET, or null to use (and create on first use) `secretFile`.
   * The file is touched lazily so an app that never signs (most tests) writes nothing.
   */
  constructor(
    configuredSecret: string | null,
    private readonly secretFile: string,
  ) {
    this.secret = configuredSecret;
  }

  private key(): string {
    this.secret ??= fileSecret(this.secretFile);
    return this.secret;
  }

  /** A link valid `UPLOAD_URL_TTL_MS` from `now`; the path is relative to this server's origin. */
  sign(imageId: string, now: Date): UploadUrl {
    const query = this.signedQuery(imageId, now, UPLOAD_URL_TTL_MS);
    return {
      url: `${FILES_PATH_PREFIX}${encodeURIComponent(imageId)}?${query.query}`,
      expiresAt: query.expiresAt,
    };
  }

  /**
   * `exp=…&sig=…` for any subject, valid `ttlMs` from `now`, checked by `verify(subject, …)`. Other
   * uses (the funds module's statements) sign subjects with a `<use>:` prefix: image ids never
   * contain `:`, so no signature of one use is valid for another.
   */
  signedQuery(subject: string, now: Date, ttlMs: number): { query: string; expiresAt: Date } {
    const exp = now.getTime() + ttlMs;
    const query = new URLSearchParams({ exp: String(exp), sig: uploadSignature(this.key(), subject, exp) });
    return { query: query.toString(), expiresAt: new Date(exp) };
  }

  /** Checks `exp` and `sig` of a request in constant time; expired or malformed is simply not ok. */
  verify(imageId: string, exp: unknown, sig: unknown, now: Date): SignatureCheck {
    if (typeof exp !== 'string' || !/^\d{1,15}$/.test(exp) || typeof sig !== 'string') return { ok: false };
    const expiresAtMs = Number(exp);
    const expected = Buffer.from(uploadSignature(this.key(), imageId, expiresAtMs), 'utf8');
    const given = Buffer.from(sig, 'utf8');
    const isValid = given.length === expected.length && timingSafeEqual(given, expected);
    const remainingMs = expiresAtMs - now.getTime();
    if (!isValid || remainingMs <= 0) return { ok: false };
    return { ok: true, remainingMs };
  }
}
