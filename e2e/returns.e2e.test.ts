/**
 * The returns journey ("done when" of the returns and statements issue): a user deposits 100,000
 * MXN, buys a Mexican stock, closes it the next day, exchanges 1,000 MXN into USD, buys again and
 * holds, withdraws 500 MXN (paid) the day after, and a week later, on a phone:
 * - sees a return that does not count the deposit as a gain: the Returns page shows the API's
 *   figures, and profit = end value − net flows, where the net flows are exactly what went in and
 *   out (the deposit, the exchange's MXN leg, the withdrawal) and the end value is the account's
 *   total assets;
 * - a P&L calendar whose days add up to the month's profit (on the page and in the API, and each
 *   day equal to that day of the performance series);
 * - an allocation whose weights add up to exactly 1 and values to its total, four ways;
 * - downloads the month's statement as a German and a Chinese PDF from the Statements page (reached
 *   from the Mine page), whose closing balance, read from the PDF's text, is the ledger's cash to
 *   the cent, and whose every page carries the SHA-256 of the same statement's CSV.
 *
 * Time: a server of its own with `TEST_CLOCK_CONTROL=1` (platform/test-clock.ts). The clock moves to
 * 10:00 in Mexico City on a Monday to Thursday (the Mexican market is open, and the day after is a
 * trading day too), then day by day, in steps of at most 6 hours with a call in between (a user
 * active all day: sessions end after 24 idle hours); after each day it moves past, the nightly
 * snapshot job runs (`POST /api/test/jobs/run`) instead of waiting for its 5-minute interval. The
 * final checks are at 18:00, after the market's close, so the open position's mark holds still
 * between the page and the API. The browser runs in Mexico City's time zone on the server's time,
 * so the page's "this month" is the server's.
 */
import { Dec, type Allocation, type Performance, type PnlCalendar } from '@brokerage/contract';
import { messages } from '@brokerage/i18n';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, shot } from './browser.js';
import { startServer, type E2eServer } from './global-setup.js';
import { api, seedStorage, type Session } from './market-helpers.js';
import { pdfRows } from './pdf-text.js';
import { AdminApi, EVERY_DAY, openMxnChannel, verifiedFundedUser } from './server-api.js';

const TZ = 'America/Mexico_City';
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const STOCK = 'i_mxn_WALMEX';

let server: E2eServer;
let baseUrl = '';
let browser: Browser;
let ops: AdminApi;
let session: Session | null = null;

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

/** Moves the server's clock to `target`, at most 6 h a step, the user calling in between. */
async function moveTo(target: Date): Promise<void> {
  let now = await advanceClock(1);
  while (now < target) {
    now = await advanceClock(Math.min(target.getTime() - now.getTime(), 6 * HOUR));
    if (session) {
      let info = await api(baseUrl, '/user/getUserinfo', {}, session);
      // the per-session read limit (§1.7) counts in real time, and these steps take milliseconds
      for (let tries = 0; info.code === 'request.too_frequent' && tries < 5; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        info = await api(baseUrl, '/user/getUserinfo', {}, session);
      }
      expect(info.status, JSON.stringify(info)).toBe(1);
    }
  }
  await ops.login(); // the back office's session ages with the clock too
}

/** One pass of the nightly snapshot job at the server's time. */
async function runSnapshots(): Promise<void> {
  const r = await fetch(`${baseUrl}/api/test/jobs/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'performance-snapshots' }),
  });
  expect(((await r.json()) as { status: number }).status).toBe(1);
}

/** The local date (YYYY-MM-DD) in Mexico City. */
const localDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** `hour`:00 of `date` in Mexico City (UTC−6 all year since 2022; checked). */
function at(date: string, hour: number): Date {
  const instant = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00-06:00`);
  const local = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', hourCycle: 'h23' }).format(instant);
  expect(`${localDate(instant)} ${local}`).toBe(`${date} ${String(hour).padStart(2, '0')}`);
  return instant;
}

/** `api` for the journey's user, asked again while the real-time limits (§1.7) say "too frequent". */
async function userApi<T>(path: string, body: unknown): Promise<Awaited<ReturnType<typeof api<T>>>> {
  if (!session) throw new Error('no session');
  let r = await api<T>(baseUrl, path, body, session);
  for (let tries = 0; r.code === 'request.too_frequent' && tries < 5; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    r = await api<T>(baseUrl, path, body, session);
  }
  return r;
}

async function call<T>(path: string, body: unknown): Promise<T> {
  // e.g. one order call per account a second: a buy right after a close is asked again a second later
  const r = await userApi<T>(path, body);
  if (r.status !== 1 || r.data === undefined) throw new Error(`${path}: ${JSON.stringify(r)}`);
  return r.data;
}

async function mxnAccount() {
  const assets = await call<{
    accounts: { currency: string; available: string; frozen: string; totalAssets: string }[];
  }>('/user/assets', { currency: 'MXN' });
  const account = assets.accounts.find((a) => a.currency === 'MXN');
  if (!account) throw new Error(`no MXN account: ${JSON.stringify(assets)}`);
  return account;
}

/** A figure as shown ("+98,500.00 MXN", "$1,234.50", "-0.12%") → its decimal string. */
const plain = (text: string | null) => (text ?? '').replace(/\u2212/g, '-').replace(/[^\d.-]/g, '');
/** German or Chinese amounts of the PDF ("98.765,43", "98,765.43") → "98765.43". */
const pdfAmount = (text: string, lang: 'de' | 'zh') =>
  lang === 'de' ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
const sum = (values: string[]) => values.reduce((s, v) => s.plus(v), new Dec(0));

/** A phone in Mexico City's time zone on the server's time, signed in, in `language`. */
async function phone(language: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    timezoneId: TZ,
    acceptDownloads: true,
  });
  await context.clock.setSystemTime(await advanceClock(1));
  if (!session) throw new Error('no session');
  await seedStorage(context, { tokend: session.tokend, account: session.account, language });
  return context.newPage();
}

beforeAll(async () => {
  server = await startServer({ TEST_CLOCK_CONTROL: '1' });
  baseUrl = server.baseUrl;
  browser = await launch();
  ops = new AdminApi(baseUrl);
  await ops.login();
  const set = async (key: string, value: unknown) =>
    expect((await ops.call('/config/set', { key, value, reason: 'e2e: returns journey' })).status).toBe(1);
  await openMxnChannel(ops, 'ch_mxn_e2e', 'e2e: returns journey');
  // the withdrawal day may be a Saturday (trading Thursday and Friday)
  await set('withdraw.window', { open: '00:00', close: '24:00', days: EVERY_DAY });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('returns a trader can trust, and monthly statements as PDF', () => {
  it('a week of deposit, trades, exchange and withdrawal: returns without the deposit as gain, calendar, allocation, German and Chinese PDF statements', async () => {
    // ── day 1: 10:00 in Mexico City on the next Monday to Thursday ───────────────────────────
    let d1 = addDays(localDate(await advanceClock(1)), 1);
    while (![1, 2, 3, 4].includes(new Date(`${d1}T12:00:00Z`).getUTCDay())) d1 = addDays(d1, 1);
    await moveTo(at(d1, 10));
    const funded = await verifiedFundedUser(baseUrl, ops, { channelId: 'ch_mxn_e2e', amount: '100000.00' });
    session = funded.session;
    expect((await mxnAccount()).available).toBe('100000.00');
    const buy = { instrumentId: STOCK, side: 'long', orderType: 'market', lots: 100, leverage: 2 };
    const first = await call<{ orderId: string }>('/trade/buy', buy);

    // ── day 2: close, exchange 1,000 MXN into USD, buy again and hold ────────────────────────
    await moveTo(at(addDays(d1, 1), 10));
    await runSnapshots();
    const closed = await userApi('/trade/close', { orderId: first.orderId });
    expect(closed.code, JSON.stringify(closed)).toBe('result.close.ok');
    const exchanged = await userApi('/funds/exchange', { from: 'MXN', to: 'USD', amount: '1000.00' });
    expect(exchanged.code, JSON.stringify(exchanged)).toBe('result.exchange.ok');
    const held = await call<{ orderId: string }>('/trade/buy', buy);

    // ── day 3: withdraw 500 MXN to a card; the back office pays it ───────────────────────────
    await moveTo(at(addDays(d1, 2), 10));
    await runSnapshots();
    await call('/user/setFundPassword', {
      fundPassword: '246810',
      confirmFundPassword: '246810',
      loginPassword: 'Journey123',
    });
    const card = await call<{ cardId: string }>('/card/add', {
      holder: 'ANA LOPEZ',
      cardNumber: '4152313412345678',
      bankName: 'BBVA México',
      branch: 'CDMX Centro',
      bankCode: '012',
    });
    const withdrawn = await api(
      baseUrl,
      '/funds/withdraw',
      { amount: '500.00', fundPassword: '246810', cardId: card.cardId },
      session,
    );
    expect(withdrawn.code, JSON.stringify(withdrawn)).toBe('result.withdraw.ok');
    await ops.approveFirst('withdraw', funded.uid);

    // ── days 4 to 7: nothing happens but the nights' snapshots; the checks at 18:00 of day 7 ──
    for (let d = 3; d <= 6; d++) {
      await moveTo(at(addDays(d1, d), 10));
      await runSnapshots();
    }
    const d7 = addDays(d1, 6);
    await moveTo(at(d7, 18));
    expect((await call<{ state: string }>('/trade/detail', { orderId: held.orderId })).state).toBe('holding');

    // ── the return, from the API: the deposit is a flow, never a gain ────────────────────────
    const all = await call<Performance>('/user/performance', { currency: 'MXN', period: 'all' });
    const account = await mxnAccount();
    expect(all.to).toBe(d7);
    expect(all.netFlow).toBe('98500.00'); // 100,000 in, 1,000 exchanged out, 500 withdrawn
    expect(all.series.filter((d) => d.flow !== '0.00').map((d) => [d.date, d.flow])).toEqual([
      [d1, '100000.00'],
      [addDays(d1, 1), '-1000.00'],
      [addDays(d1, 2), '-500.00'],
    ]);
    expect(all.endValue).toBe(account.totalAssets);
    expect(all.startValue).toBe('0.00');
    expect(new Dec(all.profit).equals(new Dec(all.endValue).minus(all.netFlow))).toBe(true);
    expect(sum(all.series.map((d) => d.profit)).equals(all.profit)).toBe(true);
    // fees and price moves of 2 × 100 shares, nowhere near the 100,000 deposited
    expect(new Dec(all.profit).abs().lt(5000)).toBe(true);
    expect(new Dec(all.profit).isZero()).toBe(false);

    // ── the Returns page shows the same figures ─────────────────────────────────────────────
    const page = await phone('en');
    // the allocation the page itself got (the USD slice follows the live exchange rate, which
    // may move between the page's call and another one)
    const allocationAnswer = page.waitForResponse((r) => r.url().endsWith('/api/vue/user/allocation'));
    await page.goto(`${baseUrl}/#/information/returns`);
    await page.getByTestId('returns-value').waitFor({ state: 'visible', timeout: 30_000 });
    const month = await call<Performance>('/user/performance', { currency: 'MXN', period: '1m' });
    expect(plain(await page.getByTestId('returns-value').textContent())).toBe(month.endValue);
    expect(plain(await page.getByTestId('returns-profit').textContent())).toBe(month.profit);
    expect(plain(await page.getByTestId('returns-net-flow').textContent())).toBe(month.netFlow);
    expect(month.netFlow).toBe('98500.00');
    const twrShown = new Dec(plain(await page.getByTestId('returns-twr').textContent()));
    expect(twrShown.minus(new Dec(month.twr).times(100)).abs().lte('0.005')).toBe(true);
    expect(await page.getByTestId('returns-chart').isVisible()).toBe(true);
    await page.getByTestId('returns-period-all').click();
    await expect
      .poll(async () => plain(await page.getByTestId('returns-profit').textContent()), { timeout: 15_000 })
      .toBe(all.profit);
    expect(plain(await page.getByTestId('returns-net-flow').textContent())).toBe('98500.00');
    expect(plain(await page.getByTestId('returns-value').textContent())).toBe(all.endValue);
    await shot(page, 'returns-01-figures');

    // ── the calendar: its days add up to the month's profit ─────────────────────────────────
    const thisMonth = d7.slice(0, 7);
    const calendar = await call<PnlCalendar>('/user/pnlCalendar', { currency: 'MXN', month: thisMonth });
    expect(calendar.days.at(-1)?.date).toBe(d7);
    expect(sum(calendar.days.map((d) => d.profit)).equals(calendar.profit)).toBe(true);
    for (const day of calendar.days) {
      const inSeries = all.series.find((d) => d.date === day.date);
      if (inSeries) expect(day.profit).toBe(inSeries.profit);
    }
    expect(await page.getByTestId('pnl-month').textContent()).toBe(thisMonth);
    expect(plain(await page.getByTestId('pnl-total').textContent())).toBe(calendar.profit);
    const labels = await page
      .locator('[data-testid^=pnl-day-].has')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label') ?? ''));
    expect(labels).toHaveLength(calendar.days.length);
    const shownDays = labels.map((l) => plain(l.slice(l.indexOf(': ') + 2, l.lastIndexOf(' ('))));
    expect(shownDays).toEqual(calendar.days.map((d) => d.profit));
    expect(sum(shownDays).equals(calendar.profit)).toBe(true);
    await page.getByTestId('pnl-calendar').scrollIntoViewIfNeeded();
    await shot(page, 'returns-02-calendar');

    // ── allocation: weights add up to 1, values to the total, every way it is split ─────────
    const answered = (await (await allocationAnswer).json()) as { status: number; data: Allocation };
    expect(answered.status).toBe(1);
    const allocation = answered.data;
    expect(allocation.total).toMatch(/^\d+\.\d{2}$/);
    for (const split of [
      allocation.byAssetClass,
      allocation.byMarket,
      allocation.byCurrency,
      allocation.byInstrument,
    ]) {
      expect(sum(split.map((s) => s.value)).equals(allocation.total)).toBe(true);
      expect(sum(split.map((s) => s.weight)).equals(1)).toBe(true);
    }
    expect(allocation.byAssetClass.map((s) => s.key).sort()).toEqual(['cash', 'stock']);
    expect(allocation.byCurrency.map((s) => s.key).sort()).toEqual(['MXN', 'USD']);
    expect(allocation.byInstrument.map((s) => s.key)).toContain(STOCK);
    const donut = page.getByTestId('allocation-donut');
    await donut.scrollIntoViewIfNeeded();
    const legendValues = async (keys: string[]) => {
      const values: string[] = [];
      for (const key of keys)
        values.push(
          plain(await donut.getByTestId(`allocation-donut-legend-${key}`).locator('.donut-value').textContent()),
        );
      return values;
    };
    expect(await legendValues(allocation.byAssetClass.map((s) => s.key))).toEqual(
      allocation.byAssetClass.map((s) => s.value),
    );
    await page.getByTestId('allocation-tab-byCurrency').click();
    await donut.getByTestId('allocation-donut-legend-USD').waitFor({ state: 'visible' });
    const byCurrency = await legendValues(allocation.byCurrency.map((s) => s.key));
    expect(byCurrency).toEqual(allocation.byCurrency.map((s) => s.value));
    expect(sum(byCurrency).equals(allocation.total)).toBe(true);
    await shot(page, 'returns-03-allocation');
    await page.context().close();

    // ── statements: German and Chinese PDFs from the Statements page, reached from Mine ─────
    const csvLink = await call<{ url: string }>('/funds/statement', {
      currency: 'MXN',
      month: thisMonth,
      format: 'csv',
    });
    const csv = await (await fetch(`${baseUrl}${csvLink.url}`)).text();
    const sha = createHash('sha256').update(csv).digest('hex');
    const csvClosing = csv.trim().split('\n').at(-1)!.split(',');
    expect(csvClosing.slice(1, 2)).toEqual(['closing']);
    const cash = new Dec((await mxnAccount()).available).plus((await mxnAccount()).frozen).toFixed(2);
    expect(csvClosing[4]).toBe(cash);

    for (const lang of ['de', 'zh'] as const) {
      const statements = await phone(lang);
      await statements.goto(`${baseUrl}/#/information/index`);
      await statements.getByTestId('mine-statements').click();
      await statements.waitForURL(/\/information\/statements/);
      const pdfButton = statements.getByTestId(`statement-pdf-${thisMonth}`);
      await pdfButton.waitFor({ state: 'visible', timeout: 20_000 });
      await shot(statements, `returns-04-statements-${lang}`);
      const [download] = await Promise.all([statements.waitForEvent('download'), pdfButton.click()]);
      expect(download.suggestedFilename()).toBe(`statement-MXN-${thisMonth}.pdf`);
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const rows = pdfRows(pdf);
      const text = rows.map((r) => r.cells.join(' | '));
      const t = messages[lang];
      // the closing balance, read from the PDF, is the ledger's cash to the cent
      const closing = rows.find((r) => r.cells[0] === t['ui.statementPdf.closing']);
      expect(closing, text.join('\n')).toBeTruthy();
      expect(pdfAmount(closing!.cells.at(-1)!, lang)).toBe(cash);
      // in the language: the title, and the time zone by its name
      expect(text).toContain(t['ui.statementPdf.title']);
      expect(text.join('\n')).toContain(
        t['ui.statementPdf.timezone']!.replace('{timezone}', t['ui.statementPdf.zone.America/Mexico_City']!),
      );
      // every page carries the SHA-256 of the same statement's CSV
      const pages = new Set(rows.map((r) => r.page));
      for (const p of pages) expect(rows.some((r) => r.page === p && r.cells.includes(sha))).toBe(true);
      await statements.context().close();
    }
  });
});
