/**
 * React Query wrappers around the client, keyed by endpoint name and body: the shared plumbing. A feature's
 * own queries (its reads, its changes and what they refresh) live in its folder, in `<feature>-queries.ts`,
 * built on these; the shared content list (components/) uses them directly.
 */
import { App } from 'antd';
import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { englishMessage, type AdminEndpointName, type AdminRequestOf } from '@brokerage/contract';
import { adminCall, adminData, type AdminAnswer, type ApiError, type CallOptions } from './client';

export function adminQueryKey<N extends AdminEndpointName>(name: N, body?: AdminRequestOf<N>): QueryKey {
  return body === undefined ? ['admin', name] : ['admin', name, body];
}

export function useAdminQuery<N extends AdminEndpointName>(
  name: N,
  body: AdminRequestOf<N>,
  options: { enabled?: boolean; staleTime?: number; refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey: adminQueryKey(name, body),
    queryFn: () => adminData(name, body),
    enabled: options.enabled ?? true,
    ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
    ...(options.refetchInterval !== undefined ? { refetchInterval: options.refetchInterval } : {}),
  });
}

export interface AdminMutationOptions<N extends AdminEndpointName> extends CallOptions {
  onSuccess?: (answer: AdminAnswer<N>, body: AdminRequestOf<N>) => void;
  onError?: (error: ApiError, body: AdminRequestOf<N>) => void;
}

/** A data-changing call: toasts the success key's English text (`result.update.ok`) when it succeeds. */
export function useAdminMutation<N extends AdminEndpointName>(name: N, options: AdminMutationOptions<N> = {}) {
  const { message } = App.useApp();
  const { onSuccess, onError, notify } = options;
  return useMutation<AdminAnswer<N>, ApiError, AdminRequestOf<N>>({
    mutationFn: (body) => adminCall(name, body, { notify }),
    onSuccess: (answer, body) => {
      void message.success(englishMessage(answer.code ?? 'result.update.ok'));
      onSuccess?.(answer, body);
    },
    onError: (error, body) => onError?.(error, body),
  });
}
