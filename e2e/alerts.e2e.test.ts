/**
 * Price alerts and Web Push on a phone, against the real built server (docs/api.md §22).
 *
 * - A user opens a stock, taps the bell, sees that an alert at the current price would fire at
 *   once (the button stays off), sets one above the price, finds it in Mine → Price alerts and
 *   cancels it after the confirmation; it moves to the history.
 * - The service worker of the production build shows a pushed notification: Chromium delivers a
 *   push through the DevTools protocol (`ServiceWorker.deliverPushMessage`) and the page reads it
 *   back with `registration.getNotifications()`. A tap on a notification cannot be made through the
 *   protocol; `notificationclick` is covered by apps/web/src/lib/sw-push.test.ts on the real source.
 * - Screenshots at 390×844 of the list (both tabs), the sheet and the notification settings in
 *   German and Chinese, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { api, clippedTexts, registerUser, seedStorage, type Session } from './market-helpers.js';

const STOCK = 'i_mxn_WALMEX';

let browser: Browser;
const baseUrl = () => inject('baseUrl');

interface Quote {
  price: string;
  priceScale: number;
  code: string;
}

async function quote(): Promise<Quote> {
  const r = await api<Quote>(baseUrl(), '/market/quote', { instrumentId: STOCK });
  expect(r.status, JSON.stringify(r)).toBe(1);
  return r.data!;
}

/** A price well above the current one, at the instrument's scale, without float arithmetic. */
function farAbove(price: string): string {
  const integer = BigInt(price.split('.')[0] ?? '0');
  return String(integer * 3n + 7n);
}

async function openAs(session: Session, language: string, scheme: 'light' | 'dark', path: string): Promise<Page> {
  const page = await phonePage(browser, scheme);
  await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language });
  await page.goto(`${baseUrl()}/#${path}`);
  return page;
}

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

describe('price alerts', () => {
  it('sets an alert from the stock detail bell, sees it in Mine → Price alerts and cancels it', async () => {
    const session = await registerUser(baseUrl());
    const q = await quote();
    const page = await openAs(session, 'en', 'light', `/market/stockDetail?id=${STOCK}`);
    await page.getByTestId('quote-price').waitFor({ timeout: 30_000 });
    const bell = page.getByTestId('alert-bell');
    expect(await bell.getAttribute('aria-label')).toBe('Set a price alert');
    const box = await bell.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await bell.click();
    await page.getByTestId('alert-sheet').waitFor();
    // prefilled with the current price: "price above" it is already met, said before the button
    const prefilled = await page.getByTestId('alert-value').inputValue();
    expect(prefilled).not.toBe('');
    await page.getByTestId('alert-rule-already_met').waitFor();
    expect(await page.getByTestId('alert-submit').isDisabled()).toBe(true);

    const level = farAbove(q.price);
    await page.getByTestId('alert-value').fill(level);
    await page.getByTestId('alert-note').fill('Journey alert');
    expect(await page.getByTestId('alert-rule-already_met').count()).toBe(0);
    await page.getByTestId('alert-submit').click();
    await page.getByText('Alert set.').waitFor({ timeout: 10_000 });
    await page.getByTestId('alert-sheet').waitFor({ state: 'detached' });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Price alerts (1 active)');

    const listed = await api<{ list: { id: string; value: string; note: string }[] }>(
      baseUrl(),
      '/alert/list',
      { states: ['active'] },
      session,
    );
    expect(listed.data!.list).toHaveLength(1);
    const alert = listed.data!.list[0]!;
    expect(alert.note).toBe('Journey alert');

    // the same alert again is refused before the button
    await bell.click();
    await page.getByTestId(`alert-own-${alert.id}`).waitFor();
    await page.getByTestId('alert-value').fill(level);
    await page.getByTestId('alert-rule-duplicate').waitFor();
    expect(await page.getByTestId('alert-submit').isDisabled()).toBe(true);
    await page.getByTestId('alert-all').click();

    await page.getByTestId('alerts-page').waitFor();
    await page.getByTestId('nav-back').click();
    await page.goto(`${baseUrl()}/#/information/index`);
    await page.getByTestId('mine-alerts').click();
    const what = page.getByTestId(`alert-what-${alert.id}`);
    await what.waitFor({ timeout: 20_000 });
    expect(await what.innerText()).toContain('Price rises to');
    expect(await page.getByTestId(`alert-note-${alert.id}`).innerText()).toBe('Journey alert');
    await page.getByTestId(`alert-cancel-${alert.id}`).click();
    const dialog = page.getByTestId('alert-cancel-dialog');
    await dialog.waitFor();
    await page.getByRole('button', { name: 'Cancel alert', exact: true }).last().click();
    await page.getByTestId('state-empty').waitFor({ timeout: 10_000 });
    await page.getByTestId('alerts-tab-history').click();
    const state = page.getByTestId(`alert-state-${alert.id}`);
    await state.waitFor();
    expect(await state.innerText()).toBe('Cancelled');
    await page.context().close();
  });
});

describe('swipe to cancel', () => {
  it('reveals the cancel action when an active alert is swiped to the left, and asks before cancelling', async () => {
    const session = await registerUser(baseUrl());
    const q = await quote();
    const created = await api<{ id: string }>(
      baseUrl(),
      '/alert/create',
      { instrumentId: STOCK, kind: 'price_above', value: farAbove(q.price) },
      session,
    );
    expect(created.status, JSON.stringify(created)).toBe(1);
    const id = created.data!.id;
    const page = await openAs(session, 'de', 'light', '/information/alerts');
    const row = page.getByTestId(`alert-${id}`);
    await row.waitFor({ timeout: 30_000 });
    const box = (await row.boundingBox())!;
    // antd-mobile's SwipeAction follows touch, not the mouse: a finger through the DevTools protocol
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + 80;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', box.x + box.width - 30);
    for (let step = 1; step <= 12; step += 1) {
      await touch('touchMove', box.x + box.width - 30 - step * 20);
      await page.waitForTimeout(16);
    }
    await touch('touchEnd', 0);
    const track = page.locator('.alert-row .adm-swipe-action-track').first();
    // the row slides left by the width of its action, which comes into view
    await expect.poll(async () => (await row.boundingBox())?.x ?? 0, { timeout: 5_000 }).toBeLessThan(box.x - 40);
    const action = page.locator('.adm-swipe-action-actions-right button');
    const actionBox = (await action.boundingBox())!;
    expect(actionBox.x + actionBox.width).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(await track.count()).toBe(1);
    await shot(page, 'alerts-de-light-swiped');
    await action.click();
    await page.getByTestId('alert-cancel-dialog').waitFor();
    await page.locator('.adm-dialog-footer button', { hasText: 'Alarm löschen' }).click();
    await page.getByTestId('state-empty').waitFor({ timeout: 10_000 });
    const listed = await api<{ list: { state: string }[] }>(baseUrl(), '/alert/list', {}, session);
    expect(listed.data!.list.map((a) => a.state)).toEqual(['cancelled']);
    await page.context().close();
  });
});

describe('Web Push in the service worker', () => {
  it('shows a pushed notification with its title, body, tag and the url for the tap', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) => {
      registrations.push(...event.registrations);
    });
    await cdp.send('ServiceWorker.enable');
    await page.goto(`${baseUrl()}/#/login/login`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl()}/`);
    await expect.poll(() => registrations.some((r) => r.scopeURL === scope), { timeout: 20_000 }).toBe(true);
    const registrationId = registrations.find((r) => r.scopeURL === scope)!.registrationId;

    const payload = {
      title: 'WALMEX reached your alert',
      body: 'Walmart de México is at 75.00, at or above your alert of 75.00.',
      url: '/#/information/alerts',
      tag: 'alert:al_e2e',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl(),
      registrationId,
      data: JSON.stringify(payload),
    });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: n.icon,
          data: n.data as unknown,
        }));
      });
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(1);
    expect((await shown())[0]).toEqual({
      title: payload.title,
      body: payload.body,
      tag: payload.tag,
      icon: `${baseUrl()}/icon-192.png`,
      data: { url: `${baseUrl()}/#/information/alerts` },
    });

    // the same tag replaces the notification rather than adding one
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl(),
      registrationId,
      data: JSON.stringify({ ...payload, body: 'again' }),
    });
    await expect.poll(async () => (await shown()).map((n) => n.body), { timeout: 10_000 }).toEqual(['again']);
    await context.close();
  });
});

describe('how the alert screens look', () => {
  it('at 390×844 in German and Chinese, light and dark', async () => {
    const session = await registerUser(baseUrl());
    const q = await quote();
    const create = async (body: Record<string, unknown>) => {
      const r = await api<{ id: string }>(baseUrl(), '/alert/create', { instrumentId: STOCK, ...body }, session);
      expect(r.status, JSON.stringify(r)).toBe(1);
      return r.data!.id;
    };
    await create({ kind: 'price_above', value: farAbove(q.price), note: 'Gewinne mitnehmen – Hälfte verkaufen' });
    await create({ kind: 'change_down', value: '0.05', repeat: 'daily' });
    const gone = await create({ kind: 'price_below', value: '0.01' });
    await api(baseUrl(), '/alert/cancel', { alertId: gone }, session);

    // The push routes are built beside this screen (docs/api.md §22.4); until this server has them,
    // the screenshot of the settings gets the contract's default answer of `/push/prefs` from the page.
    const prefs = await api(baseUrl(), '/push/prefs', {}, session);
    const prefsMissing = prefs.status !== 1;
    if (prefsMissing) console.warn(`/push/prefs not on this server yet (${prefs.code ?? ''}): default answer used`);

    const clipped: string[] = [];
    for (const language of ['de', 'zh']) {
      for (const scheme of ['light', 'dark'] as const) {
        const name = `alerts-${language}-${scheme}`;
        const page = await openAs(session, language, scheme, '/information/alerts');
        await page.getByTestId('alerts-active').waitFor({ timeout: 30_000 });
        await shot(page, `${name}-active`);
        clipped.push(...(await clippedTexts(page)).map((t) => `${name}-active: ${t}`));
        await page.getByTestId('alerts-tab-history').click();
        await page.getByTestId('alerts-history').waitFor();
        await shot(page, `${name}-history`);
        clipped.push(...(await clippedTexts(page)).map((t) => `${name}-history: ${t}`));

        await page.goto(`${baseUrl()}/#/market/stockDetail?id=${STOCK}`);
        await page.getByTestId('alert-bell').click();
        await page.getByTestId('alert-own').waitFor({ timeout: 20_000 });
        await page.waitForTimeout(400);
        await shot(page, `${name}-sheet`);
        clipped.push(...(await clippedTexts(page)).map((t) => `${name}-sheet: ${t}`));
        await page.getByTestId('alert-kind-change_up').click();
        await page.getByTestId('alert-value').fill('150');
        await page.getByTestId('alert-rule-percentRange').waitFor();
        await shot(page, `${name}-sheet-rule`);

        if (prefsMissing)
          await page.route('**/api/vue/push/prefs', (route) =>
            route.fulfill({
              contentType: 'application/json',
              body: JSON.stringify({
                status: 1,
                msg: 'ok',
                data: { alerts: true, orders: true, money: false, products: true, devices: 1 },
              }),
            }),
          );
        await page.goto(`${baseUrl()}/#/information/notifications`);
        await page.getByTestId('notify-kind-alerts').waitFor({ timeout: 20_000 });
        await page.getByTestId('notify-device').waitFor();
        await shot(page, `${name}-notifications`);
        clipped.push(...(await clippedTexts(page)).map((t) => `${name}-notifications: ${t}`));
        await page.context().close();
      }
    }
    console.log(`clipped texts (ellipsis is allowed on names): ${JSON.stringify(clipped, null, 1)}`);
  });
});
