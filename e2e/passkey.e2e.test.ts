/**
 * Passkeys end to end (docs/api.md §23.7), in Chromium against the built server: a user adds a
 * passkey from the Security page and signs in with it on the login screen, the browser's
 * authenticator being Chromium's virtual one (CDP `WebAuthn`, CTAP2, resident keys, user
 * verification). WebAuthn needs the page's origin to be the relying party's: the journey runs
 * its own server and opens it at `http://localhost:<port>`, PUBLIC_ORIGIN's default.
 * Screenshots at 390 × 844 in de and zh-TW, light and dark, go to test-artifacts/passkey-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { startServer, type E2eServer } from './global-setup.js';
import { registerUser, seedStorage, type Session } from './market-helpers.js';

const PASSWORD = 'Journey123';
let server: E2eServer;
let baseUrl = '';
let browser: Browser;
let session: Session;

beforeAll(async () => {
  // PUBLIC_ORIGIN empty: the default http://localhost:<PORT>, whatever the environment says
  server = await startServer({ PUBLIC_ORIGIN: '' });
  baseUrl = server.baseUrl.replace('127.0.0.1', 'localhost');
  browser = await launch();
  session = await registerUser(server.baseUrl, PASSWORD);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A phone page whose browser has a platform authenticator (CTAP2, resident keys, verified user). */
async function withAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function open(language: string, theme: 'light' | 'dark', withSession: boolean): Promise<Page> {
  const page = await phonePage(browser, theme);
  await seedStorage(page.context(), {
    ...(withSession ? { tokend: session.tokend, account: session.account } : {}),
    language,
  });
  return page;
}

describe('passkeys on a phone', () => {
  it('adds a passkey on the Security page, then signs in with it alone', async () => {
    const page = await open('en', 'light', true);
    await withAuthenticator(page);
    await page.goto(`${baseUrl}/#/information/security`);
    await page.getByTestId('passkey-empty').waitFor({ timeout: 20_000 });
    await shot(page, 'passkey-empty-en-light');
    await page.getByTestId('passkey-add').click();
    await page.locator('input[data-testid=passkey-name]').fill('Journey phone');
    await page.getByTestId('passkey-create').click();
    const item = page.getByTestId('passkey-item');
    await item.waitFor({ timeout: 20_000 });
    expect(await item.textContent()).toContain('Journey phone');
    await shot(page, 'passkey-list-en-light');

    // the same browser profile (the authenticator lives in this page's browser), signed out
    await page.evaluate(() => localStorage.removeItem('tokend'));
    await page.goto(`${baseUrl}/#/login/login`);
    const button = page.getByRole('button', { name: 'Sign in with a passkey' });
    await button.waitFor({ timeout: 20_000 });
    const box = await button.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await button.click();
    await page.waitForURL(/#\/home\/index/, { timeout: 20_000 });
    await page.goto(`${baseUrl}/#/information/security`);
    await page.reload(); // a fresh list, not the one cached before the sign-in
    await expect
      .poll(async () => page.getByTestId('passkey-item').textContent(), { timeout: 20_000 })
      .toContain('last used');
    await page.context().close();
  });

  for (const language of ['de', 'zh'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`looks right in ${language}, ${theme}: the Passkeys section, its remove sheet and the login button`, async () => {
        const page = await open(language, theme, true);
        await withAuthenticator(page);
        await page.goto(`${baseUrl}/#/information/security`);
        await page.getByTestId('passkey-item').first().waitFor({ timeout: 20_000 });
        await page.getByTestId('security-passkeys').scrollIntoViewIfNeeded();
        await shot(page, `passkey-security-${language}-${theme}`);
        await page.getByTestId('passkey-remove').first().click();
        await page.getByTestId('passkey-remove-sheet').waitFor();
        await page.waitForTimeout(400); // the sheet's slide
        await shot(page, `passkey-remove-${language}-${theme}`);
        await page.context().close();

        const login = await open(language, theme, false);
        await withAuthenticator(login);
        await login.goto(`${baseUrl}/#/login/login`);
        await login.getByTestId('login-passkey').waitFor({ timeout: 20_000 });
        await shot(login, `passkey-login-${language}-${theme}`);
        await login.context().close();
      });
    }
  }
});
