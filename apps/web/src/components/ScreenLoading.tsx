import { useTranslation } from 'react-i18next';
import './screen-loading.css';

/**
 * What a screen shows while its code loads (the router's fallback): a ring drawn by CSS alone,
 * so the first screen does not pull in an animation library (issue 16: first-route JavaScript).
 */
export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <div className="state" role="status" aria-live="polite">
      <span className="screen-loading-ring" aria-hidden="true" />
      <span className="sr-only">{t('ui.common.loading')}</span>
    </div>
  );
}
