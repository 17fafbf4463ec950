/**
 * `POST /api/vue/upload/image` (docs/api.md §17): multipart with the parts `purpose` and `file`.
 * Sent with XMLHttpRequest rather than fetch because only XHR reports upload progress. The
 * file is checked here first (size and type, the server's own limits), so a photo that would
 * be refused never leaves the phone.
 */
import type { UploadPurpose, UploadResponse } from '@brokerage/contract';
import { API_BASE, ApiError, asRecord, sessionHeaders, transportError, unwrap, type RawEnvelope } from './client';

/** The server's cap (docs/api.md §17, contract `UPLOAD_MAX_BYTES`): 5 MB. */
export const UPLOAD_MAX_BYTES = 5_242_880;
/** Formats the server accepts (contract `uploadContentTypes`). */
export const UPLOAD_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
const UPLOAD_EXTENSIONS = /\.(jpe?g|png|webp)$/i;
/**
 * Longer than the 10 s of ordinary calls: the time goes into sending up to 5 MB over the
 * phone's own connection, not into the server's work.
 */
export const UPLOAD_TIMEOUT_MS = 60_000;

export type ImageProblem = 'too_large' | 'wrong_type';

/** Why a picked file cannot be uploaded, or null when it can. */
export function checkImage(file: Pick<File, 'size' | 'type' | 'name'>): ImageProblem | null {
  const typeOk = file.type ? UPLOAD_TYPES.includes(file.type.toLowerCase()) : UPLOAD_EXTENSIONS.test(file.name);
  if (!typeOk) return 'wrong_type';
  if (file.size > UPLOAD_MAX_BYTES) return 'too_large';
  return null;
}

export interface UploadTask {
  promise: Promise<UploadResponse>;
  abort: () => void;
}

/** Uploads one image; `onProgress` receives the sent fraction (0–1). Failures are not toasted: the caller shows them. */
export function uploadImage(file: File, purpose: UploadPurpose, onProgress?: (fraction: number) => void): UploadTask {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadResponse>((resolve, reject) => {
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', file, file.name);
    xhr.open('POST', `${API_BASE}/upload/image`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(sessionHeaders(false))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let envelope: RawEnvelope | undefined;
      try {
        envelope = asRecord(JSON.parse(xhr.responseText)) as RawEnvelope | undefined;
      } catch {
        envelope = undefined;
      }
      try {
        resolve(unwrap<UploadResponse>(xhr.status, envelope, { silent: true, quietSuccess: true }));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(transportError(false, 'upload failed', { silent: true }));
    xhr.ontimeout = () => reject(transportError(true, 'upload timed out', { silent: true }));
    xhr.onabort = () => reject(new ApiError('network', 'aborted', undefined, { aborted: true }));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
