/**
 * The money journey on a phone: verify the real name with photos, deposit with a proof, see
 * the balance, bind a card, withdraw (every rule shown ahead, then the timeline), exchange,
 * and download the statement. The operator's side (reviews, windows) goes through the
 * back-office API, as an operator's tools would.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import { api, registerUser, seedStorage, type Session } from './market-helpers.js';
import { AdminApi, EVERY_DAY, openMxnChannel, PNG } from './server-api.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
const ops = new AdminApi(baseUrl);

async function userId(session: Session): Promise<string> {
  const info = await api<{ id: string }>(baseUrl, '/user/getUserinfo', {}, session);
  return info.data?.id ?? '';
}

async function signedIn(session: Session, language = 'en'): Promise<Page> {
  const page = await phonePage(browser);
  await seedStorage(page.context(), { tokend: session.tokend, account: session.account, language });
  return page;
}

beforeAll(async () => {
  browser = await launch();
  await ops.login();
  // the operator opens the windows around the clock for this run (docs/api.md §21: through config, not code)
  const window = { open: '00:00', close: '24:00', days: EVERY_DAY };
  expect(
    (await ops.call('/config/set', { key: 'withdraw.window', value: window, reason: 'e2e: open window' })).status,
  ).toBe(1);
  await openMxnChannel(ops, 'ch_mx', 'e2e: channel');
});

afterAll(async () => {
  await browser.close();
});

describe('money in and out on a phone', () => {
  it('verifies the real name with photos, deposits, withdraws with its timeline, exchanges and downloads the statement', async () => {
    const session = await registerUser(baseUrl);
    const uid = await userId(session);
    const page = await signedIn(session);

    // real name: name, ID split 6 + middle + 1, photos from the camera input
    await page.goto(`${baseUrl}/#/information/authInfo`);
    // pressed empty: every field says what is missing; each error goes as soon as its field is filled
    await page.getByTestId('kyc-submit').click();
    const kycName = page.locator('input[data-testid=kyc-name]');
    await expect.poll(async () => kycName.getAttribute('aria-invalid')).toBe('true');
    await kycName.fill('Ana López');
    await expect.poll(async () => kycName.getAttribute('aria-invalid')).toBeNull();
    await page
      .getByTestId('kyc-name')
      .locator('input')
      .or(page.locator('input[data-testid=kyc-name]'))
      .first()
      .fill('Ana López');
    await page.locator('[data-testid=kyc-id-first] input, input[data-testid=kyc-id-first]').first().fill('LOPA85');
    await page.locator('[data-testid=kyc-id-middle] input, input[data-testid=kyc-id-middle]').first().fill('0101HD');
    await page.locator('[data-testid=kyc-id-last] input, input[data-testid=kyc-id-last]').first().fill('F');
    await page.getByTestId('kyc-front-input').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('kyc-back-input').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
    await shot(page, '30-kyc-form');
    await expect.poll(async () => page.getByTestId('kyc-submit').isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('kyc-submit').click();
    await expect
      .poll(async () => (await api<{ kycStatus: string }>(baseUrl, '/user/kycStatus', {}, session)).data?.kycStatus, {
        timeout: 15_000,
      })
      .toBe('pending');
    await ops.approveFirst('kyc', uid);
    await page.reload();
    await expect
      .poll(async () => (await page.getByTestId('kyc-status').textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/verified|complete/i);
    await shot(page, '31-kyc-verified');

    // deposit with a proof; nothing credited until the operator approves
    await page.goto(`${baseUrl}/#/information/recharge`);
    await page.getByTestId('recharge-channel-ch_mx').click();
    await page.waitForURL(/rechargeChannel/);
    await page.getByTestId('deposit-submit').click();
    const depositAmount = page.locator('input[data-testid=deposit-amount]');
    await expect.poll(async () => depositAmount.getAttribute('aria-invalid')).toBe('true');
    await depositAmount.fill('5000');
    await expect.poll(async () => depositAmount.getAttribute('aria-invalid')).toBeNull();
    await page
      .getByTestId('deposit-proof-input')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
    await shot(page, '32-deposit');
    await expect.poll(async () => page.getByTestId('deposit-submit').isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('deposit-submit').click();
    await expect
      .poll(
        async () => (await api<{ total: number }>(baseUrl, '/funds/records', { tab: 'deposit' }, session)).data?.total,
        { timeout: 15_000 },
      )
      .toBe(1);
    await ops.approveFirst('deposit', uid);
    const assets = await api<{ accounts: { currency: string; available: string }[] }>(
      baseUrl,
      '/user/assets',
      { currency: 'MXN' },
      session,
    );
    expect(assets.data?.accounts.find((a) => a.currency === 'MXN')?.available).toBe('5000.00');
    await page.goto(`${baseUrl}/#/information/index`);
    await expect
      .poll(async () => (await page.getByTestId('mine-total-assets').textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/5,000/);
    await shot(page, '33-mine-funded');

    // bind a card in the verified name
    await api(
      baseUrl,
      '/user/setFundPassword',
      { fundPassword: '246810', confirmFundPassword: '246810', loginPassword: 'Journey123' },
      session,
    );
    await page.goto(`${baseUrl}/#/information/addBankCard`);
    await page.getByTestId('card-submit').click();
    const cardNumber = page.locator('input[data-testid=card-number]');
    await expect.poll(async () => cardNumber.getAttribute('aria-invalid')).toBe('true');
    await cardNumber.fill('4152313412345678');
    await expect.poll(async () => cardNumber.getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('input[data-testid=card-bank]').getAttribute('aria-invalid')).toBe('true');
    await page.locator('[data-testid=card-bank] input, input[data-testid=card-bank]').first().fill('BBVA México');
    await page.locator('[data-testid=card-branch] input, input[data-testid=card-branch]').first().fill('CDMX Centro');
    await page.locator('[data-testid=card-code] input, input[data-testid=card-code]').first().fill('012');
    await page.getByTestId('card-submit').click();
    await expect
      .poll(async () => (await api<{ cards: unknown[] }>(baseUrl, '/card/list', {}, session)).data?.cards.length, {
        timeout: 15_000,
      })
      .toBe(1);
    // the page goes back by itself once its answer is in; going elsewhere before that raced with it
    // (a late "back" undid the next navigation and the withdrawal form never showed)
    await expect.poll(() => page.url(), { timeout: 15_000 }).not.toContain('addBankCard');
    const cards = await api<{ cards: { cardId: string }[] }>(baseUrl, '/card/list', {}, session);
    const cardId = cards.data?.cards[0]?.cardId ?? '';

    // withdraw: the form shows the rules ahead; then the record's timeline
    await page.goto(`${baseUrl}/#/information/cashOut`);
    await page.locator('[data-testid=cashout-amount] input, input[data-testid=cashout-amount]').first().fill('600');
    await page.getByTestId(`cashout-destination-${cardId}`).click();
    await page
      .locator('[data-testid=cashout-password] input, input[data-testid=cashout-password]')
      .first()
      .fill('246810');
    await shot(page, '34-cashout');
    await page.getByTestId('cashout-submit').click();
    // a confirmation sheet repeats amount and card; nothing leaves before its confirm
    const cashoutSheet = page.getByTestId('cashout-sheet');
    await cashoutSheet.waitFor({ state: 'visible' });
    expect(await cashoutSheet.getByTestId('cashout-sheet-amount').textContent()).toMatch(/600\.00/);
    expect((await api<{ total: number }>(baseUrl, '/funds/records', { tab: 'withdraw' }, session)).data?.total).toBe(0);
    await shot(page, '34b-cashout-confirm');
    await cashoutSheet.getByTestId('cashout-confirm').click();
    // then a result card, not a red "another operation is in progress"
    const result = page.getByTestId('cashout-result');
    await result.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.getByTestId('cashout-result-amount').textContent()).toMatch(/600\.00/);
    await page.waitForTimeout(1_000); // the refetched withdrawInfo (now with a pending withdrawal) has arrived
    expect(await page.locator('[data-testid^=cashout-rule-]').count()).toBe(0);
    await shot(page, '34c-cashout-result');
    await expect
      .poll(
        async () => (await api<{ total: number }>(baseUrl, '/funds/records', { tab: 'withdraw' }, session)).data?.total,
        { timeout: 15_000 },
      )
      .toBe(1);
    const frozen = await api<{ accounts: { currency: string; frozen: string }[] }>(
      baseUrl,
      '/user/assets',
      { currency: 'MXN' },
      session,
    );
    expect(frozen.data?.accounts.find((a) => a.currency === 'MXN')?.frozen).toBe('600.00');
    await page.reload();
    const record = page.locator('[data-testid^=withdraw-record-]').first();
    await record.click();
    await expect
      .poll(async () => page.getByTestId('timeline-step-submitted').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await shot(page, '35-withdraw-timeline');

    // exchange MXN → USD at the feed's rate
    await page.goto(`${baseUrl}/#/information/exChange`);
    await page.locator('[data-testid=exchange-amount] input, input[data-testid=exchange-amount]').first().fill('1000');
    await expect
      .poll(async () => (await page.getByTestId('exchange-receive').textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/\d/);
    await shot(page, '36-exchange');
    await page.getByTestId('exchange-submit').click();
    const ok = page.getByRole('button', { name: /confirm/i });
    if (await ok.count())
      await ok
        .first()
        .click()
        .catch(() => undefined);
    await expect
      .poll(
        async () => {
          const a = await api<{ accounts: { currency: string; available: string }[] }>(
            baseUrl,
            '/user/assets',
            { currency: 'MXN' },
            session,
          );
          return a.data?.accounts.find((x) => x.currency === 'MXN')?.available;
        },
        { timeout: 15_000 },
      )
      .toBe('3400.00');

    // records and the statement download
    await page.goto(`${baseUrl}/#/information/fundRecord`);
    await page.getByTestId('records-tab-trade').click();
    await shot(page, '37-records');
    await page.getByTestId('statement-open').click();
    const download = page.waitForEvent('download', { timeout: 15_000 });
    await page.getByTestId('statement-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^statement-MXN-.*\.csv$/);
    await page.close();

    // the withdrawal in German and Traditional Chinese, light and dark: errors that go as fields
    // are filled, the confirmation sheet, the result card; each paid out so the next may start
    await ops.approveFirst('withdraw', uid);
    const submitted: Record<string, RegExp> = { de: /Auszahlung eingereicht/, zh: /出金申請已提交/ };
    for (const [language, scheme] of [
      ['de', 'light'],
      ['de', 'dark'],
      ['zh', 'light'],
      ['zh', 'dark'],
    ] as const) {
      const p = await phonePage(browser, scheme);
      await seedStorage(p.context(), { tokend: session.tokend, account: session.account, language });
      await p.goto(`${baseUrl}/#/information/cashOut`);
      await p.getByTestId('cashout-submit').click();
      const amount = p.locator('input[data-testid=cashout-amount]');
      await expect.poll(async () => amount.getAttribute('aria-invalid'), { timeout: 15_000 }).toBe('true');
      await amount.fill('500');
      await expect.poll(async () => amount.getAttribute('aria-invalid')).toBeNull();
      expect(await p.locator('input[data-testid=cashout-password]').getAttribute('aria-invalid')).toBe('true');
      await shot(p, `38-cashout-error-cleared-${language}-${scheme}`);
      await p.getByTestId(`cashout-destination-${cardId}`).click();
      await p.locator('input[data-testid=cashout-password]').fill('246810');
      await p.getByTestId('cashout-submit').click();
      await p.getByTestId('cashout-sheet').waitFor({ state: 'visible' });
      await p.waitForTimeout(400); // the sheet's slide-in
      await shot(p, `39-cashout-sheet-${language}-${scheme}`);
      await p.getByTestId('cashout-confirm').click();
      await p.getByTestId('cashout-result').waitFor({ state: 'visible', timeout: 15_000 });
      expect(await p.getByTestId('cashout-result').textContent()).toMatch(submitted[language] as RegExp);
      await p.waitForTimeout(2_500); // past the success toast
      await shot(p, `40-cashout-result-${language}-${scheme}`);
      await ops.approveFirst('withdraw', uid);
      await p.close();
    }
  }, 300_000);
});
