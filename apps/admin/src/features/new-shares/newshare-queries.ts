/** The queries of the new-share offerings (docs/api.md §19.5): the list, an operator's changes and the draw. */
import { useQueryClient } from '@tanstack/react-query';
import { adminQueryKey, useAdminMutation, useAdminQuery, type AdminMutationOptions } from '../../api/hooks';

/** A page of offerings, read afresh on every visit. */
export function useNewShares(page: number, size: number) {
  return useAdminQuery('productList', { kind: 'new_share', page, size }, { staleTime: 0 });
}

export function useCreateNewShare(options: AdminMutationOptions<'newShareCreate'> = {}) {
  return useAdminMutation('newShareCreate', options);
}

export function useUpdateNewShare(options: AdminMutationOptions<'newShareUpdate'> = {}) {
  return useAdminMutation('newShareUpdate', options);
}

export function useRotateChannelPassword(options: AdminMutationOptions<'newShareRotateChannelPassword'> = {}) {
  return useAdminMutation('newShareRotateChannelPassword', options);
}

export function useNewShareDraw(options: AdminMutationOptions<'newShareDraw'> = {}) {
  return useAdminMutation('newShareDraw', options);
}

/** The product lists are read again after a change (every kind shares `/product/list`). */
export function useRefreshNewShares(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('productList') });
}
