/**
 * A new share from application to holding, on a phone and in the back office, against the real
 * built server with `TEST_CLOCK_CONTROL=1` (test-only: the journey moves the server's clock).
 *
 * An operator creates an IPO paid on allotment whose window closes in ten minutes; a verified
 * account applies for 10,000 shares on the phone; the clock passes the window; the operator
 * presses Draw in the back office (the only input is a reason); the phone shows the allotment
 * awaiting payment, the user pays with the confirmation sheet; the clock reaches the listing date
 * and the jobs pass turns the paid allotment into a holding at the issue price, which the phone
 * shows in its positions. The ledger balances are checked through the API at each step.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { E2E_ADMIN_PASSWORD, startServer, type E2eServer } from './global-setup.js';
import { api, seedStorage, type Session } from './market-helpers.js';
import { AdminApi, openMxnChannel, verifiedFundedUser } from './server-api.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

let server: E2eServer;
let baseUrl = '';
let browser: Browser;
let ops: AdminApi;

async function advance(ms: number): Promise<Date> {
  const r = await fetch(`${baseUrl}/api/test/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  const body = (await r.json()) as { data: { now: string } };
  return new Date(body.data.now);
}

async function serverNow(): Promise<Date> {
  const r = await fetch(`${baseUrl}/api/test/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms: 1 }),
  });
  return new Date(((await r.json()) as { data: { now: string } }).data.now);
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

async function login(session: Session): Promise<Session> {
  const r = await api<{ token: string }>(baseUrl, '/user/login', { account: session.account, password: 'Journey123' });
  return { ...session, tokend: r.data!.token };
}

async function fillInput(page: Page, testId: string, value: string): Promise<void> {
  await page.locator(`input[data-testid=${testId}], [data-testid=${testId}] input`).first().fill(value);
}

beforeAll(async () => {
  server = await startServer({ TEST_CLOCK_CONTROL: '1' });
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

describe('a new share from application to holding', () => {
  it('applies on the phone, is drawn in the back office, pays, and finds the holding after listing', async () => {
    const now = await serverNow();
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString().replace(/\.\d{3}Z$/, '.000Z');
    const day = (ms: number) => new Date(now.getTime() + ms).toISOString().slice(0, 10);
    const created = await ops.call('/newShare/create', {
      kind: 'ipo',
      name: 'Journey Minerals',
      code: 'JRNY',
      market: 'mxn',
      issuePrice: '20.00',
      sharesOffered: 8_000,
      minShares: 10_000,
      minInvestment: '200000',
      placementTiers: null,
      maxApplicationsPerUser: 1,
      applyStart: at(-MIN),
      applyEnd: at(10 * MIN),
      drawDate: day(DAY),
      paymentDeadline: at(2 * DAY),
      distributionDate: day(3 * DAY),
      listingDate: day(4 * DAY),
      issueMarket: 'BMV',
      sponsorBroker: 'Meridian Capital Markets',
      paymentMode: 'on_allotment',
      channelOpen: true,
      channelPasswordRequired: false,
      lockDays: 0,
      reason: 'e2e offering',
    });
    expect(created.status, JSON.stringify(created)).toBe(1);
    const shareId = (created.data as { id: string }).id;

    // ── apply on the phone ──────────────────────────────────────────────────────────────────
    let { session } = await verifiedFundedUser(baseUrl, ops, { channelId: 'ch_mx', amount: '250000.00' });
    const page = await phonePage(browser);
    await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language: 'en' });
    await page.goto(`${baseUrl}/#/home/newStockBuy?id=${shareId}`);
    await page
      .locator('input[data-testid=ns-quantity], [data-testid=ns-quantity] input')
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 });
    await fillInput(page, 'ns-quantity', '10000');
    await expect.poll(async () => page.getByTestId('ns-submit').isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('ns-submit').click();
    await page.getByTestId('ns-confirm').click();
    await page.getByTestId('ns-result').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await mxn(session)).toMatchObject({ available: '250000.00', frozen: '0.00' });

    // ── the window closes; the operator draws in the back office ────────────────────────────
    await advance(11 * MIN);
    const context = await browser.newContext({ viewport: { width: 1440, height: 960 } });
    const admin = await context.newPage();
    await admin.goto(`${baseUrl}/admin/`);
    await admin.getByTestId('admin-login-username').fill('admin');
    await admin.getByTestId('admin-login-password').fill(E2E_ADMIN_PASSWORD);
    await admin.getByTestId('admin-login-submit').click();
    await admin.getByTestId('users-search').waitFor({ timeout: 20_000 });
    await admin.goto(`${baseUrl}/admin/#/products/new-shares`);
    const drawButton = admin.getByTestId(`ns-draw-${shareId}`);
    await drawButton.waitFor({ state: 'visible', timeout: 20_000 });
    await expect.poll(async () => drawButton.isEnabled(), { timeout: 10_000 }).toBe(true);
    await drawButton.click();
    await admin
      .locator(
        '[data-testid=confirm-reason] textarea, textarea[data-testid=confirm-reason], [data-testid=confirm-reason] input',
      )
      .first()
      .fill('application window closed');
    await admin.getByTestId('confirm-ok').click();
    await admin.getByTestId('ns-draw-result').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await admin.getByTestId('ns-draw-seed').innerText()).toMatch(/^[0-9a-f]{64}$/);
    await shot(admin, 'newshare-life-01-admin-drawn');
    await context.close();

    // ── awaiting payment on the phone; pay with the confirmation sheet ──────────────────────
    const records = await api<{
      list: { id: string; state: string; allottedQuantity: number; amountPayable: string }[];
    }>(baseUrl, '/newShare/records', {}, session);
    const record = records.data!.list[0]!;
    // 8,000 offered to one application of 10,000
    expect(record).toMatchObject({ state: 'awaiting_payment', allottedQuantity: 8_000, amountPayable: '160000.00' });
    await page.goto(`${baseUrl}/#/trade/index?tab=subscription`);
    await page.getByTestId(`ns-pay-${record.id}`).waitFor({ state: 'visible', timeout: 20_000 });
    await shot(page, 'newshare-life-02-awaiting-payment');
    await page.getByTestId(`ns-pay-${record.id}`).click();
    await page.getByTestId('ns-pay-sheet').waitFor({ state: 'visible' });
    await page.getByTestId('ns-pay-confirm').click();
    await expect.poll(async () => (await mxn(session)).available, { timeout: 15_000 }).toBe('90000.00');

    // ── listing day: the jobs pass (every 30 s) opens the holding ───────────────────────────
    // past the listing date in Mexico City too (UTC−6), where the feed's trading day is
    await advance(5 * DAY);
    session = await login(session);
    await expect
      .poll(
        async () => {
          const r = await api<{ list: { state: string }[] }>(baseUrl, '/newShare/records', {}, session);
          return r.data?.list[0]?.state;
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toBe('listed');
    const positions = await api<{
      list: { orderId: string; code: string; source: string; lots: number; costPrice: string }[];
    }>(baseUrl, '/trade/userstocklist', { type: 'mxn' }, session);
    const holding = positions.data!.list.find((p) => p.code === 'JRNY');
    expect(holding).toMatchObject({ source: 'ipo', lots: 8_000, costPrice: '20.00' });

    const phone = await phonePage(browser);
    await seedStorage(phone.context(), { tokend: session.tokend, account: session.account, language: 'en' });
    await phone.goto(`${baseUrl}/#/trade/index?tab=holdings`);
    await phone.getByTestId(`position-row-${holding!.orderId}`).waitFor({ state: 'visible', timeout: 20_000 });
    expect(await phone.getByTestId(`position-row-${holding!.orderId}`).innerText()).toContain('JRNY');
    await shot(phone, 'newshare-life-03-holding');
  });
});
