import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { E2E_INVITE } from './global-setup.js';

let browser: Browser;
const baseUrl = inject('baseUrl');
const phone = `5215${String(Date.now()).slice(-9)}`;
const password = 'Journey123';

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('a new account holder on a phone', () => {
  it('registers, reaches Mine, reads it in five languages, and logs out', async () => {
    const page = await phonePage(browser);
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/#\/login\/start/);
    await shot(page, '01-start');

    // an unknown address: says so, not "coming soon", and leads on
    await page.goto(`${baseUrl}/#/no/such/screen`);
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await notFound.textContent()).not.toMatch(/coming soon/i);
    await shot(page, '01b-not-found');
    await page.getByTestId('not-found-home').click();
    await page.waitForURL(/#\/home\/index/, { timeout: 10_000 });

    await page.goto(`${baseUrl}/#/login/register`);
    // a field's error goes as soon as the field is filled
    await page.getByTestId('register-submit').click();
    const phoneInput = page.locator('input[data-testid=register-phone]');
    await expect.poll(async () => phoneInput.getAttribute('aria-invalid')).toBe('true');
    await phoneInput.fill(phone);
    await expect.poll(async () => phoneInput.getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('.field:has(input[data-testid=register-phone]) .error').count()).toBe(0);
    expect(await page.locator('input[data-testid=register-invite]').getAttribute('aria-invalid')).toBe('true');
    await page
      .getByTestId('register-phone')
      .locator('input')
      .or(page.locator('[data-testid=register-phone] input, input[data-testid=register-phone]'))
      .first()
      .fill(phone);
    await page
      .locator('[data-testid=register-password] input, input[data-testid=register-password]')
      .first()
      .fill(password);
    await page
      .locator('[data-testid=register-confirm] input, input[data-testid=register-confirm]')
      .first()
      .fill(password);
    await page
      .locator('[data-testid=register-invite] input, input[data-testid=register-invite]')
      .first()
      .fill(E2E_INVITE);
    await shot(page, '02-register-filled');
    await page.getByTestId('register-agree').click();
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/#\/home\/index/, { timeout: 20_000 });
    await shot(page, '03-home');

    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('tokend'),
      account: localStorage.getItem('account'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.account).toContain(phone);

    await page.goto(`${baseUrl}/#/information/index`);
    await expect
      .poll(async () => page.getByTestId('mine-total-assets').textContent(), { timeout: 15_000 })
      .toMatch(/0/);
    await shot(page, '04-mine-en');

    const expected: Record<string, RegExp> = {
      de: /Einstellungen|Sprache|Abmelden/,
      zh: /語言|登出|設定/,
      esp: /Idioma|Cerrar sesión|Ajustes/,
      kor: /언어|로그아웃|설정/,
      en: /Language|Log out|Settings/,
    };
    for (const lang of ['de', 'zh', 'esp', 'kor', 'en']) {
      await page.goto(`${baseUrl}/#/information/changeLang`);
      await page.getByTestId(`lang-${lang}`).click();
      await expect.poll(async () => page.evaluate(() => localStorage.getItem('language'))).toContain(lang);
      await page.goto(`${baseUrl}/#/information/index`);
      await expect
        .poll(async () => await page.locator('body').innerText(), { timeout: 10_000 })
        .toMatch(expected[lang] as RegExp);
      await shot(page, `05-mine-${lang}`);
    }

    await page.getByTestId('mine-logout').click();
    const confirm = page.getByRole('button', { name: /confirm|ok|log out|yes/i });
    if (await confirm.count())
      await confirm
        .first()
        .click()
        .catch(() => undefined);
    await page.waitForURL(/#\/login\/login/, { timeout: 10_000 });
    const after = await page.evaluate(() => localStorage.getItem('tokend'));
    expect(after === null || after === '' || after === '""').toBe(true);
    await shot(page, '06-logged-out');
  });

  it('logs in again with the same account', async () => {
    const page = await phonePage(browser, 'dark');
    await page.goto(`${baseUrl}/#/login/login`);
    await page.locator('[data-testid=login-account] input, input[data-testid=login-account]').first().fill(phone);
    await page.locator('[data-testid=login-password] input, input[data-testid=login-password]').first().fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/home\/index/, { timeout: 20_000 });
    await shot(page, '07-home-dark');
  });
});
