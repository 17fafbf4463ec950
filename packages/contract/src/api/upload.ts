/** `POST /upload/image` of docs/api.md §17 (multipart/form-data: parts `file` and `purpose`). */
import { z } from 'zod';
import { uploadPurposes } from '../enums.js';
import { id, timestamp } from '../primitives.js';

export const UPLOAD_MAX_BYTES = 5_242_880;
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
export const UPLOAD_UNUSED_TTL_MS = 24 * 60 * 60 * 1000;
export const uploadContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const uploadPurposeField = z.enum(uploadPurposes);
export const uploadResponse = z.object({
  imageId: id,
  purpose: z.enum(uploadPurposes),
  contentType: z.enum(uploadContentTypes),
  size: z.number().int(),
  url: z.string(),
  expiresAt: timestamp,
});
export type UploadResponse = z.infer<typeof uploadResponse>;
