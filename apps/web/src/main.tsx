import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './App';
import { createQueryClient } from './api/queries';
import { i18n } from './i18n';
import { watchColourScheme, watchRootFontSize } from './lib/viewport';
import { createRouter } from './router';
import './styles/app.css';

watchRootFontSize();
watchColourScheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()} i18n={i18n}>
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>,
);
