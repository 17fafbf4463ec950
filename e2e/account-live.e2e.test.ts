/**
 * The positions screen follows the account without a reload (docs/decisions.md, "Account events
 * on the quote WebSocket", the client side): the app signs its quote socket in for the user's
 * account events, and orders placed, filled by the engine or cancelled through the API (another
 * device, the engine) show on the open screen by themselves. A limit order the engine fills
 * says so in a toast, in the user's language (screenshots at 390 × 844 in de and zh-TW go to
 * test-artifacts/account-live-*.png).
 *
 * On BTC-USDT (24/7, no market hours). A buy limit above the ask rests as `pending` and the
 * engine fills it at the next tick, as in the cluster journey.
 */
import { randomUUID } from 'node:crypto';
import { messages } from '@brokerage/i18n';
import type { Browser, Page, WebSocket, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePage, shot } from './browser.js';
import { api, seedStorage, type Envelope, type Session } from './market-helpers.js';
import { closeOwnServer, ownServerWithFundedUser, type OwnServer } from './own-server.js';

const BTC = 'i_crypto_BTC-USDT';
const POLL = { timeout: 20_000, interval: 200 };

// A server of its own: the shared one's deposit channels are replaced by other journeys.
let own: OwnServer | undefined;
let baseUrl = '';
let browser: Browser;
let session: Session;

beforeAll(async () => {
  own = await ownServerWithFundedUser('100000.00');
  ({ baseUrl, browser, session } = own);
});

afterAll(async () => {
  await closeOwnServer(own);
});

/** What the page's socket said about the account: the sign-ins it sent, the acks and the events it received. */
function watchAccountSocket(page: Page): {
  signIns: number;
  acked: number;
  events: { kind: string; orderId?: string; state?: string }[];
} {
  const seen = { signIns: 0, acked: 0, events: [] as { kind: string; orderId?: string; state?: string }[] };
  const accountIds = new Set<string>();
  page.on('websocket', (ws: WebSocket) => {
    if (!ws.url().includes('/api/vue/ws')) return;
    ws.on('framesent', ({ payload }) => {
      const frame = parse(payload);
      if (frame?.op === 'account' && typeof frame.id === 'string') {
        seen.signIns += 1;
        accountIds.add(frame.id);
      }
    });
    ws.on('framereceived', ({ payload }) => {
      const frame = parse(payload);
      if (frame?.op === 'ack' && typeof frame.id === 'string' && accountIds.has(frame.id)) seen.acked += 1;
      if (frame?.op === 'account') seen.events.push(frame.data as { kind: string });
    });
  });
  return seen;
}

function parse(payload: string | Buffer): { op?: unknown; id?: unknown; data?: unknown } | null {
  try {
    return JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8')) as { op?: unknown };
  } catch {
    return null;
  }
}

/** A buy through the API (another device), asked again while the one-buy-per-second limit refuses it. */
async function buy(body: Record<string, unknown>): Promise<{ orderId: string; state: string }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer: Envelope<{ orderId: string; state: string }> = await api(
      baseUrl,
      '/trade/buy',
      { instrumentId: BTC, side: 'long', lots: 1, leverage: 10, ...body, requestId: randomUUID() },
      session,
    );
    if (answer.code !== 'request.too_frequent' || Date.now() > deadline) {
      expect(answer.status, JSON.stringify(answer)).toBe(1);
      return answer.data ?? { orderId: '', state: '' };
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** A limit price 1 % above the current ask: the engine fills it at its next tick. */
async function marketableLimit(): Promise<string> {
  const quote = await api<{ ask: string }>(baseUrl, '/market/quote', { instrumentId: BTC }, session);
  expect(quote.status, JSON.stringify(quote)).toBe(1);
  return (Number(quote.data?.ask) * 1.01).toFixed(2);
}

async function openPositions(
  language: string,
  tab: 'crypto' | 'pending',
): Promise<{ page: Page; socket: ReturnType<typeof watchAccountSocket> }> {
  const page = await phonePage(browser);
  const socket = watchAccountSocket(page);
  await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language });
  await page.goto(`${baseUrl}/#/trade/index?tab=${tab}`);
  await page.getByTestId('trade-page').waitFor({ timeout: 20_000 });
  // signed in for the account on the quote socket before anything happens
  await expect.poll(() => socket.acked, POLL).toBe(1);
  // a marker a reload would wipe
  await page.evaluate(() => {
    (window as unknown as { e2eNoReload: number }).e2eNoReload = 1;
  });
  return { page, socket };
}

/** Waits until the toast has faded in (its mask animates opacity), for the screenshot. */
async function toastShown(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const mask = document.querySelector('.adm-toast-mask');
          return mask ? getComputedStyle(mask).opacity : '';
        }),
      POLL,
    )
    .toBe('1');
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2eNoReload?: number }).e2eNoReload === 1);

describe('the positions screen follows the account', () => {
  it('shows an order placed elsewhere, an engine fill with a toast, and a cancel, without a reload', async () => {
    const { page, socket } = await openPositions('en', 'crypto');
    await page.getByTestId('state-empty').waitFor({ timeout: 20_000 });
    expect(socket.signIns).toBe(1);

    // a market buy through the API appears on the open screen
    const bought = await buy({ orderType: 'market' });
    expect(bought.state).toBe('holding');
    await page.getByTestId(`position-row-${bought.orderId}`).waitFor({ timeout: 15_000 });
    expect(socket.events.some((e) => e.kind === 'order' && e.orderId === bought.orderId)).toBe(true);
    // what the user did (here on another device) is not announced
    const toast = page.locator('.adm-toast-main');
    expect(await toast.count()).toBe(0);

    // a buy limit above the ask rests, the engine fills it: the row appears and a toast says so
    const resting = await buy({ orderType: 'limit', price: await marketableLimit() });
    expect(resting.state).toBe('pending');
    await page.getByTestId(`position-row-${resting.orderId}`).waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => (await toast.allTextContents()).join(' '), POLL)
      .toContain(messages.en['ui.accountLive.limitFilled']?.replace('{code}', 'BTC-USDT'));
    await toastShown(page);
    await shot(page, 'account-live-01-limit-filled-en');
    expect(
      socket.events.filter((e) => e.kind === 'order' && e.orderId === resting.orderId).map((e) => e.state),
    ).toEqual(['pending', 'holding']);

    // the in-progress tab: a far limit order appears, and goes when cancelled through the API
    await page.getByTestId('trade-tab-pending').click();
    await page.getByTestId('state-empty').waitFor({ timeout: 20_000 });
    const far = await buy({ orderType: 'limit', price: '1000.00', lots: 1000 });
    const farRow = page.getByTestId(`position-row-${far.orderId}`);
    await farRow.waitFor({ timeout: 15_000 });
    const cancelled = await api(baseUrl, '/trade/cancel', { orderId: far.orderId, requestId: randomUUID() }, session);
    expect(cancelled.status, JSON.stringify(cancelled)).toBe(1);
    await farRow.waitFor({ state: 'detached', timeout: 15_000 });

    expect(await notReloaded(page)).toBe(true);
    expect(socket.signIns).toBe(1);
    await page.context().close();
  });

  it('signs in again after the connection drops, and re-reads what it missed meanwhile', async () => {
    const page = await phonePage(browser);
    await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language: 'en' });
    // the app's socket goes through the test, which passes every frame on and can cut it
    let acked = 0;
    let blocked = false;
    const signIns = new Set<string>();
    const open: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
    await page.routeWebSocket(/\/api\/vue\/ws$/, async (ws) => {
      if (blocked) {
        await ws.close({ code: 4000, reason: 'e2e: still down' });
        return;
      }
      const upstream = ws.connectToServer();
      ws.onMessage((message) => {
        const frame = parse(message);
        if (frame?.op === 'account' && typeof frame.id === 'string') signIns.add(frame.id);
        upstream.send(message);
      });
      upstream.onMessage((message) => {
        const frame = parse(message);
        if (frame?.op === 'ack' && typeof frame.id === 'string' && signIns.has(frame.id)) acked += 1;
        ws.send(message);
      });
      open.push({ page: ws, server: upstream });
    });
    await page.goto(`${baseUrl}/#/trade/index?tab=pending`);
    await page.getByTestId('state-empty').waitFor({ timeout: 20_000 });
    await expect.poll(() => acked, POLL).toBe(1);
    await page.evaluate(() => {
      (window as unknown as { e2eNoReload: number }).e2eNoReload = 1;
    });

    // the connection drops and stays down while an order is placed: its event reaches no one
    blocked = true;
    for (const route of open.splice(0)) {
      await route.page.close({ code: 4000, reason: 'e2e: drop' });
      await route.server.close();
    }
    const far = await buy({ orderType: 'limit', price: '1000.00', lots: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the feed has published it by now
    expect(await page.getByTestId(`position-row-${far.orderId}`).count()).toBe(0);
    blocked = false;

    // the reconnect signs in again and the list is re-read: the order placed in the gap shows
    await expect.poll(() => acked, { timeout: 30_000, interval: 250 }).toBe(2);
    await page.getByTestId(`position-row-${far.orderId}`).waitFor({ timeout: 15_000 });
    expect(await notReloaded(page)).toBe(true);
    expect(
      (await api(baseUrl, '/trade/cancel', { orderId: far.orderId, requestId: randomUUID() }, session)).status,
    ).toBe(1);
    await page.context().close();
  });

  for (const language of ['de', 'zh'] as const) {
    it(`says an engine fill in ${language}`, async () => {
      const { page } = await openPositions(language, 'crypto');
      await page.locator('.position-row, [data-testid=state-empty]').first().waitFor({ timeout: 20_000 });
      await new Promise((resolve) => setTimeout(resolve, 2_000)); // toasts of the page load gone
      const resting = await buy({ orderType: 'limit', price: await marketableLimit() });
      const text = messages[language]['ui.accountLive.limitFilled']?.replace('{code}', 'BTC-USDT') ?? '';
      expect(text).not.toBe('');
      const toast = page.locator('.adm-toast-main');
      await expect.poll(async () => (await toast.allTextContents()).join(' '), POLL).toContain(text);
      await page.getByTestId(`position-row-${resting.orderId}`).waitFor({ timeout: 15_000 });
      await toastShown(page);
      await shot(page, `account-live-02-limit-filled-${language}`);
      await page.context().close();
    });
  }
});
