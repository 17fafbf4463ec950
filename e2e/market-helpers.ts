/** Small helpers for the market journeys: API calls, a seeded session, chart and candle checks. */
import { request as httpRequest } from 'node:http';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { E2E_INVITE } from './global-setup.js';

export interface Envelope<T = unknown> {
  status: number;
  code?: string;
  msg?: string;
  data?: T;
}

export async function api<T = unknown>(
  baseUrl: string,
  path: string,
  body: unknown,
  token?: { tokend: string; account: string },
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) {
    headers.token = token.tokend;
    headers.account = token.account;
  }
  const r = await fetch(`${baseUrl}/api/vue${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return (await r.json()) as Envelope<T>;
}

export interface Session {
  tokend: string;
  account: string;
}

let phoneCounter = 0;

/**
 * POSTs to the API from a loopback address of its own (any 127.x address reaches the server):
 * registration is limited to 5 per address per hour (docs/api.md §1.7), and the journeys sharing a
 * server would use them up between them.
 */
export function apiFrom<T = unknown>(
  baseUrl: string,
  localAddress: string,
  path: string,
  body: unknown,
): Promise<Envelope<T>> {
  const url = new URL(`${baseUrl}/api/vue${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          try {
            resolve(JSON.parse(text) as Envelope<T>);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A loopback address of its own for each registration of this process. */
export function freshLoopback(): string {
  phoneCounter += 1;
  return `127.0.${100 + Math.floor(process.pid % 100)}.${1 + (phoneCounter % 250)}`;
}

/** Registers a fresh user through the API (docs/api.md §7.1: registration also logs in). */
export async function registerUser(baseUrl: string, password = 'Journey123'): Promise<Session> {
  phoneCounter += 1;
  const phone = `5217${String(Date.now()).slice(-8)}${phoneCounter}`;
  const reg = await apiFrom<{ token: string; account: string }>(baseUrl, freshLoopback(), '/user/register', {
    phone,
    password,
    confirmPassword: password,
    inviteCode: E2E_INVITE,
    agreementAccepted: true,
  });
  if (reg.status !== 1 || !reg.data) throw new Error(`register failed: ${JSON.stringify(reg)}`);
  return { tokend: reg.data.token, account: reg.data.account };
}

/**
 * Writes local-storage keys before the app's first script runs, once per tab (a sessionStorage
 * flag keeps later reloads from overwriting what the app itself stored since). Values are
 * stored the way apps/web/src/store/session.ts writes them: strings plainly.
 */
export async function seedStorage(context: BrowserContext, entries: Record<string, string>): Promise<void> {
  await context.addInitScript((values: Record<string, string>) => {
    if (sessionStorage.getItem('e2e-seeded') === '1') return;
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    sessionStorage.setItem('e2e-seeded', '1');
  }, entries);
}

export interface CandlesRequest {
  instrumentId: string;
  period: string;
  adjust?: string;
  from?: string;
  limit?: number;
}

function isCandlesRequest(value: unknown): value is CandlesRequest {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.instrumentId === 'string' && typeof record.period === 'string';
}

/** The request body of a `/market/candles` response, when it is one. */
export function candlesBody(response: Response): CandlesRequest | null {
  if (!response.url().endsWith('/api/vue/market/candles')) return null;
  const raw: unknown = response.request().postDataJSON();
  return isCandlesRequest(raw) ? raw : null;
}

/** Waits for the `/market/candles` answer whose request matches; resolves with body and envelope. */
export async function waitForCandles(
  page: Page,
  match: (body: CandlesRequest) => boolean,
  timeout = 20_000,
): Promise<{ body: CandlesRequest; envelope: Envelope<{ list: unknown[] }> }> {
  const response = await page.waitForResponse(
    (r) => {
      const body = candlesBody(r);
      return body !== null && match(body);
    },
    { timeout },
  );
  const body = candlesBody(response);
  if (!body) throw new Error('not a candles response');
  const envelope = (await response.json()) as Envelope<{ list: unknown[] }>;
  return { body, envelope };
}

/** Size of the largest canvas lightweight-charts drew inside `chart-canvas`. */
export async function chartCanvasSize(page: Page): Promise<{ width: number; height: number; count: number }> {
  return page.getByTestId('chart-canvas').evaluate((el) => {
    const canvases = Array.from(el.querySelectorAll('canvas'));
    let width = 0;
    let height = 0;
    for (const c of canvases) {
      const box = c.getBoundingClientRect();
      if (box.width * box.height > width * height) {
        width = box.width;
        height = box.height;
      }
    }
    return { width, height, count: canvases.length };
  });
}

/** A fingerprint of what the chart currently shows: every canvas's pixels as data URLs. */
export async function chartSignature(page: Page): Promise<string> {
  return page.getByTestId('chart-canvas').evaluate((el) =>
    Array.from(el.querySelectorAll('canvas'))
      .map((c) => {
        try {
          return c.toDataURL();
        } catch {
          return '';
        }
      })
      .join('|'),
  );
}

export async function chartState(page: Page): Promise<{ period: string | null; bars: number }> {
  const chart = page.getByTestId('chart-canvas');
  return { period: await chart.getAttribute('data-period'), bars: Number(await chart.getAttribute('data-bars')) };
}

/** Visible leaf elements whose text is wider than their box (cut off or ellipsed), for the report. */
export async function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.children.length > 0) continue;
      const text = (el.textContent ?? '').trim();
      if (!text) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const rect = el.getBoundingClientRect();
      // Screen-reader-only text is clipped to 1 px on purpose.
      if (rect.width <= 1 || rect.bottom < 0 || rect.top > window.innerHeight || el.closest('.sr-only')) continue;
      if (
        el.scrollWidth > el.clientWidth + 1 &&
        style.overflow !== 'visible' &&
        !el.closest('[role=tablist], .tab-strip, .range-chips, .chips, .index-strip')
      ) {
        out.push(text.slice(0, 60));
      }
    }
    return out;
  });
}

/** Words on screen that wrap inside themselves (a German label split mid-word, like "Vortagesschlus|s"). */
export async function wordsSplitAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || parent.closest('.sr-only, [aria-hidden=true] svg, script, style')) continue;
      const re = /\S+/g;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = Array.from(range.getClientRects()).filter(
          (r) => r.width > 0 && r.bottom > 0 && r.top < window.innerHeight,
        );
        const tops = new Set(rects.map((r) => Math.round(r.top)));
        if (tops.size > 1) out.add(m[0]);
      }
    }
    return [...out];
  });
}

/** Waits until no antd-mobile toast is on screen, so screenshots show the screen itself. */
export async function noToast(page: Page): Promise<void> {
  await page.locator('.adm-toast-main').first().waitFor({ state: 'hidden', timeout: 5_000 });
}
