import type { Language } from '@brokerage/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import deDE from 'antd-mobile/es/locales/de-DE';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import koKR from 'antd-mobile/es/locales/ko-KR';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { useConfig } from './api/queries';
import { effectiveUpColour, useSession, type UpColour } from './store/session';

/**
 * Every price colour reads `--up-color` / `--down-color`, set here on the root from the setting
 * (UI.md: green-up/red-down or red-up/green-down). `--green`/`--red` follow the theme.
 */
export function applyUpColour(upColour: UpColour, root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-up-colour', upColour);
  root.style.setProperty('--up-color', upColour === 'green' ? 'var(--green)' : 'var(--red)');
  root.style.setProperty('--down-color', upColour === 'green' ? 'var(--red)' : 'var(--green)');
}

const antdLocales: Record<Language, typeof enUS> = { en: enUS, de: deDE, zh: zhTW, esp: esES, kor: koKR };

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

export function AppProviders({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: I18n; children: ReactNode }) {
  const language = useSession((s) => s.language);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={antdLocales[language]}>
          <DocumentSync />
          {children}
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
