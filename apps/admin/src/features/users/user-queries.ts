/**
 * The queries of the users screens (docs/api.md §19.4): the list, one user and their orders, and the
 * changes an operator makes to a user. Other features refresh the user screens through `refreshUsers`.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminRequestOf, AdminUser, AdminUserDetail } from '@brokerage/contract';
import { adminQueryKey, useAdminMutation, useAdminQuery, type AdminMutationOptions } from '../../api/hooks';

export function useUserList(request: AdminRequestOf<'userList'>) {
  return useAdminQuery('userList', request);
}

/** One user's detail; nothing is read while no user is open. */
export function useUserDetail(userId: string | null) {
  return useAdminQuery('userDetail', { userId: userId ?? '' }, { enabled: userId !== null });
}

export function useUserOrders(body: AdminRequestOf<'userOrders'>) {
  return useAdminQuery('userOrders', body);
}

export function useSetAccountType(options: AdminMutationOptions<'setAccountType'> = {}) {
  return useAdminMutation('setAccountType', options);
}

export function useSetCreditScore(options: AdminMutationOptions<'setCreditScore'> = {}) {
  return useAdminMutation('setCreditScore', options);
}

export function useRestrictUser(options: AdminMutationOptions<'userRestrict'> = {}) {
  return useAdminMutation('userRestrict', options);
}

/** After a change to one user: the open detail takes the answer at once, and the list is read again. */
export function useShowUpdatedUser(): (updated: AdminUser) => void {
  const queryClient = useQueryClient();
  return (updated) => {
    queryClient.setQueryData<AdminUserDetail>(adminQueryKey('userDetail', { userId: updated.userId }), (previous) =>
      previous ? { ...previous, ...updated } : previous,
    );
    void queryClient.invalidateQueries({ queryKey: adminQueryKey('userList') });
  };
}

/** After something elsewhere changed users (a review decision moves balances and the real-name status). */
export function refreshUsers(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adminQueryKey('userDetail') });
  void queryClient.invalidateQueries({ queryKey: adminQueryKey('userList') });
}
