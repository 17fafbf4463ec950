/**
 * Check-in and invite friends on a phone, against the real built server.
 *
 * A fresh account opens the daily check-in from Mine: the rule sits before the button; pressing
 * it turns the button to "checked in today" (disabled) and marks today in the 30-day calendar,
 * and a reload keeps it so. Invite friends shows the account's code, whose copy button puts it on
 * the clipboard; the QR code's registration link opens the register screen with the code filled
 * in. Then every engagement screen in German and Chinese, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { startServer, type E2eServer } from './global-setup.js';
import { api, registerUser, seedStorage, type Session } from './market-helpers.js';

let server: E2eServer;
let baseUrl = '';
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  baseUrl = server.baseUrl;
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(session: Session, language: string, scheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await phonePage(browser, scheme);
  await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language });
  return page;
}

describe('check-in and invite friends', () => {
  it('checks in once (button then disabled, today in the calendar) and shares the invitation code', async () => {
    const session = await registerUser(baseUrl);
    const status = await api<{ date: string; checkedInToday: boolean }>(baseUrl, '/checkin/status', {}, session);
    expect(status.data).toMatchObject({ checkedInToday: false });
    const today = status.data!.date;

    const page = await signedInPage(session, 'en');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto(`${baseUrl}/#/information/index`);
    await page.getByTestId('mine-checkIn').click();
    const button = page.getByTestId('checkin-button');
    await button.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await button.isEnabled()).toBe(true);
    expect(await page.getByTestId('checkin-rule').innerText()).toContain('One check-in per calendar day');
    const todayCell = page.locator(`[data-testid=checkin-calendar] [data-date="${today}"]`);
    expect(await todayCell.getAttribute('data-checked')).toBe('false');
    await shot(page, 'engage-01-checkin-before');

    await button.click();
    await expect.poll(async () => button.isDisabled(), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => button.innerText(), { timeout: 10_000 }).toContain('Checked in today');
    await expect.poll(async () => todayCell.getAttribute('data-checked'), { timeout: 10_000 }).toBe('true');
    expect(await page.getByTestId('checkin-count').innerText()).toBe('1 check-in');
    expect(await page.getByTestId('checkin-streak').innerText()).toBe('1 day');
    await shot(page, 'engage-02-checkin-done');
    await page.reload();
    await page.getByTestId('checkin-button').waitFor({ state: 'visible', timeout: 20_000 });
    await expect.poll(async () => page.getByTestId('checkin-button').isDisabled(), { timeout: 10_000 }).toBe(true);
    expect(
      await page.locator(`[data-testid=checkin-calendar] [data-date="${today}"]`).getAttribute('data-checked'),
    ).toBe('true');
    const again = await api(baseUrl, '/checkin/do', {}, session);
    expect(again.code).toBe('checkin.already_today');

    // invite friends from Mine
    const info = await api<{ inviteCode: string }>(baseUrl, '/invite/info', {}, session);
    const code = info.data!.inviteCode;
    await page.goto(`${baseUrl}/#/information/index`);
    await page.getByTestId('mine-inviteFriends').click();
    await page.getByTestId('invite-code').waitFor({ state: 'visible', timeout: 20_000 });
    expect(await page.getByTestId('invite-code').innerText()).toBe(code);
    await page.getByTestId('invite-copy').click();
    await expect.poll(async () => page.evaluate(() => navigator.clipboard.readText()), { timeout: 10_000 }).toBe(code);
    const link = await page.getByTestId('invite-qr').getAttribute('data-text');
    expect(link).toBe(`${baseUrl}/#/login/register?code=${code}`);
    await shot(page, 'engage-03-invite');

    // the link of the QR code: the register screen with the code filled in
    const visitor = await phonePage(browser);
    await seedStorage(visitor.context(), { language: 'en' });
    await visitor.goto(link!);
    const invite = visitor.locator('input[data-testid=register-invite], [data-testid=register-invite] input').first();
    await invite.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await invite.inputValue()).toBe(code);
    await visitor.context().close();
    await page.context().close();
  });

  it('looks right in German and Chinese, light and dark', async () => {
    const session = await registerUser(baseUrl);
    await api(baseUrl, '/checkin/do', {}, session);
    for (const language of ['de', 'zh'] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await signedInPage(session, language, scheme);
        const name = `engage-${language}-${scheme}`;
        await page.goto(`${baseUrl}/#/information/checkIn`);
        await page.getByTestId('checkin-button').waitFor({ state: 'visible', timeout: 20_000 });
        await expect.poll(async () => page.getByTestId('checkin-button').isDisabled(), { timeout: 10_000 }).toBe(true);
        await shot(page, `${name}-checkin`);
        await page.goto(`${baseUrl}/#/information/inviteFriends`);
        await page.getByTestId('invite-qr').waitFor({ state: 'visible', timeout: 20_000 });
        await shot(page, `${name}-invite`);
        await page.goto(`${baseUrl}/#/information/premium`);
        await page.getByTestId('premium-page').waitFor({ state: 'visible', timeout: 20_000 });
        await shot(page, `${name}-premium`);
        await page.goto(`${baseUrl}/#/information/service`);
        await page.getByTestId('service-open').waitFor({ state: 'visible', timeout: 20_000 });
        await shot(page, `${name}-service`);
        await page.context().close();

        const visitor = await phonePage(browser, scheme);
        await seedStorage(visitor.context(), { language });
        for (const [path, testId] of [
          ['/login/start', 'start-page'],
          ['/login/login', 'login-submit'],
          ['/login/register', 'register-submit'],
        ] as const) {
          await visitor.goto(`${baseUrl}/#${path}`);
          await visitor.getByTestId(testId).waitFor({ state: 'visible', timeout: 20_000 });
          expect(await visitor.getByTestId('lang-switch').inputValue()).toBe(language);
          await shot(visitor, `${name}${path.replace(/\//g, '-')}`);
        }
        await visitor.context().close();
      }
    }
  });

  it('switches the language on the start screen, and an unchosen language follows the browser', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'de-DE',
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/#/login/start`);
    await page.getByTestId('start-page').waitFor({ state: 'visible', timeout: 20_000 });
    expect(await page.getByTestId('lang-switch').inputValue()).toBe('de');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
    await page.getByTestId('lang-switch').selectOption('kor');
    await expect.poll(async () => page.getByTestId('start-login').innerText()).not.toBe('');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('kor');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
    await context.close();
  });
});
