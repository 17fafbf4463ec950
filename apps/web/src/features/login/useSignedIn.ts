import type { LoginResponse } from '@brokerage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { queryKeys } from '../../api/queries';
import { sessionStore } from '../../store/session';

/** After login or register: store token as `tokend` and the account (docs/api.md §7.2), then go home. */
export function useSignedIn(): (answer: LoginResponse) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (answer: LoginResponse) => {
      sessionStore.getState().signIn(answer.token, answer.account);
      queryClient.setQueryData(queryKeys.userInfo(answer.account), answer.user);
      navigate('/home/index', { replace: true });
    },
    [navigate, queryClient],
  );
}
