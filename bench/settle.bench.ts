/// <reference lib="dom" />
/**
 * Benchmark: how long Home, Market, New shares and Exchange take to settle (issue 30).
 *
 *   npx tsx bench/settle.bench.ts                    # builds everything, then measures
 *   BENCH_NO_BUILD=1 npx tsx bench/settle.bench.ts   # measures the last build
 *   BENCH_SETTLE_RUNS=7 …          # runs per screen and way (default 5)
 *   BENCH_SETTLE_DWELL_MS=1 …      # time on the previous screen before the tap (default 1000)
 *   BENCH_SETTLE_HOLD_MS=0 …       # how long the finger rests in a tap (default 80; 0 as Playwright's `tap`)
 *   BENCH_SETTLE_SCREENS=Market,Exchange …   # only these screens
 *   BENCH_SETTLE_VERBOSE=1 …       # the requests, scripts and long tasks of each screen's last runs
 *   BENCH_SETTLE_COMPARE=/tmp/base …   # also another build, run for run in turn with this one: a
 *                                      # checkout built there (`git worktree add /tmp/base <ref>`,
 *                                      # `npm ci && npm run build` in it)
 *
 * The built server (apps/server/dist/main.js, DEMO=1, the simulated market) on a fresh embedded
 * database; one user with the real name approved and a deposit. Every run is a fresh Chromium
 * context (390 × 844, touch, no HTTP cache, no service worker) signed in as that user. The server
 * is warmed first: one untimed pass of every run below, so no figure includes a cold server cache.
 *
 * "Settled" is the first animation frame from which, for 500 ms: the screen's main content is in
 * the page (the home screen's index cards and movers, the market's instrument rows, the new-share
 * cards, the exchange form with its rate), no skeleton or loading spinner is visible, and no
 * `/api/` request of the page is pending (fetch counted from before the app's first script).
 * "Shown": the first frame with the screen's own frame in the page, data or not.
 *
 * Two ways of opening each screen:
 * - "in app" (target: median ≤ 300 ms): the app is opened on the home screen (Home: on the market
 *   screen); once that has settled and the user has looked at it for BENCH_SETTLE_DWELL_MS, a
 *   finger taps the way there (Market: the tab bar; New shares: the home screen's quick entry;
 *   Exchange: the Wallet tab, settled and looked at likewise, then its Exchange action; Home: the
 *   tab bar). Measured from the tap's `click` event, when the app navigates.
 * - "by address": the page is loaded on the screen's own address, measured from the navigation's
 *   start; this includes the app's code and strings. Target: median shown → settled ≤ 300 ms
 *   (what the screen waits for once it is on screen); navigation → settled is reported.
 *
 * Exits 1 when a target is missed. Writes bench/results/settle.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BuiltServer, freePort } from './lib/built-server.js';
import { envInt } from './lib/env.js';
import { loadLine, machineLine, machineReport, row, writeResult } from './lib/report.js';
import { median } from './lib/stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = envInt('BENCH_SETTLE_RUNS', 5);
const DWELL_MS = envInt('BENCH_SETTLE_DWELL_MS', 1000);
/** How long a finger rests on the screen in a tap (0: touch start and end at once, as Playwright's `tap`). */
const HOLD_MS = Number(process.env.BENCH_SETTLE_HOLD_MS ?? 80);
const TARGET_MS = 300;
/** How long the page must stay settled before the first moment of it counts. */
const QUIET_MS = 500;
const TIMEOUT_MS = 30_000;
const ADMIN_PASSWORD = 'Bench-admin-pass-2026';

/** What shows that a screen is still loading: antd-mobile's skeletons and spinners, the route's ring. */
const BUSY = '.adm-skeleton, .adm-spin-loading, .screen-loading, .skeleton, .skeleton-row, .skeleton-stack';

interface Screen {
  name: string;
  path: string;
  /** The screen itself is rendered (its frame, not yet its data). */
  shown: string;
  /** Every selector must match an element once the screen shows its data. */
  ready: string[];
  /** The screen the app is opened on before the taps: the home screen unless named. */
  from?: string;
  /** Taps from there to it; each but the last is waited on until settled (with `ready`). */
  taps: { testId: string; ready?: string[] }[];
}

const allScreens: Screen[] = [
  {
    name: 'Home',
    path: '/home/index',
    shown: '[data-testid=home-page]',
    ready: ['[data-testid=home-page]', '[data-testid^=index-card-]', '[data-testid=home-page] .instrument-row'],
    from: '/market/index',
    taps: [{ testId: 'tab-home' }],
  },
  {
    name: 'Market',
    path: '/market/index',
    shown: '[data-testid=market-page]',
    ready: ['[data-testid=market-page] .instrument-row'],
    taps: [{ testId: 'tab-market' }],
  },
  {
    name: 'New shares',
    path: '/home/newStock',
    shown: '.page > .navbar',
    ready: ['[data-testid^=ns-card-]'],
    taps: [{ testId: 'quick-newShares' }],
  },
  {
    name: 'Exchange',
    path: '/information/exChange',
    shown: '.page > .navbar',
    ready: ['[data-testid=exchange-submit]', '[data-testid=exchange-rate] .rate-time'],
    taps: [
      { testId: 'tab-wallet', ready: ['[data-testid=wallet-page] [data-testid^=wallet-balance-]'] },
      { testId: 'wallet-action-exChange' },
    ],
  },
];

/** The screens measured: all, or those BENCH_SETTLE_SCREENS names (`Market,Exchange`). */
const screens = allScreens.filter(
  (screen) =>
    !process.env.BENCH_SETTLE_SCREENS ||
    process.env.BENCH_SETTLE_SCREENS.split(',').some((name) => name.trim().toLowerCase() === screen.name.toLowerCase()),
);

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${String(result.status ?? result.signal)})`);
}

/** Counts the page's pending `/api/` fetches in `window.__apiPending` (before any of the app's scripts). */
function countApiFetches(): void {
  const w = window as unknown as { __apiPending: number; __apiLog: { url: string; start: number; end: number }[] };
  w.__apiPending = 0;
  w.__apiLog = [];
  const original = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/api/')) return original(input, init);
    w.__apiPending += 1;
    const started = performance.now();
    const done = () => {
      w.__apiPending -= 1;
      w.__apiLog.push({ url: url.replace(/^.*\/api\/vue/, ''), start: started, end: performance.now() });
    };
    return original(input, init).then(
      (response) => {
        // pending until the body is read: the app reads it at once
        response.clone().arrayBuffer().then(done, done);
        return response;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
  };
  // long tasks, for the verbose listing
  const tasks: { start: number; duration: number }[] = [];
  (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long-task timing in this browser
  }
  // the moment of the last tap, in the page's clock
  document.addEventListener(
    'click',
    (event) => {
      (window as unknown as { __tapAt: number }).__tapAt = event.timeStamp;
    },
    { capture: true },
  );
}

interface Settle {
  /** page time (performance.now()) of the first frame with the screen's frame in it */
  shown: number;
  /** page time of the first frame from which the screen stayed settled for QUIET_MS */
  settled: number;
}

/** Watches every animation frame from `since` (page time) until the screen has settled; rejects after TIMEOUT_MS with what was missing. */
async function settledAt(page: Page, shown: string, ready: string[], since: number): Promise<Settle> {
  return page.evaluate(
    ({ shown, ready, busy, quiet, timeout, since }) =>
      new Promise<Settle>((resolve, reject) => {
        const w = window as unknown as { __apiPending: number };
        let from: number | null = null;
        let shownAt: number | null = null;
        const missing = () => [
          ...ready.filter((selector) => !document.querySelector(selector)),
          ...(document.querySelector(busy) ? [`no ${busy}`] : []),
          ...(w.__apiPending > 0 ? [`${w.__apiPending} requests pending`] : []),
        ];
        const check = () => {
          const now = performance.now();
          if (shownAt === null && document.querySelector(shown)) shownAt = Math.max(now, since);
          if (missing().length === 0) {
            from ??= now;
            if (now - from >= quiet) return resolve({ shown: shownAt ?? from, settled: Math.max(from, since) });
          } else from = null;
          if (now - since > timeout) return reject(new Error(`not settled: ${missing().join(', ')}`));
          requestAnimationFrame(check);
        };
        check();
      }),
    { shown, ready, busy: BUSY, quiet: QUIET_MS, timeout: TIMEOUT_MS, since },
  );
}

interface Measure {
  /** from the start (navigation or tap) until the screen's frame was shown */
  shownMs: number;
  /** from the start until settled */
  ms: number;
  /** the `/api/` requests from the start: path, start–end in ms from the start */
  requests: string[];
}

/** The `/api/` requests that ended after `since` (page time), and the scripts asked for after it, in ms from `since`. */
async function requestsSince(page: Page, since: number): Promise<string[]> {
  return page.evaluate((since) => {
    const api = (window as unknown as { __apiLog: { url: string; start: number; end: number }[] }).__apiLog
      .filter((entry) => entry.end >= since)
      .map((entry) => `${entry.url} ${Math.round(entry.start - since)}–${Math.round(entry.end - since)}`);
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => entry.startTime >= since && entry.name.endsWith('.js'),
    );
    const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks
      .filter((task) => task.start + task.duration >= since)
      .map((task) => `${Math.round(task.start - since)}+${Math.round(task.duration)}`);
    return [
      ...api,
      ...(tasks.length > 0 ? [`long tasks (start+duration): ${tasks.join(', ')}`] : []),
      ...(scripts.length > 0
        ? [
            `${scripts.length} scripts, ${Math.round(Math.min(...scripts.map((e) => e.startTime)) - since)}–${Math.round(Math.max(...scripts.map((e) => e.responseEnd)) - since)}`,
          ]
        : []),
    ];
  }, since);
}

/**
 * A finger on the element with `testId` for HOLD_MS, then lifted (Chromium's touch events through
 * the DevTools protocol, as Playwright's `tap` sends them, with the time a finger rests between).
 */
async function tap(page: Page, testId: string): Promise<void> {
  const target = page.getByTestId(testId).first();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${testId} is not on screen`);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    if (HOLD_MS > 0) await page.waitForTimeout(HOLD_MS);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

async function signedInPage(browser: Browser, baseUrl: string, session: { token: string; account: string }) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  await context.addInitScript(
    (values: Record<string, string>) => {
      if (sessionStorage.getItem('bench-seeded') === '1') return;
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      sessionStorage.setItem('bench-seeded', '1');
    },
    {
      tokend: session.token,
      account: session.account,
      language: 'en',
    },
  );
  // tsx names the functions it compiles with a helper the page does not have
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript(countApiFetches);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  return { context, page };
}

/** Opens `screen` by its address; ms from the navigation's start. */
async function byAddress(
  browser: Browser,
  baseUrl: string,
  session: { token: string; account: string },
  screen: Screen,
): Promise<Measure> {
  const { context, page } = await signedInPage(browser, baseUrl, session);
  try {
    await page.goto(`${baseUrl}/#${screen.path}`);
    const at = await settledAt(page, screen.shown, screen.ready, 0);
    return { shownMs: at.shown, ms: at.settled, requests: await requestsSince(page, 0) };
  } finally {
    await context.close();
  }
}

/** Opens the home screen, then taps the way to `screen`; ms from the last tap's click. */
async function inApp(
  browser: Browser,
  baseUrl: string,
  session: { token: string; account: string },
  screen: Screen,
): Promise<Measure> {
  const first = allScreens.find((other) => other.path === (screen.from ?? '/home/index'));
  if (!first) throw new Error(`no screen ${screen.from}`);
  const { context, page } = await signedInPage(browser, baseUrl, session);
  try {
    await page.goto(`${baseUrl}/#${first.path}`);
    await settledAt(page, first.shown, first.ready, 0);
    await page.waitForTimeout(DWELL_MS);
    for (const [i, step] of screen.taps.entries()) {
      await tap(page, step.testId);
      // the click may come a frame after the finger is lifted
      await page.waitForFunction(() => (window as unknown as { __tapAt?: number }).__tapAt !== undefined);
      const tapAt = await page.evaluate(() => (window as unknown as { __tapAt: number }).__tapAt);
      if (i < screen.taps.length - 1) {
        await settledAt(page, '*', step.ready ?? [], tapAt);
        await page.evaluate(() => delete (window as unknown as { __tapAt?: number }).__tapAt);
        await page.waitForTimeout(DWELL_MS);
        continue;
      }
      const at = await settledAt(page, screen.shown, screen.ready, tapAt);
      return { shownMs: at.shown - tapAt, ms: at.settled - tapAt, requests: await requestsSince(page, tapAt) };
    }
    throw new Error(`${screen.name} has no taps`);
  } finally {
    await context.close();
  }
}

// a 4×4 PNG (valid, decodable), so the server's re-encoding accepts it
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwTpsJRwzEcQDrIxMhLoLCbgAAAABJRU5ErkJggg==',
  'base64',
);

/** A user with the real name approved and 1,000 USDT deposited (Exchange shows its form to such a user only). */
async function verifiedUser(baseUrl: string): Promise<{ token: string; account: string }> {
  const post = async <T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: body instanceof FormData ? headers : { 'content-type': 'application/json', ...headers },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { status: number; data?: T };
    if (envelope.status !== 1 || envelope.data === undefined)
      throw new Error(`${url} failed: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
  const password = 'Bench-settle-2026';
  const user = await post<{ token: string; account: string; user: { id: string } }>('/api/vue/user/register', {
    phone: `5219${String(Date.now()).slice(-8)}`,
    password,
    confirmPassword: password,
    inviteCode: 'DEMO2026',
    agreementAccepted: true,
  });
  const headers = { token: user.token, account: user.account };
  const upload = async (purpose: string) => {
    const form = new FormData();
    form.append('purpose', purpose);
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `${purpose}.png`);
    return (await post<{ imageId: string }>('/api/vue/upload/image', form, headers)).imageId;
  };
  const admin = {
    authorization: `Bearer ${(await post<{ token: string }>('/api/admin/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).token}`,
  };
  const approve = async (queue: string) => {
    const list = await post<{ list: { id: string }[] }>(
      '/api/admin/review/list',
      { queue, userId: user.user.id },
      admin,
    );
    await post('/api/admin/review/approve', { queue, id: list.list[0]?.id, reason: 'bench' }, admin);
  };
  await post(
    '/api/vue/user/kycSubmit',
    {
      name: 'Ana López',
      idNumber: 'LOPA850101HDF7',
      frontImageId: await upload('kyc_front'),
      backImageId: await upload('kyc_back'),
    },
    headers,
  );
  await approve('kyc');
  await post(
    '/api/vue/funds/deposit',
    { channelId: 'demo_usdt_trc20', amount: '1000', proofImageId: await upload('deposit_proof') },
    headers,
  );
  await approve('deposit');
  return { token: user.token, account: user.account };
}

const fmt = (ms: number) => `${Math.round(ms)} ms`;

interface Build {
  name: string;
  server: BuiltServer;
  dataDir: string;
  session?: { token: string; account: string };
  results: Record<string, { inApp: Measure[]; byAddress: Measure[] }>;
}

async function startBuild(name: string, script: string | undefined): Promise<Build> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-settle-'));
  const server = new BuiltServer(
    await freePort(),
    { DATA_DIR: dataDir, ADMIN_PASSWORD, DATABASE_URL: '', DEMO: '1', LOG_LEVEL: 'warn' },
    script,
  );
  await server.start();
  return { name, server, dataDir, session: await verifiedUser(server.baseUrl), results: {} };
}

/** Prints a build's table; answers the targets it missed. */
function report(build: Build, label: string): string[] {
  const failures: string[] = [];
  const mm = (values: number[]) => (values.length === 0 ? '—' : `${fmt(median(values))} (${fmt(Math.max(...values))})`);
  const widths = [12, 17, 17, 17, 17, 17, 8];
  console.log(
    `\n${label}: milliseconds, median (max) of ${RUNS} runs; warm server; ${loadLine()}\n` +
      row(['', 'in app: shown', 'settled', 'by address: shown', 'settled', 'shown→settled', 'target'], widths),
  );
  for (const screen of screens) {
    const entry = build.results[screen.name]!;
    const inAppMs = entry.inApp.map((m) => m.ms);
    const tail = entry.byAddress.map((m) => m.ms - m.shownMs);
    const met = median(inAppMs) <= TARGET_MS && median(tail) <= TARGET_MS;
    if (!met)
      failures.push(
        `${screen.name}: in-app settle ${mm(inAppMs)}, by address shown → settled ${mm(tail)}; target ≤ ${TARGET_MS} ms`,
      );
    console.log(
      row(
        [
          screen.name,
          mm(entry.inApp.map((m) => m.shownMs)),
          mm(inAppMs),
          mm(entry.byAddress.map((m) => m.shownMs)),
          mm(entry.byAddress.map((m) => m.ms)),
          mm(tail),
          met ? 'met' : 'NOT MET',
        ],
        widths,
      ),
    );
  }
  if (process.env.BENCH_SETTLE_VERBOSE === '1')
    for (const screen of screens) {
      const entry = build.results[screen.name]!;
      const last = (runs: Measure[]) => runs.at(-1)?.requests.join('\n    ') ?? '';
      console.log(`\n${screen.name}, last in-app run, /api/ requests in ms from the tap:\n    ${last(entry.inApp)}`);
      console.log(`${screen.name}, last by-address run, in ms from the navigation:\n    ${last(entry.byAddress)}`);
    }
  return failures;
}

async function main(): Promise<void> {
  console.log(`settle: ${machineLine()}, ${loadLine()}`);
  if (process.env.BENCH_NO_BUILD !== '1') run('npm', ['run', 'build']);
  const compare = process.env.BENCH_SETTLE_COMPARE;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const builds: Build[] = [];
  let failures: string[] = [];
  try {
    builds.push(await startBuild('this build', undefined));
    if (compare) builds.push(await startBuild(compare, path.resolve(compare, 'apps/server/dist/main.js')));
    console.log(`warming the server${builds.length > 1 ? 's' : ''} (one untimed pass) …`);
    for (const build of builds)
      for (const screen of screens) {
        await byAddress(browser, build.server.baseUrl, build.session!, screen);
        await inApp(browser, build.server.baseUrl, build.session!, screen);
      }
    // with a comparison, the builds take turns run by run, so both see the same load
    for (const screen of screens)
      for (let i = 0; i < RUNS; i += 1)
        for (const build of builds) {
          const entry = (build.results[screen.name] ??= { inApp: [], byAddress: [] });
          entry.inApp.push(await inApp(browser, build.server.baseUrl, build.session!, screen));
          entry.byAddress.push(await byAddress(browser, build.server.baseUrl, build.session!, screen));
        }
    failures = report(builds[0]!, compare ? 'this build' : 'settle');
    if (compare) report(builds[1]!, `the build in ${compare}`);
    const file = writeResult('settle.json', {
      machine: machineReport('settle of the four slow screens, built server (DEMO=1) on a fresh PGlite database', {
        loadAverage: true,
      }),
      runs: RUNS,
      dwellMs: DWELL_MS,
      holdMs: HOLD_MS,
      quietMs: QUIET_MS,
      targetMs: TARGET_MS,
      results: builds[0]!.results,
      ...(compare ? { compare: { build: compare, results: builds[1]!.results } } : {}),
    });
    console.log(`\n${failures.length > 0 ? 'NOT MET' : 'met'}; wrote ${file}`);
  } finally {
    await browser.close();
    for (const build of builds) {
      await build.server.stop();
      rmSync(build.dataDir, { recursive: true, force: true });
    }
  }
  if (failures.length > 0) {
    process.stderr.write(`FAILED: ${failures.join('; ')}\n`);
    process.exitCode = 1;
  }
}

await main();
