/** The queries of the block-trade products (docs/api.md §19.5): the list and an operator's changes. */
import { useQueryClient } from '@tanstack/react-query';
import { adminQueryKey, useAdminMutation, useAdminQuery, type AdminMutationOptions } from '../../api/hooks';

/** A page of block-trade products, read afresh on every visit. */
export function useBlockProducts(page: number, size: number) {
  return useAdminQuery('productList', { kind: 'block', page, size }, { staleTime: 0 });
}

export function useCreateBlock(options: AdminMutationOptions<'blockCreate'> = {}) {
  return useAdminMutation('blockCreate', options);
}

export function useUpdateBlock(options: AdminMutationOptions<'blockUpdate'> = {}) {
  return useAdminMutation('blockUpdate', options);
}

export function useRotateBlockKey(options: AdminMutationOptions<'blockRotateKey'> = {}) {
  return useAdminMutation('blockRotateKey', options);
}

/** The product lists are read again after a change (every kind shares `/product/list`). */
export function useRefreshBlockProducts(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('productList') });
}
