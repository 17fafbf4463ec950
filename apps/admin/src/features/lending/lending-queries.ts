/** The queries of the lending products (docs/api.md §19.5): the list and an operator's changes. */
import { useQueryClient } from '@tanstack/react-query';
import { adminQueryKey, useAdminMutation, useAdminQuery, type AdminMutationOptions } from '../../api/hooks';

/** A page of lending products, read afresh on every visit. */
export function useLendingProducts(page: number, size: number) {
  return useAdminQuery('productList', { kind: 'lending', page, size }, { staleTime: 0 });
}

export function useCreateLendingProduct(options: AdminMutationOptions<'lendingCreate'> = {}) {
  return useAdminMutation('lendingCreate', options);
}

/** A change of a product: its terms, or only whether it is open. */
export function useUpdateLendingProduct(options: AdminMutationOptions<'lendingUpdate'> = {}) {
  return useAdminMutation('lendingUpdate', options);
}

/** The product lists are read again after a change (every kind shares `/product/list`). */
export function useRefreshLendingProducts(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('productList') });
}
