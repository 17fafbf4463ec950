/**
 * Web Push in the service worker (docs/api.md §22.4). `plugins/service-worker.ts` puts this file in
 * front of `sw-source.js`, which calls `registerPushHandlers(self)`. It reaches the worker only
 * through `sw`, so a unit test (src/lib/sw-push.test.ts) runs it with fake events.
 *
 * - `push`: the decrypted payload is JSON `{title, body, url, tag}` in the subscription's language;
 *   it shows as a notification with the app's icon. A notification with the same `tag` replaces the
 *   previous one (the same alert firing again) and is announced again.
 * - `notificationclick`: focuses a window of the app and sends it to `url`, else opens one there.
 *   Only this origin's pages are ever opened: any other `url` opens the app's start.
 * - `url` is an app route: `/#/information/alerts`, or `/information/alerts` (the hash router's
 *   path, turned into `/#/information/alerts`).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by sw-source.js, which follows it in sw.js
function registerPushHandlers(sw) {
  const ICON = '/icon-192.png';
  const BADGE = '/icon-192.png';

  /** The absolute URL of an app route on this origin; anything else is the app's start. */
  function appUrl(raw) {
    const origin = sw.location.origin;
    let url;
    try {
      url = new URL(typeof raw === 'string' && raw !== '' ? raw : '/', origin);
    } catch {
      return `${origin}/`;
    }
    if (url.origin !== origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) return `${origin}/`;
    if (url.hash === '' && url.pathname !== '/' && url.pathname !== '/index.html') {
      return `${origin}/#${url.pathname}${url.search}`;
    }
    return url.href;
  }

  function text(value) {
    return typeof value === 'string' ? value : '';
  }

  /** The payload, or a notification that still shows (a push must show one) when it cannot be read. */
  function payloadOf(event) {
    let data = null;
    try {
      data = event.data ? event.data.json() : null;
    } catch {
      data = { body: event.data ? event.data.text() : '' };
    }
    const record = data && typeof data === 'object' ? data : {};
    return {
      title: text(record.title) || sw.location.host,
      body: text(record.body),
      url: text(record.url),
      tag: text(record.tag),
    };
  }

  sw.addEventListener('push', (event) => {
    const payload = payloadOf(event);
    const options = {
      body: payload.body,
      icon: ICON,
      badge: BADGE,
      data: { url: appUrl(payload.url) },
    };
    if (payload.tag) {
      options.tag = payload.tag;
      options.renotify = true;
    }
    event.waitUntil(sw.registration.showNotification(payload.title, options));
  });

  /** Is this window one of the app's pages (not the back office under /admin/)? */
  function isAppWindow(client) {
    try {
      const url = new URL(client.url);
      return url.origin === sw.location.origin && !url.pathname.startsWith('/admin');
    } catch {
      return false;
    }
  }

  async function openApp(target) {
    const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find(isAppWindow);
    if (open) {
      const client = (await open.focus().catch(() => null)) || open;
      // navigate() works for the windows this worker controls; an uncontrolled one is asked to go
      const moved = typeof client.navigate === 'function' ? await client.navigate(target).catch(() => null) : null;
      if (!moved) client.postMessage({ type: 'navigate', url: target });
      return;
    }
    await sw.clients.openWindow(target);
  }

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data;
    event.waitUntil(openApp(appUrl(data && data.url)));
  });
}
