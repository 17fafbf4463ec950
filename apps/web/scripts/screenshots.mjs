/**
 * Screenshots of the built web app at 390 × 844 (UI.md "Look at it"), in English, German and
 * Traditional Chinese, light and dark. The API is mocked in the browser, so no server is needed.
 *
 *   npm run build -w @brokerage/web && node apps/web/scripts/screenshots.mjs
 *
 * Writes PNGs to test-artifacts/web/. Uses the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { preview } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = fileURLToPath(new URL('../../../test-artifacts/web/', import.meta.url));

const user = {
  id: 'u_3kT9', account: '5215512345678', realname: 'Ana López', is_true: 1, phone: '5215512345678',
  kycStatus: 'verified', accountType: 'standard', hasFundPassword: true, dayTrading: false, inviteCode: 'K7M2Q9',
  restrictions: [], createdAt: '2025-01-05T10:00:00Z',
};
const account = (currency, scale) => ({
  currency, available: '80210.00', frozen: '5000.00', inTransit: '1200.00', withdrawable: '79010.00',
  positionsValue: '30220.50', investValue: '0.00', totalAssets: '125430.50', profit: scale,
});
const answers = {
  '/common/config': [
    { name: 'title', value: 'Example Securities' },
    { name: 'service_link', value: 'https://chat.example.com/?uid=' },
  ],
  '/common/legal': {
    kind: 'about', title: 'About us', version: '2025-01', updatedAt: '2025-01-02T00:00:00Z',
    content: '<h2>Example Securities</h2><p>A US-based asset manager with branches in Frankfurt and the Netherlands.</p><p>We offer quotes, trading and new-share subscription for retail and institutional investors.</p>',
  },
  '/user/getUserinfo': user,
  '/user/notice': [
    { id: 'nt_205', kind: 'notice', title: 'Holiday hours', content: '<p>Markets close early on Friday.</p>', createdAt: '2025-03-10T09:00:00Z' },
    { id: 'nt_206', kind: 'message', title: 'Withdrawal approved', content: '<p>Your withdrawal was approved.</p>', createdAt: '2025-03-11T09:00:00Z' },
  ],
  '/user/assets': {
    currency: 'MXN', totalAssets: '125430.50', available: '80210.00', frozen: '5000.00', inTransit: '1200.00',
    withdrawable: '79010.00', profit: '3520.50', creditScore: 80, ratesAt: '2025-03-14T15:30:00Z',
    accounts: [account('MXN', '3520.50')],
  },
};

const shots = [
  { name: 'start', hash: '#/login/start', loggedIn: false },
  { name: 'login', hash: '#/login/login', loggedIn: false },
  { name: 'register', hash: '#/login/register', loggedIn: false },
  { name: 'home', hash: '#/home/index', loggedIn: true },
  { name: 'mine', hash: '#/information/index', loggedIn: true },
  { name: 'setting', hash: '#/information/setting', loggedIn: true },
  { name: 'changeLang', hash: '#/information/changeLang', loggedIn: true },
  { name: 'userInfo', hash: '#/information/userInfo', loggedIn: true },
  { name: 'aboutUs', hash: '#/information/aboutUs', loggedIn: true },
  { name: 'fundPass', hash: '#/information/fundPass', loggedIn: true },
  { name: 'placeholder', hash: '#/information/recharge', loggedIn: true },
];
const variants = [
  { language: 'en', scheme: 'light' },
  { language: 'de', scheme: 'light' },
  { language: 'zh', scheme: 'dark' },
];

await mkdir(outDir, { recursive: true });
const server = await preview({ root: webRoot, configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)), preview: { port: 4173, strictPort: false } });
const baseUrl = server.resolvedUrls?.local[0] ?? 'http://localhost:4173/';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const { language, scheme } of variants) {
    for (const shot of shots) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, colorScheme: scheme, isMobile: true, hasTouch: true });
      await context.addInitScript(([lang, loggedIn]) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.clear();
        localStorage.setItem('language', lang);
        if (loggedIn) {
          localStorage.setItem('tokend', 'demo-token');
          localStorage.setItem('account', '5215512345678');
          localStorage.setItem('readMsgIds', '["nt_206"]');
        }
      }, [language, shot.loggedIn]);
      await context.route('**/api/vue/**', (route) => {
        const path = new URL(route.request().url()).pathname.replace('/api/vue', '');
        const data = answers[path] ?? null;
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 1, msg: 'ok', data }) });
      });
      const page = await context.newPage();
      await page.goto(`${baseUrl}${shot.hash}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${outDir}${shot.name}-${language}-${scheme}.png` });
      await context.close();
    }
  }
  // The left user panel, opened from the header avatar.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await context.addInitScript(() => {
    localStorage.setItem('tokend', 'demo-token');
    localStorage.setItem('account', '5215512345678');
  });
  await context.route('**/api/vue/**', (route) => {
    const path = new URL(route.request().url()).pathname.replace('/api/vue', '');
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 1, msg: 'ok', data: answers[path] ?? null }) });
  });
  const page = await context.newPage();
  await page.goto(`${baseUrl}#/home/index`);
  await page.getByTestId('header-avatar').click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${outDir}panel-en-light.png` });
  // A rejection toast.
  await context.unroute('**/api/vue/**');
  await context.route('**/api/vue/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 0, msg: 'Wrong account or password.', code: 'auth.wrong_credentials', params: {} }) }),
  );
  await page.goto(`${baseUrl}#/login/login`);
  await page.getByTestId('login-account').fill('5215512345678');
  await page.getByTestId('login-password').fill('wrong');
  await page.getByTestId('login-submit').click();
  await page.getByText('Wrong account or password.').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${outDir}login-toast-en-light.png` });
  await context.close();
} finally {
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
}
console.log(`Screenshots written to ${outDir}`);
