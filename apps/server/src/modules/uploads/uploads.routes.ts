/**
 * HTTP edge of uploads: `POST /api/vue/upload/image` (multipart, docs/api.md §17) and the signed
 * `GET /files/<imageId>` links (outside /api/vue/, §1.11). Also starts the cleanup timer.
 *
 * The upload route cannot use `registerUserRoute`: its body is a multipart stream read by the
 * handler, and the order of checks (§1.2: 401 → 429 → 400) must hold even for bodies Fastify
 * parses or refuses before a handler runs (a JSON body, an unknown content type). So the session
 * and the rate limits are checked in an `onRequest` hook, before any body is read.
 */
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { UPLOAD_MAX_BYTES, uploadPurposeField, type FieldReason, type UploadPurpose } from '@brokerage/contract';
import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { invariant, InvalidRequest } from '../../platform/errors.js';
import { consumeCaller, okEnvelope, sendFail, type UserRouteDeps, type UserSession } from '../../platform/http.js';
import { FILES_PATH_PREFIX } from './signed-urls.js';
import { sniffImageFormat, type ImageFormat } from './images.js';
import { deleteUnusedUploads, findServableUpload, storeImage, type Uploads } from './uploads.service.js';

export const UPLOAD_IMAGE_PATH = '/api/vue/upload/image';

/**
 * Busboy limits for the upload form. `fileSize` is the contract's cap: busboy stops passing bytes
 * at exactly the cap and flags the stream as truncated, so no more than the cap is ever held in
 * memory. A part named `file` is a file even without a file name.
 */
export const uploadMultipartOptions = {
  throwFileSizeLimit: false,
  isPartAFile: (fieldName: string | undefined, _contentType: string | undefined, fileName: string | undefined) =>
    fieldName === 'file' || fileName !== undefined,
  limits: {
    fileSize: UPLOAD_MAX_BYTES,
    files: 3,
    fields: 10,
    parts: 16,
    fieldSize: 1024,
    fieldNameSize: 100,
    headerPairs: 100,
  },
} satisfies FastifyMultipartBaseOptions;

interface UploadForm {
  fileParts: number;
  bytes: Buffer | null;
  isTooLarge: boolean;
  purposes: unknown[];
  /** False when the form was cut short by a parser limit: absent parts may just be unread. */
  isComplete: boolean;
}

async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream);
}

/** Collects a file stream that busboy already cuts at the cap; `isTooLarge` when it had to. */
async function readCapped(stream: Readable & { truncated?: boolean }): Promise<{ bytes: Buffer; isTooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total <= UPLOAD_MAX_BYTES) chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks), isTooLarge: stream.truncated === true || total > UPLOAD_MAX_BYTES };
}

function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { fileParts: 0, bytes: null, isTooLarge: false, purposes: [], isComplete: true };
  try {
    for await (const part of request.parts(uploadMultipartOptions)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await drain(part.file); // unknown parts are ignored (§1.1), but must be read past
          continue;
        }
        form.fileParts += 1;
        if (form.fileParts > 1) {
          await drain(part.file);
          continue;
        }
        const { bytes, isTooLarge } = await readCapped(part.file);
        form.bytes = bytes;
        form.isTooLarge = isTooLarge;
      } else if (part.fieldname === 'purpose') {
        form.purposes.push(part.value);
      }
    }
  } catch (error) {
    // Everything thrown while reading the form is about the request body, never a server fault.
    form.isComplete = false;
    const code = errorCode(error);
    if (code === 'FST_FILES_LIMIT') form.fileParts = Math.max(form.fileParts, 2);
    else if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new InvalidRequest({ body: 'too_many' });
    else throw new InvalidRequest({ body: 'format' });
  }
  return form;
}

/** The 400 checks of §17, every failing field at once; the image's type by its first bytes only. */
function validateForm(form: UploadForm): { purpose: UploadPurpose; bytes: Buffer; format: ImageFormat } {
  const fields: Record<string, FieldReason> = {};
  const format = form.bytes ? sniffImageFormat(form.bytes) : null;
  if (form.fileParts > 1) fields.file = 'too_many';
  else if (!form.bytes) fields.file = 'required';
  else if (!format) fields.file = 'file_type';
  else if (form.isTooLarge) fields.file = 'file_too_large';

  let purpose: UploadPurpose | null = null;
  const [value] = form.purposes;
  if (form.purposes.length > 1) fields.purpose = 'too_many';
  else if (value === undefined || value === '') {
    if (form.isComplete) fields.purpose = 'required';
  } else if (typeof value !== 'string') fields.purpose = 'type';
  else {
    const parsed = uploadPurposeField.safeParse(value);
    if (parsed.success) purpose = parsed.data;
    else fields.purpose = 'enum';
  }

  if (Object.keys(fields).length > 0 || !purpose || !form.bytes || !format) {
    throw new InvalidRequest(Object.keys(fields).length > 0 ? fields : { body: 'format' });
  }
  return { purpose, bytes: form.bytes, format };
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * Registers the upload and file routes on `app` (an encapsulated scope where @fastify/multipart
 * is registered, see uploads.module.ts) and starts the cleanup timer, which stops when the app closes.
 */
export function registerUploadRoutes(app: FastifyInstance, route: UserRouteDeps, uploads: Uploads): void {
  const sessions = new WeakMap<FastifyRequest, UserSession>();

  // §1.2 order: auth (401) → rate limits (429), before the body is parsed.
  const authenticateAndLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = header(request, 'token');
    const account = header(request, 'account');
    const session = token && account ? await route.authenticate(token, account) : null;
    if (!session) return sendFail(reply, 'auth.required');
    sessions.set(request, session);
    // The same per-caller and per-account counters as registerUserRoute (platform/http.ts), so the budgets are shared.
    await consumeCaller(route.limits, request, session);
    await route.limits.consume('uploadPerAccount', `u:${session.userId}`);
    return undefined;
  };

  app.post(UPLOAD_IMAGE_PATH, { onRequest: authenticateAndLimit }, async (request, reply) => {
    const session = sessions.get(request);
    invariant(session, 'upload route reached without a session');
    if (!request.isMultipart()) throw new InvalidRequest({ body: 'type' });
    const { purpose, bytes, format } = validateForm(await readUploadForm(request));
    const data = await storeImage(uploads, { userId: session.userId, purpose, bytes, format });
    return reply.send(okEnvelope(data, 'result.upload.ok'));
  });

  app.get<{ Params: { imageId: string }; Querystring: Record<string, unknown> }>(
    `${FILES_PATH_PREFIX}:imageId`,
    async (request, reply) => {
      const { imageId } = request.params;
      const check = uploads.signer.verify(imageId, request.query.exp, request.query.sig, uploads.clock.now());
      if (!check.ok) return sendFail(reply, 'auth.forbidden');
      const row = await findServableUpload(uploads.db, imageId);
      const stream = row ? await uploads.storage.getStream(row.storageKey) : null;
      if (!row || !stream) return sendFail(reply, 'request.not_found');
      reply.headers({
        'content-type': row.contentType,
        'content-length': String(row.size),
        'x-content-type-options': 'nosniff',
        'content-disposition': 'inline',
        'cache-control': `private, max-age=${Math.floor(check.remainingMs / 1000)}`,
        'content-security-policy': "default-src 'none'",
      });
      return reply.send(stream);
    },
  );

  startCleanupTimer(app, uploads);
}

/** Runs `deleteUnusedUploads` every `cleanupIntervalMs` (unref'd: it never keeps the process alive). */
function startCleanupTimer(app: FastifyInstance, uploads: Uploads): void {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = deleteUnusedUploads(uploads.db, uploads.storage, uploads.clock.now(), app.log)
      .then((deleted) => {
        if (deleted > 0) app.log.info({ deleted }, 'deleted unused uploads');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'cleanup of unused uploads failed'))
      .finally(() => {
        running = null;
      });
  }, uploads.cleanupIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
