/**
 * Two-step verification end to end (docs/api.md §23.1), in Chromium against the built server:
 * a user turns it on from the Security page (the code computed here from the key the page shows,
 * as an authenticator would), keeps the recovery codes, and signs in again with the password and
 * a code. Screenshots at 390 × 844 in de and zh-TW, light and dark, go to test-artifacts/totp-*.png.
 */
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { registerUser, seedStorage, type Session } from './market-helpers.js';

const baseUrl = inject('baseUrl');
const PASSWORD = 'Journey123';
let browser: Browser;
let session: Session;
let secret = '';

beforeAll(async () => {
  browser = await launch();
  session = await registerUser(baseUrl, PASSWORD);
});
afterAll(async () => {
  await browser.close();
});

/** The code an authenticator shows `steps` steps from now. */
function codeAt(steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

async function open(language: string, theme: 'light' | 'dark', withSession: boolean): Promise<Page> {
  const page = await phonePage(browser, theme);
  await seedStorage(page.context(), {
    ...(withSession ? { tokend: session.tokend, account: session.account } : {}),
    language,
  });
  return page;
}

async function passwordStep(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/#/login/login`);
  await page.locator('input[data-testid=login-account]').fill(session.account);
  await page.locator('input[data-testid=login-password]').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-two-step').waitFor({ timeout: 15_000 });
}

describe('two-step verification on a phone', () => {
  it('turns it on from the Security page, then signs in with the password and a code', async () => {
    const page = await open('en', 'light', true);
    await page.goto(`${baseUrl}/#/information/index`);
    await page.getByTestId('mine-security').click();
    await page.waitForURL(/#\/information\/security/);
    await page.getByTestId('security-totp-start').click();
    await page.locator('input[data-testid=security-totp-password]').fill(PASSWORD);
    await page.getByTestId('security-totp-next').click();
    const key = page.getByTestId('security-totp-secret');
    await key.waitFor({ timeout: 15_000 });
    secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // the QR code's accessible name, and the key as text beside it
    expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(1);
    await shot(page, 'totp-setup-en-light');
    await page.locator('input[data-testid=security-totp-code]').fill(codeAt());
    await page.getByTestId('security-totp-confirm').click();
    const codes = page.getByTestId('security-codes-list');
    await codes.waitFor({ timeout: 15_000 });
    expect(await codes.locator('li').count()).toBe(10);
    await shot(page, 'totp-codes-en-light');
    await page.getByTestId('security-codes-done').click();
    await expect.poll(async () => page.getByTestId('security-totp-state').textContent()).toBe('On');
    await page.context().close();

    // a new device: the password alone is not enough
    const fresh = await open('en', 'light', false);
    await passwordStep(fresh);
    await fresh.locator('input[data-testid=login-code]').fill(codeAt(1));
    await fresh.getByTestId('login-verify').click();
    await fresh.waitForURL(/#\/home\/index/, { timeout: 15_000 });
    await fresh.context().close();
  });

  for (const language of ['de', 'zh'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`looks right in ${language}, ${theme}: the Security page, a protected form and the login's second step`, async () => {
        const page = await open(language, theme, true);
        await page.goto(`${baseUrl}/#/information/security`);
        await page.getByTestId('security-totp-off').waitFor({ timeout: 15_000 });
        await page.getByTestId('security-totp-off').click();
        await page.getByTestId('security-form-off').waitFor();
        await shot(page, `totp-security-${language}-${theme}`);
        await page.goto(`${baseUrl}/#/information/loginPass`);
        await page.locator('input[data-testid=loginpass-code]').waitFor({ timeout: 15_000 });
        await shot(page, `totp-loginpass-${language}-${theme}`);
        await page.context().close();

        const login = await open(language, theme, false);
        await passwordStep(login);
        await shot(login, `totp-login-${language}-${theme}`);
        await login.context().close();
      });
    }
  }
});
