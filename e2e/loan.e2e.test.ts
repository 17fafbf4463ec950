/**
 * A credit loan on a phone and in the back office, against the real built server.
 *
 * A verified, funded account opens the credit rating (score gauge, quota, rate), borrows 2,000
 * with the confirmation step; a reviewer approves the item in the back office's loan queue; the
 * phone's withdrawal screen then shows the unpaid-loan rule with what is owed before the button;
 * the account repays the loan in full from the loan records, and the withdrawal goes through.
 * Then the screens are photographed in German and Traditional Chinese, light and dark.
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

beforeAll(async () => {
  server = await startServer();
  baseUrl = server.baseUrl;
  browser = await launch();
  ops = new AdminApi(baseUrl);
  await ops.login();
  const all = [1, 2, 3, 4, 5, 6, 7];
  await openMxnChannel(ops);
  expect(
    (
      await ops.call('/config/set', {
        key: 'withdraw.window',
        value: { open: '00:00', close: '24:00', days: all },
        reason: 'e2e: open window',
      })
    ).status,
  ).toBe(1);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a credit loan', () => {
  it('borrows on the phone, is approved in the back office, blocks a withdrawal until repaid, then withdraws', async () => {
    const { session } = await verifiedFundedUser(baseUrl, ops, { channelId: 'ch_mx', amount: '1000.00' });
    await api(
      baseUrl,
      '/user/setFundPassword',
      { fundPassword: '246810', confirmFundPassword: '246810', loginPassword: 'Journey123' },
      session,
    );
    const card = await api<{ cardId: string }>(
      baseUrl,
      '/card/add',
      {
        holder: 'ANA LOPEZ',
        cardNumber: '4152313412345678',
        bankName: 'BBVA México',
        branch: 'CDMX Centro',
        bankCode: '012',
      },
      session,
    );
    expect(card.status, JSON.stringify(card)).toBe(1);
    const cardId = card.data!.cardId;

    const page = await phonePage(browser);
    await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language: 'en' });
    // reachable from Mine
    await page.goto(`${baseUrl}/#/information/index`);
    await page.locator('a[href="#/information/loanRating"]').first().click();
    await page.getByTestId('loan-score').waitFor({ state: 'visible', timeout: 20_000 });
    expect(await page.getByTestId('loan-score').textContent()).toBe('80');
    await shot(page, 'loan-01-rating');

    // more than the quota: the rule shows and the button stays off
    await fillInput(page, 'loan-amount', '10000.01');
    await page.getByTestId('loan-rule-quota').waitFor({ state: 'visible' });
    expect(await page.getByTestId('loan-submit').isDisabled()).toBe(true);
    await shot(page, 'loan-02-over-quota');
    await fillInput(page, 'loan-amount', '2000');
    await expect.poll(async () => page.getByTestId('loan-submit').isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('loan-submit').click();
    await page.getByTestId('loan-confirm-step').waitFor({ state: 'visible' });
    await shot(page, 'loan-03-confirm');
    await page.getByTestId('loan-confirm').click();
    await page.getByTestId('loan-done').waitFor({ state: 'visible', timeout: 15_000 });
    await shot(page, 'loan-04-applied');
    expect(await mxn(session)).toMatchObject({ available: '1000.00' });

    // ── the reviewer approves it in the loan queue ─────────────────────────────────────────
    const context = await browser.newContext({ viewport: { width: 1440, height: 960 } });
    const admin = await context.newPage();
    await admin.goto(`${baseUrl}/admin/`);
    await admin.getByTestId('admin-login-username').fill('admin');
    await admin.getByTestId('admin-login-password').fill(E2E_ADMIN_PASSWORD);
    await admin.getByTestId('admin-login-submit').click();
    await admin.getByTestId('users-search').waitFor({ timeout: 20_000 });
    await admin.goto(`${baseUrl}/admin/#/reviews/loan`);
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
    await admin.getByTestId('review-loan').waitFor({ timeout: 15_000 });
    await shot(admin, 'loan-05-admin-review');
    await admin.getByTestId('review-approve').click();
    await admin.getByTestId('confirm-reason').fill('Income checked');
    await admin.getByTestId('confirm-ok').click();
    await admin.getByTestId('review-detail-summary').waitFor({ state: 'detached', timeout: 15_000 });
    await context.close();
    expect(await mxn(session)).toMatchObject({ available: '3000.00' });

    // ── the withdrawal screen names the unpaid loan before the button ──────────────────────
    await page.goto(`${baseUrl}/#/information/cashOut`);
    await page.getByTestId('cashout-rule-unpaid_loan').waitFor({ state: 'visible', timeout: 20_000 });
    expect(await page.getByTestId('cashout-rule-unpaid_loan').textContent()).toMatch(/2,000/);
    expect(await page.getByTestId('cashout-submit').isDisabled()).toBe(true);
    await shot(page, 'loan-06-withdraw-blocked');
    const refused = await api(
      baseUrl,
      '/funds/withdraw',
      { amount: '600.00', fundPassword: '246810', cardId },
      session,
    );
    expect(refused.code).toBe('loan.unpaid');

    // ── repay in full from the records ─────────────────────────────────────────────────────
    await page.getByTestId('cashout-repay-loan').click();
    const loans = await api<{ list: { id: string }[] }>(baseUrl, '/loan/records', {}, session);
    const loanId = loans.data!.list[0]!.id;
    await page.getByTestId(`loan-repay-${loanId}`).waitFor({ state: 'visible', timeout: 20_000 });
    await shot(page, 'loan-07-records');
    await page.getByTestId(`loan-repay-${loanId}`).click();
    await page.getByTestId('repay-sheet').waitFor({ state: 'visible' });
    await fillInput(page, 'repay-amount', '2000.00');
    await expect.poll(async () => page.getByTestId('repay-submit').isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('repay-submit').click();
    await page.getByTestId('repay-confirm-step').waitFor({ state: 'visible' });
    await shot(page, 'loan-08-repay-confirm');
    await page.getByTestId('repay-confirm').click();
    await page.getByTestId('repay-sheet').waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(async () => (await page.getByTestId(`loan-state-${loanId}`).textContent()) ?? '', { timeout: 15_000 })
      .toBe('Settled');
    await shot(page, 'loan-09-settled');
    expect(await mxn(session)).toMatchObject({ available: '1000.00' });

    // ── and now the withdrawal goes through ────────────────────────────────────────────────
    await page.goto(`${baseUrl}/#/information/cashOut`);
    await fillInput(page, 'cashout-amount', '600');
    await page.getByTestId(`cashout-destination-${cardId}`).click();
    await fillInput(page, 'cashout-password', '246810');
    await expect.poll(async () => page.getByTestId('cashout-rule-unpaid_loan').count(), { timeout: 10_000 }).toBe(0);
    await page.getByTestId('cashout-submit').click();
    // the confirmation sheet, then the result card
    await page.getByTestId('cashout-sheet').waitFor({ state: 'visible' });
    await page.getByTestId('cashout-confirm').click();
    await page.getByTestId('cashout-result').waitFor({ state: 'visible', timeout: 15_000 });
    await expect
      .poll(
        async () => (await api<{ total: number }>(baseUrl, '/funds/records', { tab: 'withdraw' }, session)).data?.total,
        { timeout: 15_000 },
      )
      .toBe(1);
    await shot(page, 'loan-10-withdrawn');
    await page.close();

    // ── the screens in German and Traditional Chinese, light and dark ──────────────────────
    for (const language of ['de', 'zh'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const p = await phonePage(browser, scheme);
        await seedStorage(p.context(), { tokend: session.tokend, account: session.account, language });
        await p.goto(`${baseUrl}/#/information/loanRating`);
        await p.getByTestId('loan-score').waitFor({ state: 'visible', timeout: 20_000 });
        await shot(p, `loan-rating-${language}-${scheme}`);
        await p.getByTestId('loan-raise-open').click();
        await p.getByTestId('raise-sheet').waitFor({ state: 'visible' });
        await shot(p, `loan-raise-${language}-${scheme}`);
        await p.goto(`${baseUrl}/#/information/loanRecord`);
        await p.getByTestId(`loan-record-${loanId}`).waitFor({ state: 'visible', timeout: 20_000 });
        await shot(p, `loan-records-${language}-${scheme}`);
        await p.close();
      }
    }
  });
});
