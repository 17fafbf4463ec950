/**
 * The trading journey on a phone, on a 24/7 digital currency (BTC-USDT) so market hours never get
 * in the way: a verified, funded account buys at market with the all-in ticket on screen, watches
 * the position's P&L follow the live price, sets take-profit and stop-loss, closes with
 * confirmation, sees the proceeds in transit, and, once the server's clock has moved past the
 * settlement day, settled and withdrawable. A limit order far from the price rests in "in progress"
 * and is cancelled with confirmation.
 *
 * Time: this journey starts its own server with `TEST_CLOCK_CONTROL=1` (test-only, see
 * apps/server/src/platform/test-clock.ts) so moving its clock touches no other journey. The
 * operator sets `market.crypto.settlementDays` to 1 through the config API (the default for
 * crypto is 0, i.e. settled at once); the clock then moves 6 minutes (the minimum hold) before
 * the close and past the next UTC midnight (crypto counts calendar days) for the settlement.
 * Real name and deposit go through the user and back-office APIs (the money journey drives those
 * screens already).
 */
import { Dec, positionProfitLoss, type Order } from '@brokerage/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { startServer, type E2eServer } from './global-setup.js';
import { api, noToast, registerUser, seedStorage, type Session } from './market-helpers.js';
import { AdminApi, uploadImage, verifiedFundedUser } from './server-api.js';

const BTC = 'i_crypto_BTC-USDT';
const MIN = 60_000;
const HOUR = 60 * MIN;

let server: E2eServer;
let baseUrl = '';
let browser: Browser;
let ops: AdminApi;

/** Moves the server's clock forward (test-only route); answers the server's new time. */
async function advanceClock(ms: number): Promise<Date> {
  const r = await fetch(`${baseUrl}/api/test/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  const body = (await r.json()) as { status: number; data?: { now: string } };
  expect(body.status).toBe(1);
  return new Date(body.data?.now ?? '');
}

interface UsdtAccount {
  available: string;
  inTransit: string;
  withdrawable: string;
  frozen: string;
}
async function usdt(session: Session): Promise<UsdtAccount> {
  const r = await api<{ accounts: (UsdtAccount & { currency: string })[] }>(
    baseUrl,
    '/user/assets',
    { currency: 'USDT' },
    session,
  );
  const account = r.data?.accounts.find((a) => a.currency === 'USDT');
  if (!account) throw new Error(`no USDT account: ${JSON.stringify(r)}`);
  return account;
}

async function order(session: Session, orderId: string): Promise<Order> {
  const r = await api<Order>(baseUrl, '/trade/detail', { orderId }, session);
  if (!r.data) throw new Error(`no order ${orderId}: ${JSON.stringify(r)}`);
  return r.data;
}

/** A figure as shown ("+1,234.50 USDT", "64,250.50") → its decimal string. */
const plain = (text: string | null) => (text ?? '').replace(/[^\d.-]/g, '');

async function fillInput(page: Page, testId: string, value: string): Promise<void> {
  await page.locator(`input[data-testid=${testId}], [data-testid=${testId}] input`).first().fill(value);
}

beforeAll(async () => {
  server = await startServer({ TEST_CLOCK_CONTROL: '1' });
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
  // proceeds of digital currency settle the next calendar day instead of at once (default 0)
  expect(
    (
      await ops.call('/config/set', {
        key: 'market.crypto.settlementDays',
        value: 1,
        reason: 'e2e: show in-transit proceeds',
      })
    ).status,
  ).toBe(1);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('trading on a phone', () => {
  it('buys at market, follows live P&L, sets TP/SL, closes, settles after the settlement day, and cancels a resting limit order', async () => {
    // ── a verified account with 100,000 USDT ────────────────────────────────────────────────
    const { session } = await verifiedFundedUser(baseUrl, ops, { channelId: 'ch_usdt', amount: '100000.00' });
    expect((await usdt(session)).available).toBe('100000.00');

    const page = await phonePage(browser);
    await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language: 'en' });

    // ── market order with the all-in ticket on screen ──────────────────────────────────────
    await page.goto(`${baseUrl}/#/market/buyStockDetail?id=${encodeURIComponent(BTC)}&side=long`);
    await page.getByTestId('order-type-market').click();
    await page.getByTestId('order-leverage-10').click();
    const ticket = page.getByTestId('order-ticket');
    await expect
      .poll(async () => (await ticket.getByTestId('ticket-margin').textContent()) ?? '', { timeout: 20_000 })
      .toMatch(/\d/);
    for (const row of ['ticket-open-fee', 'ticket-close-fee', 'ticket-stop-out', 'ticket-worst-case']) {
      expect(await ticket.getByTestId(row).isVisible()).toBe(true);
    }
    await expect.poll(async () => page.getByTestId('order-submit').isEnabled(), { timeout: 15_000 }).toBe(true);
    await shot(page, 'trade-01-market-ticket');
    await page.getByTestId('order-submit').click();
    const sheet = page.getByTestId('order-sheet');
    await sheet.waitFor({ state: 'visible' });
    expect(await sheet.getByTestId('confirm-ticket-worst-case').isVisible()).toBe(true);
    await shot(page, 'trade-02-market-confirm');
    await sheet.getByTestId('order-confirm').click();
    await page.waitForURL(/\/trade\/index\?tab=crypto/, { timeout: 15_000 });

    // ── the digital-currency tab: the position, its P&L following the live price ───────────
    const row = page.locator('[data-testid^=position-row-]').first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    const orderId = ((await row.getAttribute('data-testid')) ?? '').replace('position-row-', '');
    const opened = await order(session, orderId);
    expect(opened).toMatchObject({ state: 'holding', code: 'BTC-USDT', side: 'long', lots: 1, leverage: 10 });
    // the minimum hold (5 min) is said before the press: a disabled Close and when it becomes possible
    expect(opened.sellableAt).not.toBeNull();
    expect(await page.getByTestId(`position-close-${orderId}`).isDisabled()).toBe(true);
    expect(await page.getByTestId(`position-sellable-${orderId}`).textContent()).toMatch(
      /^Sellable from \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/,
    );
    expect(await row.textContent()).toContain('1 lot');
    expect(await row.textContent()).not.toContain('1 lots');
    expect(await page.getByTestId(`position-profit-loss-${orderId}-rate`).textContent()).toMatch(
      /^\([+-]?\d+\.\d{2}%\)$/,
    );
    const profitLoss = page.getByTestId(`position-profit-loss-${orderId}`);
    // a live frame re-priced the row…
    await expect.poll(async () => profitLoss.getAttribute('data-live'), { timeout: 20_000 }).toBe('1');
    // …with the server's formula: the P&L shown is (shown price − cost) × lots at the currency scale
    const shown = await page.evaluate(
      (id) => ({
        price: document.querySelector(`[data-testid=position-price-${id}]`)?.textContent ?? '',
        pnl: document.querySelector(`[data-testid=position-profit-loss-${id}]`)?.textContent ?? '',
      }),
      orderId,
    );
    expect(plain(shown.pnl)).toBe(
      positionProfitLoss(
        { side: 'long', costPrice: opened.costPrice ?? '0', lots: 1, lotSize: opened.lotSize, currency: 'USDT' },
        plain(shown.price),
      ),
    );
    // and it moves with the price (the simulated feed ticks several times a minute)
    const first = await profitLoss.textContent();
    await expect.poll(async () => profitLoss.textContent(), { timeout: 60_000, interval: 500 }).not.toBe(first);
    await noToast(page).catch(() => undefined);
    await shot(page, 'trade-03-crypto-holding-live');

    // ── take-profit and stop-loss on the position detail ───────────────────────────────────
    await row.locator('.position-main').click();
    await page.waitForURL(/\/trade\/positionDetail\?id=/);
    const now = new Dec(plain(await page.getByTestId('detail-currentPrice').locator('dd').textContent()));
    const tp = now.times('1.5').toFixed(2);
    const sl = now.times('0.5').toFixed(2);
    await fillInput(page, 'detail-tp', tp);
    await fillInput(page, 'detail-sl', sl);
    await page.getByTestId('detail-tpsl-save').click();
    await expect.poll(async () => (await order(session, orderId)).takeProfit, { timeout: 15_000 }).toBe(tp);
    expect((await order(session, orderId)).stopLoss).toBe(sl);
    await expect
      .poll(async () => plain(await page.getByTestId('detail-takeProfit').locator('dd').textContent()), {
        timeout: 15_000,
      })
      .toBe(tp);
    await noToast(page).catch(() => undefined);
    await shot(page, 'trade-04-position-detail-tpsl');

    // ── close after the minimum hold (5 min): the server's clock moves 6 minutes ───────────
    await advanceClock(6 * MIN);
    await page.goto(`${baseUrl}/#/trade/index?tab=crypto`);
    await expect
      .poll(async () => page.getByTestId(`position-close-${orderId}`).isEnabled(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByTestId(`position-sellable-${orderId}`).count()).toBe(0);
    await page.getByTestId(`position-close-${orderId}`).click();
    const closeSheet = page.getByTestId('position-sheet');
    await closeSheet.waitFor({ state: 'visible' });
    expect(await closeSheet.getByTestId('position-sheet-text').textContent()).toContain('BTC-USDT');
    expect((await order(session, orderId)).state).toBe('holding'); // nothing happens before the confirmation
    await shot(page, 'trade-05-close-confirm');
    await closeSheet.getByTestId('position-confirm').click();
    await expect.poll(async () => (await order(session, orderId)).state, { timeout: 15_000 }).toBe('closed');
    const closed = await order(session, orderId);
    expect(closed.actualProfit).not.toBeNull();

    // ── proceeds in transit: part of available, not withdrawable ───────────────────────────
    const transit = await usdt(session);
    const proceeds = new Dec(transit.inTransit);
    expect(proceeds.gt(0)).toBe(true);
    expect(new Dec(transit.withdrawable).equals(new Dec(transit.available).minus(proceeds))).toBe(true);
    await page.goto(`${baseUrl}/#/information/wallet`);
    await expect
      .poll(async () => plain(await page.getByTestId('wallet-USDT-inTransit').textContent()), { timeout: 15_000 })
      .toBe(proceeds.toFixed(2));
    await page.getByTestId('wallet-balance-USDT').scrollIntoViewIfNeeded();
    await noToast(page).catch(() => undefined);
    await shot(page, 'trade-06-wallet-in-transit');

    // ── past the next UTC midnight (crypto counts calendar days): settled ──────────────────
    // moved in steps of at most 6 h with a call in between, as a user active all day would,
    // so the session's 24-hour idle limit is not what this journey tests
    let serverNow = await advanceClock(1);
    const nextMidnight = Date.UTC(serverNow.getUTCFullYear(), serverNow.getUTCMonth(), serverNow.getUTCDate() + 1);
    let remaining = nextMidnight - serverNow.getTime() + 2 * MIN;
    while (remaining > 0) {
      const step = Math.min(remaining, 6 * HOUR);
      serverNow = await advanceClock(step);
      remaining -= step;
      await usdt(session);
    }
    expect(serverNow.getTime()).toBeGreaterThan(nextMidnight);
    const settled = await usdt(session);
    expect(settled.inTransit).toBe('0.00');
    expect(new Dec(settled.withdrawable).equals(new Dec(transit.withdrawable).plus(proceeds))).toBe(true);
    await page.reload();
    await expect
      .poll(async () => plain(await page.getByTestId('wallet-USDT-inTransit').textContent()), { timeout: 15_000 })
      .toBe('0.00');
    expect(plain(await page.getByTestId('wallet-USDT-withdrawable').textContent())).toBe(settled.withdrawable);
    await page.getByTestId('wallet-balance-USDT').scrollIntoViewIfNeeded();
    await shot(page, 'trade-07-wallet-settled');

    // ── a limit order far below the price rests in "in progress" and is cancelled ──────────
    await page.goto(`${baseUrl}/#/market/buyStockDetail?id=${encodeURIComponent(BTC)}&side=long`);
    await page.getByTestId('order-type-limit').click();
    await page.getByTestId('order-leverage-10').click();
    const current = new Dec(plain(await page.getByTestId('order-current-price').textContent()));
    const limit = current.times('0.5').toFixed(2);
    await fillInput(page, 'order-price', limit);
    // a take-profit below a long's limit price is refused as it is typed, and the order cannot be placed
    await fillInput(page, 'order-tp', current.times('0.4').toFixed(2));
    await page.getByTestId('order-tp-error').waitFor({ state: 'visible', timeout: 5_000 });
    expect(await page.getByTestId('order-tp-error').textContent()).toContain('take-profit must be above');
    await page.waitForTimeout(800);
    expect(await page.getByTestId('order-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('ticket-profit-at-tp').count()).toBe(0);
    await shot(page, 'trade-07b-tp-refused');
    await fillInput(page, 'order-tp', '');
    expect(await page.getByTestId('order-tp-error').count()).toBe(0);
    await expect.poll(async () => page.getByTestId('order-submit').isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-sheet').waitFor({ state: 'visible' });
    await page.getByTestId('order-confirm').click();
    await page.waitForURL(/\/trade\/index\?tab=pending/, { timeout: 15_000 });
    const pendingRow = page.locator('[data-testid^=position-row-]').first();
    await pendingRow.waitFor({ state: 'visible', timeout: 15_000 });
    const pendingId = ((await pendingRow.getAttribute('data-testid')) ?? '').replace('position-row-', '');
    expect((await order(session, pendingId)).state).toBe('pending');
    expect(new Dec((await usdt(session)).frozen).gt(0)).toBe(true);
    await noToast(page).catch(() => undefined);
    await shot(page, 'trade-08-limit-in-progress');
    await page.getByTestId(`position-cancel-${pendingId}`).click();
    const cancelSheet = page.getByTestId('position-sheet');
    await cancelSheet.waitFor({ state: 'visible' });
    await shot(page, 'trade-09-cancel-confirm');
    expect((await order(session, pendingId)).state).toBe('pending');
    await cancelSheet.getByTestId('position-confirm').click();
    await expect.poll(async () => (await order(session, pendingId)).state, { timeout: 15_000 }).toBe('cancelled');
    expect((await usdt(session)).frozen).toBe('0.00');
    await expect.poll(async () => page.locator('[data-testid^=position-row-]').count(), { timeout: 15_000 }).toBe(0);
    await page.close();
  });

  it('shows the live P&L screens in German and Traditional Chinese, light and dark', async () => {
    const session = await registerUser(baseUrl);
    const uid = (await api<{ id: string }>(baseUrl, '/user/getUserinfo', {}, session)).data?.id ?? '';
    await api(
      baseUrl,
      '/user/kycSubmit',
      {
        name: 'Jonas Müller',
        idNumber: 'MUEJ900101HDF7',
        frontImageId: await uploadImage(baseUrl, session, 'kyc_front'),
        backImageId: await uploadImage(baseUrl, session, 'kyc_back'),
      },
      session,
    );
    // a new admin session: the first one aged with the moved clock
    await ops.login();
    await ops.approveFirst('kyc', uid);
    await api(
      baseUrl,
      '/funds/deposit',
      { channelId: 'ch_usdt', amount: '50000.00', proofImageId: await uploadImage(baseUrl, session, 'deposit_proof') },
      session,
    );
    await ops.approveFirst('deposit', uid);
    const bought = await api<Order>(
      baseUrl,
      '/trade/buy',
      { instrumentId: BTC, side: 'short', orderType: 'market', lots: 1, leverage: 10 },
      session,
    );
    expect(bought.status).toBe(1);
    const orderId = bought.data?.orderId ?? '';

    const sellable: Record<string, RegExp> = { de: /^Verkaufbar ab /, zh: / 起可賣出$/ };
    for (const [language, scheme] of [
      ['de', 'light'],
      ['de', 'dark'],
      ['zh', 'light'],
      ['zh', 'dark'],
    ] as const) {
      const page = await phonePage(browser, scheme);
      await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language });
      await page.goto(`${baseUrl}/#/trade/index?tab=crypto`);
      await expect
        .poll(async () => page.getByTestId(`position-profit-loss-${orderId}`).getAttribute('data-live'), {
          timeout: 20_000,
        })
        .toBe('1');
      // bought just now: within the minimum hold, so Close waits and says until when, in the reader's language
      expect(await page.getByTestId(`position-close-${orderId}`).isDisabled()).toBe(true);
      expect(await page.getByTestId(`position-sellable-${orderId}`).textContent()).toMatch(
        sellable[language] as RegExp,
      );
      await shot(page, `trade-10-crypto-tab-${language}-${scheme}`);
      await page.goto(`${baseUrl}/#/trade/positionDetail?id=${orderId}`);
      await page.getByTestId('detail-headline').waitFor({ state: 'visible', timeout: 15_000 });
      await expect
        .poll(async () => page.getByTestId('detail-headline').getAttribute('data-live'), { timeout: 20_000 })
        .toBe('1');
      expect(await page.getByTestId(`position-close-${orderId}`).isDisabled()).toBe(true);
      expect(await page.getByTestId('detail-more').getAttribute('open')).toBeNull();
      await shot(page, `trade-11-position-detail-${language}-${scheme}`);
      // the ticket: TP/SL on the wrong side refused as typed, the minimum order in shares
      await page.goto(`${baseUrl}/#/market/buyStockDetail?id=${encodeURIComponent(BTC)}&side=short`);
      const current = new Dec(plain(await page.getByTestId('order-current-price').textContent()));
      await page.getByTestId('order-min-lots').waitFor({ state: 'visible', timeout: 15_000 });
      await fillInput(page, 'order-tp', current.times('1.2').toFixed(2));
      await fillInput(page, 'order-sl', current.times('0.8').toFixed(2));
      await page.getByTestId('order-sl-error').waitFor({ state: 'visible', timeout: 5_000 });
      await page.getByTestId('order-tp').scrollIntoViewIfNeeded();
      await shot(page, `trade-12-order-refused-${language}-${scheme}`);
      // screens opened without their id, and unknown routes: a way forward, never a skeleton
      await page.goto(`${baseUrl}/#/trade/positionDetail`);
      await page.getByTestId('detail-missing-id').waitFor({ state: 'visible', timeout: 15_000 });
      await shot(page, `trade-13-detail-without-id-${language}-${scheme}`);
      await page.goto(`${baseUrl}/#/market/buyStockDetail`);
      await page.getByTestId('order-missing-id').waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByTestId('order-missing-market').click();
      await page.waitForURL(/#\/market\/index/, { timeout: 10_000 });
      await page.goto(`${baseUrl}/#/trade/nothing-here`);
      await page.getByTestId('not-found').waitFor({ state: 'visible', timeout: 15_000 });
      await shot(page, `trade-14-not-found-${language}-${scheme}`);
      await page.getByTestId('not-found-positions').click();
      await page.waitForURL(/#\/trade\/index/, { timeout: 10_000 });
      await page.close();
    }
  }, 400_000);
});
