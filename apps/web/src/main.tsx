/**
 * The entry: as little as the first screen needs (issue 16). The first screen's chunk is asked for
 * before anything renders, so it and the current language's strings load in parallel; React renders once
 * both are in, and until then the static shell of index.html stays on screen (no spinner, no keys).
 */
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { AppProviders } from './App';
import { prefetchScreen, watchLinkIntent } from './api/prefetch';
import { createQueryClient } from './api/queries';
import { i18n, loadLanguage } from './i18n';
import { FIRST_PART_PATHS } from './i18n/parts';
import { registerServiceWorker } from './lib/service-worker';
import { watchColourScheme, watchRootFontSize } from './lib/viewport';
import { AppRoutes, hashPath, preloadRoute } from './router';
import { sessionStore } from './store/session';
// antd-mobile's global variables before the app's own, which override them (the brand colour):
// loaded later with the first antd-mobile component, they would win.
import 'antd-mobile/es/global';
import './styles/app.css';

watchRootFontSize();
watchColourScheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const path = hashPath();
const queryClient = createQueryClient();
// The first screen's data, where a screen opened by address would otherwise ask for it only once
// its code and strings are in (a waterfall of about a second on the home screen, issues "A
// newcomer's first hour" and 30); asked for before the screen's chunks, so its requests are not
// queued behind them. Nothing on the login screens.
prefetchScreen(queryClient, path, new URLSearchParams(window.location.hash.split('?')[1] ?? ''));
const firstScreen = preloadRoute(path);
// In the app: a finger, button or pointer on a link asks for that screen's code and data before
// the tap ends (issue 30).
watchLinkIntent(document, (to, params) => {
  void preloadRoute(to);
  prefetchScreen(queryClient, to, params);
});
const language = sessionStore.getState().language;
// A failed strings chunk (offline on a first visit) still renders: the screens then show keys
// for a moment rather than nothing, and the offline banner says why. The login screens wait for
// the first part of the strings only; the rest is asked for once that screen is rendered and the browser idle.
const strings = loadLanguage(language, FIRST_PART_PATHS.includes(path) ? 'first' : undefined).catch((error: unknown) =>
  console.error(error),
);

const firstPartOnly = FIRST_PART_PATHS.includes(path);

/** Calls `then` once, after the first screen is committed, the page loaded and a frame painted. */
function afterFirstScreen(then: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const painted = () => requestAnimationFrame(() => setTimeout(then, 0));
    if (document.readyState === 'complete') painted();
    else window.addEventListener('load', painted, { once: true });
  };
}

/** Renders nothing; its effect runs once React has committed the first screen. */
function FirstCommit({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

void Promise.all([firstScreen, strings]).then(() => {
  const root = createRoot(container);
  // The rest of the strings, on the login screens only (the others waited for all of them):
  // a while after their first screen is painted and then when the browser is idle, so they never
  // compete with that screen's own requests or make it wait (issue "A newcomer's first hour").
  // Those screens need none of it; another screen asks for it at once (router.tsx WithStrings).
  // Failing here is as above: the next screen shows keys until a reload.
  const rest = () => void loadLanguage(language).catch((error: unknown) => console.error(error));
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(rest, { timeout: 3000 });
    else rest();
  };
  // The signed-in user's order and money events on the quote socket (docs/decisions.md), loaded
  // after the first screen like the rest of the strings: lists and balances follow without a pull.
  const accountEvents = () =>
    void import('./api/account-events')
      .then(({ connectAccountEvents }) => connectAccountEvents(queryClient))
      .catch((error: unknown) => console.error(error));
  const onCommit = afterFirstScreen(() => {
    if (firstPartOnly) {
      setTimeout(idle, 2000);
      setTimeout(accountEvents, 2000);
    } else accountEvents();
    registerServiceWorker();
  });
  // A transition: React renders the first screen in slices of a few milliseconds rather than in
  // one long task, so a slow phone can take a tap meanwhile (Lighthouse's TBT); the shell stays
  // on screen until the screen is ready.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient} i18n={i18n}>
          <HashRouter>
            <AppRoutes />
          </HashRouter>
        </AppProviders>
        <FirstCommit onCommit={onCommit} />
      </StrictMode>,
    );
  });
});
