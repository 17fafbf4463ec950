import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call, toast } from '../../api/client';
import { useUserInfo } from '../../api/queries';
import { sessionStore } from '../../store/session';

/** Spec §9 "Logout loader: 1 second". */
export const LOGOUT_LOADER_MS = 1_000;

/** Spec §2/§4: a 1 s loader, then `/user/logout`, remove tokend and account, go to /login/login. */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const loader = Toast.show({ icon: 'loading', content: t('ui.mine.loggingOut'), duration: 0, maskClickable: false });
    await new Promise((resolve) => setTimeout(resolve, LOGOUT_LOADER_MS));
    try {
      await call('logout', {}, { silent: true });
    } catch {
      // The session ends on this device either way; a failed revoke expires on the server.
    }
    loader.close();
    sessionStore.getState().signOut();
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== 'config' && query.queryKey[0] !== 'legal',
    });
    navigate('/login/login', { replace: true });
  }, [navigate, queryClient, t]);
}

/** Spec §2: the real-name entry toasts "authentication complete" without navigating once verified. */
export function useOpenRealName(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  return useCallback(() => {
    if (user.data?.isVerified) {
      toast(t('ui.mine.kycDone'));
      return;
    }
    navigate('/information/authInfo');
  }, [navigate, t, user.data]);
}
