/**
 * The installable app (issue 16 item 9) in Chromium: the manifest is linked and valid with its
 * icons, the favicon exists, the service worker registers, and after going offline a reload
 * still shows the app with the offline banner (in the user's language). The first load fetches
 * only the current language's strings, and of those only the login screens' part before the
 * login screen shows; a screen that needs the rest waits for it rather than showing keys. API
 * calls are never answered from the worker's cache.
 */
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';

let browser: Browser;
const baseUrl = () => inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

describe('installable app', () => {
  it('links a valid manifest with 192, 512 and maskable PNG icons, and serves the favicon', async () => {
    const page = await phonePage(browser);
    await page.goto(`${baseUrl()}/#/login/login`);
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await fetch(new URL(href ?? '', baseUrl()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.display).toBe('standalone');
    expect(new URL(manifest.start_url, baseUrl()).origin).toBe(new URL(baseUrl()).origin);
    const png = (size: string, purpose: string) =>
      manifest.icons.find(
        (icon) =>
          icon.sizes === size && icon.type === 'image/png' && (icon.purpose ?? 'any').split(' ').includes(purpose),
      );
    for (const icon of [png('192x192', 'any'), png('512x512', 'any'), png('512x512', 'maskable')]) {
      expect(icon).toBeDefined();
      const image = await fetch(new URL(icon?.src ?? '', baseUrl()));
      expect(image.status).toBe(200);
      const bytes = Buffer.from(await image.arrayBuffer());
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      // PNG header: width and height at bytes 16 and 20.
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon?.sizes);
    }
    expect((await fetch(`${baseUrl()}/favicon.ico`)).status).toBe(200);
    const iconHref = await page.locator('link[rel=icon]').first().getAttribute('href');
    expect((await fetch(new URL(iconHref ?? '', baseUrl()))).status).toBe(200);
    await page.context().close();
  });

  it('shows a screen past the login ones only once the rest of the strings is in, never their keys', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('language', 'de'));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let restAsked = false;
    await page.route(/\/assets\/de-rest-[\w-]+\.js$/, async (route) => {
      restAsked = true;
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/#/login/login`);
    await page.getByTestId('login-submit').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('login-submit').textContent()).toContain('Anmelden');
    await expect.poll(() => restAsked, { timeout: 10_000 }).toBe(true);
    // The about screen's own strings are in the rest, which is held back: the router's navigation
    // is a transition, so the login screen (or the loading ring) stays; the about screen and its
    // keys do not show.
    await page.evaluate(() => {
      window.location.hash = '#/information/aboutUs';
    });
    await page.waitForTimeout(1500);
    expect(await page.locator('#about-credits').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(/\bui\.[a-zA-Z]+\./);
    release();
    await page.locator('#about-credits').waitFor({ timeout: 30_000 });
    expect(await page.locator('body').innerText()).not.toMatch(/\bui\.[a-zA-Z]+\./);
    await context.close();
  });

  it('loads only the current language, registers the worker, and opens offline with the banner', async () => {
    const page = await phonePage(browser);
    await page.addInitScript(() => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', 'de');
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl()}/#/login/login`);
    await expect.poll(() => page.locator('form').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // The German strings and antd-mobile's German locale; none of the other four languages'.
    expect(scripts.some((p) => /\/assets\/de-[\w-]+\.js$/.test(p))).toBe(true);
    expect(scripts.filter((p) => /\/assets\/(en|zh|esp|kor|en-US|zh-TW|es-ES|ko-KR)-[\w-]+\.js$/.test(p))).toEqual([]);

    const registered = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(registered).toBe(`${baseUrl()}/sw.js`);
    // Wait until the worker has kept this page's files (the language chunk is kept on request).
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const names = await caches.keys();
            const cache = await caches.open(names.find((name) => name.startsWith('brokerage-web-')) ?? 'none');
            const keys = (await cache.keys()).map((request) => new URL(request.url).pathname);
            return keys.includes('/index.html') && keys.some((p) => /\/assets\/de-[\w-]+\.js$/.test(p));
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
    const cachedApi = await page.evaluate(async () => {
      const names = await caches.keys();
      const all = await Promise.all(
        names.map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)),
      );
      return all.flat().filter((url) => url.includes('/api/'));
    });
    expect(cachedApi).toEqual([]);

    await page.context().setOffline(true);
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.textContent()).toContain('Sie sind offline');
    expect(await page.locator('form').count()).toBeGreaterThan(0);
    await shot(page, 'pwa-offline-de');

    // An API call while offline fails; nothing answers it from a cache.
    const apiStatus = await page.evaluate(async () => {
      try {
        const response = await fetch('/api/vue/config', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        return response.status;
      } catch {
        return 'failed';
      }
    });
    expect(apiStatus).toBe('failed');

    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => banner.count(), { timeout: 10_000 }).toBe(0);
    await page.context().close();
  });
});
