/**
 * The entry: as little as the first screen needs (issue 16). The first screen's chunk is asked for
 * before anything renders, so it and the current language's strings load in parallel; React renders once
 * both are in, and until then the static shell of index.html stays on screen (no spinner, no keys).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { AppProviders } from './App';
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
const firstScreen = preloadRoute(path);
const language = sessionStore.getState().language;
// A failed strings chunk (offline on a first visit) still renders: the screens then show keys
// for a moment rather than nothing, and the offline banner says why. The login screens wait for
// the first part of the strings only; the rest is asked for once that screen is rendered and the browser idle.
const strings = loadLanguage(language, FIRST_PART_PATHS.includes(path) ? 'first' : undefined).catch((error: unknown) =>
  console.error(error),
);

void Promise.all([firstScreen, strings]).then(() => {
  const root = createRoot(container);
  const queryClient = createQueryClient();
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
      </StrictMode>,
    );
  });
  // The rest of the strings once the browser is idle, so they do not compete with the first
  // screen's own requests. Failing here is as above: the next screen shows keys until a reload.
  const rest = () => void loadLanguage(language).catch((error: unknown) => console.error(error));
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(rest, { timeout: 2000 });
  else setTimeout(rest, 0);
  // The signed-in user's order and money events on the quote socket (docs/decisions.md), loaded
  // after the first screen like the rest of the strings: lists and balances follow without a pull.
  void import('./api/account-events')
    .then(({ connectAccountEvents }) => connectAccountEvents(queryClient))
    .catch((error: unknown) => console.error(error));
  registerServiceWorker();
});
