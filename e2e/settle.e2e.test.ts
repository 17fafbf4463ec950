/**
 * The screens that took 1.3–1.7 s to settle on first open (issue 30), on the built app: their data
 * is asked for with their code, not after it. Asserted by the order of requests, not by the clock
 * (a 2-core CI machine shares its time with the unit tests); `bench/settle.bench.ts` measures it.
 *
 * - Opened by address, each of Home, Market, New shares and Exchange asks for everything it shows
 *   first while its own chunk is still held back by the test.
 * - In the app: once the home screen is shown and the browser idle, the tab bar's Market screen's
 *   code is loaded without a tap; a finger resting on the Market tab asks for its list before it is
 *   lifted; lifted, the market shows its rows.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phonePage } from './browser.js';
import { api, registerUser, seedStorage, type Session } from './market-helpers.js';
import { AdminApi, uploadImage } from './server-api.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
let session: Session;

/** A user with the real name approved: the exchange screen shows its form to such a user only. */
async function verifiedUser(): Promise<Session> {
  const user = await registerUser(baseUrl);
  const info = await api<{ id: string }>(baseUrl, '/user/getUserinfo', {}, user);
  const kyc = await api(
    baseUrl,
    '/user/kycSubmit',
    {
      name: 'Ana López',
      idNumber: 'LOPA850101HDF7',
      frontImageId: await uploadImage(baseUrl, user, 'kyc_front'),
      backImageId: await uploadImage(baseUrl, user, 'kyc_back'),
    },
    user,
  );
  expect(kyc.status, JSON.stringify(kyc)).toBe(1);
  const ops = new AdminApi(baseUrl);
  await ops.login();
  await ops.approveFirst('kyc', info.data?.id ?? '');
  return user;
}

async function signedInPage(): Promise<Page> {
  const page = await phonePage(browser);
  await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language: 'en' });
  return page;
}

/** `/market/list {"tab":"listed",…}` for a request of the API, else null. */
function apiCall(request: Request): string | null {
  const match = /\/api\/vue(\/[^?]+)$/.exec(request.url());
  if (!match) return null;
  return `${match[1]} ${request.postData() ?? ''}`;
}

beforeAll(async () => {
  browser = await launch();
  session = await verifiedUser();
});

afterAll(async () => {
  await browser?.close();
});

describe('opened by address, a screen asks for its data while its code is still coming', () => {
  const cases = [
    {
      name: 'Home',
      path: '/home/index',
      chunk: /\/assets\/HomePage-[\w-]+\.js$/,
      asks: ['/market/list', '/common/newsList', '/user/getUserinfo', '/user/assets', '/user/notice', '/common/config'],
      shows: '[data-testid^=index-card-]',
    },
    {
      name: 'Market',
      path: '/market/index',
      chunk: /\/assets\/MarketPage-[\w-]+\.js$/,
      asks: ['/market/list', '/market/watchlist', '/user/notice', '/common/config'],
      shows: '[data-testid=market-page] .instrument-row',
    },
    {
      name: 'New shares',
      path: '/home/newStock',
      chunk: /\/assets\/NewSharesPage-[\w-]+\.js$/,
      asks: ['/newShare/list', '/common/config'],
      shows: '[data-testid^=ns-card-]',
    },
    {
      name: 'Exchange',
      path: '/information/exChange',
      chunk: /\/assets\/ExchangePage-[\w-]+\.js$/,
      asks: ['/user/getUserinfo', '/user/assets', '/funds/rates', '/common/config'],
      shows: '[data-testid=exchange-rate] .rate-time',
    },
  ];

  it.each(cases)('$name', async ({ path, chunk, asks, shows }) => {
    const page = await signedInPage();
    try {
      const asked = new Set<string>();
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held = false;
      page.on('request', (request) => {
        const call = apiCall(request);
        if (call) asked.add(call.split(' ')[0] ?? '');
        if (asks.every((endpoint) => asked.has(endpoint))) release();
      });
      // the screen's own chunk waits until the screen's requests have all left (10 s at most); what
      // had left by the time it goes on is what the screen asked for before its code was in
      const before = new Set<string>();
      await page.route(chunk, async (route) => {
        held = true;
        await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        asked.forEach((endpoint) => before.add(endpoint));
        await route.continue();
      });
      await page.goto(`${baseUrl}/#${path}`);
      await page.locator(shows).first().waitFor({ timeout: 30_000 });
      expect(held, `${String(chunk)} was not requested`).toBe(true);
      expect([...before].sort()).toEqual(expect.arrayContaining([...asks].sort()));
    } finally {
      await page.context().close();
    }
  });
});

describe('in the app', () => {
  it("loads the tab bar's screens when idle, and asks for the market's list while a finger is on its tab", async () => {
    const page = await signedInPage();
    try {
      // the market screen's code, loaded with no tap once the home screen is shown and the browser idle
      const marketCode = page.waitForResponse((response) => /\/assets\/MarketPage-[\w-]+\.js$/.test(response.url()), {
        timeout: 60_000,
      });
      await page.goto(`${baseUrl}/#/home/index`);
      await page.locator('[data-testid^=index-card-]').first().waitFor({ timeout: 30_000 });
      await marketCode;

      const tab = page.getByTestId('tab-market');
      const box = await tab.boundingBox();
      if (!box) throw new Error('the Market tab is not on screen');
      const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const listed = page.waitForRequest(
        (request) =>
          apiCall(request)?.startsWith('/market/list') === true &&
          (request.postDataJSON() as { tab?: string; size?: number }).tab === 'listed' &&
          (request.postDataJSON() as { size?: number }).size === 20,
        { timeout: 20_000 },
      );
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      const cdp = await page.context().newCDPSession(page);
      try {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
        // the finger is still down: the list is asked for, and the app has not moved
        await listed;
        expect(new URL(page.url()).hash).toBe('#/home/index');
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      } finally {
        await cdp.detach();
      }
      await page.locator('[data-testid=market-page] .instrument-row').first().waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).hash).toContain('/market/index');
      // its code was in before the tap
      expect(scripts.filter((url) => /\/MarketPage-/.test(url))).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
