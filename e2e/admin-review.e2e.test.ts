/**
 * The review queues in the back office: a user submits the real name over HTTP with two photos, an
 * operator rejects it in the browser (the user reads the reason), the user submits again and the
 * operator approves it. Then the operator sets up a deposit channel with the form editor, the user
 * deposits with a proof over HTTP, the operator approves it and the amount reaches the balance.
 */
import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, shot } from './browser.js';
import { E2E_ADMIN_PASSWORD, E2E_INVITE } from './global-setup.js';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

interface Answer<T = unknown> {
  status: number;
  code?: string;
  msg?: string;
  data?: T;
}

interface UserSession {
  token: string;
  account: string;
  userId: string;
}

/* ---- a small PNG, built here: 8-bit RGB, one colour per horizontal band ---- */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(width: number, height: number, bands: [number, number, number][]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const [r, g, b] = bands[Math.floor((y * bands.length) / height)] ?? [0, 0, 0];
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then pixels
    for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const frontPng = png(160, 100, [
  [30, 90, 200],
  [240, 240, 240],
  [30, 90, 200],
]);
const backPng = png(160, 100, [
  [200, 60, 40],
  [250, 220, 120],
]);
const proofPng = png(120, 160, [
  [40, 160, 90],
  [255, 255, 255],
  [40, 160, 90],
  [255, 255, 255],
]);

/* ---- the user's side, over HTTP ---- */

async function userApi<T = unknown>(session: UserSession, path: string, body: unknown): Promise<Answer<T>> {
  const r = await fetch(`${baseUrl}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: session.token, account: session.account },
    body: JSON.stringify(body),
  });
  return (await r.json()) as Answer<T>;
}

/**
 * Registration is limited to 5 per IP per hour (docs/api.md §1.7), and the other journeys of a run use them
 * all. This one registers from its own loopback address (any 127.x address reaches the server).
 */
function registerFromOwnAddress(
  body: unknown,
): Promise<Answer<{ token: string; account: string; user: { id: string } }>> {
  const url = new URL(`${baseUrl}/api/vue/user/register`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: '127.0.0.23',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => {
          text += part;
        });
        res.on('end', () => {
          try {
            resolve(JSON.parse(text) as Answer<{ token: string; account: string; user: { id: string } }>);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function register(): Promise<UserSession> {
  const phone = `5218${String(Date.now()).slice(-9)}`;
  const password = 'Review123';
  const reg = await registerFromOwnAddress({
    phone,
    password,
    confirmPassword: password,
    inviteCode: E2E_INVITE,
    agreementAccepted: true,
  });
  if (reg.status !== 1 || !reg.data) throw new Error(`register failed: ${JSON.stringify(reg)}`);
  return { token: reg.data.token, account: reg.data.account, userId: reg.data.user.id };
}

/** `POST /api/vue/upload/image` (docs/api.md §17): a multipart body written by hand. */
async function upload(session: UserSession, purpose: string, bytes: Buffer): Promise<string> {
  const boundary = `----e2e-${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${purpose}.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await fetch(`${baseUrl}/api/vue/upload/image`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      token: session.token,
      account: session.account,
    },
    body,
  });
  const answer = (await r.json()) as Answer<{ imageId: string }>;
  if (answer.status !== 1 || !answer.data) throw new Error(`upload failed: ${JSON.stringify(answer)}`);
  return answer.data.imageId;
}

async function submitKyc(session: UserSession): Promise<void> {
  const frontImageId = await upload(session, 'kyc_front', frontPng);
  const backImageId = await upload(session, 'kyc_back', backPng);
  const answer = await userApi(session, '/user/kycSubmit', {
    name: 'Ana Prueba',
    idNumber: 'PRUA850101HDFRRN07',
    frontImageId,
    backImageId,
  });
  expect(answer.status, JSON.stringify(answer)).toBe(1);
}

async function kycStatus(
  session: UserSession,
): Promise<{ kycStatus: string; rejectReason: string | null } | undefined> {
  return (await userApi<{ kycStatus: string; rejectReason: string | null }>(session, '/user/kycStatus', {})).data;
}

/* ---- the operator's side, in the browser ---- */

async function adminPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 960 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin/`);
  await page.getByTestId('admin-login-username').fill('admin');
  await page.getByTestId('admin-login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('admin-login-submit').click();
  await page.getByTestId('users-search').waitFor({ timeout: 20_000 });
  return page;
}

/** Opens the pending item of this account in the queue on screen (reloading the list until it shows). */
async function openPendingItemOf(page: Page, account: string): Promise<void> {
  const row = page
    .getByTestId('reviews-table')
    .locator('tr.ant-table-row', { hasText: account })
    .filter({ hasText: 'Pending' });
  await expect
    .poll(
      async () => {
        if ((await row.count()) > 0) return true;
        await page.getByTestId('reviews-reload').click();
        return false;
      },
      { timeout: 20_000, interval: 1000 },
    )
    .toBe(true);
  await row.locator('[data-testid^="review-open-"]').click();
  await page.getByTestId('review-detail-summary').waitFor({ timeout: 15_000 });
}

/** Waits until the image inside a ReviewImage has really loaded (a 403 or a broken file gives 0). */
async function expectImageLoaded(page: Page, testId: string): Promise<void> {
  const img = page.getByTestId(testId).locator('img');
  await expect
    .poll(
      async () =>
        img.evaluate((element) => {
          const image = element as HTMLImageElement;
          return image.complete ? image.naturalWidth : 0;
        }),
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
}

/** Presses Approve or Reject, gives the reason and confirms; the drawer closes on success. */
async function decide(page: Page, button: 'review-approve' | 'review-reject', reason: string): Promise<void> {
  await page.getByTestId(button).click();
  await page.getByTestId('confirm-reason').fill(reason);
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('review-detail-summary').waitFor({ state: 'detached', timeout: 15_000 });
}

describe('an operator works the review queues', () => {
  it('rejects and then approves a real name, sets up a deposit channel and approves a deposit', async () => {
    const session = await register();
    await submitKyc(session);

    const page = await adminPage();
    await page.getByRole('menuitem', { name: 'Real name' }).click();
    await openPendingItemOf(page, session.account);
    expect(await page.getByTestId('review-kyc-name').innerText()).toBe('Ana Prueba');
    expect(await page.getByTestId('review-kyc-id-number').innerText()).toContain('PRUA850101HDFRRN07');
    await expectImageLoaded(page, 'review-image-front');
    await expectImageLoaded(page, 'review-image-back');
    await shot(page, '40-admin-review-kyc-detail');

    // Click to zoom: antd's preview shows the photo large.
    await page.getByTestId('review-image-front').click();
    const preview = page.locator('.ant-image-preview-img').first();
    await preview.waitFor({ timeout: 10_000 });
    // Let the zoom animation finish: the preview grows to the photo's own size (160 px wide).
    await expect
      .poll(async () => (await preview.boundingBox())?.width ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(159);
    await page.waitForTimeout(300);
    await shot(page, '41-admin-review-kyc-zoom');
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview-img').first().waitFor({ state: 'hidden', timeout: 10_000 });

    const rejection = 'The back photo is blurred; please take it again in daylight';
    await decide(page, 'review-reject', rejection);
    await expect
      .poll(async () => kycStatus(session), { timeout: 15_000 })
      .toMatchObject({ kycStatus: 'rejected', rejectReason: rejection });
    await page.getByTestId('reviews-filter-state').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Rejected$/ })
      .click();
    await page
      .getByTestId('reviews-table')
      .locator('tr.ant-table-row', { hasText: session.account })
      .waitFor({ timeout: 15_000 });
    await shot(page, '42-admin-review-kyc-rejected');

    // The user submits again; the operator approves the new submission.
    await submitKyc(session);
    await page.getByTestId('reviews-filter-state').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Pending$/ })
      .click();
    await openPendingItemOf(page, session.account);
    await expectImageLoaded(page, 'review-image-front');
    await decide(page, 'review-approve', 'Photos and ID number match');
    await expect.poll(async () => (await kycStatus(session))?.kycStatus, { timeout: 15_000 }).toBe('verified');

    // A deposit channel, open around the clock, set up with the form editor.
    const channelId = `e2e_spei_${Date.now()}`;
    await page.getByRole('menuitem', { name: 'Deposit channels' }).click();
    await page.getByTestId('channels-add').click();
    await page.getByTestId('channel-id').fill(channelId);
    await page.getByTestId('channel-name').fill('E2E SPEI transfer');
    await page.getByTestId('channel-account-name').fill('Meridian Securities SA de CV');
    await page.getByTestId('channel-bank-name').fill('BBVA México');
    await page.getByTestId('channel-branch').fill('CDMX Centro');
    await page.getByTestId('channel-window-24-7').click();
    await page.getByTestId('channel-ok').click();
    // No account number yet: the form refuses.
    await page.getByText('Enter the account number').waitFor({ timeout: 10_000 });
    await page.getByTestId('channel-account-number').fill('012180001234567891');
    await shot(page, '43-admin-channel-form');
    await page.getByTestId('channel-ok').click();
    await page.getByTestId(`channel-edit-${channelId}`).waitFor({ timeout: 10_000 });
    await page.getByTestId('channels-save').click();
    await page.getByTestId('confirm-reason').fill('E2E: SPEI account for the review journey');
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('channels-unsaved').waitFor({ state: 'detached', timeout: 15_000 });
    await shot(page, '44-admin-channels-saved');

    const channels = await userApi<{ list: { channelId: string; inWindow: boolean; accountNumber: string | null }[] }>(
      session,
      '/funds/depositChannels',
      { currency: 'MXN' },
    );
    expect(channels.data?.list.find((channel) => channel.channelId === channelId)).toMatchObject({
      inWindow: true,
      accountNumber: '012180001234567891',
    });

    // The user deposits with a proof; the operator approves it.
    const proofImageId = await upload(session, 'deposit_proof', proofPng);
    const deposit = await userApi<{ id: string }>(session, '/funds/deposit', {
      channelId,
      amount: '1234.50',
      proofImageId,
      requestId: randomUUID(),
    });
    expect(deposit.status, JSON.stringify(deposit)).toBe(1);

    await page.getByRole('menuitem', { name: 'Deposits' }).click();
    await openPendingItemOf(page, session.account);
    expect(await page.getByTestId('review-detail-amount').innerText()).toBe('1234.50 MXN');
    expect(await page.getByTestId('review-deposit-channel').innerText()).toContain('012180001234567891');
    await expectImageLoaded(page, 'review-image-proof');
    await page.getByTestId('review-image-proof').scrollIntoViewIfNeeded();
    await shot(page, '45-admin-review-deposit-detail');
    await decide(page, 'review-approve', 'Transfer seen on the SPEI statement');

    await expect
      .poll(
        async () => {
          const assets = await userApi<{ accounts: { currency: string; available: string }[] }>(
            session,
            '/user/assets',
            {},
          );
          return assets.data?.accounts.find((account) => account.currency === 'MXN')?.available;
        },
        { timeout: 15_000 },
      )
      .toBe('1234.50');

    // From the user's detail, the link lists every review of this user.
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByTestId('users-search').fill(session.account);
    await page.getByTestId('users-search').press('Enter');
    await page.getByTestId(`user-open-${session.account}`).click();
    await page.getByTestId('user-detail-reviews').click();
    const rows = page.getByTestId('reviews-table').locator('tr.ant-table-row');
    await expect.poll(async () => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await page.getByTestId('reviews-table').innerText()).toContain(rejection);
    await shot(page, '46-admin-user-reviews');
    await page.context().close();
  });
});
