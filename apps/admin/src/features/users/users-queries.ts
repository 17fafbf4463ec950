/**
 * The users feature's query of a user's orders (`/api/admin/user/orders`). The cache keeps the answer
 * as sent; `select` names each order's gross P&L `profitLoss` (the wire's `yingkui`, docs/glossary.md
 * "Wire names"), so the table never reads the wire name.
 */
import { useQuery } from '@tanstack/react-query';
import type { AdminRequestOf, Order, ProfitLossNamed } from '@brokerage/contract';
import { adminData, type AdminDataOf } from '../../api/client';
import { adminQueryKey } from '../../api/hooks';

export type UserOrder = ProfitLossNamed<Order>;
export type UserOrdersData = Omit<AdminDataOf<'userOrders'>, 'list'> & { list: UserOrder[] };

/** The answer as sent → as the screen reads it. */
export function userOrdersFromWire({ list, ...page }: AdminDataOf<'userOrders'>): UserOrdersData {
  return { ...page, list: list.map(({ yingkui, ...order }) => ({ ...order, profitLoss: yingkui })) };
}

export function useUserOrders(body: AdminRequestOf<'userOrders'>) {
  return useQuery({
    queryKey: adminQueryKey('userOrders', body),
    queryFn: () => adminData('userOrders', body),
    select: userOrdersFromWire,
  });
}
