import { useTranslation } from 'react-i18next';
import './screen-loading.css';

/**
 * A screen chunk that fails to load (or any render error) shows this instead of a blank page
 * (spec §8); `ScreenErrorBoundary` (router.tsx) shows it and logs the error. Plain buttons: this
 * must show even when no other chunk (antd-mobile's) can load.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <main className="page-body">
        <section className="card state" role="alert">
          <h1 style={{ fontSize: 'var(--font-title)', margin: 0 }}>{t('ui.error.chunk')}</h1>
          <button type="button" className="plain-button plain-button-primary" onClick={() => window.location.reload()}>
            {t('ui.error.reload')}
          </button>
          <button
            type="button"
            className="plain-button"
            onClick={() => {
              window.location.hash = '#/home/index';
            }}
          >
            {t('ui.common.goHome')}
          </button>
        </section>
      </main>
    </div>
  );
}
