/**
 * Helpers for component tests: render a screen inside the app's providers at a hash path, a
 * fetch stub that answers `/api/vue` paths with envelopes, and a quote socket that never
 * touches the network.
 */
import { readFileSync } from 'node:fs';
import type { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { AppProviders } from './App';
import { setQuotesSocket } from './api/live-quotes';
import { createQueryClient } from './api/queries';
import { QuotesSocket, type SocketLike } from './api/quotes-socket';
import { i18n } from './i18n';
import { sessionStore } from './store/session';

export function renderAt(path: string, routes: RouteObject[], queryClient: QueryClient = createQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/**
 * The set-up of a signed-in screen's tests, called inside its `describe`: before each test an empty
 * storage, English and a session of `account`; after each the screen unmounted and the stubs removed.
 */
export function setUpSignedInTests(account: string): void {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().setLanguage('en');
    sessionStore.getState().signIn('tok', account);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

export function page(path: string, element: ReactNode): RouteObject {
  return { path, element };
}

export type Answer =
  | { data: unknown; code?: string }
  | { status: 0; code: string; msg: string; params?: Record<string, unknown>; httpStatus?: number };

/** A request body as the stub sees it: JSON parsed, multipart as an object of its parts (a file as name, size and type). */
export function bodyOf(body: unknown): unknown {
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const parts: Record<string, unknown> = {};
    body.forEach((value, key) => {
      parts[key] = typeof value === 'string' ? value : { name: value.name, size: value.size, type: value.type };
    });
    return parts;
  }
  return {};
}

/**
 * An XMLHttpRequest that sends through `fetch` (so the fetch stub answers uploads too) and
 * reports one progress event before the load. Enough of XHR for `api/upload.ts`.
 */
export class FetchXhr {
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private aborted = false;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: unknown): void {
    void fetch(this.url, { method: this.method, headers: this.headers, body: body as BodyInit }).then(
      async (response) => {
        if (this.aborted) return;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      },
      () => {
        if (!this.aborted) this.onerror?.();
      },
    );
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }
}

/** A fetch stub: `answers` maps a path under /api/vue to a reply (or a function of the request body). Uploads go through it too. */
export function stubApi(answers: Record<string, Answer | ((body: unknown) => Answer)>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).replace(/^\/api\/vue/, '');
    const body: unknown = bodyOf(init?.body);
    const entry = answers[path] ?? (path === '/common/config' ? { data: [] } : undefined);
    if (!entry)
      return new Response(JSON.stringify({ status: 0, code: 'request.not_found', msg: 'Not found.', params: {} }), {
        status: 404,
      });
    const answer = typeof entry === 'function' ? entry(body) : entry;
    if ('data' in answer) {
      const envelope = { status: 1, msg: 'ok', ...(answer.code ? { code: answer.code } : {}), data: answer.data };
      return new Response(JSON.stringify(envelope), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    const { httpStatus = 200, ...rejection } = answer;
    return new Response(JSON.stringify({ params: {}, ...rejection }), {
      status: httpStatus,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FetchXhr);
  const callsTo = (path: string) =>
    fetchMock.mock.calls.filter(([input]) => String(input) === `/api/vue${path}`).map(([, init]) => bodyOf(init?.body));
  return { fetchMock, callsTo };
}

/** Replaces the shared quote connection with one whose sockets never open. */
export function useOfflineQuotes(): void {
  const socket: SocketLike = {
    readyState: 0,
    send: () => undefined,
    close: () => undefined,
    onopen: null,
    onclose: null,
    onmessage: null,
    onerror: null,
  };
  setQuotesSocket(
    new QuotesSocket({ url: 'ws://test/api/vue/ws', createSocket: () => socket, onQuote: () => undefined }),
  );
}

export function listPage<T>(list: T[], page = 1, size = 20) {
  return { list, total: list.length, page, size };
}

export function summary(instrumentId: string, code: string, name: string, overrides: Record<string, unknown> = {}) {
  return {
    instrumentId,
    code,
    name,
    market: 'mxn',
    board: 'listed',
    assetClass: 'stock',
    currency: 'MXN',
    tradable: true,
    status: 'trading',
    price: '16.42',
    change: '0.12',
    changeRate: '0.0074',
    volume: '18234500',
    turnover: '299438190.00',
    updatedAt: '2025-03-14T15:30:00Z',
    stale: false,
    ...overrides,
  };
}

/** antd-mobile's dialog content: its opacity and pointer events animate when it opens and closes. */
function dialogContent(dialog: HTMLElement): CSSStyleDeclaration | undefined {
  return (dialog.firstElementChild as HTMLElement | null)?.style;
}

/**
 * Presses something that opens a confirmation dialog and answers that dialog once fully shown.
 * A dialog closed a moment earlier can still be in the page while it fades out (jsdom may report
 * the end of its animation late), so "the dialog" is the one this press added.
 */
export async function openDialog(press: () => unknown): Promise<HTMLElement> {
  const before = screen.queryAllByRole('dialog');
  await press();
  return waitFor(() => {
    const added = screen.queryAllByRole('dialog').filter((dialog) => !before.includes(dialog));
    const [dialog] = added;
    if (added.length !== 1 || !dialog) throw new Error(`expected one new dialog, found ${added.length}`);
    if (dialogContent(dialog)?.pointerEvents !== 'unset') throw new Error('the dialog is still opening');
    return dialog;
  });
}

/** The dialog is gone or fading out. */
export function dialogClosing(dialog: HTMLElement): boolean {
  return !dialog.isConnected || Number(dialogContent(dialog)?.opacity ?? '0') < 1;
}

/**
 * Puts the app's stylesheet into the test page until the returned function is called. jsdom does no
 * layout, but it computes each element's style from the sheet, so a test can check what the CSS decides.
 */
export function addAppStyles(): () => void {
  const style = document.createElement('style');
  // Read from disk: Vitest hands tests an empty string for CSS imports, `?raw` ones included.
  style.textContent = readFileSync(`${import.meta.dirname}/styles/app.css`, 'utf8');
  document.head.append(style);
  return () => style.remove();
}

/**
 * Whether a tab shares its row with the others and wraps its label (`TabStrip fill`), rather than
 * keeping its label's width in a row that scrolls, where a tab can be out of view.
 */
export function sharesTheRow(tab: HTMLElement): boolean {
  const style = getComputedStyle(tab);
  return style.flexGrow === '1' && style.flexShrink === '1' && style.whiteSpace === 'normal';
}
