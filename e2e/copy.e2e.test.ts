/**
 * Copy trading on a phone, against the real built server and its strategy engine.
 *
 * A verified account with a USDT deposit opens /home/fllow, sees the demo funds, opens the
 * digital-currency fund (it trades 24/7, so it holds positions), reads the strategy, the NAV chart
 * with its backtest days and the example payout; types less than the minimum (the rule shows, the
 * button stays off), then subscribes through the confirmation sheet: the amount leaves the
 * available balance and the subscription shows in "my subscriptions". When the fund has no
 * lock-up it redeems with the confirmation and sees the payout and fees. Screenshots at 390×844
 * in German and Chinese, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { startServer, type E2eServer } from './global-setup.js';
import { api, seedStorage, type Session } from './market-helpers.js';
import { AdminApi, verifiedFundedUser } from './server-api.js';

const CRYPTO = 'cf_demo_reversion';
const STOCKS = 'cf_demo_momentum';

interface FundDetail {
  id: string;
  minAmount: string;
  lockupDays: number;
  open: boolean;
  remaining: string;
  positions: { code: string }[];
  navHistory: { backtest: boolean }[];
}

let server: E2eServer;
let baseUrl = '';
let browser: Browser;
let ops: AdminApi;

const plain = (text: string | null) => (text ?? '').replace(/[^\d.-]/g, '');

async function usdt(session: Session): Promise<string> {
  const r = await api<{ accounts: { currency: string; available: string }[] }>(
    baseUrl,
    '/user/assets',
    { currency: 'USDT' },
    session,
  );
  return r.data!.accounts.find((a) => a.currency === 'USDT')!.available;
}

async function fund(id: string): Promise<FundDetail> {
  const r = await api<FundDetail>(baseUrl, '/copy/detail', { id });
  expect(r.status, JSON.stringify(r)).toBe(1);
  return r.data!;
}

async function openPage(session: Session, language: string, scheme: 'light' | 'dark', path: string): Promise<Page> {
  const page = await phonePage(browser, scheme);
  await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language });
  await page.goto(`${baseUrl}/#${path}`);
  return page;
}

beforeAll(async () => {
  server = await startServer();
  baseUrl = server.baseUrl;
  browser = await launch();
  ops = new AdminApi(baseUrl);
  await ops.login();
  const all = [1, 2, 3, 4, 5, 6, 7];
  expect(
    (
      await ops.call('/config/set', {
        key: 'deposit.channels',
        reason: 'e2e: USDT channel',
        value: [
          {
            id: 'ch_usdt',
            type: 'crypto',
            name: 'USDT TRC20',
            currency: 'USDT',
            network: 'TRC20',
            address: 'TQ5NBnAEzKx3hZUVmZ2n3Bd8E4E8qdBfXw',
            window: { open: '00:00', close: '24:00', days: all },
            enabled: true,
          },
        ],
      })
    ).status,
  ).toBe(1);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('copy trading', () => {
  it('follows the digital-currency fund with a confirmation, sees it in my subscriptions and redeems it when there is no lock-up', async () => {
    const crypto = await fund(CRYPTO);
    expect(crypto.open).toBe(true);
    expect(crypto.navHistory.some((day) => day.backtest)).toBe(true);
    const amount = String(Math.max(Number(plain(crypto.minAmount)), 100) * 2);
    const { session } = await verifiedFundedUser(baseUrl, ops, {
      channelId: 'ch_usdt',
      amount: `${Number(amount) * 5}.00`,
    });
    const before = await usdt(session);

    const page = await openPage(session, 'en', 'light', '/home/index');
    await page.getByTestId('quick-aiQuant').click();
    await page.getByTestId(`cf-card-${CRYPTO}`).waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByTestId(`cf-card-${STOCKS}`).waitFor({ state: 'visible' });
    await page.getByTestId(`cf-details-${CRYPTO}`).click();
    await page.getByTestId('cf-strategy').waitFor({ state: 'visible', timeout: 20_000 });
    expect(await page.getByTestId('cf-strategy').innerText()).toMatch(/digital currenc/);
    await page.getByTestId('cf-legend-backtest').waitFor({ state: 'visible' });
    await page.getByTestId('cf-example-payout').waitFor({ state: 'visible' });
    const positions = page.getByTestId('cf-positions');
    if (crypto.positions.length > 0)
      await positions.getByTestId(`cf-position-${crypto.positions[0]!.code}`).waitFor({ state: 'visible' });
    else expect(await positions.innerText()).toContain('the strategy is in cash');

    await page.getByTestId('cf-amount').fill(String(Number(plain(crypto.minAmount)) - 1));
    await page.getByTestId('cf-rule-min').waitFor({ state: 'visible' });
    expect(await page.getByTestId('cf-submit').isDisabled()).toBe(true);
    await page.getByTestId('cf-amount').fill(amount);
    await expect.poll(async () => page.getByTestId('cf-submit').isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('cf-submit').click();
    const sheet = page.getByTestId('cf-confirm-step');
    await sheet.waitFor({ state: 'visible' });
    expect(plain(await sheet.getByTestId('cf-confirm-amount').innerText())).toBe(`${amount}.00`);
    await sheet.getByTestId('cf-confirm-service-fee').waitFor({ state: 'visible' });
    await sheet.getByTestId('cf-confirm').click();
    await page.getByTestId('cf-result').waitFor({ state: 'visible', timeout: 20_000 });
    await expect
      .poll(async () => usdt(session), { timeout: 10_000 })
      .toBe((Number(before) - Number(amount)).toFixed(2));

    await page.getByTestId('cf-result-mine').click();
    const mine = await api<{ list: { id: string; state: string; amount: string }[] }>(
      baseUrl,
      '/copy/mine',
      { page: 1, size: 20 },
      session,
    );
    const subscription = mine.data!.list[0]!;
    expect(subscription.state).toBe('active');
    await page.getByTestId(`cf-sub-${subscription.id}`).waitFor({ state: 'visible', timeout: 20_000 });
    expect(plain(await page.getByTestId(`cf-sub-amount-${subscription.id}`).innerText())).toBe(`${amount}.00`);
    const redeem = page.getByTestId(`cf-redeem-${subscription.id}`);
    if (crypto.lockupDays > 0) {
      expect(await redeem.isDisabled()).toBe(true);
      expect(await redeem.innerText()).toMatch(/Redeemable from/);
    } else {
      await redeem.click();
      await page.getByTestId('cf-redeem-dialog').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'Redeem' }).last().click();
      await page.getByTestId(`cf-sub-payout-${subscription.id}`).waitFor({ state: 'visible', timeout: 20_000 });
      expect(await page.getByTestId(`cf-sub-state-${subscription.id}`).innerText()).toBe('Ended');
      const ended = await api<{ list: { id: string; payout: string; serviceFee: string }[] }>(
        baseUrl,
        '/copy/mine',
        { states: ['ended'], page: 1, size: 20 },
        session,
      );
      const row = ended.data!.list.find((s) => s.id === subscription.id)!;
      expect(plain(await page.getByTestId(`cf-sub-payout-${subscription.id}`).innerText())).toBe(plain(row.payout));
      await expect
        .poll(async () => usdt(session), { timeout: 10_000 })
        .toBe((Number(before) - Number(amount) + Number(row.payout)).toFixed(2));
    }
    await page.context().close();

    // The screens in a long language and a CJK one, light and dark.
    for (const language of ['de', 'zh']) {
      for (const scheme of ['light', 'dark'] as const) {
        const tag = `copy-${language}-${scheme}`;
        const view = await openPage(session, language, scheme, '/home/fllow');
        await view.getByTestId(`cf-card-${CRYPTO}`).waitFor({ state: 'visible', timeout: 20_000 });
        await shot(view, `${tag}-01-funds`);
        await view.goto(`${baseUrl}/#/home/fllow?id=${CRYPTO}`);
        await view.getByTestId('cf-strategy').waitFor({ state: 'visible', timeout: 20_000 });
        await shot(view, `${tag}-02-fund`);
        await view.getByTestId('cf-nav-chart').scrollIntoViewIfNeeded();
        await shot(view, `${tag}-03-chart-positions`);
        await view.getByTestId('cf-fees').scrollIntoViewIfNeeded();
        await shot(view, `${tag}-04-fees`);
        await view.getByTestId('cf-amount').fill(amount);
        await view.getByTestId('cf-submit').click();
        await view.getByTestId('cf-confirm-step').waitFor({ state: 'visible' });
        await view.waitForTimeout(400);
        await shot(view, `${tag}-05-confirm`);
        await view.goto(`${baseUrl}/#/home/fllow?tab=mine`);
        await view.getByTestId(`cf-sub-${subscription.id}`).waitFor({ state: 'visible', timeout: 20_000 });
        await shot(view, `${tag}-06-mine`);
        await view.goto(`${baseUrl}/#/home/fllow?id=${STOCKS}`);
        await view.getByTestId('cf-positions').waitFor({ state: 'visible', timeout: 20_000 });
        await view.getByTestId('cf-positions').scrollIntoViewIfNeeded();
        await shot(view, `${tag}-07-stock-fund-positions`);
        await view.context().close();
      }
    }
  });
});
