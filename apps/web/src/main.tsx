/**
 * The entry: as little as the first screen needs (issue 16). The router is created first, so the
 * first screen's chunk and the current language's strings load in parallel; React renders once
 * both are in, and until then the static shell of index.html stays on screen (no spinner, no keys).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './App';
import { createQueryClient } from './api/queries';
import { i18n, loadLanguage } from './i18n';
import { registerServiceWorker } from './lib/service-worker';
import { watchColourScheme, watchRootFontSize } from './lib/viewport';
import { createRouter, preloadRoute } from './router';
import { sessionStore } from './store/session';
// antd-mobile's global variables before the app's own, which override them (the brand colour):
// loaded later with the first antd-mobile component, they would win.
import 'antd-mobile/es/global';
import './styles/app.css';

watchRootFontSize();
watchColourScheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

const router = createRouter();
const firstScreen = preloadRoute(router.state.location.pathname);
// A failed strings chunk (offline on a first visit) still renders: the screens then show keys
// for a moment rather than nothing, and the offline banner says why.
const strings = loadLanguage(sessionStore.getState().language).catch((error: unknown) => console.error(error));

void Promise.all([firstScreen, strings]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  registerServiceWorker();
});
