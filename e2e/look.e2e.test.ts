/**
 * Touch, contrast, theme and numbers on a phone (issue 16 items 5–7):
 * - axe-core (injected from the devDependency) finds no serious or critical violation on Mine,
 *   Settings, the market list, a stock detail, the order ticket and the positions screen, in all
 *   five languages and both themes; and on the block trades (list and application), the copy
 *   funds (list, a fund, my subscriptions) and the new shares (list, an offering, the positions'
 *   subscription tab), in both themes in German and Chinese (the longest words, the other script);
 * - every visible control on the main and product screens, signed in and out, in all five
 *   languages, is at least 44 × 44 px, or its hit area is (a finger 21.5 px above, below, left and
 *   right of its centre still lands on it);
 * - the theme chosen in Settings survives a reload and is applied by index.html's inline script
 *   before any module runs (the server's CSP admits it by hash);
 * - German shows its own separators; the chart has one period selector and explains adjustment.
 * Screenshots at 390 × 844 in de and zh-TW, light and dark, go to test-artifacts/look-*.png.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePage, shot } from './browser.js';
import { api, seedStorage, type Session } from './market-helpers.js';
import { closeOwnServer, ownServerWithFundedUser, type OwnServer } from './own-server.js';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// A server of its own: the shared one's deposit channels are replaced by other journeys.
let baseUrl: string;
const LANGUAGES = ['en', 'de', 'zh', 'esp', 'kor'] as const;
const THEMES = ['light', 'dark'] as const;
const BTC = 'i_crypto_BTC-USDT';
const AAPL = 'i_usd_AAPL';

type Language = (typeof LANGUAGES)[number];
type Theme = (typeof THEMES)[number];

interface Screen {
  name: string;
  path: string;
  /** A selector that is on screen once the data has arrived. */
  ready: string;
}

const screens: readonly Screen[] = [
  { name: 'mine', path: '/#/information/index', ready: '[data-testid=mine-total-assets]' },
  { name: 'setting', path: '/#/information/setting', ready: '[data-testid=theme-system]' },
  { name: 'market', path: '/#/market/index', ready: '.instrument-row' },
  { name: 'stock', path: `/#/market/stockDetail?id=${AAPL}`, ready: '[data-testid=quote-price]' },
  {
    name: 'buy',
    path: `/#/market/buyStockDetail?id=${BTC}`,
    ready: '[data-testid=order-submit], .order-footer button',
  },
  { name: 'trade', path: '/#/trade/index?tab=crypto', ready: '.position-row' },
];

/** The product screens (issue 16): their rows and forms; `blockId` is created in `beforeAll`. */
const COPY_FUND = 'cf_demo_reversion';
const NEW_SHARE = 'ns_demo_nova';
let blockId = '';
const productScreens = (): readonly Screen[] => [
  { name: 'blocks', path: '/#/home/blockTrade', ready: `[data-testid=bt-card-${blockId}]` },
  { name: 'block-apply', path: `/#/home/blockTrade2?id=${blockId}`, ready: '[data-testid=bt-shares]' },
  { name: 'copy', path: '/#/home/fllow', ready: `[data-testid=cf-card-${COPY_FUND}]` },
  { name: 'copy-fund', path: `/#/home/fllow?id=${COPY_FUND}`, ready: '[data-testid=cf-strategy]' },
  { name: 'copy-mine', path: '/#/home/fllow?tab=mine', ready: '[data-testid^=cf-sub-]' },
  { name: 'newshares', path: '/#/home/newStock', ready: `[data-testid=ns-card-${NEW_SHARE}]` },
  { name: 'newshare', path: `/#/home/newStockBuy?id=${NEW_SHARE}`, ready: '[data-testid=ns-quantity]' },
  {
    name: 'subscriptions',
    path: '/#/trade/index?tab=subscription',
    ready: '[role=tabpanel] .card, [role=tabpanel] .state',
  },
];

let browser: Browser;
let session: Session;

let own: OwnServer | undefined;

beforeAll(async () => {
  // A verified, funded account with one open position, so the positions screen shows its tags.
  own = await ownServerWithFundedUser('20000.00');
  ({ baseUrl, browser, session } = own);
  const { ops } = own;
  const bought = await api(
    baseUrl,
    '/trade/buy',
    { instrumentId: BTC, side: 'long', orderType: 'market', lots: 1, leverage: 10, requestId: crypto.randomUUID() },
    session,
  );
  expect(bought.status, JSON.stringify(bought)).toBe(1);
  // A block deal on offer and a copy subscription, so their rows are on screen.
  const block = await ops.call<{ id: string }>('/block/create', {
    instrumentId: 'i_mxn_WALMEX',
    kind: 'block',
    price: '50.00',
    minShares: 100,
    dailyLimit: 1000,
    lockDays: 3,
    open: true,
    reason: 'e2e look',
  });
  expect(block.status, JSON.stringify(block)).toBe(1);
  blockId = block.data!.id;
  const fund = await api<{ minAmount: string }>(baseUrl, '/copy/detail', { id: COPY_FUND }, session);
  const followed = await api(
    baseUrl,
    '/copy/subscribe',
    {
      fundId: COPY_FUND,
      amount: String(Math.max(Math.ceil(Number(fund.data?.minAmount ?? '100')), 100)),
      requestId: crypto.randomUUID(),
    },
    session,
  );
  expect(followed.status, JSON.stringify(followed)).toBe(1);
});

afterAll(async () => {
  await closeOwnServer(own);
});

async function openAs(language: Language, theme: Theme, withSession = true): Promise<Page> {
  const page = await phonePage(browser, theme);
  await seedStorage(page.context(), {
    ...(withSession ? { tokend: session.tokend, account: session.account } : {}),
    language,
  });
  return page;
}

/** Opens a screen and waits for its data and for skeletons and transitions to settle. */
async function show(page: Page, screen: Screen): Promise<void> {
  await page.goto(`${baseUrl}${screen.path}`);
  await page.locator(screen.ready).first().waitFor({ timeout: 20_000 });
  await expect.poll(async () => page.locator('.adm-skeleton').count(), { timeout: 10_000 }).toBe(0);
  await page.waitForTimeout(350);
}

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // evaluate runs through the DevTools protocol, so the page's CSP (script-src 'self') does not apply.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const describeViolations = (violations: AxeViolation[]) =>
  violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes
          .slice(0, 4)
          .map((n) => `  ${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
          .join('\n')}`,
    )
    .join('\n');

/**
 * Visible controls whose box is under 44 × 44 px and whose hit area is too: a finger 21.5 px above,
 * below, left and right of the centre must still land on the control (a `::before` hit area, the
 * label of a small checkbox), unless that point is off the screen (a control at the very edge).
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=radio], [role=checkbox], [role=switch], [role=link], [tabindex="0"]';
    const controls = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((el) => {
      if (el.closest('[aria-hidden=true], [inert]')) return false;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return (
        style.visibility !== 'hidden' &&
        style.display !== 'none' &&
        Number(style.opacity) > 0 &&
        box.width > 0 &&
        box.height > 0
      );
    });
    const hits = (el: HTMLElement, target: Element | null) => {
      if (!target) return false;
      if (el.contains(target)) return true;
      // A small input (checkbox, radio) is hit through its label.
      const labels = (el as HTMLInputElement).labels;
      return labels ? Array.from(labels).some((label) => label.contains(target)) : false;
    };
    const describe = (node: Element | null) =>
      node ? `${node.tagName.toLowerCase()}.${String(node.className).split(' ').filter(Boolean).join('.')}` : 'nothing';
    const small: string[] = [];
    const reach = 21.5;
    for (const el of controls) {
      let box = el.getBoundingClientRect();
      if (box.height >= 43.5 && box.width >= 43.5) continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const onScreen = (px: number, py: number) =>
        px >= 0 && py >= 0 && px < window.innerWidth && py < window.innerHeight;
      const probes: [string, number, number][] = [
        ['above', x, y - reach],
        ['below', x, y + reach],
        ['left', x - reach, y],
        ['right', x + reach, y],
      ];
      const missed = probes
        .filter(([, px, py]) => onScreen(px, py))
        .map(([side, px, py]) => [side, document.elementFromPoint(px, py)] as const)
        .filter(([, target]) => !hits(el, target));
      if (missed.length === 0) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
      small.push(
        `${describe(el)} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}px (${missed
          .map(([side, target]) => `${side}: ${describe(target)}`)
          .join(', ')})`,
      );
    }
    window.scrollTo(0, 0);
    return small;
  });
}

/** Tab rows that run past the screen without saying so: no faded edge (`data-fade`) where tabs are hidden. */
async function silentTabStrips(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[role=tablist]'))
      .filter((strip) => strip.getBoundingClientRect().width > 0)
      .filter((strip) => {
        const hiddenAfter = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
        const hiddenBefore = strip.scrollLeft > 1;
        const fade = strip.dataset.fade ?? '';
        return (hiddenAfter && !/end|both/.test(fade)) || (hiddenBefore && !/start|both/.test(fade));
      })
      .map(
        (strip) =>
          `tablist "${strip.getAttribute('aria-label') ?? ''}" scrolls (${strip.clientWidth} of ${strip.scrollWidth}px) with no fade`,
      ),
  );
}

describe('accessibility in every language and theme (issue 16 item 6)', () => {
  for (const theme of THEMES) {
    for (const language of LANGUAGES) {
      it(`axe finds no serious or critical violation, ${language}, ${theme}`, async () => {
        const page = await openAs(language, theme);
        const found: string[] = [];
        for (const screen of screens) {
          await show(page, screen);
          expect(await page.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme'))).toBe(
            theme,
          );
          const violations = await axeViolations(page);
          if (violations.length > 0) found.push(`${screen.name}:\n${describeViolations(violations)}`);
          if ((language === 'de' || language === 'zh') && screen.name !== 'buy')
            await shot(page, `look-${screen.name}-${language}-${theme}`);
        }
        await page.context().close();
        expect(found.join('\n\n')).toBe('');
      });
    }
  }
});

describe('accessibility of the product screens (issue 16 item 6)', () => {
  for (const theme of THEMES) {
    for (const language of ['de', 'zh'] as const) {
      it(`axe finds no serious or critical violation on block trades, copy funds and new shares, ${language}, ${theme}`, async () => {
        const page = await openAs(language, theme);
        const found: string[] = [];
        for (const screen of productScreens()) {
          await show(page, screen);
          const violations = await axeViolations(page);
          if (violations.length > 0) found.push(`${screen.name}:\n${describeViolations(violations)}`);
          await shot(page, `look-${screen.name}-${language}-${theme}`);
        }
        await page.context().close();
        expect(found.join('\n\n')).toBe('');
      });
    }
  }
});

describe('touch targets (issue 16 item 6)', () => {
  for (const language of LANGUAGES) {
    it(`gives every visible control on the main screens a 44 × 44 px box or hit area, and scrolling tab rows a faded edge, ${language}`, async () => {
      const page = await openAs(language, 'light');
      const found: string[] = [];
      const mainScreens: Screen[] = [
        { name: 'home', path: '/#/home/index', ready: '.quick-grid a' },
        ...screens,
        ...productScreens(),
      ];
      for (const screen of mainScreens) {
        await show(page, screen);
        const small = [...(await silentTabStrips(page)), ...(await smallTargets(page))];
        if (small.length > 0) found.push(`${screen.name}: ${small.join('; ')}`);
      }
      // Signed out: the start, login and registration screens (checkbox and links among them).
      const visitor = await openAs(language, 'light', false);
      for (const screen of [
        { name: 'home-visitor', path: '/#/home/index', ready: '.quick-grid a' },
        { name: 'login', path: '/#/login/login', ready: '[data-testid=login-submit]' },
        { name: 'register', path: '/#/login/register', ready: '[data-testid=register-submit]' },
      ]) {
        await show(visitor, screen);
        const small = await smallTargets(visitor);
        if (small.length > 0) found.push(`${screen.name}: ${small.join('; ')}`);
      }
      await page.context().close();
      await visitor.context().close();
      expect(found.join('\n')).toBe('');
    });
  }
});

describe('the theme switch (issue 16 item 6)', () => {
  it('keeps the chosen theme across a reload and paints it before any module runs', async () => {
    const page = await openAs('en', 'light');
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await show(page, screens[1] as Screen);
    expect(await page.getByTestId('theme-system').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('theme-dark').click();
    await expect
      .poll(async () => page.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme')))
      .toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await page.getByTestId('theme-dark').waitFor();
    expect(await page.getByTestId('theme-dark').getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme'))).toBe('dark');

    // With every module script refused, only index.html's inline script can set the theme.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    await page.waitForLoadState('domcontentloaded');
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme'))).toBe('dark');
    await page.unroute(/\/assets\/.*\.js$/);

    // Back to light in a dark system: the choice wins over the system.
    const dark = await openAs('en', 'dark');
    await dark.addInitScript(() => localStorage.setItem('theme', 'light'));
    await dark.goto(`${baseUrl}/#/information/setting`);
    await dark.getByTestId('theme-light').waitFor();
    expect(await dark.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme'))).toBe('light');
    expect(await dark.getByTestId('theme-light').getAttribute('aria-pressed')).toBe('true');
    expect(cspErrors).toEqual([]);
    await page.context().close();
    await dark.context().close();
  });
});

describe('numbers and the chart (issue 16 items 5 and 7)', () => {
  it('shows German separators, one period selector and the adjustment explained', async () => {
    const page = await openAs('de', 'light');
    await show(page, screens[0] as Screen);
    // "20.000,00 USDT"-style figures: a comma before the decimals, points between thousands.
    await expect.poll(async () => page.getByTestId('mine-total-assets').textContent()).toMatch(/\d,\d{2}/);
    expect(await page.getByTestId('mine-total-assets').textContent()).not.toMatch(/\d,\d{3}\b(?!,)/);

    await show(page, screens[3] as Screen);
    expect(await page.locator('.chart-card [role=tablist]').count()).toBe(1);
    expect(await page.locator('.chart-card .range-chips').count()).toBe(0);
    expect(await page.getByTestId('adjust-forward').count()).toBe(0); // intraday: no adjustment
    await page.getByTestId('chart-range-1Y').click();
    expect(await page.getByTestId('chart-range-1Y').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('chart-period-time_share').getAttribute('aria-selected')).toBe('false');
    await page.getByTestId('adjust-forward').click();
    await expect.poll(async () => page.getByTestId('adjust-help').textContent()).toMatch(/bereinigt/);
    await page.getByTestId('chart-period-1w').click();
    expect(await page.getByTestId('chart-range-1Y').getAttribute('aria-selected')).toBe('false');
    expect(await page.getByTestId('adjust-forward').getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'look-chart-adjust-de-light');
    await page.context().close();
  });
});
