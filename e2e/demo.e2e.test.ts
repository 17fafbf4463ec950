/**
 * The demo as a visitor meets it (docs/api.md §21): on a freshly started server, register with the
 * demo invitation code, verify the real name, deposit through a seeded demo channel (its
 * account details shown with copy buttons), the back office approves, and the personal message
 * arrives in the user's language behind the unread dot. Once in German (light) and once in
 * Traditional Chinese (dark); the about page names the (fictional) company in that language.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { E2E_INVITE, startServer, type E2eServer } from './global-setup.js';
import { api, seedStorage, type Session } from './market-helpers.js';
import { AdminApi, PNG } from './server-api.js';

let server: E2eServer;
let browser: Browser;
let ops: AdminApi;

const input = (page: Page, testId: string) =>
  page.locator(`[data-testid=${testId}] input, input[data-testid=${testId}]`).first();

beforeAll(async () => {
  server = await startServer();
  browser = await launch();
  ops = new AdminApi(server.baseUrl);
  await ops.login();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const cases = [
  {
    lang: 'de',
    scheme: 'light',
    approvedTitle: 'Einzahlung freigegeben',
    kycTitle: 'Identitätsprüfung bestätigt',
    about: 'Über uns',
    demo: /Demonstration/,
  },
  {
    lang: 'zh',
    scheme: 'dark',
    approvedTitle: '入金已核准',
    kycTitle: '實名認證已通過',
    about: '關於我們',
    demo: /示範/,
  },
] as const;

describe('the demo on a fresh server', () => {
  it.each(cases)(
    'register with the demo code, real name, deposit through the demo channel, the message in $lang ($scheme)',
    async ({ lang, scheme, approvedTitle, kycTitle, about, demo }) => {
      const base = server.baseUrl;
      const page = await phonePage(browser, scheme);
      await seedStorage(page.context(), { language: lang });
      const tag = `60-demo-${lang}-${scheme}`;

      // register with the printed invitation code
      const phone = `5218${String(Date.now()).slice(-8)}`;
      await page.goto(`${base}/#/login/register`);
      await input(page, 'register-phone').fill(phone);
      await input(page, 'register-password').fill('Journey123');
      await input(page, 'register-confirm').fill('Journey123');
      await input(page, 'register-invite').fill(E2E_INVITE);
      await page.getByTestId('register-agree').click();
      await page.getByTestId('register-submit').click();
      await page.waitForURL(/#\/home\/index/, { timeout: 20_000 });
      const stored = await page.evaluate(() => ({
        token: localStorage.getItem('tokend') ?? '',
        account: localStorage.getItem('account') ?? '',
      }));
      const session: Session = {
        tokend: stored.token.replace(/^"|"$/g, ''),
        account: stored.account.replace(/^"|"$/g, ''),
      };
      const uid = (await api<{ id: string }>(base, '/user/getUserinfo', {}, session)).data?.id ?? '';
      expect(uid).toBeTruthy();

      // real name
      await page.goto(`${base}/#/information/authInfo`);
      await input(page, 'kyc-name').fill('Ana López');
      await input(page, 'kyc-id-first').fill('LOPA85');
      await input(page, 'kyc-id-middle').fill('0101HD');
      await input(page, 'kyc-id-last').fill('F');
      await page
        .getByTestId('kyc-front-input')
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('kyc-back-input').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
      await expect.poll(async () => page.getByTestId('kyc-submit').isEnabled(), { timeout: 15_000 }).toBe(true);
      await page.getByTestId('kyc-submit').click();
      await expect
        .poll(async () => (await api<{ kycStatus: string }>(base, '/user/kycStatus', {}, session)).data?.kycStatus, {
          timeout: 15_000,
        })
        .toBe('pending');
      await ops.approveFirst('kyc', uid);

      // the seeded demo channels: one per currency; the MXN one with its account details and copy buttons
      await page.goto(`${base}/#/information/recharge`);
      await page.reload(); // the app read the real-name status before the approval
      await shot(page, `${tag}-0-recharge`);
      for (const [currency, id] of [
        ['USD', 'demo_usd_wire'],
        ['EUR', 'demo_eur_sepa'],
        ['USDT', 'demo_usdt_trc20'],
        ['MXN', 'demo_mxn_spei'],
      ] as const) {
        await page.getByTestId(`recharge-currency-${currency}`).click({ timeout: 15_000 });
        await expect.poll(async () => page.getByTestId(`recharge-channel-${id}`).count(), { timeout: 15_000 }).toBe(1);
        if (currency === 'USDT') await shot(page, `${tag}-1-channels-usdt`);
      }
      await shot(page, `${tag}-1-channels`);
      await page.getByTestId('recharge-channel-demo_mxn_spei').click();
      await page.waitForURL(/rechargeChannel/);
      await expect
        .poll(async () => (await page.getByTestId('payee-accountNumber').textContent()) ?? '', { timeout: 15_000 })
        .toContain('000180000000000001');
      expect(await page.getByTestId('payee-accountNumber').locator('button').count()).toBe(1);
      expect((await page.getByTestId('payee-bankName').textContent()) ?? '').toMatch(/demo/i);
      await input(page, 'deposit-amount').fill('2500');
      await page
        .getByTestId('deposit-proof-input')
        .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
      await shot(page, `${tag}-2-deposit`);
      await expect.poll(async () => page.getByTestId('deposit-submit').isEnabled(), { timeout: 15_000 }).toBe(true);
      await page.getByTestId('deposit-submit').click();
      await expect.poll(async () => page.getByTestId('deposit-result').count(), { timeout: 15_000 }).toBe(1);
      await ops.approveFirst('deposit', uid);
      const assets = await api<{ accounts: { currency: string; available: string }[] }>(
        base,
        '/user/assets',
        { currency: 'MXN' },
        session,
      );
      expect(assets.data?.accounts.find((a) => a.currency === 'MXN')?.available).toBe('2500.00');

      // the unread dot, then the message in the user's language
      await page.goto(`${base}/#/home/index`);
      await expect.poll(async () => page.getByTestId('header-messages-dot').count(), { timeout: 15_000 }).toBe(1);
      await shot(page, `${tag}-3-home-dot`);
      await page.getByTestId('header-messages').click();
      await page.waitForURL(/userInfo/);
      await expect.poll(async () => page.getByTestId('notice-tab-message-dot').count(), { timeout: 15_000 }).toBe(1);
      await page.getByTestId('notice-tab-message').click();
      await expect
        .poll(async () => await page.locator('body').innerText(), { timeout: 15_000 })
        .toContain(approvedTitle);
      expect(await page.locator('body').innerText()).toContain(kycTitle);
      await shot(page, `${tag}-4-messages`);
      await page.getByText(approvedTitle).first().click();
      await page.waitForURL(/msgInfo/);
      const body = (await page.getByTestId('message-body').textContent()) ?? '';
      expect(body).toMatch(/2,500|2\.500/);
      expect(body).not.toMatch(/was approved/);
      await shot(page, `${tag}-5-message`);

      // the about page: the company in the user's language, marked as a demo
      await page.goto(`${base}/#/information/aboutUs`);
      await expect
        .poll(async () => await page.locator('body').innerText(), { timeout: 15_000 })
        .toContain('Meridian Securities Holdings, Inc.');
      const text = await page.locator('body').innerText();
      expect(text).toContain(about);
      expect(text).toMatch(demo);
      expect(text).not.toMatch(/\[[A-Z][^\]]*\]/);
      await shot(page, `${tag}-6-about`);
      await page.context().close();
    },
  );
});
