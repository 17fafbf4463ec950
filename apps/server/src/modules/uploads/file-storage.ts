/**
 * Where upload bytes live. The service only ever speaks to `FileStorage`, with keys it chose itself
 * (random, `[A-Za-z0-9_-]`), so a client's file name never reaches a path or an object name.
 *
 * The embedded default is `LocalFileStorage`, one file per key in `DATA_DIR/uploads/`.
 *
 * An S3-compatible store (AWS S3, MinIO, R2...) plugs in by implementing the same four methods
 * (not built yet): `put` → PutObject with `ContentType` and no public ACL, `getStream` →
 * GetObject's body stream (null on NoSuchKey), `getBuffer` → the same body collected,
 * `delete` → DeleteObject (S3 already treats a missing key as success). Build it in `main.ts`
 * from its own settings (bucket, endpoint, credentials; documented in `config.ts` when added) and
 * pass it as `buildApp({ uploads: { storage } })`. Files are still served through the signed
 * `/files/<imageId>` route of this server, so the bucket stays private and needs no CORS; with
 * several instances set SIGNING_SECRET so every instance signs and checks URLs alike.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface FileStorage {
  /** Stores the bytes under `key`, replacing nothing: keys are fresh random names. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes as a stream, or null when there is no such file. */
  getStream(key: string): Promise<Readable | null>;
  /** The bytes in memory (uploads are at most 5 MiB), or null when there is no such file. */
  getBuffer(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** A fresh storage key: 24 random bytes, base64url (192 bits, no ordering information). */
export function newStorageKey(): string {
  return randomBytes(24).toString('base64url');
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}

/** One file per key in a single folder, created on the first write (mode 0700, files 0600). */
export class LocalFileStorage implements FileStorage {
  private ready: Promise<void> | null = null;

  constructor(readonly dir: string) {}

  private pathOf(key: string): string {
    // Keys come from `newStorageKey`; the check makes a path traversal impossible even if a bug
    // ever passed something else.
    if (!KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    return path.join(this.dir, key);
  }

  private ensureDir(): Promise<void> {
    this.ready ??= mkdir(this.dir, { recursive: true, mode: 0o700 }).then(() => undefined);
    return this.ready;
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await this.ensureDir();
    // Write then rename, so a reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, data, { mode: 0o600, flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async getStream(key: string): Promise<Readable | null> {
    try {
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async getBuffer(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
