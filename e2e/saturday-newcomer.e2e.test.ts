/**
 * A newcomer's first hour, on a Saturday (issue 30's "done when"): on a server seeded like
 * `npm start` (demo data, the demo deposit channels), a new user on a phone registers with the
 * invitation code, verifies the real name (the operator approves it through the back-office API),
 * deposits MXN through the demo channel, and then:
 * - opens a Mexican stock: the order form says the market is closed and when it opens, in German,
 *   and its button is disabled: a press sends nothing and shows nothing;
 * - opens BTC/USDT with no USDT: the form says so and links to the exchange, which opens with USDT
 *   as the target; the user exchanges MXN into USDT, comes back and buys one 0.001 BTC lot at
 *   market, and sees the position.
 * Every toast on screen is recorded; one that is not a success text fails the journey (a refusal
 * the screen could have shown before the press).
 *
 * Time: a server of its own with `TEST_CLOCK_CONTROL=1` (platform/test-clock.ts), moved to 11:00 of
 * the next Saturday in Mexico City before anyone signs up; the browser runs in Mexico City's time
 * zone on the server's time.
 */
import { Dec } from '@brokerage/contract';
import { messages, type Language } from '@brokerage/i18n';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, shot } from './browser.js';
import { E2E_INVITE, startServer, type E2eServer } from './global-setup.js';
import { api, type Session } from './market-helpers.js';
import { AdminApi } from './server-api.js';

const TZ = 'America/Mexico_City';
const STOCK = 'i_mxn_WALMEX';
const BTC = 'i_crypto_BTC-USDT';
const PASSWORD = 'Saturday123';

// a 4×4 PNG (valid, decodable), so the server's re-encoding accepts it
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwTpsJRwzEcQDrIxMhLoLCbgAAAABJRU5ErkJggg==',
  'base64',
);

let server: E2eServer;
let baseUrl = '';
let browser: Browser;
let ops: AdminApi;

interface SeenToast {
  text: string;
  url: string;
}
const toasts: SeenToast[] = [];

/** The success texts a toast may show in `language` (`code.result.*`); any other toast is a refusal. */
function successTexts(language: Language): Set<string> {
  return new Set(
    Object.entries(messages[language])
      .filter(([key]) => key.startsWith('code.result.'))
      .map(([, text]) => text),
  );
}
const allSuccessTexts = new Set((['en', 'de'] as const).flatMap((l) => [...successTexts(l)]));

/** Fails when a toast other than a success text has shown since the journey began. */
function expectNoRefusal(): void {
  const refusals = toasts.filter((toast) => !allSuccessTexts.has(toast.text));
  expect(refusals, 'a toast that is not a success').toEqual([]);
}

async function advanceClock(ms: number): Promise<Date> {
  const r = await fetch(`${baseUrl}/api/test/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  const body = (await r.json()) as { status: number; data?: { now: string } };
  expect(body.status).toBe(1);
  return new Date(body.data?.now ?? '');
}

/** The local date (YYYY-MM-DD) and weekday (0 Sunday … 6 Saturday) in Mexico City. */
function mexicoDay(at: Date): { date: string; weekday: number } {
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  return { date, weekday: new Date(`${date}T12:00:00Z`).getUTCDay() };
}

/** 11:00 of the next Saturday in Mexico City (UTC−6 all year since 2022). */
function nextSaturdayMorning(now: Date): Date {
  for (let days = 0; days <= 7; days += 1) {
    const { date, weekday } = mexicoDay(new Date(now.getTime() + days * 86_400_000));
    const at = new Date(`${date}T11:00:00-06:00`);
    if (weekday === 6 && at > now) return at;
  }
  throw new Error('no Saturday ahead');
}

/** A phone in Mexico City on the server's time, every toast recorded, every request path kept. */
async function phone(requests: string[]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    timezoneId: TZ,
    locale: 'en-US',
  });
  await context.clock.setSystemTime(await advanceClock(1));
  await context.exposeBinding('__e2eToast', (source, text: string) => {
    toasts.push({ text: text.trim(), url: source.page.url() });
  });
  await context.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const report = (window as unknown as { __e2eToast: (text: string) => void }).__e2eToast;
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('.adm-toast-main'))) {
        if (seen.has(el)) continue;
        seen.add(el);
        void report(el.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const page = await context.newPage();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(url.pathname);
  });
  return { context, page };
}

const input = (page: Page, testId: string) =>
  page.locator(`input[data-testid=${testId}], [data-testid=${testId}] input`).first();

async function storedSession(page: Page): Promise<Session> {
  const stored = await page.evaluate(() => ({
    tokend: localStorage.getItem('tokend') ?? '',
    account: localStorage.getItem('account') ?? '',
  }));
  const unquote = (v: string) => (v.startsWith('"') ? (JSON.parse(v) as string) : v);
  return { tokend: unquote(stored.tokend), account: unquote(stored.account) };
}

async function balance(session: Session, currency: string): Promise<string> {
  const r = await api<{ accounts: { currency: string; available: string }[] }>(
    baseUrl,
    '/user/assets',
    { currency },
    session,
  );
  return r.data?.accounts.find((a) => a.currency === currency)?.available ?? '';
}

beforeAll(async () => {
  // seeded like `npm start` (DEMO=1: demo data and deposit channels), on a clock of its own
  server = await startServer({ TEST_CLOCK_CONTROL: '1' });
  baseUrl = server.baseUrl;
  browser = await launch();
  const now = await advanceClock(1);
  await advanceClock(nextSaturdayMorning(now).getTime() - now.getTime());
  ops = new AdminApi(baseUrl);
  await ops.login();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a newcomer's first hour, on a Saturday", () => {
  it('registers, verifies, deposits MXN, sees the closed market before the press, exchanges into USDT and buys 0.001 BTC', async () => {
    const requests: string[] = [];
    const { context, page } = await phone(requests);
    expect(mexicoDay(await advanceClock(1)).weekday).toBe(6);

    // ── register with the invitation code ──────────────────────────────────────────────────
    const phoneNumber = `5255${String(Date.now()).slice(-8)}`;
    await page.goto(`${baseUrl}/#/login/register`);
    await input(page, 'register-phone').fill(phoneNumber);
    await input(page, 'register-password').fill(PASSWORD);
    await input(page, 'register-confirm').fill(PASSWORD);
    await input(page, 'register-invite').fill(E2E_INVITE);
    await page.getByTestId('register-agree').click();
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/#\/home\/index/, { timeout: 20_000 });
    const session = await storedSession(page);
    const uid = (await api<{ id: string }>(baseUrl, '/user/getUserinfo', {}, session)).data?.id ?? '';
    expect(uid).not.toBe('');
    expectNoRefusal();

    // ── real name, approved by the operator ────────────────────────────────────────────────
    await page.goto(`${baseUrl}/#/information/authInfo`);
    await input(page, 'kyc-name').fill('Ana López');
    await input(page, 'kyc-id-first').fill('LOPA85');
    await input(page, 'kyc-id-middle').fill('0101HD');
    await input(page, 'kyc-id-last').fill('F');
    await page.getByTestId('kyc-front-input').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('kyc-back-input').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(async () => page.getByTestId('kyc-submit').isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('kyc-submit').click();
    await ops.approveFirst('kyc', uid);
    await page.reload();
    await expect
      .poll(async () => (await page.getByTestId('kyc-status').textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/verified|complete/i);
    expectNoRefusal();

    // ── deposit 5,000 MXN through the demo channel ─────────────────────────────────────────
    await page.goto(`${baseUrl}/#/information/recharge`);
    await page.getByTestId('recharge-channel-demo_mxn_spei').click();
    await page.waitForURL(/rechargeChannel/);
    await input(page, 'deposit-amount').fill('5000');
    await page
      .getByTestId('deposit-proof-input')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(async () => page.getByTestId('deposit-submit').isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('deposit-submit').click();
    await ops.approveFirst('deposit', uid);
    expect(await balance(session, 'MXN')).toBe('5000.00');
    expectNoRefusal();

    // ── a Mexican stock on a Saturday, in German: closed, when it opens, nothing sent ──────
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.goto(`${baseUrl}/#/market/stockDetail?id=${encodeURIComponent(STOCK)}`);
    await page.reload();
    await page.getByTestId('trade-long').click();
    await page.waitForURL(/buyStockDetail/);
    const gate = page.getByTestId('order-gate');
    await gate.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await gate.getAttribute('data-gate')).toBe('closed');
    // "Der Markt ist geschlossen. Er öffnet Mo., 7. Dez., 08:30 (Ihre Zeit).": the server's next opening (holidays
    // counted), a weekday, in German and Mexico City's time
    const quote = await api<{ rules: { nextOpenAt: string | null } }>(baseUrl, '/market/quote', {
      instrumentId: STOCK,
    });
    const opensAt = new Date(quote.data?.rules.nextOpenAt ?? '');
    expect(opensAt.getTime()).toBeGreaterThan((await advanceClock(1)).getTime());
    expect([0, 6]).not.toContain(mexicoDay(opensAt).weekday);
    const when = new Intl.DateTimeFormat('de', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: TZ,
    }).format(opensAt);
    expect(await gate.textContent()).toBe(messages.de['ui.rules.closedOpens']?.replace('{time}', when));
    const submit = page.getByTestId('order-submit');
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByTestId('order-submit-reason').textContent()).toBe(await gate.textContent());
    // the limit price the German way: a decimal comma typed and shown, a decimal point sent
    await input(page, 'order-price').fill('');
    await input(page, 'order-price').pressSequentially('61,5');
    expect(await input(page, 'order-price').inputValue()).toBe('61,5');
    await page.waitForResponse(
      (r) => r.url().endsWith('/api/vue/trade/preview') && r.request().postDataJSON()?.price === '61.5',
      {
        timeout: 10_000,
      },
    );
    await shot(page, 'saturday-01-closed-market-de');
    const buysBefore = requests.filter((p) => p === '/api/vue/trade/buy').length;
    await submit.click({ force: true });
    await page.waitForTimeout(500);
    expect(await page.getByTestId('order-sheet').count()).toBe(0);
    expect(requests.filter((p) => p === '/api/vue/trade/buy').length).toBe(buysBefore);
    expectNoRefusal();

    // ── BTC/USDT with no USDT: the form says so and leads to the exchange ──────────────────
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`${baseUrl}/#/market/stockDetail?id=${encodeURIComponent(BTC)}`);
    await page.reload();
    await page.getByTestId('trade-long').click();
    await page.waitForURL(/buyStockDetail/);
    await page.getByTestId('order-type-market').click();
    const funds = page.getByTestId('order-funds');
    await funds.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await funds.getAttribute('data-empty')).toBe('1');
    expect(await funds.textContent()).toContain('You have no USDT yet');
    expect(await page.getByTestId('order-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('order-lot-size').textContent()).toContain('0.001 BTC');
    // the way to USDT sits by the button, on screen without scrolling
    const exchange = page.getByTestId('order-footer-exchange');
    const box = await exchange.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 844, JSON.stringify(box)).toBe(true);
    await shot(page, 'saturday-02-no-usdt');
    await exchange.click();
    await page.waitForURL(/exChange/);

    // ── the exchange opens with USDT as the target: 3,000 MXN into USDT ────────────────────
    await expect.poll(async () => page.getByTestId('exchange-to').inputValue(), { timeout: 15_000 }).toBe('USDT');
    expect(await page.getByTestId('exchange-from').inputValue()).toBe('MXN');
    await input(page, 'exchange-amount').fill('3000');
    await expect
      .poll(async () => (await page.getByTestId('exchange-receive').textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/\d.*USDT/);
    await shot(page, 'saturday-03-exchange');
    await expect.poll(async () => page.getByTestId('exchange-submit').isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByTestId('exchange-submit').click();
    await page.getByTestId('exchange-sheet').waitFor({ state: 'visible' });
    await page.getByTestId('exchange-confirm').click();
    await page.getByTestId('exchange-result').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await balance(session, 'MXN')).toBe('2000.00');
    const usdt = new Dec(await balance(session, 'USDT'));
    expect(usdt.gt('10'), usdt.toString()).toBe(true);
    expectNoRefusal();

    // ── back to the order form: one 0.001 BTC lot at market ────────────────────────────────
    await page.goBack();
    await page.waitForURL(/buyStockDetail/);
    await page.getByTestId('order-type-market').click();
    await expect.poll(async () => page.getByTestId('order-submit').isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId('order-funds').count()).toBe(0);
    await shot(page, 'saturday-04-btc-ticket');
    await page.getByTestId('order-submit').click();
    const sheet = page.getByTestId('order-sheet');
    await sheet.waitFor({ state: 'visible' });
    await sheet.getByTestId('order-confirm').click();
    await page.waitForURL(/\/trade\/index\?tab=crypto/, { timeout: 15_000 });
    const row = page.locator('[data-testid^=position-row-]').first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await row.textContent()).toContain('BTC-USDT');
    expect(await row.textContent()).toContain('1 lot');
    await shot(page, 'saturday-05-position');
    expectNoRefusal();
    await context.close();
  }, 120_000);
});
