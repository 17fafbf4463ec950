/**
 * The web app's service worker (issue 16: installable). `plugins/service-worker.ts` emits it as
 * `/sw.js` with the two constants below filled in for the build.
 *
 * - The shell (index.html, manifest, icons) and the build's scripts and styles are kept in a
 *   cache named after the build, so the app opens without a connection. The strings of the
 *   languages are not pre-cached (only the one the user reads is ever loaded): the page tells
 *   the worker which files it loaded (`cache-urls`), and any other /assets/ file is kept once
 *   fetched. /assets/ names carry a content hash, so a kept file is never out of date.
 * - A page load (navigation) goes to the network first; only without one is the cached
 *   index.html of this build shown, so an online user always gets the current app.
 * - /api/ (and everything else not listed) is never answered from a cache: prices, balances and
 *   orders are live or fail, and the app shows its offline state. The WebSocket does not pass
 *   through a worker at all.
 * - A new build installs beside the old one and takes over when no page of the old one is open
 *   (no skipWaiting), so an open page never loses the files of its own build.
 * - Web Push (`push`, `notificationclick`) is `sw-push.js`, which the build puts in front of this file.
 */
/* global registerPushHandlers */
const BUILD = '__BUILD__';
const PRECACHE = JSON.parse('__PRECACHE__');
const CACHE = `brokerage-web-${BUILD}`;
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('brokerage-web-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function isAsset(url) {
  return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-urls' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((raw) => typeof raw === 'string' && isAsset(new URL(raw)));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          urls.map((url) => cache.match(url).then((hit) => (hit ? undefined : cache.add(url).catch(() => undefined)))),
        ),
      ),
  );
});

async function fromCacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && isAsset(new URL(request.url))) await cache.put(request, response.clone());
  return response;
}

async function pageFromNetworkFirst(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cache = await caches.open(CACHE);
    const shell = await cache.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Only the app's own pages: the back office (/admin/) and the API pass through untouched.
    if (url.pathname === '/' || url.pathname === SHELL) event.respondWith(pageFromNetworkFirst(request));
    return;
  }
  if (isAsset(url) || PRECACHE.includes(url.pathname)) event.respondWith(fromCacheFirst(request));
});

registerPushHandlers(self);
