import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './offline-banner.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/** Whether the browser has a connection, following its `online`/`offline` events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * Shown at the top of every screen while the device is offline (issue 16, installable app): the
 * service worker can open the app without a connection, but it never answers an API call from
 * a cache, so whatever is on screen is the last thing loaded, not a live price. The root gets
 * `data-network="offline"` too, for styles that dim live figures.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  useEffect(() => {
    if (online) document.documentElement.removeAttribute('data-network');
    else document.documentElement.setAttribute('data-network', 'offline');
  }, [online]);
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <strong>{t('ui.offline.title')}</strong> {t('ui.offline.text')}
    </div>
  );
}
