/**
 * Secrets at rest (docs/api.md §23.1; the new-share draw seeds of §12.2 too): AES-256-GCM with a random 96-bit nonce per value and the
 * owner's id as associated data, so a ciphertext copied onto another user's row does not open.
 * Stored as `v1.<nonce>.<ciphertext+tag>` (base64url). The key is SECRETS_KEY (32 bytes, base64 or
 * hex) or, when unset, 32 random bytes generated into `<data folder>/.secrets-key` (mode 0600) on
 * first use, so the embedded setup keeps working across restarts. Several instances share one key
 * only through SECRETS_KEY.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

/** The 32-byte key of SECRETS_KEY: 64 hex digits or base64 / base64url of 32 bytes. */
export function parseSecretsKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

/** Reads the generated key, creating it on first use; `wx` makes concurrent first uses agree. */
function fileKey(file: string): Buffer {
  try {
    return parseSecretsKey(readFileSync(file, 'utf8').trim());
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const text = randomBytes(32).toString('base64');
  try {
    writeFileSync(file, `${text}\n`, { mode: 0o600, flag: 'wx' });
    return parseSecretsKey(text);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EEXIST') return parseSecretsKey(readFileSync(file, 'utf8').trim());
    throw error;
  }
}

export class SecretBox {
  private key: Buffer | null;

  /** @param configured SECRETS_KEY, or null to use (and create on first use) `keyFile`. */
  constructor(
    configured: string | null,
    private readonly keyFile: string,
  ) {
    this.key = configured === null ? null : parseSecretsKey(configured);
  }

  private current(): Buffer {
    this.key ??= fileKey(this.keyFile);
    return this.key;
  }

  seal(plain: string, owner: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current(), nonce);
    cipher.setAAD(Buffer.from(owner, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${nonce.toString('base64url')}.${body.toString('base64url')}`;
  }

  /** Throws when the value was not sealed with this key for this owner. */
  open(sealed: string, owner: string): string {
    const [version, nonceText, bodyText] = sealed.split('.');
    if (version !== VERSION || !nonceText || !bodyText) throw new Error('not a sealed secret');
    const body = Buffer.from(bodyText, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.current(), Buffer.from(nonceText, 'base64url'));
    decipher.setAAD(Buffer.from(owner, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
  }
}
