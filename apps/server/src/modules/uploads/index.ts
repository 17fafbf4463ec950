/**
 * Uploads (docs/api.md §17). Other modules use:
 * - `claimUpload(tx, { userId, imageId, purpose, usedBy, field, now })` inside their transaction;
 * - the `Uploads` handle's `signedUrl(imageId, now)` / `uploadUrl(imageId, now)` for links.
 */
export { createUploadsModule } from './uploads.module.js';
export {
  claimUpload,
  createUploads,
  deleteUnusedUploads,
  CLEANUP_INTERVAL_MS,
  type ClaimUploadInput,
  type UploadOptions,
  type Uploads,
} from './uploads.service.js';
export { registerUploadRoutes, uploadMultipartOptions, UPLOAD_IMAGE_PATH } from './uploads.routes.js';
export { LocalFileStorage, type FileStorage } from './file-storage.js';
export { FILES_PATH_PREFIX, uploadSignature, UploadUrlSigner, type UploadUrl } from './signed-urls.js';
