/**
 * Market journeys on a phone: lists, stock and index detail with charts and live quotes,
 * watchlist and search, news, and how it all looks in German/Chinese, light/dark, and with
 * the red-up colour setting. The simulated market runs on the real clock, so every check
 * polls instead of sleeping.
 */
import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phonePage, shot } from './browser.js';
import {
  api,
  chartCanvasSize,
  chartSignature,
  chartState,
  clippedTexts,
  noToast,
  registerUser,
  seedStorage,
  waitForCandles,
  wordsSplitAcrossLines,
  type CandlesRequest,
  type Session,
} from './market-helpers.js';

let browser: Browser;
const baseUrl = inject('baseUrl');
const POLL = { timeout: 20_000, interval: 250 };

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** A phone tab with local storage seeded before the app starts (the session store reads it at load). */
async function seededPage(colorScheme: 'light' | 'dark', entries: Record<string, string>): Promise<Page> {
  const page = await phonePage(browser, colorScheme);
  await seedStorage(page.context(), entries);
  return page;
}

async function closeContext(page: Page): Promise<void> {
  const context: BrowserContext = page.context();
  await context.close();
}

/** Collects the `op` and instrument of every quote the socket receives (a `quotes` message counts as its quotes). */
function watchQuoteFrames(page: Page): { op: string; instrumentId?: string }[] {
  const frames: { op: string; instrumentId?: string }[] = [];
  page.on('websocket', (ws: WebSocket) => {
    if (!ws.url().includes('/api/vue/ws')) return;
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      try {
        const parsed = JSON.parse(payload) as { op?: unknown; data?: unknown };
        if (typeof parsed.op !== 'string') return;
        // a `quotes` message carries all of a tick's changes (docs/decisions.md): one entry per quote
        const items =
          parsed.op === 'quotes' && Array.isArray(parsed.data)
            ? (parsed.data as { instrumentId?: unknown }[])
            : [parsed.data as { instrumentId?: unknown } | undefined];
        const op = parsed.op === 'quotes' ? 'quote' : parsed.op;
        for (const item of items) {
          const id = item?.instrumentId;
          frames.push(typeof id === 'string' ? { op, instrumentId: id } : { op });
        }
      } catch {
        // not JSON: ignore
      }
    });
  });
  return frames;
}

/** The first instrument of a list with a clearly positive change (a live tick cannot flip it). */
async function risingInstrument(market: 'usd' | 'mxn'): Promise<string> {
  const res = await api<{ list: { instrumentId: string; changeRate: string }[] }>(baseUrl, '/market/list', {
    tab: 'listed',
    market,
    sort: 'changeRate_desc',
    size: 5,
  });
  const top = res.data?.list.find((item) => Number(item.changeRate) > 0.005);
  if (!top) throw new Error(`no rising instrument in ${market}: ${JSON.stringify(res.data?.list)}`);
  return top.instrumentId;
}

async function waitForDetail(page: Page): Promise<void> {
  await expect.poll(async () => page.getByTestId('quote-price').textContent(), POLL).toMatch(/\d/);
  await expect.poll(async () => (await chartState(page)).bars, POLL).toBeGreaterThan(0);
  await expect.poll(async () => (await chartCanvasSize(page)).width, POLL).toBeGreaterThan(0);
}

describe('market screens', () => {
  it('logged out: US list, AAPL detail, figures, every chart period, adjustment, live quotes, star asks to log in', async () => {
    const page = await phonePage(browser);
    const frames = watchQuoteFrames(page);

    await page.goto(`${baseUrl}/#/market/index?tab=listed&sort=code_asc`);
    await page.getByTestId('market-tab-listed').waitFor();
    await expect.poll(async () => page.getByTestId('market-tab-listed').getAttribute('aria-selected')).toBe('true');
    // The header's market switch (spec: listed follows it); the listed tab's own switch must follow.
    await page.getByTestId('market-usd').click();
    await expect.poll(async () => page.getByTestId('listed-market-usd').getAttribute('aria-pressed')).toBe('true');
    const usdRows = page.locator('[data-testid^="instrument-row-i_usd_"]');
    await expect.poll(async () => usdRows.count(), POLL).toBeGreaterThan(5);
    expect(await page.locator('[data-testid^="instrument-row-i_mxn_"]').count()).toBe(0);
    const prices = await usdRows.locator('.row-price').allTextContents();
    expect(prices.length).toBeGreaterThan(5);
    for (const price of prices.slice(0, 10)) expect(price).toMatch(/^\$?[\d,]+\.\d+$/);
    const pills = await usdRows.locator('.change-pill [aria-hidden=true]').allTextContents();
    for (const pill of pills.slice(0, 10)) expect(pill).toMatch(/%$/);
    const aapl = page.getByTestId('instrument-row-i_usd_AAPL');
    await aapl.waitFor({ timeout: 20_000 });
    await expect.poll(async () => frames.some((f) => f.op === 'quote'), POLL).toBe(true);
    await shot(page, 'market-01-list-en-light');

    const timeShare = waitForCandles(page, (b) => b.instrumentId === 'i_usd_AAPL' && b.period === 'time_share');
    await aapl.click();
    await page.waitForURL(/#\/market\/stockDetail\?id=i_usd_AAPL/);
    const first = await timeShare;
    expect(first.envelope.status).toBe(1);
    expect(first.envelope.data?.list.length).toBeGreaterThan(0);

    await expect.poll(async () => page.getByTestId('quote-price').textContent(), POLL).toMatch(/\d/);
    await expect
      .poll(async () => page.getByTestId('quote-change-rate').textContent(), POLL)
      .toMatch(/^[+-]?\d+(\.\d+)?%$/);
    expect(await page.locator('.qh-name').textContent()).toMatch(/Apple/);
    for (const figure of ['open', 'prevClose', 'high', 'low', 'volume', 'turnover', 'marketCap', 'high52w', 'low52w']) {
      const text = ((await page.getByTestId(`figure-${figure}`).textContent()) ?? '').trim();
      expect(text, `figure ${figure}`).toMatch(/\d/);
    }
    await expect(page.getByTestId('trade-long').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('trade-short').isVisible()).resolves.toBe(true);

    await expect.poll(async () => (await chartState(page)).bars, POLL).toBeGreaterThan(0);
    const size = await chartCanvasSize(page);
    expect(size.count).toBeGreaterThan(0);
    expect(size.width).toBeGreaterThan(200);
    expect(size.height).toBeGreaterThan(100);
    await shot(page, 'market-02-aapl-en-light');

    // Every period asks the server for its bars and redraws.
    let signature = await chartSignature(page);
    const periods = ['5m', '15m', '30m', '1d', '1w', '1M'] as const;
    for (const period of periods) {
      const answered = waitForCandles(
        page,
        (b) => b.instrumentId === 'i_usd_AAPL' && b.period === period && b.from === undefined,
      );
      await page.getByTestId(`chart-period-${period}`).click();
      const { envelope } = await answered;
      expect(envelope.status, `period ${period}`).toBe(1);
      expect(envelope.data?.list.length, `bars of ${period}`).toBeGreaterThan(0);
      await expect
        .poll(async () => page.getByTestId(`chart-period-${period}`).getAttribute('aria-selected'))
        .toBe('true');
      await expect.poll(async () => (await chartState(page)).period, POLL).toBe(period);
      const before = signature;
      await expect
        .poll(async () => chartSignature(page), { ...POLL, message: `chart redrawn for ${period}` })
        .not.toBe(before);
      signature = await chartSignature(page);
    }
    // Back to time-share (cached or refetched) redraws the line.
    await page.getByTestId('chart-period-time_share').click();
    await expect.poll(async () => (await chartState(page)).period, POLL).toBe('time_share');
    const beforeTimeShare = signature;
    await expect.poll(async () => chartSignature(page), POLL).not.toBe(beforeTimeShare);
    signature = await chartSignature(page);

    // A range is `1d` with `from` (docs/api.md §8.3).
    const yearly = waitForCandles(page, (b) => b.period === '1d' && typeof b.from === 'string');
    await page.getByTestId('chart-range-1Y').click();
    const year = await yearly;
    expect(year.envelope.status).toBe(1);
    const from = Date.parse(year.body.from ?? '');
    expect(Math.abs(Date.now() - from - 365 * 86_400_000)).toBeLessThan(2 * 86_400_000);
    await expect.poll(async () => page.getByTestId('chart-range-1Y').getAttribute('aria-selected')).toBe('true');
    const beforeYear = signature;
    await expect.poll(async () => chartSignature(page), POLL).not.toBe(beforeYear);

    // Day bars, forward-adjusted.
    await page.getByTestId('chart-period-1d').click();
    await expect.poll(async () => page.getByTestId('chart-range-1Y').getAttribute('aria-selected')).toBe('false');
    const adjusted = waitForCandles(page, (b: CandlesRequest) => b.period === '1d' && b.adjust === 'forward');
    await page.getByTestId('adjust-forward').click();
    const fwd = await adjusted;
    expect(fwd.body.adjust).toBe('forward');
    expect(fwd.body.from).toBeUndefined();
    expect(fwd.envelope.status).toBe(1);
    expect(fwd.envelope.data?.list.length).toBeGreaterThan(0);
    await expect.poll(async () => page.getByTestId('adjust-forward').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await chartState(page)).bars, POLL).toBeGreaterThan(0);
    await shot(page, 'market-03-aapl-day-forward-en-light');

    // The live socket delivers quotes for the open instrument.
    await expect
      .poll(async () => frames.some((f) => f.op === 'quote' && f.instrumentId === 'i_usd_AAPL'), POLL)
      .toBe(true);

    // The star without a session opens the login prompt and calls nothing.
    let watchCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/vue/market/watch')) watchCalls += 1;
    });
    await page.getByTestId('watch-toggle').click();
    await page.getByTestId('login-sheet').waitFor({ state: 'visible', timeout: 10_000 });
    const loginButton = page.getByTestId('login-sheet').getByRole('button', { name: 'Log in' });
    await expect(loginButton.isVisible()).resolves.toBe(true);
    // The sheet has finished sliding up and its button is fully on screen.
    await expect
      .poll(async () => {
        const box = await loginButton.boundingBox();
        return box ? Math.round(box.y + box.height) : Number.POSITIVE_INFINITY;
      }, POLL)
      .toBeLessThanOrEqual(844);
    await expect
      .poll(
        async () => {
          const y1 = (await loginButton.boundingBox())?.y;
          await page.waitForTimeout(150);
          return y1 !== undefined && y1 === (await loginButton.boundingBox())?.y;
        },
        { ...POLL, message: 'the login sheet stopped moving' },
      )
      .toBe(true);
    expect(watchCalls).toBe(0);
    await shot(page, 'market-04-aapl-login-sheet-en-light');
    await closeContext(page);
  });

  it('signed in: search amx, star AMXB and BTC-USDT, watchlist select all and delete, clear search history', async () => {
    const session: Session = await registerUser(baseUrl);
    const page = await seededPage('light', { tokend: session.tokend, account: session.account });

    await page.goto(`${baseUrl}/#/favorite/search`);
    // Signed in, the empty box shows the history card.
    await page.getByTestId('search-history').waitFor({ timeout: 20_000 });
    await page.getByTestId('search-input').fill('amx');
    const results = page.getByTestId('search-results');
    await results.waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => results.locator('[data-testid^="instrument-row-"]').first().getAttribute('data-testid'), POLL)
      .toBe('instrument-row-i_mxn_AMXB');
    const star = page.getByTestId('search-star-i_mxn_AMXB');
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(async () => star.getAttribute('aria-pressed'), POLL).toBe('true');
    await noToast(page);
    await shot(page, 'market-10-search-amx-en-light');

    await page.goto(`${baseUrl}/#/market/stockDetail?id=i_crypto_BTC-USDT`);
    await expect.poll(async () => page.getByTestId('quote-price').textContent(), POLL).toMatch(/\d/);
    // Crypto trades around the clock: its live quote is fresh, so no stale badge.
    await expect.poll(async () => page.getByTestId('session-tag').count(), POLL).toBe(1);
    expect(await page.getByTestId('stale-badge').count()).toBe(0);
    const btcStar = page.getByTestId('watch-toggle');
    await expect.poll(async () => btcStar.getAttribute('aria-pressed'), POLL).toBe('false');
    await btcStar.click();
    await expect.poll(async () => btcStar.getAttribute('aria-pressed'), POLL).toBe('true');

    const listed = await api<{ list: { instrumentId: string }[] }>(
      baseUrl,
      '/market/watchlist',
      { page: 1, size: 20 },
      session,
    );
    expect(listed.data?.list.map((i) => i.instrumentId).sort()).toEqual(['i_crypto_BTC-USDT', 'i_mxn_AMXB']);

    await page.goto(`${baseUrl}/#/favorite/index`);
    const list = page.getByTestId('favorite-list');
    await list.waitFor({ timeout: 20_000 });
    await expect.poll(async () => list.locator('[data-testid^="instrument-row-"]').count(), POLL).toBe(2);
    await expect(list.getByTestId('instrument-row-i_mxn_AMXB').isVisible()).resolves.toBe(true);
    await expect(list.getByTestId('instrument-row-i_crypto_BTC-USDT').isVisible()).resolves.toBe(true);
    await noToast(page);
    await shot(page, 'market-11-watchlist-en-light');

    await page.getByTestId('favorite-edit').click();
    await page.getByTestId('favorite-select-all').check();
    await expect.poll(async () => page.getByTestId('favorite-check-i_mxn_AMXB').isChecked()).toBe(true);
    await expect.poll(async () => page.getByTestId('favorite-check-i_crypto_BTC-USDT').isChecked()).toBe(true);
    await expect.poll(async () => page.getByTestId('favorite-delete').textContent()).toMatch(/2/);
    await expect
      .poll(async () => page.getByTestId('favorite-delete').evaluate((el) => getComputedStyle(el).opacity))
      .toBe('1');
    await noToast(page);
    await shot(page, 'market-12-watchlist-edit-en-light');
    await page.getByTestId('favorite-delete').click();
    const confirmDelete = page.locator('.adm-dialog-footer').getByRole('button', { name: 'Delete', exact: true });
    await confirmDelete.waitFor({ timeout: 10_000 });
    await shot(page, 'market-13-watchlist-confirm-en-light');
    await confirmDelete.click();
    await page.getByTestId('favorite-add').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid^="instrument-row-"]').count()).toBe(0);
    const after = await api<{ list: unknown[] }>(baseUrl, '/market/watchlist', { page: 1, size: 20 }, session);
    expect(after.data?.list).toEqual([]);
    await noToast(page);
    await shot(page, 'market-14-watchlist-empty-en-light');

    await page.goto(`${baseUrl}/#/favorite/search`);
    const chip = page.getByTestId('search-history-amx');
    await chip.waitFor({ timeout: 20_000 });
    await page.getByTestId('search-history-clear').click();
    const confirmClear = page.locator('.adm-dialog-footer').getByRole('button', { name: 'Clear', exact: true });
    await confirmClear.waitFor({ timeout: 10_000 });
    await confirmClear.click();
    await expect.poll(async () => chip.count(), POLL).toBe(0);
    await expect.poll(async () => page.getByTestId('search-history-clear').count(), POLL).toBe(0);
    const history = await api<{ list: unknown[] }>(baseUrl, '/market/searchHistory', { page: 1, size: 20 }, session);
    expect(history.data?.list).toEqual([]);
    await noToast(page);
    await shot(page, 'market-15-search-history-cleared-en-light');
    await closeContext(page);
  });

  it('indexes: the index list shows IPC, SPX, NDX, DJI and IBEX with levels; the index detail has a chart and no trade bar', async () => {
    const page = await phonePage(browser);
    await page.goto(`${baseUrl}/#/market/zhiShu`);
    await page.getByTestId('index-list').waitFor({ timeout: 20_000 });
    for (const id of ['i_mxn_IPC', 'i_usd_SPX', 'i_usd_NDX', 'i_usd_DJI', 'i_eur_IBEX']) {
      const row = page.getByTestId(`instrument-row-${id}`);
      await row.waitFor({ timeout: 20_000 });
      await expect
        .poll(async () => row.locator('.row-price').textContent(), { ...POLL, message: id })
        .toMatch(/^\$?[\d,]+\.\d+$/);
    }
    await shot(page, 'market-20-indexes-en-light');

    const bars = waitForCandles(page, (b) => b.instrumentId === 'i_usd_SPX' && b.period === 'time_share');
    await page.getByTestId('instrument-row-i_usd_SPX').click();
    await page.waitForURL(/#\/market\/stockDetailzs\?id=i_usd_SPX/);
    expect((await bars).envelope.status).toBe(1);
    await page.getByTestId('index-detail').waitFor();
    await waitForDetail(page);
    const size = await chartCanvasSize(page);
    expect(size.width).toBeGreaterThan(200);
    expect(size.height).toBeGreaterThan(100);
    expect(await page.getByTestId('trade-long').count()).toBe(0);
    expect(await page.getByTestId('trade-short').count()).toBe(0);
    expect(await page.getByTestId('figure-marketCap').count()).toBe(0);
    await page.mouse.move(380, 830);
    await shot(page, 'market-21-spx-en-light');
    await closeContext(page);
  });

  it('news: the list shows items; an article has content and instrument chips that open their detail', async () => {
    const page = await phonePage(browser);
    await page.goto(`${baseUrl}/#/home/newsList`);
    const items = page.locator('[data-testid^="news-item-"]');
    await expect.poll(async () => items.count(), POLL).toBeGreaterThan(0);
    const titles = await page.locator('.news-title').allTextContents();
    for (const title of titles) expect(title.trim().length).toBeGreaterThan(0);
    await shot(page, 'market-30-news-en-light');

    const first = items.first();
    const newsTestId = (await first.getAttribute('data-testid')) ?? '';
    const newsId = newsTestId.replace('news-item-', '');
    await first.click();
    await page.waitForURL(new RegExp(`#/home/newsDetail\\?id=${newsId}`));
    const article = page.getByTestId('news-article');
    await article.waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => ((await article.locator('.article-title').textContent()) ?? '').length)
      .toBeGreaterThan(5);
    expect(((await article.innerText()) ?? '').length).toBeGreaterThan(200);
    const chips = article.locator('[data-testid^="news-instrument-"]');
    await expect.poll(async () => chips.count(), POLL).toBeGreaterThan(0);
    const chip = chips.first();
    await expect.poll(async () => chip.isEnabled(), POLL).toBe(true);
    await expect.poll(async () => chip.textContent(), POLL).toMatch(/·/);
    await shot(page, 'market-31-news-detail-en-light');
    const instrumentId = ((await chip.getAttribute('data-testid')) ?? '').replace('news-instrument-', '');
    await chip.click();
    await page.waitForURL(new RegExp(`#/market/stockDetail(zs)?\\?id=${instrumentId.replace(/[-]/g, '\\-')}`));
    await expect.poll(async () => page.getByTestId('quote-price').textContent(), POLL).toMatch(/\d/);
    await closeContext(page);
  });

  it('looks: home, market and detail in German (light) and Chinese (dark); red-up colour setting recolours a rising price', async () => {
    const session = await registerUser(baseUrl);
    const rising = await risingInstrument('usd');
    const report: string[] = [];

    for (const { lang, scheme, home } of [
      { lang: 'de', scheme: 'light', home: /Willkommen|Schnellzugriff|Indizes/ },
      { lang: 'zh', scheme: 'dark', home: /[\u4e00-\u9fff]/ },
    ] as const) {
      const page = await seededPage(scheme, {
        tokend: session.tokend,
        account: session.account,
        language: lang,
        stock: 'usd',
      });
      await page.goto(`${baseUrl}/#/home/index`);
      await page.getByTestId('home-page').waitFor({ timeout: 20_000 });
      await expect
        .poll(async () => page.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme')))
        .toBe(scheme);
      await expect.poll(async () => page.locator('body').innerText(), POLL).toMatch(home);
      // one row of every market's index cards, the chosen market's (usd: 3) first
      await expect
        .poll(async () => page.locator('[data-testid^="index-card-"]').count(), POLL)
        .toBeGreaterThanOrEqual(4);
      expect(
        await page
          .locator('[data-testid^="index-card-"]')
          .evaluateAll((cards) => cards.slice(0, 3).map((card) => card.getAttribute('data-testid'))),
      ).toEqual([
        expect.stringMatching(/^index-card-i_usd_/),
        expect.stringMatching(/^index-card-i_usd_/),
        expect.stringMatching(/^index-card-i_usd_/),
      ]);
      await page.getByTestId('home-movers').waitFor({ timeout: 20_000 });
      report.push(
        `${lang} home: cut ${JSON.stringify(await clippedTexts(page))}, split ${JSON.stringify(await wordsSplitAcrossLines(page))}`,
      );
      await shot(page, `market-40-home-${lang}-${scheme}`);

      await page.goto(`${baseUrl}/#/market/index`);
      await expect
        .poll(async () => page.locator('[data-testid^="instrument-row-i_usd_"]').count(), POLL)
        .toBeGreaterThan(5);
      report.push(
        `${lang} market: cut ${JSON.stringify(await clippedTexts(page))}, split ${JSON.stringify(await wordsSplitAcrossLines(page))}`,
      );
      await shot(page, `market-41-market-${lang}-${scheme}`);

      await page.goto(`${baseUrl}/#/market/stockDetail?id=${rising}`);
      await waitForDetail(page);
      await page.mouse.move(380, 830);
      await shot(page, `market-42-detail-${lang}-${scheme}`);
      // Scroll to the figures grid, where the long labels are.
      await page.getByTestId('figure-industry').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      report.push(
        `${lang} detail: cut ${JSON.stringify(await clippedTexts(page))}, split ${JSON.stringify(await wordsSplitAcrossLines(page))}`,
      );
      await shot(page, `market-43-detail-figures-${lang}-${scheme}`);
      await closeContext(page);
    }

    // Up colour: German defaults to green-up; switching to red-up recolours a rising change.
    const page = await seededPage('light', { tokend: session.tokend, account: session.account, language: 'de' });
    const changeColour = async (): Promise<string> =>
      page.getByTestId('quote-change-rate').evaluate((el) => getComputedStyle(el).color);
    const pillColour = async (): Promise<string> =>
      page
        .locator('.change-pill.up')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.goto(`${baseUrl}/#/market/stockDetail?id=${rising}`);
    await waitForDetail(page);
    await expect.poll(async () => page.locator('.qh-change').getAttribute('class'), POLL).toMatch(/\bup\b/);
    const green = 'rgb(11, 122, 65)';
    const red = 'rgb(196, 50, 10)';
    await expect.poll(changeColour).toBe(green);

    await page.goto(`${baseUrl}/#/information/setting`);
    await page.getByTestId('up-colour-red').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('up-colour-green').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('up-colour-red').click();
    await expect.poll(async () => page.getByTestId('up-colour-red').getAttribute('aria-checked')).toBe('true');
    await expect.poll(async () => page.evaluate(() => localStorage.getItem('upColour'))).toBe('red');
    await expect
      .poll(async () => page.evaluate(() => document.documentElement.getAttribute('data-up-colour')))
      .toBe('red');
    report.push(
      `de setting: cut ${JSON.stringify(await clippedTexts(page))}, split ${JSON.stringify(await wordsSplitAcrossLines(page))}`,
    );
    await shot(page, 'market-44-setting-red-up-de-light');

    await page.goto(`${baseUrl}/#/market/stockDetail?id=${rising}`);
    await waitForDetail(page);
    await expect.poll(changeColour, POLL).toBe(red);
    await page.goto(`${baseUrl}/#/market/index`);
    await expect.poll(async () => page.locator('.change-pill.up').count(), POLL).toBeGreaterThan(0);
    await expect.poll(pillColour, POLL).toBe(red);
    await shot(page, 'market-45-market-red-up-de-light');
    await closeContext(page);
    console.log(`labels cut off (scrollWidth > clientWidth) and words split across lines:\n${report.join('\n')}`);
  });
});
