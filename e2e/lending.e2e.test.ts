/**
 * Lending and day trading on a phone, against the real built server.
 *
 * Lending: a verified account with MXN funds opens Lending from the home quick entry, sees the
 * demo products (DEMO=1 seeds them), tries an amount below the minimum in the apply sheet (the
 * translated rule shows, the button stays off, nothing is frozen), lends a valid whole amount
 * with the confirmation step, sees the success card and the record under "in progress"; the
 * wallet's frozen MXN rose by exactly that amount. Products and records are photographed once in
 * German as well.
 *
 * Day trading: the same account applies (with the confirmation dialog) and sees "under review";
 * an operator approves it in the back office's Day trading queue with a reason; after a reload the
 * phone shows day trading enabled.
 *
 * This journey starts its own server, so its deposit channel and registrations touch no other
 * journey. Real name and deposit go through the user and back-office APIs (the money journey
 * drives those screens).
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { E2E_ADMIN_PASSWORD, startServer, type E2eServer } from './global-setup.js';
import { api, noToast, seedStorage, type Session } from './market-helpers.js';
import { AdminApi, openMxnChannel, verifiedFundedUser } from './server-api.js';

const PRODUCT = 'lp_demo_mxn30'; // MXN 30-day lending: minimum 10,000 MXN, 0.03% a day

let server: E2eServer;
let baseUrl = '';
let browser: Browser;
let ops: AdminApi;

interface MxnAccount {
  available: string;
  frozen: string;
}
async function mxn(session: Session): Promise<MxnAccount> {
  const r = await api<{ accounts: (MxnAccount & { currency: string })[] }>(
    baseUrl,
    '/user/assets',
    { currency: 'MXN' },
    session,
  );
  const account = r.data?.accounts.find((a) => a.currency === 'MXN');
  if (!account) throw new Error(`no MXN account: ${JSON.stringify(r)}`);
  return account;
}

async function fillInput(page: Page, testId: string, value: string): Promise<void> {
  await page.locator(`input[data-testid=${testId}], [data-testid=${testId}] input`).first().fill(value);
}

/** A figure as shown ("1,234.50 MXN") → its decimal string. */
const plain = (text: string | null) => (text ?? '').replace(/[^\d.-]/g, '');

/** Waits until the lending card of the product is on screen with its figures. */
async function productsShown(page: Page): Promise<void> {
  await page.getByTestId(`lending-product-${PRODUCT}`).waitFor({ state: 'visible', timeout: 20_000 });
  await expect
    .poll(async () => page.locator('[data-testid^=lending-product-lp_demo_]').count(), { timeout: 10_000 })
    .toBe(3);
}

/**
 * Waits until the element stops moving and is fully opaque: sheets, dialogs and drawers slide
 * and fade in, and a screenshot taken halfway shows them cut off.
 */
async function steady(page: Page, selector: string): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.evaluate((sel) => {
          const element = document.querySelector(sel);
          if (!element) return 'absent';
          let opacity = 1;
          for (let node: Element | null = element; node; node = node.parentElement)
            opacity *= Number(getComputedStyle(node).opacity);
          const box = element.getBoundingClientRect();
          return `${box.x.toFixed(1)},${box.y.toFixed(1)},${box.width.toFixed(1)},${box.height.toFixed(1)},${opacity.toFixed(3)}`;
        }, selector);
        const settled = now === last && now.endsWith(',1.000');
        last = now;
        return settled;
      },
      { timeout: 10_000, interval: 150 },
    )
    .toBe(true);
}

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

describe('lending and day trading on a phone', () => {
  it('lends a whole amount above the minimum (frozen until settlement), then applies for day trading and is approved in the back office', async () => {
    // ── a verified account with 50,000 MXN ─────────────────────────────────────────────────
    const { session } = await verifiedFundedUser(baseUrl, ops, { channelId: 'ch_mx', amount: '50000.00' });
    expect(await mxn(session)).toMatchObject({ available: '50000.00', frozen: '0.00' });

    const page = await phonePage(browser);
    await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language: 'en' });

    // ── lending: from the home quick entry to the products ─────────────────────────────────
    await page.goto(`${baseUrl}/#/home/index`);
    await page.getByTestId('quick-lending').click();
    await page.waitForURL(/#\/home\/lending$/);
    await productsShown(page);
    expect(await page.getByTestId(`lending-product-${PRODUCT}`).innerText()).toContain('MXN 30-day lending');
    expect(await page.getByTestId(`lending-minimum-${PRODUCT}`).innerText()).toMatch(/10,000/);
    await shot(page, 'lending-01-products');

    // ── below the minimum: the translated rule shows, nothing can be sent ──────────────────
    await page.getByTestId(`lending-apply-${PRODUCT}`).click();
    const sheet = page.getByTestId('lending-sheet');
    await sheet.waitFor({ state: 'visible' });
    await expect
      .poll(async () => await sheet.getByTestId('lending-available').innerText(), { timeout: 15_000 })
      .toMatch(/50,000\.00/);
    await fillInput(page, 'lending-amount', '5000');
    const minRule = sheet.getByTestId('lending-rule-min');
    await minRule.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await minRule.innerText()).toMatch(/^Minimum lending amount is \S*10,000(\.00)?\S*( MXN)?\.$/);
    expect(await sheet.getByTestId('lending-submit').isDisabled()).toBe(true);
    await steady(page, '.adm-popup-body');
    await shot(page, 'lending-02-below-minimum');
    // the server refuses the same amount with the same code
    const refused = await api(
      baseUrl,
      '/lending/apply',
      { productId: PRODUCT, amount: '5000', requestId: randomUUID() },
      session,
    );
    expect(refused).toMatchObject({ status: 0, code: 'lending.min_amount' });
    expect((await mxn(session)).frozen).toBe('0.00');

    // ── a valid whole amount; the confirmation repeats the terms ───────────────────────────
    await fillInput(page, 'lending-amount', '12000');
    await minRule.waitFor({ state: 'detached', timeout: 10_000 });
    // 12,000 × 0.0003 × 30 = 108.00 MXN over the term
    expect(plain(await sheet.getByTestId('lending-interest').innerText())).toBe('108.00');
    await expect.poll(async () => sheet.getByTestId('lending-submit').isEnabled(), { timeout: 10_000 }).toBe(true);
    await sheet.getByTestId('lending-submit').click();
    await sheet.getByTestId('lending-confirm-step').waitFor({ state: 'visible' });
    expect(plain(await sheet.getByTestId('lending-confirm-amount').innerText())).toBe('12000.00');
    expect((await mxn(session)).frozen).toBe('0.00'); // nothing happens before the confirmation
    await steady(page, '.adm-popup-body');
    await shot(page, 'lending-03-confirm');
    await sheet.getByTestId('lending-confirm').click();
    const result = page.getByTestId('lending-result');
    await result.waitFor({ state: 'visible', timeout: 15_000 });
    await sheet.waitFor({ state: 'hidden', timeout: 10_000 });
    expect(await result.innerText()).toContain('Application received');
    expect(await result.innerText()).toMatch(/12,000\.00/);
    expect(await mxn(session)).toMatchObject({ available: '38000.00', frozen: '12000.00' });
    // the card is brought into view (the user pressed "Lend" further down the list)
    await steady(page, '[data-testid=lending-result]');
    const card = await result.boundingBox();
    expect(card && card.y >= 52 && card.y + card.height <= 844, JSON.stringify(card)).toBe(true);
    await noToast(page).catch(() => undefined);
    await shot(page, 'lending-04-applied');

    // ── the record under "in progress" ─────────────────────────────────────────────────────
    await result.getByTestId('lending-result-records').click();
    await page.waitForURL(/#\/home\/lendingRecord\?tab=active/);
    const records = page.getByTestId('lending-records-active');
    await records.waitFor({ state: 'visible', timeout: 15_000 });
    const record = records.locator('li[data-testid^=lending-record-]').first();
    await record.waitFor({ state: 'visible' });
    const recordId = ((await record.getAttribute('data-testid')) ?? '').replace('lending-record-', '');
    expect(await page.getByTestId(`lending-record-state-${recordId}`).innerText()).toBe('In progress');
    expect(plain(await page.getByTestId(`lending-record-amount-${recordId}`).innerText())).toBe('12000.00');
    expect(plain(await page.getByTestId(`lending-record-interest-${recordId}`).innerText())).toBe('108.00');
    expect(await page.getByTestId('lending-tab-active').getAttribute('aria-selected')).toBe('true');
    await shot(page, 'lending-05-records');

    // ── the wallet's frozen MXN rose by the amount ─────────────────────────────────────────
    await page.goto(`${baseUrl}/#/information/wallet`);
    await expect
      .poll(async () => plain(await page.getByTestId('wallet-MXN-frozen').textContent()), { timeout: 15_000 })
      .toBe('12000.00');
    expect(plain(await page.getByTestId('wallet-MXN-available').textContent())).toBe('38000.00');
    await page.getByTestId('wallet-balance-MXN').scrollIntoViewIfNeeded();
    await shot(page, 'lending-06-wallet-frozen');

    // ── once in German: products and records ───────────────────────────────────────────────
    await page.goto(`${baseUrl}/#/information/changeLang`);
    await page.getByTestId('lang-de').click();
    await expect.poll(async () => page.getByTestId('lang-de').getAttribute('aria-checked')).toBe('true');
    await page.goto(`${baseUrl}/#/home/lending`);
    await productsShown(page);
    await expect
      .poll(async () => page.getByTestId(`lending-apply-${PRODUCT}`).innerText(), { timeout: 10_000 })
      .not.toMatch(/^Lend$/);
    expect(await page.locator('h1').first().innerText()).toBe('Wertpapierleihe');
    await shot(page, 'lending-07-products-de');
    await page.goto(`${baseUrl}/#/home/lendingRecord?tab=active`);
    await page.getByTestId(`lending-record-state-${recordId}`).waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.getByTestId(`lending-record-state-${recordId}`).innerText()).toBe('In Bearbeitung');
    await shot(page, 'lending-08-records-de');
    await page.goto(`${baseUrl}/#/information/changeLang`);
    await page.getByTestId('lang-en').click();
    await expect.poll(async () => page.getByTestId('lang-en').getAttribute('aria-checked')).toBe('true');

    // ── day trading: apply with the confirmation, then "under review" ──────────────────────
    await page.goto(`${baseUrl}/#/home/index`);
    await page.getByTestId('quick-dayTrading').click();
    await page.waitForURL(/#\/home\/dayTrading$/);
    const status = page.getByTestId('day-trading-status');
    await expect.poll(async () => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('none');
    await page.getByTestId('day-trading-apply').click();
    const dialog = page.locator('.adm-dialog-body');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.innerText()).toContain('Apply for day trading?');
    await steady(page, '.adm-dialog-body');
    await shot(page, 'dayTrading-01-confirm');
    const statusNow = await api<{ enabled: boolean; application: unknown }>(
      baseUrl,
      '/trade/dayTradingStatus',
      {},
      session,
    );
    expect(statusNow.data).toMatchObject({ enabled: false, application: null }); // nothing sent before the confirmation
    await page.locator('.adm-dialog-footer').getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(async () => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('pending');
    expect(await status.innerText()).toContain('Under review');
    expect(await page.getByTestId('day-trading-apply').count()).toBe(0);
    await noToast(page).catch(() => undefined);
    await shot(page, 'dayTrading-02-pending');

    // ── the operator approves it in the Day trading queue ──────────────────────────────────
    const back = await adminPage();
    await back.getByRole('menuitem', { name: 'Day trading' }).click();
    const row = back
      .getByTestId('reviews-table')
      .locator('tr.ant-table-row', { hasText: session.account })
      .filter({ hasText: 'Pending' });
    await expect
      .poll(
        async () => {
          if ((await row.count()) > 0) return true;
          await back.getByTestId('reviews-reload').click();
          return false;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    await row.locator('button[data-testid^="review-open-"]').click();
    await back.getByTestId('review-detail-summary').waitFor({ timeout: 15_000 });
    await steady(back, '.ant-drawer-content-wrapper');
    expect(await back.locator('.ant-drawer-body').innerText()).toContain(session.account);
    await shot(back, 'dayTrading-03-admin-drawer');
    await back.getByTestId('review-approve').click();
    await back.getByTestId('confirm-reason').fill('Seat account checked: experienced trader');
    await steady(back, '.ant-modal:has([data-testid=confirm-reason])');
    await shot(back, 'dayTrading-04-admin-approve-reason');
    await back.getByTestId('confirm-ok').click();
    await back.getByTestId('review-detail-summary').waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(
        async () => (await api<{ enabled: boolean }>(baseUrl, '/trade/dayTradingStatus', {}, session)).data?.enabled,
        { timeout: 15_000 },
      )
      .toBe(true);
    await back.context().close();

    // ── the phone, after a reload: enabled ─────────────────────────────────────────────────
    await page.reload();
    await expect.poll(async () => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('enabled');
    expect(await status.innerText()).toContain('Day trading enabled');
    await shot(page, 'dayTrading-05-enabled');
    await page.context().close();
  });
});
