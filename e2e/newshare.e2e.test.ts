/**
 * New shares on a phone, against the real built server and its demo offerings.
 *
 * A verified account with MXN funds opens the IPO list, opens Nova Energía (open, paid on
 * allotment), types fewer shares than the 10,000 minimum (the rule shows, the button stays off),
 * then applies for 10,000 with the confirmation step and sees the result; the server holds one
 * `applied` record and nothing was frozen (paid on allotment). Then it opens Andes Litio, drawn
 * at seeding, and verifies the draw in the browser: the seed matches its published hash and every
 * allotment is recomputed. The list and the detail are photographed in German and Chinese, light
 * and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { startServer, type E2eServer } from './global-setup.js';
import { api, seedStorage, type Session } from './market-helpers.js';
import { AdminApi, openMxnChannel, verifiedFundedUser } from './server-api.js';

let server: E2eServer;
let baseUrl = '';
let browser: Browser;
let ops: AdminApi;

async function fillInput(page: Page, testId: string, value: string): Promise<void> {
  await page.locator(`input[data-testid=${testId}], [data-testid=${testId}] input`).first().fill(value);
}

const plain = (text: string | null) => (text ?? '').replace(/[^\d.-]/g, '');

beforeAll(async () => {
  server = await startServer();
  baseUrl = server.baseUrl;
  browser = await launch();
  ops = new AdminApi(baseUrl);
  await ops.login();
  await openMxnChannel(ops);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('new shares on a phone', () => {
  it('applies for an IPO with the minimum shown before pressing, then verifies a drawn offering in the browser', async () => {
    const { session } = await verifiedFundedUser(baseUrl, ops, { channelId: 'ch_mx', amount: '300000.00' });
    const page = await phonePage(browser);
    await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language: 'en' });

    await page.goto(`${baseUrl}/#/home/newStock`);
    await page.getByTestId('ns-card-ns_demo_nova').waitFor({ state: 'visible', timeout: 20_000 });
    expect(await page.getByTestId('ns-card-ns_demo_nova').innerText()).toContain('Nova Energía');
    await shot(page, 'newshare-01-list');

    await page.goto(`${baseUrl}/#/home/newStockBuy?id=ns_demo_nova`);
    await page
      .locator('input[data-testid=ns-quantity], [data-testid=ns-quantity] input')
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 });
    await fillInput(page, 'ns-quantity', '5000');
    await expect.poll(async () => page.getByTestId('ns-submit').isDisabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('ns-form-min-shares').innerText()).toMatch(/10,000/);
    await shot(page, 'newshare-02-below-minimum');

    await fillInput(page, 'ns-quantity', '10000');
    await expect
      .poll(async () => plain(await page.getByTestId('ns-amount').innerText()), { timeout: 10_000 })
      .toBe('185000.00');
    await expect.poll(async () => page.getByTestId('ns-submit').isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('ns-submit').click();
    await page.getByTestId('ns-confirm-step').waitFor({ state: 'visible' });
    expect(plain(await page.getByTestId('ns-confirm-amount').innerText())).toBe('185000.00');
    await page.getByTestId('ns-confirm').click();
    await page.getByTestId('ns-result').waitFor({ state: 'visible', timeout: 15_000 });
    await shot(page, 'newshare-03-applied');

    const records = await api<{
      list: { newShareId: string; state: string; quantity: number; frozenAmount: string }[];
    }>(baseUrl, '/newShare/records', {}, session as Session);
    expect(records.data?.list).toEqual([
      expect.objectContaining({ newShareId: 'ns_demo_nova', state: 'applied', quantity: 10_000, frozenAmount: '0.00' }),
    ]);

    await page.goto(`${baseUrl}/#/home/newStockBuy?id=ns_demo_andes`);
    await page.getByTestId('ns-verify-start').waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByTestId('ns-verify-start').click();
    const ok = page.getByTestId('ns-verify-ok');
    await ok.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await ok.innerText()).toMatch(/12/);
    await ok.scrollIntoViewIfNeeded();
    await shot(page, 'newshare-04-verified');

    for (const [language, scheme] of [
      ['de', 'light'],
      ['zh', 'dark'],
      ['de', 'dark'],
      ['zh', 'light'],
    ] as const) {
      const p = await phonePage(browser, scheme);
      await seedStorage(p.context(), { tokend: session.tokend, account: session.account, language });
      await p.goto(`${baseUrl}/#/home/newStock`);
      await p.getByTestId('ns-card-ns_demo_nova').waitFor({ state: 'visible', timeout: 20_000 });
      await shot(p, `newshare-05-list-${language}-${scheme}`);
      await p.goto(`${baseUrl}/#/home/newStockBuy?id=ns_demo_andes`);
      await p.getByTestId('ns-verify-start').waitFor({ state: 'visible', timeout: 20_000 });
      await shot(p, `newshare-06-detail-${language}-${scheme}`);
      await p.context().close();
    }
  });
});
