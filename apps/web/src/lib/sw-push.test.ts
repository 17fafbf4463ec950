// @vitest-environment node
/**
 * The service worker's push handlers (plugins/sw-push.js, docs/api.md §22.4), run from their real
 * source with fake worker objects: the notification a push shows, and where a tap on it goes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';

const source = readFileSync(`${import.meta.dirname}/../../plugins/sw-push.js`, 'utf8');
const registerPushHandlers = new Function(`${source}\nreturn registerPushHandlers;`)() as (sw: unknown) => void;

const ORIGIN = 'https://app.example';

interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function client(url: string, controlled = true): FakeClient {
  const c: FakeClient = {
    url,
    focus: vi.fn(async () => c),
    navigate: vi.fn(async (to: string) => {
      if (!controlled) throw new TypeError('not controlled');
      c.url = to;
      return c;
    }),
    postMessage: vi.fn(),
  };
  return c;
}

function worker(windows: FakeClient[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const sw = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: vi.fn(async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async (url: string) => {
        opened.push(url);
        return null;
      }),
    },
  };
  registerPushHandlers(sw);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    const listener = listeners.get(type);
    if (!listener) throw new Error(`no ${type} listener`);
    listener({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    expect(waits).toHaveLength(1);
    await Promise.all(waits);
  };
  return { sw, shown, opened, dispatch };
}

function pushData(value: unknown) {
  return {
    json: () => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value),
    text: () => (typeof value === 'string' ? value : JSON.stringify(value)),
  };
}

function clickEvent(url: unknown) {
  return { notification: { data: { url }, close: vi.fn() } };
}

describe('the push handler', () => {
  it('shows the payload as a notification with the icon, badge and tag, keeping the url for the click', async () => {
    const { shown, dispatch } = worker();
    await dispatch('push', {
      data: pushData({
        title: 'AMXL reached your alert',
        body: 'AMXL is at 18.50.',
        url: '/#/information/alerts',
        tag: 'alert:al_1',
      }),
    });
    expect(shown).toEqual([
      {
        title: 'AMXL reached your alert',
        options: {
          body: 'AMXL is at 18.50.',
          icon: '/icon-192.png',
          badge: '/icon-192.png',
          tag: 'alert:al_1',
          renotify: true,
          data: { url: `${ORIGIN}/#/information/alerts` },
        },
      },
    ]);
  });

  it('still shows a notification when the payload is not JSON (a push must show one)', async () => {
    const { shown, dispatch } = worker();
    await dispatch('push', { data: pushData('not json {') });
    expect(shown[0]?.title).toBe('app.example');
    expect(shown[0]?.options).toMatchObject({ body: 'not json {', data: { url: `${ORIGIN}/` } });
    expect(shown[0]?.options).not.toHaveProperty('tag');
  });

  it('turns a route without a hash into the hash route, and sends any other origin to the start', async () => {
    const { shown, dispatch } = worker();
    await dispatch('push', {
      data: pushData({ title: 't', body: 'b', url: '/information/alerts?tab=history', tag: '' }),
    });
    await dispatch('push', { data: pushData({ title: 't', body: 'b', url: 'https://evil.example/#/x', tag: '' }) });
    await dispatch('push', { data: pushData({ title: 't', body: 'b', url: 'javascript:alert(1)', tag: '' }) });
    expect(shown.map((s) => (s.options.data as { url: string }).url)).toEqual([
      `${ORIGIN}/#/information/alerts?tab=history`,
      `${ORIGIN}/`,
      `${ORIGIN}/`,
    ]);
  });
});

describe('the notification click', () => {
  it('focuses an open window of the app and navigates it to the url', async () => {
    const admin = client(`${ORIGIN}/admin/`);
    const app = client(`${ORIGIN}/#/home/index`);
    const { opened, dispatch } = worker([admin, app]);
    const event = clickEvent(`${ORIGIN}/#/information/alerts`);
    await dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(admin.focus).not.toHaveBeenCalled();
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith(`${ORIGIN}/#/information/alerts`);
    expect(opened).toEqual([]);
  });

  it('asks a window it does not control to go there itself', async () => {
    const app = client(`${ORIGIN}/#/home/index`, false);
    const { opened, dispatch } = worker([app]);
    await dispatch('notificationclick', clickEvent(`${ORIGIN}/#/information/alerts`));
    expect(app.postMessage).toHaveBeenCalledWith({ type: 'navigate', url: `${ORIGIN}/#/information/alerts` });
    expect(opened).toEqual([]);
  });

  it('opens a new window at the url when no window of the app is open', async () => {
    const other = client('https://elsewhere.example/');
    const { opened, dispatch } = worker([other]);
    await dispatch('notificationclick', clickEvent(`${ORIGIN}/#/information/msgInfo`));
    expect(other.focus).not.toHaveBeenCalled();
    expect(opened).toEqual([`${ORIGIN}/#/information/msgInfo`]);
  });

  it('never opens another origin, even from a notification whose data was changed', async () => {
    const { opened, dispatch } = worker();
    await dispatch('notificationclick', clickEvent('https://evil.example/phish'));
    expect(opened).toEqual([`${ORIGIN}/`]);
  });
});
