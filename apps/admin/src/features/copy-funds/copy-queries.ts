/** The queries of the copy funds (docs/api.md §19.5): the list and an operator's changes. */
import { useQueryClient } from '@tanstack/react-query';
import { adminQueryKey, useAdminMutation, useAdminQuery, type AdminMutationOptions } from '../../api/hooks';

/** A page of copy funds, read afresh on every visit. */
export function useCopyFunds(page: number, size: number) {
  return useAdminQuery('productList', { kind: 'copy', page, size }, { staleTime: 0 });
}

export function useCreateCopyFund(options: AdminMutationOptions<'copyCreate'> = {}) {
  return useAdminMutation('copyCreate', options);
}

export function useUpdateCopyFund(options: AdminMutationOptions<'copyUpdate'> = {}) {
  return useAdminMutation('copyUpdate', options);
}

export function useCloseCopyFund(options: AdminMutationOptions<'copyClose'> = {}) {
  return useAdminMutation('copyClose', options);
}

/** The product lists are read again after a change (every kind shares `/product/list`). */
export function useRefreshCopyFunds(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('productList') });
}
