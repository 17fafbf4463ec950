import type { Language } from '@brokerage/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { useConfig } from './api/queries';
import { OfflineBanner } from './components/OfflineBanner';
import { antdConfigProvider, antdLocaleOf } from './i18n';
import { effectiveUpColour, useSession, type UpColour } from './store/session';

/**
 * Every price colour reads `--up-color` / `--down-color`, set here on the root from the setting
 * (docs/ui.md: green-up/red-down or red-up/green-down). `--green`/`--red` follow the theme.
 */
export function applyUpColour(upColour: UpColour, root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-up-colour', upColour);
  root.style.setProperty('--up-color', upColour === 'green' ? 'var(--green)' : 'var(--red)');
  root.style.setProperty('--down-color', upColour === 'green' ? 'var(--red)' : 'var(--green)');
}

/** Keeps the document in step with settings: up/down colours and the configured page title. */
function DocumentSync() {
  const upColour = useSession(effectiveUpColour);
  const config = useConfig();
  const title = config.data?.title;
  // A layout effect: it runs before the screens' effects, so a chart redrawn for the new
  // setting already reads the new colours.
  useLayoutEffect(() => {
    applyUpColour(upColour);
  }, [upColour]);
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}

/**
 * antd-mobile's own words (confirm, cancel, …) in the language the strings are shown in: the
 * locale is loaded with the language's dictionary (`i18n/index.ts`), and `useTranslation`
 * re-renders this when i18next switches.
 */
function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = antdLocaleOf(i18n.language as Language);
  const ConfigProvider = antdConfigProvider();
  // Both are there once the first language is loaded, which main.tsx awaits before rendering.
  return ConfigProvider && locale ? <ConfigProvider locale={locale}>{children}</ConfigProvider> : <>{children}</>;
}

export function AppProviders({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocaleProvider>
          <DocumentSync />
          <OfflineBanner />
          {children}
        </LocaleProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
