import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, shot } from './browser.js';
import { E2E_ADMIN_PASSWORD } from './global-setup.js';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

interface Answer {
  status: number;
  code?: string;
  data?: unknown;
}

async function api(path: string, body: unknown): Promise<Answer> {
  const r = await fetch(`${baseUrl}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await r.json()) as Answer;
}

async function newsDetail(id: string): Promise<Answer> {
  return api('/common/newsDetail', { id });
}

async function adminPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin/`);
  await page.getByTestId('admin-login-username').fill('admin');
  await page.getByTestId('admin-login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('admin-login-submit').click();
  return page;
}

/** Presses a row's publish or unpublish button, gives the reason and confirms. */
async function confirmWithReason(page: Page, buttonTestId: string, reason: string): Promise<void> {
  await page.getByTestId(buttonTestId).click();
  await page.getByTestId('confirm-reason').fill(reason);
  await page.getByTestId('confirm-ok').click();
  // a valid reason closes the dialog at once (useReasonConfirm); on a loaded machine the click can
  // land before the form has the typed reason, and the dialog stays open: press again until it closes
  await expect
    .poll(
      async () => {
        if (!(await page.getByTestId('confirm-reason').isVisible())) return true;
        await page
          .getByTestId('confirm-ok')
          .click({ timeout: 2_000 })
          .catch(() => undefined);
        return false;
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true);
}

describe('an admin writes, publishes and withdraws a news article', () => {
  it('is visible to users only while published, and every step is in the audit log', async () => {
    const title = `E2E earnings note ${Date.now()}`;
    const page = await adminPage();
    await page.getByRole('menuitem', { name: 'News' }).click();
    await page.getByTestId('news-new').click();

    // A draft in the stock category, linked to Apple; the body carries a script the server must drop.
    // an antd dropdown option clicked while the list still animates can be missed: each poll
    // opens the list or picks the option until the select shows it
    await expect
      .poll(
        async () => {
          const shown = await page.getByTestId('news-category').innerText();
          if (shown.includes('Stocks')) return shown;
          const option = page
            .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
            .filter({ hasText: /^Stocks$/ });
          if (await option.isVisible()) await option.click({ timeout: 2000 }).catch(() => undefined);
          else await page.getByTestId('news-category').click();
          return shown;
        },
        { timeout: 15_000 },
      )
      .toContain('Stocks');
    await page.getByTestId('news-title').fill(title);
    await page.getByTestId('news-summary').fill('Apple beat the consensus on revenue and margins.');
    await page.getByTestId('news-source').fill('E2E desk');
    await page.getByTestId('news-instruments').locator('input').fill('i_usd_AAPL');
    await page.getByTestId('news-instruments').locator('input').press('Enter');
    await page
      .getByTestId('news-content')
      .fill('<p>Revenue rose <strong>8%</strong>.</p><script>window.pwned = true</script>');
    await expect.poll(() => page.getByTestId('news-source-preview').innerText()).toContain('<script>');
    await page.getByTestId('news-reason').fill('Quarterly earnings coverage');
    await page.getByTestId('news-save').click();

    const id = (await page.getByTestId('news-saved-id').innerText({ timeout: 15_000 })).trim();
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    // The preview renders the server's cleaned copy: the text is there, the script is not.
    await expect.poll(() => page.getByTestId('news-preview').innerText()).toContain('Revenue rose 8%.');
    expect(await page.getByTestId('news-preview').locator('script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
    await shot(page, '20-admin-news-draft');
    expect((await newsDetail(id)).code).toBe('record.not_found');

    await page.getByTestId('news-close').click();
    await confirmWithReason(page, `news-publish-${id}`, 'Checked against the filing');
    await page.getByTestId(`news-unpublish-${id}`).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId(`news-state-${id}`).innerText()).toBe('Published');

    const published = await newsDetail(id);
    expect(published.status).toBe(1);
    expect(published.data).toMatchObject({ id, title, category: 'stock', instrumentIds: ['i_usd_AAPL'] });
    expect(JSON.stringify(published.data)).not.toContain('<script');
    await shot(page, '21-admin-news-published');

    await confirmWithReason(page, `news-unpublish-${id}`, 'Superseded by the full report');
    await page.getByTestId(`news-publish-${id}`).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId(`news-state-${id}`).innerText()).toBe('Draft');
    await expect.poll(async () => (await newsDetail(id)).code, { timeout: 10_000 }).toBe('record.not_found');

    // The audit log, filtered to this article, lists the three changes with their reasons.
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.getByTestId('audit-target-id').fill(id);
    await page.getByTestId('audit-apply').click();
    const table = page.getByTestId('audit-table');
    await expect.poll(async () => table.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 }).toBe(3);
    const text = await table.innerText();
    for (const action of ['news/create', 'news/publish', 'news/unpublish']) expect(text).toContain(action);
    for (const reason of [
      'Quarterly earnings coverage',
      'Checked against the filing',
      'Superseded by the full report',
    ]) {
      expect(text).toContain(reason);
    }
    await shot(page, '22-admin-news-audit');
    await page.context().close();
  });
});

describe('an admin drafts and publishes a notice for everyone', () => {
  it('saves the draft, then publishes it with a reason', async () => {
    const title = `E2E maintenance ${Date.now()}`;
    const page = await adminPage();
    await page.getByRole('menuitem', { name: 'Notices' }).click();
    await page.getByTestId('notice-new').click();
    await page.getByTestId('notice-title').fill(title);
    await page.getByTestId('notice-content').fill('<p>Deposits pause on <em>Sunday</em> 02:00–03:00.</p>');
    await page.getByTestId('notice-reason').fill('Planned bank maintenance');
    await page.getByTestId('notice-save').click();
    const id = (await page.getByTestId('notice-saved-id').innerText({ timeout: 15_000 })).trim();
    await expect.poll(() => page.getByTestId('notice-preview').innerText()).toContain('Deposits pause on Sunday');

    await page.getByTestId('notice-close').click();
    await page.getByTestId('notice-title').waitFor({ state: 'hidden', timeout: 15_000 });
    await confirmWithReason(page, `notice-publish-${id}`, 'Approved by operations');
    await page.getByTestId(`notice-unpublish-${id}`).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId(`notice-state-${id}`).innerText()).toBe('Published');
    await shot(page, '23-admin-notice-published');
    await page.context().close();
  });
});
