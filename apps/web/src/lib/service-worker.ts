/**
 * Registers `/sw.js` (built by `plugins/service-worker.ts`) so the installed app opens without a
 * connection. Only in a production build served over HTTP(S) by the server: the dev server has
 * no worker, and tests have no `navigator.serviceWorker`.
 *
 * The first visit loads the screen and the language's strings before the worker exists, so once
 * it is active it is told which of this page's files to keep (`cache-urls`): the strings of the
 * current language are then there offline too, and the other four are never fetched.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // A notification tapped while this page is open but not yet controlled by the worker (its first
  // visit): the worker cannot navigate it, so it asks (plugins/sw-push.js). Same-origin only.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (!data || data.type !== 'navigate' || typeof data.url !== 'string') return;
    const target = new URL(data.url, location.origin);
    if (target.origin === location.origin) location.assign(target.href);
  });
  const start = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
      () => {
        void navigator.serviceWorker.ready.then((registration) => {
          const urls = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((url) => url.startsWith(`${location.origin}/assets/`));
          registration.active?.postMessage({ type: 'cache-urls', urls });
        });
      },
      (error: unknown) => console.warn('service worker not registered', error),
    );
  };
  // After the load, so registering and pre-caching never compete with the first screen.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
