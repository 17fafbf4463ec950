import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/** A screen chunk that fails to load (or any render error) shows this instead of a blank page (spec §8). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <div className="page">
      <main className="page-body">
        <section className="card state" role="alert">
          <h1 style={{ fontSize: 'var(--font-title)', margin: 0 }}>{t('ui.error.chunk')}</h1>
          <Button color="primary" onClick={() => window.location.reload()}>
            {t('ui.error.reload')}
          </Button>
          <Button fill="none" onClick={() => { window.location.hash = '#/home/index'; }}>
            {t('ui.common.goHome')}
          </Button>
        </section>
      </main>
    </div>
  );
}
