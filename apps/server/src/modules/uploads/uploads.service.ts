/**
 * Uploads (docs/api.md §17). An image is checked (type by its bytes, size), re-encoded, stored under a
 * random key and recorded as "unused". A business record then claims it once, inside its own
 * transaction: the claim only succeeds for the uploader, the declared purpose, an upload that is
 * neither used nor deleted nor past its 24 h, and it rolls back with the caller's transaction.
 * Unused uploads are deleted after 24 h by `deleteUnusedUploads` (run by a timer, see routes).
 */
import path from 'node:path';
import { UPLOAD_UNUSED_TTL_MS, type UploadPurpose, type UploadResponse } from '@brokerage/contract';
import type { FastifyBaseLogger } from 'fastify';
import { iso, type Clock } from '../../platform/clock.js';
import type { AppConfig } from '../../platform/config.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { LocalFileStorage, newStorageKey, type FileStorage } from './file-storage.js';
import { contentTypeOf, reencodeImage, UndecodableImage, type ImageFormat } from './images.js';
import { UploadUrlSigner, type UploadUrl } from './signed-urls.js';
import * as repository from './uploads.repository.js';
import type { UploadRow } from './uploads.tables.js';

/** How the app is told where uploads go; `buildApp({ uploads })`. */
export interface UploadOptions {
  /** Folder of the local storage and of the generated signing secret; default `DATA_DIR/uploads`. */
  dir?: string;
  /** Another storage (e.g. S3-compatible, see file-storage.ts); default a `LocalFileStorage` in `dir`. */
  storage?: FileStorage;
  /** How often the cleanup of unused uploads runs; default 10 minutes. */
  cleanupIntervalMs?: number;
}

export const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

/** Everything the uploads module needs at run time; other modules receive this handle. */
export interface Uploads {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  signer: UploadUrlSigner;
  cleanupIntervalMs: number;
  /** A signed link to the file, valid 15 minutes from `now` (for the back office's review queues). */
  signedUrl(imageId: string, now: Date): string;
  /** The same link with its expiry, as `{ url, expiresAt }` (ISO timestamp) for answers. */
  uploadUrl(imageId: string, now: Date): { url: string; expiresAt: string };
  /** `signedUrl` at the clock's now (the shape of funds' `UploadsPort.url`). */
  url(imageId: string): string;
  /** `claimUpload` at the clock's now (the shape of funds' `UploadsPort.claim`). */
  claim(tx: Tx, input: Omit<ClaimUploadInput, 'now'>): Promise<void>;
}

export function createUploads(input: { db: Db; clock: Clock; config: AppConfig; options?: UploadOptions }): Uploads {
  const dir = input.options?.dir ?? path.join(input.config.dataDir, 'uploads');
  const storage = input.options?.storage ?? new LocalFileStorage(dir);
  const signer = new UploadUrlSigner(input.config.signingSecret, path.join(dir, '.signing-secret'));
  return {
    db: input.db,
    clock: input.clock,
    storage,
    signer,
    cleanupIntervalMs: input.options?.cleanupIntervalMs ?? CLEANUP_INTERVAL_MS,
    signedUrl: (imageId, now) => signer.sign(imageId, now).url,
    uploadUrl: (imageId, now) => {
      const signed: UploadUrl = signer.sign(imageId, now);
      return { url: signed.url, expiresAt: iso(signed.expiresAt) };
    },
    url: (imageId) => signer.sign(imageId, input.clock.now()).url,
    claim: async (tx, claim) => {
      await claimUpload(tx, { ...claim, now: input.clock.now() });
    },
  };
}

/**
 * Re-encodes and stores an image whose type and size the route has already checked.
 * Undecodable data answers status 0 `result.upload.failed` (§17).
 */
export async function storeImage(
  uploads: Uploads,
  input: { userId: string; purpose: UploadPurpose; bytes: Buffer; format: ImageFormat },
): Promise<UploadResponse> {
  let stored: Buffer;
  try {
    stored = await reencodeImage(input.bytes, input.format);
  } catch (error) {
    if (error instanceof UndecodableImage) throw new DomainError('result.upload.failed');
    throw error;
  }
  const now = uploads.clock.now();
  const imageId = newId('img');
  const storageKey = newStorageKey();
  const contentType = contentTypeOf[input.format];
  // File first, row second: a row never points at a file that was not written.
  await uploads.storage.put(storageKey, stored, contentType);
  try {
    await repository.insertUpload(uploads.db, {
      id: imageId,
      userId: input.userId,
      purpose: input.purpose,
      contentType,
      size: stored.length,
      storageKey,
      createdAt: now,
    });
  } catch (error) {
    await uploads.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  const { url, expiresAt } = uploads.uploadUrl(imageId, now);
  return { imageId, purpose: input.purpose, contentType, size: stored.length, url, expiresAt };
}

export interface ClaimUploadInput {
  userId: string;
  imageId: string;
  purpose: UploadPurpose;
  /** The business record that now references the image, e.g. `kyc:<id>`, `deposit:<id>`. */
  usedBy: string;
  /** The request field that carried the id, named in the 400 answer (e.g. `frontImageId`). */
  field: string;
  now: Date;
}

/**
 * Claims an upload for a business record, once. Call it inside the caller's transaction, before
 * the business rules (docs/api.md §1.2: upload-id references are part of the 400 schema checks); the
 * row stays locked (SELECT … FOR UPDATE) until that transaction ends, and a rollback releases the
 * claim. Refuses with 400 `request.invalid` `{fields: {[field]: 'unknown_upload'}}` when the upload
 * does not exist, is someone else's, has another purpose, is used, deleted or older than 24 h.
 */
export async function claimUpload(tx: Tx, input: ClaimUploadInput): Promise<UploadRow> {
  const row = await repository.lockUpload(tx, input.imageId);
  const isClaimable =
    row !== null &&
    row.userId === input.userId &&
    row.purpose === input.purpose &&
    row.usedAt === null &&
    row.deletedAt === null &&
    input.now.getTime() - row.createdAt.getTime() < UPLOAD_UNUSED_TTL_MS;
  if (!row || !isClaimable) throw new DomainError('request.invalid', { fields: { [input.field]: 'unknown_upload' } });
  await repository.markUsed(tx, row.id, input.usedBy, input.now);
  return { ...row, usedAt: input.now, usedBy: input.usedBy };
}

const CLEANUP_BATCH = 200;

/**
 * Deletes uploads left unused for `UPLOAD_UNUSED_TTL_MS` (24 h, §17): each row is first marked
 * deleted (so no claim or link can reach it any more), then its file is removed. A file that
 * cannot be removed is logged and left behind; its row stays deleted. Returns how many were deleted.
 */
export async function deleteUnusedUploads(
  db: Db,
  storage: FileStorage,
  now: Date,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  const cutoff = new Date(now.getTime() - UPLOAD_UNUSED_TTL_MS);
  let deleted = 0;
  for (;;) {
    const batch = await repository.markUnusedDeleted(db, cutoff, now, CLEANUP_BATCH);
    for (const row of batch) {
      try {
        await storage.delete(row.storageKey);
      } catch (error) {
        log?.warn({ err: error, imageId: row.id }, 'could not delete the file of an unused upload');
      }
    }
    deleted += batch.length;
    if (batch.length < CLEANUP_BATCH) return deleted;
  }
}

/** The row behind a signed link: null when unknown or deleted. */
export async function findServableUpload(db: Db, imageId: string): Promise<UploadRow | null> {
  const row = await repository.findUpload(db, imageId);
  return row && row.deletedAt === null ? row : null;
}
