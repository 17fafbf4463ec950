import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSecretsKey, SecretBox } from './secret-box.js';

const dir = mkdtempSync(path.join(tmpdir(), 'secret-box-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secrets at rest (AES-256-GCM)', () => {
  const key = Buffer.alloc(32, 7).toString('base64');

  it('opens what it sealed, for the same owner only, and never stores the plain text', () => {
    const box = new SecretBox(key, path.join(dir, 'unused'));
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'u_1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'u_1')).not.toBe(sealed); // a fresh nonce each time
    expect(box.open(sealed, 'u_1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'u_2')).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 8).toString('hex'), 'x').open(sealed, 'u_1')).toThrow();
  });

  it('generates a key file (0600) on first use when SECRETS_KEY is unset, and reuses it', () => {
    const file = path.join(dir, 'data', '.secrets-key');
    const sealed = new SecretBox(null, file).seal('secret', 'u_1');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseSecretsKey(readFileSync(file, 'utf8').trim())).toHaveLength(32);
    expect(new SecretBox(null, file).open(sealed, 'u_1')).toBe('secret');
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => parseSecretsKey('c2hvcnQ=')).toThrow(/32 bytes/);
  });
});
