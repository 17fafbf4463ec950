import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UPLOAD_MAX_BYTES, UPLOAD_UNUSED_TTL_MS, UPLOAD_URL_TTL_MS } from '@brokerage/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import { transaction } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { loadConfig } from '../../platform/config.js';
import { defaultLimits } from '../../platform/rate-limit.js';
import {
  post,
  registerUser,
  relaxedLimits,
  startTestApp,
  useTestApp,
  type Reply,
  type TestApp,
  type TestUser,
} from '../../test/harness.js';
import { LocalFileStorage } from './file-storage.js';
import { sniffImageFormat } from './images.js';
import { uploadSignature, UploadUrlSigner } from './signed-urls.js';
import {
  claimUpload,
  CLEANUP_INTERVAL_MS,
  createUploads,
  deleteUnusedUploads,
  type ClaimUploadInput,
} from './uploads.service.js';
import { uploads as uploadsTable } from './uploads.tables.js';

const dir = mkdtempSync(path.join(tmpdir(), 'brokerage-uploads-'));
// No SIGNING_SECRET in the test config: the app generates one in the uploads folder, as in the embedded setup.
// The real upload limit (30 per hour per account), whatever the harness relaxes.
const t = useTestApp({ ...relaxedLimits, uploadPerAccount: defaultLimits.uploadPerAccount }, undefined, {
  uploads: { dir },
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Part {
  name: string;
  data: string | Buffer;
  filename?: string;
  type?: string;
}
interface Uploaded {
  imageId: string;
  purpose: string;
  contentType: string;
  size: number;
  url: string;
  expiresAt: string;
}

/** A multipart/form-data body built by hand, so the test controls every header of every part. */
function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----brokerage-test-${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(user: TestUser | null, parts: Part[], app = t.app): Promise<Reply> {
  const { payload, contentType } = multipart(parts);
  const res = await app.inject({
    method: 'POST',
    url: '/api/vue/upload/image',
    payload,
    headers: { 'content-type': contentType, ...(user?.headers ?? {}) },
  });
  return { http: res.statusCode, body: res.json(), headers: res.headers };
}

const file = (data: Buffer, filename = 'photo.png', type = 'image/png'): Part => ({
  name: 'file',
  data,
  filename,
  type,
});
const purpose = (value = 'kyc_front'): Part => ({ name: 'purpose', data: value });

async function uploadOk(user: TestUser, data: Buffer, purposeValue = 'kyc_front'): Promise<Uploaded> {
  const r = await upload(user, [purpose(purposeValue), file(data)]);
  if (r.body.status !== 1) throw new Error(`upload failed: ${JSON.stringify(r.body)}`);
  return r.body.data as Uploaded;
}

async function fetchFile(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function rowOf(imageId: string) {
  const [row] = await t.deps.db.select().from(uploadsTable).where(eq(uploadsTable.id, imageId));
  if (!row) throw new Error(`no upload ${imageId}`);
  return row;
}

const images = {} as { png: Buffer; jpegWithExif: Buffer; webp: Buffer; gif: Buffer; truncatedPng: Buffer };
const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });

beforeAll(async () => {
  images.png = await canvas(32, 16).png().toBuffer();
  // 40×20 pixels stored sideways: orientation 6 says "rotate 90° clockwise to view".
  images.jpegWithExif = await canvas(40, 20)
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Holdings', Artist: 'Ana Lopez' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  images.webp = await canvas(24, 24).webp().toBuffer();
  images.gif = await canvas(8, 8).gif().toBuffer();
  const noise = Buffer.alloc(96 * 96 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5)) % 251;
  const fullPng = await sharp(noise, { raw: { width: 96, height: 96, channels: 3 } })
    .png()
    .toBuffer();
  images.truncatedPng = fullPng.subarray(0, Math.floor(fullPng.length / 2));
});

describe('sniffing the type from the first bytes', () => {
  it('knows JPEG, PNG and WebP signatures and nothing else', () => {
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImageFormat(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(sniffImageFormat(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImageFormat(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe('uploading an image (docs/api.md §17)', () => {
  let ana: TestUser;
  beforeAll(async () => {
    ana = await registerUser(t.app);
  });

  it('stores a PNG and answers result.upload.ok with the stored type, size and a 15-minute link', async () => {
    const r = await upload(ana, [file(images.png), purpose('deposit_proof')]);
    expect(r.http).toBe(200);
    expect(r.body).toMatchObject({ status: 1, msg: 'ok', code: 'result.upload.ok' });
    const data = r.body.data as Uploaded;
    expect(data.imageId).toMatch(/^img_[A-Za-z0-9_-]+$/);
    expect(data).toMatchObject({ purpose: 'deposit_proof', contentType: 'image/png' });
    expect(data.url).toMatch(new RegExp(`^/files/${data.imageId}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    expect(data.expiresAt).toBe(new Date(t.clock.now().getTime() + UPLOAD_URL_TTL_MS).toISOString());
    const served = await fetchFile(data.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(data.size);
    const row = await rowOf(data.imageId);
    expect(row).toMatchObject({
      userId: ana.id,
      purpose: 'deposit_proof',
      contentType: 'image/png',
      size: data.size,
      usedAt: null,
      deletedAt: null,
    });
  });

  it('keeps JPEG and WebP in their own format', async () => {
    expect((await uploadOk(ana, images.jpegWithExif)).contentType).toBe('image/jpeg');
    const webp = await uploadOk(ana, images.webp, 'wallet_qr');
    expect(webp).toMatchObject({ contentType: 'image/webp', purpose: 'wallet_qr' });
    expect((await sharp((await fetchFile(webp.url)).rawPayload).metadata()).format).toBe('webp');
  });

  it('rotates by the EXIF orientation, then strips every metadata block', async () => {
    const before = await sharp(images.jpegWithExif).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    const r = await upload(ana, [purpose(), file(images.jpegWithExif, 'passport-ana-lopez.jpg', 'image/jpeg')]);
    const data = r.body.data as Uploaded;
    const stored = (await fetchFile(data.url)).rawPayload;
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(stored.includes('Secret Holdings')).toBe(false);
    // stored under a random name: nothing of the client's file name reaches the disk
    const row = await rowOf(data.imageId);
    expect(row.storageKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(readdirSync(dir).some((name) => name.includes('passport'))).toBe(false);
    expect(readFileSync(path.join(dir, row.storageKey)).equals(stored)).toBe(true);
  });

  it('ignores the declared content type and file name', async () => {
    const asText = await upload(ana, [purpose(), file(images.png, 'notes.txt', 'text/plain')]);
    expect((asText.body.data as Uploaded).contentType).toBe('image/png');
    const jpegAsPng = await upload(ana, [purpose(), file(images.jpegWithExif, 'image.png', 'image/png')]);
    expect((jpegAsPng.body.data as Uploaded).contentType).toBe('image/jpeg');
    const noName = await upload(ana, [purpose(), { name: 'file', data: images.webp }]);
    expect((noName.body.data as Uploaded).contentType).toBe('image/webp');
  });

  it('refuses a GIF and a text file named .png with file_type', async () => {
    const gif = await upload(ana, [purpose(), file(images.gif, 'anim.gif', 'image/gif')]);
    expect(gif.http).toBe(400);
    expect(gif.body).toMatchObject({ status: 0, code: 'request.invalid', params: { fields: { file: 'file_type' } } });
    const text = await upload(ana, [
      purpose(),
      file(Buffer.from('hello, this is not an image\n'), 'photo.png', 'image/png'),
    ]);
    expect(text.http).toBe(400);
    expect(text.body.params).toEqual({ fields: { file: 'file_type' } });
    const empty = await upload(ana, [purpose(), file(Buffer.alloc(0))]);
    expect(empty.body.params).toEqual({ fields: { file: 'file_type' } });
  });

  it('refuses 5 242 881 bytes with file_too_large and reads exactly 5 242 880', async () => {
    const withPngMagic = (size: number) => {
      const bytes = Buffer.alloc(size, 0x41);
      images.png.copy(bytes, 0, 0, 8);
      return bytes;
    };
    const over = await upload(ana, [purpose(), file(withPngMagic(UPLOAD_MAX_BYTES + 1))]);
    expect(over.http).toBe(400);
    expect(over.body.params).toEqual({ fields: { file: 'file_too_large' } });
    // At the cap the size passes; the bytes are no image, so decoding fails.
    const atCap = await upload(ana, [purpose(), file(withPngMagic(UPLOAD_MAX_BYTES))]);
    expect(atCap.http).toBe(200);
    expect(atCap.body.code).toBe('result.upload.failed');
  });

  it('answers status 0 result.upload.failed for an image that cannot be decoded, and stores nothing', async () => {
    const rowsBefore = await t.deps.db.select().from(uploadsTable).where(eq(uploadsTable.userId, ana.id));
    const filesBefore = readdirSync(dir).length;
    const r = await upload(ana, [purpose(), file(images.truncatedPng)]);
    expect(r.http).toBe(200);
    expect(r.body).toEqual({ status: 0, msg: 'Upload failed.', code: 'result.upload.failed', params: {} });
    const rowsAfter = await t.deps.db.select().from(uploadsTable).where(eq(uploadsTable.userId, ana.id));
    expect(rowsAfter.length).toBe(rowsBefore.length);
    expect(readdirSync(dir).length).toBe(filesBefore);
  });

  it('requires exactly one file part and a known purpose, naming each bad field', async () => {
    expect((await upload(ana, [purpose()])).body.params).toEqual({ fields: { file: 'required' } });
    expect((await upload(ana, [file(images.png)])).body.params).toEqual({ fields: { purpose: 'required' } });
    expect((await upload(ana, [file(images.png), purpose('')])).body.params).toEqual({
      fields: { purpose: 'required' },
    });
    expect((await upload(ana, [file(images.png), purpose('selfie')])).body.params).toEqual({
      fields: { purpose: 'enum' },
    });
    const two = await upload(ana, [purpose(), file(images.png), file(images.png)]);
    expect(two.http).toBe(400);
    expect(two.body.params).toEqual({ fields: { file: 'too_many' } });
    // past the parser's file limit the form is cut short: the purpose after the files is never read
    const many = await upload(ana, [file(images.png), file(images.png), file(images.png), file(images.png), purpose()]);
    expect(many.http).toBe(400);
    expect(many.body.params).toEqual({ fields: { file: 'too_many' } });
    expect((await upload(ana, [file(images.gif), purpose('selfie')])).body.params).toEqual({
      fields: { file: 'file_type', purpose: 'enum' },
    });
    // other parts are ignored, including files under another name
    const extra = await upload(ana, [
      { name: 'note', data: 'hi' },
      file(images.png, 'x.png'),
      { name: 'other', data: images.gif, filename: 'a.gif' },
      purpose(),
    ]);
    expect(extra.body.code).toBe('result.upload.ok');
  });

  it('refuses a body that is not multipart with body: type', async () => {
    const json = await post(t.app, '/upload/image', { purpose: 'kyc_front', file: 'aGVsbG8=' }, ana.headers);
    expect(json.http).toBe(400);
    expect(json.body).toMatchObject({ code: 'request.invalid', params: { fields: { body: 'type' } } });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/vue/upload/image',
      payload: 'hello',
      headers: { 'content-type': 'text/plain', ...ana.headers },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ params: { fields: { body: 'type' } } });
  });

  it('answers 401 without a valid session, before looking at the body', async () => {
    const anonymous = await upload(null, [purpose(), file(images.png)]);
    expect(anonymous.http).toBe(401);
    expect(anonymous.body.code).toBe('auth.required');
    const wrongAccount = await upload({ ...ana, headers: { token: ana.token, account: '5210000000000' } }, [
      purpose(),
      file(images.png),
    ]);
    expect(wrongAccount.http).toBe(401);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/vue/upload/image',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(401);
  });

  it('keeps multipart parsing to the upload route: other calls still refuse it', async () => {
    const { payload, contentType } = multipart([{ name: 'phone', data: ana.account }]);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'request.invalid', params: { fields: { body: 'type' } } });
  });
});

describe('the per-account upload limit (§1.7)', () => {
  it('answers the 31st upload within an hour with 429 and Retry-After, counting refused attempts too', async () => {
    const busy = await registerUser(t.app);
    for (let i = 0; i < 25; i++) expect((await upload(busy, [purpose(), file(images.png)])).http).toBe(200);
    for (let i = 0; i < 5; i++) expect((await upload(busy, [purpose('selfie'), file(images.png)])).http).toBe(400);
    const r = await upload(busy, [purpose(), file(images.png)]);
    expect(r.http).toBe(429);
    expect(r.body.code).toBe('request.too_frequent');
    const seconds = Number(r.headers['retry-after']);
    expect(seconds).toBeGreaterThan(3500);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(r.body.params).toEqual({ seconds: String(seconds) });
    // the limit is per account
    const other = await registerUser(t.app);
    expect((await upload(other, [purpose(), file(images.png)])).http).toBe(200);
  });
});

describe('signed links to an uploaded file (§17, §1.11)', () => {
  let bea: TestUser;
  beforeAll(async () => {
    bea = await registerUser(t.app);
  });

  it('serves the stored bytes inline with the stored type and a policy that runs nothing', async () => {
    const data = await uploadOk(bea, images.png);
    const r = await fetchFile(data.url);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-disposition']).toBe('inline');
    expect(r.headers['cache-control']).toBe(`private, max-age=${UPLOAD_URL_TTL_MS / 1000}`);
    expect(r.headers['content-security-policy']).toBe("default-src 'none'");
    expect((await sharp(r.rawPayload).metadata()).format).toBe('png');
  });

  it('works until its 15 minutes are over, then answers 403', async () => {
    const data = await uploadOk(bea, images.png);
    t.clock.advance(UPLOAD_URL_TTL_MS - 1000);
    const late = await fetchFile(data.url);
    expect(late.statusCode).toBe(200);
    expect(late.headers['cache-control']).toBe('private, max-age=1');
    t.clock.advance(1000);
    const expired = await fetchFile(data.url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ status: 0, code: 'auth.forbidden' });
  });

  it('refuses a tampered, moved or missing signature with 403', async () => {
    const a = await uploadOk(bea, images.png);
    const b = await uploadOk(bea, images.png);
    const url = new URL(a.url, 'http://local');
    const sig = url.searchParams.get('sig') ?? '';
    const exp = url.searchParams.get('exp') ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const attempts = [
      `/files/${a.imageId}?exp=${exp}&sig=${flipped}`,
      `/files/${a.imageId}?exp=${Number(exp) + 60_000}&sig=${sig}`,
      `/files/${b.imageId}?exp=${exp}&sig=${sig}`,
      `/files/${a.imageId}?exp=${exp}`,
      `/files/${a.imageId}`,
      `/files/${a.imageId}?exp=${exp}&sig=${sig}x`,
    ];
    for (const attempt of attempts) expect((await fetchFile(attempt)).statusCode, attempt).toBe(403);
    expect((await fetchFile(a.url)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown upload even with a valid signature', async () => {
    const secret = readFileSync(path.join(dir, '.signing-secret'), 'utf8').trim();
    const exp = t.clock.now().getTime() + 60_000;
    const r = await fetchFile(
      `/files/img_doesNotExist?exp=${exp}&sig=${uploadSignature(secret, 'img_doesNotExist', exp)}`,
    );
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'request.not_found' });
  });

  it('keeps a generated signing secret readable by the owner only, and reuses it', () => {
    const secretFile = path.join(dir, '.signing-secret');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const now = new Date('2026-03-02T15:00:00Z');
    const again = new UploadUrlSigner(null, secretFile);
    const configured = new UploadUrlSigner('another-secret', secretFile);
    const link = new URL(again.sign('img_x', now).url, 'http://local');
    const [exp, sig] = [link.searchParams.get('exp'), link.searchParams.get('sig')];
    const secret = readFileSync(secretFile, 'utf8').trim();
    expect(sig).toBe(uploadSignature(secret, 'img_x', Number(exp)));
    expect(configured.verify('img_x', exp, sig, now)).toEqual({ ok: false });
  });
});

describe('claiming an upload for a business record', () => {
  let cai: TestUser;
  let dan: TestUser;
  beforeAll(async () => {
    cai = await registerUser(t.app);
    dan = await registerUser(t.app);
  });

  const claim = (input: Omit<ClaimUploadInput, 'now' | 'field'> & { now?: Date }) =>
    transaction(t.deps.db, (tx) => claimUpload(tx, { field: 'frontImageId', now: t.clock.now(), ...input }));

  async function refusal(promise: Promise<unknown>): Promise<DomainError> {
    const error: unknown = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
    return error;
  }

  it('marks the upload used by the record, and only once', async () => {
    const { imageId } = await uploadOk(cai, images.png, 'kyc_front');
    const claimed = await claim({ userId: cai.id, imageId, purpose: 'kyc_front', usedBy: 'kyc:k_1' });
    expect(claimed).toMatchObject({ id: imageId, usedBy: 'kyc:k_1' });
    expect(await rowOf(imageId)).toMatchObject({ usedBy: 'kyc:k_1', usedAt: t.clock.now() });
    const again = await refusal(claim({ userId: cai.id, imageId, purpose: 'kyc_front', usedBy: 'kyc:k_2' }));
    expect(again.code).toBe('request.invalid');
    expect(again.params).toEqual({ fields: { frontImageId: 'unknown_upload' } });
    expect((await rowOf(imageId)).usedBy).toBe('kyc:k_1');
  });

  it("refuses someone else's upload, and leaves it to its owner", async () => {
    const { imageId } = await uploadOk(cai, images.png, 'deposit_proof');
    const stolen = await refusal(
      transaction(t.deps.db, (tx) =>
        claimUpload(tx, {
          userId: dan.id,
          imageId,
          purpose: 'deposit_proof',
          usedBy: 'deposit:d_1',
          field: 'proofImageId',
          now: t.clock.now(),
        }),
      ),
    );
    expect(stolen.params).toEqual({ fields: { proofImageId: 'unknown_upload' } });
    await claim({ userId: cai.id, imageId, purpose: 'deposit_proof', usedBy: 'deposit:d_2' });
  });

  it('refuses another purpose and an unknown id', async () => {
    const { imageId } = await uploadOk(cai, images.png, 'kyc_back');
    expect((await refusal(claim({ userId: cai.id, imageId, purpose: 'kyc_front', usedBy: 'kyc:k_3' }))).params).toEqual(
      { fields: { frontImageId: 'unknown_upload' } },
    );
    expect(
      (await refusal(claim({ userId: cai.id, imageId: 'img_nope', purpose: 'kyc_back', usedBy: 'kyc:k_3' }))).code,
    ).toBe('request.invalid');
    expect((await rowOf(imageId)).usedAt).toBeNull();
  });

  it("is undone when the caller's transaction rolls back", async () => {
    const { imageId } = await uploadOk(cai, images.png, 'wallet_qr');
    const failing = transaction(t.deps.db, async (tx) => {
      await claimUpload(tx, {
        userId: cai.id,
        imageId,
        purpose: 'wallet_qr',
        usedBy: 'wallet:w_1',
        field: 'qrImageId',
        now: t.clock.now(),
      });
      throw new DomainError('wallet.exists');
    });
    expect((await refusal(failing)).code).toBe('wallet.exists');
    expect((await rowOf(imageId)).usedAt).toBeNull();
    await claim({ userId: cai.id, imageId, purpose: 'wallet_qr', usedBy: 'wallet:w_2' });
  });

  it('is offered by the module handle at the clock of the app (claim and url)', async () => {
    const handle = createUploads({ db: t.deps.db, clock: t.clock, config: loadConfig({}), options: { dir } });
    const { imageId } = await uploadOk(cai, images.png, 'deposit_proof');
    const url = handle.url(imageId);
    expect(url).toBe(handle.signedUrl(imageId, t.clock.now()));
    expect(handle.uploadUrl(imageId, t.clock.now()).expiresAt).toBe(
      new Date(t.clock.now().getTime() + UPLOAD_URL_TTL_MS).toISOString(),
    );
    expect((await fetchFile(url)).statusCode).toBe(200);
    await transaction(t.deps.db, (tx) =>
      handle.claim(tx, {
        userId: cai.id,
        imageId,
        purpose: 'deposit_proof',
        usedBy: 'deposit:d_7',
        field: 'proofImageId',
      }),
    );
    expect((await rowOf(imageId)).usedBy).toBe('deposit:d_7');
  });

  it('refuses an upload left unused for 24 hours, even before the cleanup ran', async () => {
    const { imageId } = await uploadOk(cai, images.png, 'kyc_front');
    const later = new Date(t.clock.now().getTime() + UPLOAD_UNUSED_TTL_MS);
    expect(
      (await refusal(claim({ userId: cai.id, imageId, purpose: 'kyc_front', usedBy: 'kyc:k_4', now: later }))).code,
    ).toBe('request.invalid');
  });
});

describe('cleanup of unused uploads', () => {
  it('deletes an unused upload after 24 h (row, file and link) but keeps a used one', async () => {
    const eve = await registerUser(t.app);
    const storage = new LocalFileStorage(dir);
    const unused = await uploadOk(eve, images.png, 'deposit_proof');
    const used = await uploadOk(eve, images.jpegWithExif, 'kyc_front');
    await transaction(t.deps.db, (tx) =>
      claimUpload(tx, {
        userId: eve.id,
        imageId: used.imageId,
        purpose: 'kyc_front',
        usedBy: 'kyc:k_9',
        field: 'frontImageId',
        now: t.clock.now(),
      }),
    );
    const unusedKey = (await rowOf(unused.imageId)).storageKey;
    const usedKey = (await rowOf(used.imageId)).storageKey;

    const clock = new ManualClock(t.clock.now());
    clock.advance(UPLOAD_UNUSED_TTL_MS - 1);
    await deleteUnusedUploads(t.deps.db, storage, clock.now());
    expect((await rowOf(unused.imageId)).deletedAt).toBeNull();
    expect(await storage.getBuffer(unusedKey)).not.toBeNull();

    clock.advance(1);
    expect(await deleteUnusedUploads(t.deps.db, storage, clock.now())).toBeGreaterThanOrEqual(1);
    expect((await rowOf(unused.imageId)).deletedAt).toEqual(clock.now());
    expect(await storage.getBuffer(unusedKey)).toBeNull();
    expect((await fetchFile(unused.url)).statusCode).toBe(404);

    expect((await rowOf(used.imageId)).deletedAt).toBeNull();
    expect(await storage.getBuffer(usedKey)).not.toBeNull();
    expect((await fetchFile(used.url)).statusCode).toBe(200);

    // a second run finds nothing more of these
    await deleteUnusedUploads(t.deps.db, storage, clock.now());
    expect((await rowOf(used.imageId)).deletedAt).toBeNull();
  });
});

describe('the cleanup timer', () => {
  it('runs every 10 minutes, and the app waits for a run in progress when it closes', async () => {
    // Only the interval timers are faked, so the database and the HTTP stack run as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const timerDir = mkdtempSync(path.join(tmpdir(), 'brokerage-uploads-timer-'));
    let other: TestApp | null = null;
    try {
      other = await startTestApp(relaxedLimits, undefined, { uploads: { dir: timerDir } });
      const user = await registerUser(other.app);
      const r = await upload(user, [purpose(), file(images.png)], other.app);
      const { imageId } = r.body.data as Uploaded;
      other.clock.advance(UPLOAD_UNUSED_TTL_MS);
      vi.advanceTimersByTime(CLEANUP_INTERVAL_MS - 1);
      const [before] = await other.deps.db.select().from(uploadsTable).where(eq(uploadsTable.id, imageId));
      expect(before?.deletedAt).toBeNull();
      vi.advanceTimersByTime(1);
      await other.app.close();
      const [after] = await other.deps.db.select().from(uploadsTable).where(eq(uploadsTable.id, imageId));
      expect(after?.deletedAt).toEqual(other.clock.now());
      expect(readdirSync(timerDir).filter((name) => !name.startsWith('.'))).toEqual([]);
    } finally {
      vi.useRealTimers();
      await other?.database.close();
      rmSync(timerDir, { recursive: true, force: true });
    }
  });
});
