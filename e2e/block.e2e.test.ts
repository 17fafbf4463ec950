/**
 * A block trade on a phone and in the back office, against the real built server.
 *
 * An operator creates a block product on WALMEX (the secret key is shown once, here through the
 * API); a verified account opens it, types fewer shares than the minimum (the rule shows, the
 * button stays off), then applies with the key and the confirmation step: amount + fee is frozen.
 * A reviewer opens the item in the back office's block queue and approves it with a reason; the
 * application shows approved with its position, which is a locked long at the deal price.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { E2E_ADMIN_PASSWORD, startServer, type E2eServer } from './global-setup.js';
import { api, seedStorage, type Session } from './market-helpers.js';
import { AdminApi, openMxnChannel, verifiedFundedUser } from './server-api.js';

let server: E2eServer;
let baseUrl = '';
let browser: Browser;
let ops: AdminApi;

async function fillInput(page: Page, testId: string, value: string): Promise<void> {
  await page.locator(`input[data-testid=${testId}], [data-testid=${testId}] input`).first().fill(value);
}

async function mxn(session: Session): Promise<{ available: string; frozen: string }> {
  const r = await api<{ accounts: { currency: string; available: string; frozen: string }[] }>(
    baseUrl,
    '/user/assets',
    { currency: 'MXN' },
    session,
  );
  return r.data!.accounts.find((a) => a.currency === 'MXN')!;
}

const plain = (text: string | null) => (text ?? '').replace(/[^\d.-]/g, '');

beforeAll(async () => {
  server = await startServer();
  baseUrl = server.baseUrl;
  browser = await launch();
  ops = new AdminApi(baseUrl);
  await ops.login();
  await openMxnChannel(ops);
  // the journey's deal price is fixed (50.00) while the simulated market moves: a collar wide enough for it
  expect(
    (await ops.call('/config/set', { key: 'block.priceCollar', reason: 'e2e: fixed deal price', value: '0.9' })).status,
  ).toBe(1);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a block trade', () => {
  it('applies with the secret key on the phone and is approved in the back office into a locked position', async () => {
    const created = await ops.call<{ id: string; secretKey: string }>('/block/create', {
      instrumentId: 'i_mxn_WALMEX',
      kind: 'block',
      price: '50.00',
      minShares: 100,
      dailyLimit: 1000,
      lockDays: 3,
      open: true,
      reason: 'e2e deal',
    });
    expect(created.status, JSON.stringify(created)).toBe(1);
    const { id: productId, secretKey } = created.data!;
    const { session, uid } = await verifiedFundedUser(baseUrl, ops, { channelId: 'ch_mx', amount: '50000.00' });

    const page = await phonePage(browser);
    await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language: 'en' });
    await page.goto(`${baseUrl}/#/home/blockTrade`);
    await page.getByTestId(`bt-card-${productId}`).waitFor({ state: 'visible', timeout: 20_000 });
    await shot(page, 'block-01-list');

    await page.goto(`${baseUrl}/#/home/blockTrade2?id=${productId}`);
    await page
      .locator('input[data-testid=bt-shares], [data-testid=bt-shares] input')
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 });
    await fillInput(page, 'bt-secret', secretKey);
    await fillInput(page, 'bt-shares', '50');
    await expect.poll(async () => page.getByTestId('bt-submit').isDisabled(), { timeout: 10_000 }).toBe(true);
    await shot(page, 'block-02-below-minimum');
    await fillInput(page, 'bt-shares', '300');
    // 300 × 50.00 = 15,000.00; fee 0.15 % = 22.50
    await expect
      .poll(async () => plain(await page.getByTestId('bt-total').innerText()), { timeout: 10_000 })
      .toBe('15022.50');
    await expect.poll(async () => page.getByTestId('bt-submit').isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('bt-submit').click();
    await page.getByTestId('bt-confirm-step').waitFor({ state: 'visible' });
    expect(plain(await page.getByTestId('bt-confirm-total').innerText())).toBe('15022.50');
    await page.getByTestId('bt-confirm').click();
    await page.getByTestId('bt-result').waitFor({ state: 'visible', timeout: 15_000 });
    await shot(page, 'block-03-applied');
    expect(await mxn(session)).toMatchObject({ available: '34977.50', frozen: '15022.50' });

    // ── the reviewer approves it in the block queue ────────────────────────────────────────
    const context = await browser.newContext({ viewport: { width: 1440, height: 960 } });
    const admin = await context.newPage();
    await admin.goto(`${baseUrl}/admin/`);
    await admin.getByTestId('admin-login-username').fill('admin');
    await admin.getByTestId('admin-login-password').fill(E2E_ADMIN_PASSWORD);
    await admin.getByTestId('admin-login-submit').click();
    await admin.getByTestId('users-search').waitFor({ timeout: 20_000 });
    await admin.goto(`${baseUrl}/admin/#/reviews/block`);
    const row = admin
      .getByTestId('reviews-table')
      .locator('tr.ant-table-row', { hasText: session.account })
      .filter({ hasText: 'Pending' });
    await expect
      .poll(
        async () => {
          if ((await row.count()) > 0) return true;
          await admin.getByTestId('reviews-reload').click();
          return false;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    await row.locator('[data-testid^="review-open-"]').click();
    await admin.getByTestId('review-detail-summary').waitFor({ timeout: 15_000 });
    await shot(admin, 'block-04-admin-review');
    await admin.getByTestId('review-approve').click();
    await admin.getByTestId('confirm-reason').fill('Deal terms checked');
    await admin.getByTestId('confirm-ok').click();
    await admin.getByTestId('review-detail-summary').waitFor({ state: 'detached', timeout: 15_000 });
    await context.close();

    // ── approved: a locked long at the deal price, the fee as its open fee ─────────────────
    const apps = await api<{ list: { id: string; state: string; orderId: string | null }[] }>(
      baseUrl,
      '/block/applications',
      {},
      session,
    );
    const application = apps.data!.list[0]!;
    expect(application.state).toBe('approved');
    const positions = await api<{
      list: { orderId: string; source: string; state: string; lots: number; costPrice: string; openFee: string }[];
    }>(baseUrl, '/trade/userstocklist', { type: 'mxn' }, session);
    expect(positions.data!.list.find((p) => p.orderId === application.orderId)).toMatchObject({
      source: 'block',
      state: 'locked',
      lots: 300,
      costPrice: '50.00',
      openFee: '22.50',
    });
    expect(await mxn(session)).toMatchObject({ available: '34977.50', frozen: '0.00' });
    expect(uid).toBeTruthy();

    await page.goto(`${baseUrl}/#/home/blockTrade?tab=applications`);
    await page.getByTestId(`bt-application-position-${application.id}`).waitFor({ state: 'visible', timeout: 20_000 });
    await shot(page, 'block-05-approved');
  });
});
