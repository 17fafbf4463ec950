import { Popup } from 'antd-mobile';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToggleWatch } from './market-queries';
import { useIsLoggedIn } from '../../api/queries';
import { LoginPrompt } from '../../components/LoginPrompt';

/**
 * Adding to or removing from the watchlist needs a session (docs/api.md §8.6). Without one the
 * star opens a sheet with the app's usual login prompt instead of calling the server.
 * Render `sheet` once in the screen.
 */
export function useWatchAction(): {
  toggle: (instrumentId: string, watched: boolean) => void;
  pendingId: string | null;
  sheet: ReactNode;
} {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const mutation = useToggleWatch();
  const [askLogin, setAskLogin] = useState(false);
  const { mutate } = mutation;
  const toggle = useCallback(
    (instrumentId: string, watched: boolean) => {
      if (!loggedIn) {
        setAskLogin(true);
        return;
      }
      mutate({ instrumentId, watched });
    },
    [loggedIn, mutate],
  );
  const sheet = (
    <Popup
      visible={askLogin}
      onMaskClick={() => setAskLogin(false)}
      onClose={() => setAskLogin(false)}
      bodyStyle={{ borderRadius: '12px 12px 0 0', padding: 12 }}
    >
      <div role="dialog" aria-label={t('ui.watch.loginTitle')} data-testid="login-sheet">
        <h2 className="sheet-title">{t('ui.watch.loginTitle')}</h2>
        <LoginPrompt message={t('ui.watch.loginText')} />
      </div>
    </Popup>
  );
  return { toggle, pendingId: mutation.isPending ? (mutation.variables?.instrumentId ?? null) : null, sheet };
}
