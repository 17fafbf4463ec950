/**
 * The queries of the users screens (docs/api.md §19.4): the list, one user and their orders, and the
 * changes an operator makes to a user. Other features refresh the user screens through `refreshUsers`.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminRequestOf, AdminUser, AdminUserDetail, Order, ProfitLossNamed } from '@brokerage/contract';
import { adminData, type AdminDataOf } from '../../api/client';
import { adminQueryKey, useAdminMutation, useAdminQuery, type AdminMutationOptions } from '../../api/hooks';

/** An order as the screens read it: the wire's `yingkui` named `profitLoss` (docs/glossary.md "Wire names"). */
export type UserOrder = ProfitLossNamed<Order>;
export type UserOrdersData = Omit<AdminDataOf<'userOrders'>, 'list'> & { list: UserOrder[] };

/** The answer as sent → as the screen reads it (the cache keeps the answer as sent). */
export function userOrdersFromWire({ list, ...page }: AdminDataOf<'userOrders'>): UserOrdersData {
  return { ...page, list: list.map(({ yingkui, ...order }) => ({ ...order, profitLoss: yingkui })) };
}

export function useUserList(request: AdminRequestOf<'userList'>) {
  return useAdminQuery('userList', request);
}

/** One user's detail; nothing is read while no user is open. */
export function useUserDetail(userId: string | null) {
  return useAdminQuery('userDetail', { userId: userId ?? '' }, { enabled: userId !== null });
}

export function useUserOrders(body: AdminRequestOf<'userOrders'>) {
  return useQuery({
    queryKey: adminQueryKey('userOrders', body),
    queryFn: () => adminData('userOrders', body),
    select: userOrdersFromWire,
  });
}

export function useSetAccountType(options: AdminMutationOptions<'setAccountType'> = {}) {
  return useAdminMutation('setAccountType', options);
}

export function useSetCreditScore(options: AdminMutationOptions<'setCreditScore'> = {}) {
  return useAdminMutation('setCreditScore', options);
}

export function useResetTotp(options: AdminMutationOptions<'userTotpReset'> = {}) {
  return useAdminMutation('userTotpReset', options);
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
