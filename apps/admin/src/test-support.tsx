/**
 * Helpers for component tests (files that start with `// @vitest-environment jsdom`): the providers a
 * screen needs, the browser APIs jsdom lacks and antd asks for, and a fetch stand-in that answers the
 * back-office API by path and records every call.
 */
import type { ReactNode } from 'react';
import { cleanup, configure, render, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { AdminRole } from '@brokerage/contract';
import { createQueryClient } from './App';
import { clearSession, setSession } from './api/session';
import { NotifierBridge } from './components/NotifierBridge';

/**
 * `findBy…` and `waitFor` give up after 1 s by default; antd's modal and drawer transitions under jsdom
 * on a loaded machine (all projects' tests at once) can take longer than that.
 */
configure({ asyncUtilTimeout: 5_000 });

class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

/**
 * Browser APIs antd uses that jsdom lacks: matchMedia (responsive helpers), ResizeObserver (text areas,
 * tables, overflow lists), and getComputedStyle with a pseudo-element (scrollbar size), which jsdom
 * only reports as "not implemented".
 */
export function installBrowserStubs(): void {
  if (typeof window.ResizeObserver !== 'function') {
    Object.defineProperty(window, 'ResizeObserver', { configurable: true, value: NoResizeObserver });
  }
  const getComputedStyle = window.getComputedStyle.bind(window);
  Object.defineProperty(window, 'getComputedStyle', {
    configurable: true,
    value: (element: Element) => getComputedStyle(element),
  });
  if (typeof window.matchMedia !== 'function') {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string): MediaQueryList => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
}

/** Signs in as `role`; the token is `tok-<role>`. */
export function signIn(role: AdminRole): void {
  setSession({ token: `tok-${role}`, role, username: role, expiresAt: null });
}

/**
 * The set-up every screen test file shares, called at its top: the browser stubs once, a session of
 * `role` before each test, and after each the screen unmounted, the session ended and fetch restored.
 */
export function setUpScreenTests(role: AdminRole): void {
  beforeAll(() => installBrowserStubs());
  beforeEach(() => signIn(role));
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });
}

export function renderScreen(screen: ReactNode, path = '/') {
  return render(
    <ConfigProvider locale={enUS}>
      <AntApp>
        <NotifierBridge />
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
}

export interface RecordedCall {
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Answer = { status?: number; body: unknown };
type Handler = (body: unknown) => Answer;

export function ok(data: unknown, code?: string): Answer {
  return { body: { status: 1, msg: 'ok', ...(code ? { code } : {}), data } };
}

export function refused(httpStatus: number, code: string, msg: string, params: Record<string, unknown> = {}): Answer {
  return { status: httpStatus, body: { status: 0, code, msg, params } };
}

/** A handler answering a list endpoint with `items` as its only page (docs/api.md §1.5). */
export function okList(items: readonly unknown[]): Handler {
  return () => ok({ list: items, total: items.length, page: 1, size: 20 });
}

/**
 * Replaces fetch with one that answers `/api/admin<path>` from `handlers` (a path without a handler
 * fails the test loudly with a 500) and records each call's path, parsed body and headers.
 */
export function stubAdminApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*\/api\/admin/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ path, body, headers });
    const handler = handlers[path];
    const answer = handler ? handler(body) : refused(500, 'server.error', `no stub for ${path}`);
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

/**
 * antd renders a lot per keystroke under jsdom, so a form journey can pass the 5 s default (15 s seen on a
 * loaded two-core machine); screen tests get this much instead.
 */
export const screenTestTimeoutMs = 60_000;

/** Puts text into a field in one go (user-event's `type` would read `<` and `{` as key names). */
export async function fill(
  user: { click: (element: Element) => Promise<void>; paste: (text: string) => Promise<void> },
  element: Element,
  text: string,
): Promise<void> {
  await user.click(element);
  await user.paste(text);
}

/**
 * Waits until no spinner is busy. antd's Spin clears its blur (which has `pointer-events: none`) in an
 * effect after the render that shows the rows, so a click right after the rows appear can hit it.
 */
export async function waitForIdle(): Promise<void> {
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
}
