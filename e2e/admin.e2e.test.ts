import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { E2E_ADMIN_PASSWORD, E2E_INVITE } from './global-setup.js';
import { apiFrom, freshLoopback } from './market-helpers.js';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function api(path: string, body: unknown): Promise<{ status: number; code?: string; data?: unknown }> {
  const r = await fetch(`${baseUrl}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { status: number; code?: string; data?: unknown };
}

describe('an operator freezes an account', () => {
  it('in the back office, and the user then cannot log in (account.frozen)', async () => {
    const phone = `5216${String(Date.now()).slice(-9)}`;
    const reg = await apiFrom(baseUrl, freshLoopback(), '/user/register', {
      phone,
      password: 'Frozen123',
      confirmPassword: 'Frozen123',
      inviteCode: E2E_INVITE,
      agreementAccepted: true,
    });
    expect(reg.status).toBe(1);

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/`);
    await page.getByTestId('admin-login-username').fill('admin');
    await page.getByTestId('admin-login-password').fill(E2E_ADMIN_PASSWORD);
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('users-search').waitFor({ timeout: 20_000 });
    await shot(page, '10-admin-users');
    await page.getByTestId('users-search').fill(phone);
    await page.getByTestId('users-search').press('Enter');
    await page.getByTestId(`user-open-${phone}`).click();
    await page.getByTestId('restrict-action').waitFor();
    await shot(page, '11-admin-user-detail');

    const action = page.getByTestId('restrict-action');
    await action.click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^freeze$/i })
      .first()
      .click();
    await page.getByTestId('restrict-reason').fill('Reported stolen phone');
    await page.getByTestId('restrict-submit').click();
    const ok = page.getByTestId('confirm-ok');
    if (await ok.count()) await ok.first().click();
    await expect
      .poll(async () => (await api('/user/login', { account: phone, password: 'Frozen123' })).code, { timeout: 15_000 })
      .toBe('account.frozen');
    await shot(page, '12-admin-frozen');

    // The user sees the refusal, translated, on the phone.
    const phonePg = await phonePage(browser);
    await phonePg.goto(`${baseUrl}/#/login/login`);
    await phonePg.locator('[data-testid=login-account] input, input[data-testid=login-account]').first().fill(phone);
    await phonePg
      .locator('[data-testid=login-password] input, input[data-testid=login-password]')
      .first()
      .fill('Frozen123');
    await phonePg.getByTestId('login-submit').click();
    await expect
      .poll(async () => phonePg.locator('body').innerText(), { timeout: 10_000 })
      .toMatch(/frozen|customer service/i);
    await shot(phonePg, '13-login-frozen');
  });
});
