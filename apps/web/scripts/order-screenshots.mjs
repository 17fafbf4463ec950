/**
 * Screenshots of the order form's rules before the button (docs/ui.md "Look at it") at 390 × 844:
 * a crypto order with nothing in USDT (lot size, minimum in lots, deposit and exchange) and a stock
 * order while its market is closed (when it opens, in the user's time), in German and Traditional
 * Chinese, light and dark. The API is mocked in the browser, so no server is needed.
 *
 *   npm run build -w @brokerage/web && node apps/web/scripts/order-screenshots.mjs
 *
 * Writes PNGs to test-artifacts/web/ (SCREENSHOT_DIR overrides). Uses the system Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium); PORT picks the preview port (default 4391).
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = process.env.SCREENSHOT_DIR
  ? `${process.env.SCREENSHOT_DIR.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../../../test-artifacts/web/', import.meta.url));

const now = Date.now();
/** The next Monday 13:30 UTC (09:30 in New York in summer), in the future whatever today is. */
const nextMonday = (() => {
  const d = new Date(now);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  d.setUTCHours(13, 30, 0, 0);
  return d.toISOString();
})();

const user = {
  id: 'u_3kT9',
  account: '5215512345678',
  realname: 'Ana López',
  is_true: 1,
  phone: '5215512345678',
  kycStatus: 'verified',
  accountType: 'standard',
  hasFundPassword: true,
  dayTrading: false,
  inviteCode: 'K7M2Q9',
  restrictions: [],
  createdAt: '2025-01-05T10:00:00Z',
};

const rules = (over) => ({
  timezone: 'America/New_York',
  inSession: true,
  nextOpenAt: null,
  nextRegularOpenAt: null,
  sessions: [{ name: 'regular', open: '09:30', close: '16:00' }],
  leverageOptions: [1, 2, 5, 10],
  minOpeningAmount: '100.00',
  buyFeeRate: '0.0015',
  sellFeeRate: '0.0015',
  stampDutyRate: '0',
  minHoldMinutes: 5,
  tPlusNDays: 1,
  priceLimitRate: null,
  ...over,
});

const base = {
  board: 'listed',
  tradable: true,
  status: 'trading',
  change: '120.00',
  changeRate: '0.0021',
  volume: '18500',
  turnover: '1000000.00',
  updatedAt: new Date(now - 60_000).toISOString(),
  stale: false,
  priceScale: 2,
  marketCap: null,
  high52w: null,
  low52w: null,
  foreignOwnershipRatio: null,
  industry: null,
  sharesOutstanding: null,
  limitUp: null,
  limitDown: null,
  listingDate: null,
  tradingDay: new Date(now).toISOString().slice(0, 10),
  watched: false,
};

const quotes = {
  'i_crypto_BTC-USDT': {
    ...base,
    instrumentId: 'i_crypto_BTC-USDT',
    code: 'BTC-USDT',
    name: 'Bitcoin',
    market: 'crypto',
    assetClass: 'crypto',
    currency: 'USDT',
    price: '56316.00',
    open: '56100.00',
    prevClose: '56196.00',
    high: '56800.00',
    low: '55900.00',
    bid: '56310.00',
    ask: '56322.00',
    lotSize: '0.001',
    inSession: true,
    session: 'regular',
    rules: rules({
      timezone: 'UTC',
      sessions: [{ name: 'regular', open: '00:00', close: '24:00' }],
      minOpeningAmount: '10.00',
    }),
  },
  i_usd_AAPL: {
    ...base,
    instrumentId: 'i_usd_AAPL',
    code: 'AAPL',
    name: 'Apple Inc.',
    market: 'usd',
    assetClass: 'stock',
    currency: 'USD',
    price: '227.52',
    open: '226.10',
    prevClose: '226.90',
    high: '228.40',
    low: '225.80',
    bid: '227.50',
    ask: '227.54',
    lotSize: '1',
    inSession: false,
    session: null,
    rules: rules({ inSession: false, nextOpenAt: nextMonday, nextRegularOpenAt: nextMonday }),
  },
};

/** The all-in ticket of `/trade/preview` for the body, with `available` in the instrument's currency. */
function previewOf(body, available) {
  const q = quotes[body.instrumentId];
  const unit = Number(q.lotSize);
  const price = Number(body.orderType === 'limit' && body.price ? body.price : q.ask);
  // display figures for a picture, not money arithmetic: cents are rounded for the mock only
  const contract = Math.round(price * unit * body.lots * 100) / 100;
  const margin = Math.round((contract / body.leverage) * 100) / 100;
  const fee = Math.round(contract * 0.0015 * 100) / 100;
  const perLot = price * unit * (1 / body.leverage + 0.0015);
  return {
    currency: q.currency,
    price: price.toFixed(2),
    contractAmount: contract.toFixed(2),
    margin: margin.toFixed(2),
    openFee: fee.toFixed(2),
    estCloseFee: fee.toFixed(2),
    estStampDuty: '0.00',
    total: (margin + fee).toFixed(2),
    available,
    maxLots: Math.floor(Number(available) / perLot),
    lotSize: q.lotSize,
    leverageOptions: [1, 2, 5, 10],
    stopOutPrice: Math.max(0, price - margin / (unit * body.lots)).toFixed(2),
    lossAtStopLoss: null,
    profitAtTakeProfit: null,
    worstCaseLoss: (margin + 2 * fee).toFixed(2),
  };
}

const shots = [
  { name: 'order-crypto-no-usdt', id: 'i_crypto_BTC-USDT', available: '0.00' },
  { name: 'order-stock-closed', id: 'i_usd_AAPL', available: '2500.00' },
];
const variants = ['de', 'zh'].flatMap((language) => ['light', 'dark'].map((scheme) => ({ language, scheme })));

await mkdir(outDir, { recursive: true });
const server = await preview({
  root: webRoot,
  configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
  preview: { port: Number(process.env.PORT ?? 4391), strictPort: false },
});
const baseUrl = server.resolvedUrls?.local[0] ?? 'http://localhost:4391/';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const { language, scheme } of variants) {
    for (const shot of shots) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        colorScheme: scheme,
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript((lang) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.clear();
        localStorage.setItem('language', lang);
        localStorage.setItem('tokend', 'demo-token');
        localStorage.setItem('account', '5215512345678');
      }, language);
      const answers = {
        '/common/config': [{ name: 'title', value: 'Example Securities' }],
        '/user/getUserinfo': user,
        '/user/notice': [],
        '/market/quote': (body) => quotes[body.instrumentId],
        '/trade/preview': (body) => previewOf(body, shot.available),
      };
      await context.route('**/api/vue/**', (route) => {
        const path = new URL(route.request().url()).pathname.replace('/api/vue', '');
        const entry = answers[path] ?? null;
        const data = typeof entry === 'function' ? entry(JSON.parse(route.request().postData() || '{}')) : entry;
        return route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ status: 1, msg: 'ok', data }),
        });
      });
      const page = await context.newPage();
      await page.goto(`${baseUrl}#/market/buyStockDetail?id=${shot.id}`);
      await page.waitForLoadState('networkidle');
      await page.getByTestId('ticket-available').waitFor({ timeout: 15_000 });
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${outDir}${shot.name}-${language}-${scheme}.png` });
      // the rules sit above the button: the second picture shows the form's lower half
      await page.mouse.wheel(0, 900);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${outDir}${shot.name}-lower-${language}-${scheme}.png` });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}
console.log(`Order screenshots written to ${outDir}`);
