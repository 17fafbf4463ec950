/** TanStack Query hooks for the trade screens (docs/api.md §9.1, §9.6, §9.7). */
import type { Market, OrderState, RequestOf, ResponseOf } from '@brokerage/contract';
import { keepPreviousData, useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSession } from '../../store/session';
import { call } from '../../api/client';

export type PreviewRequest = RequestOf<'tradePreview'>;
export type PreviewData = ResponseOf<'tradePreview'>;
export type StockListData = ResponseOf<'userStockList'>;
export type OrderData = ResponseOf<'tradeBuy'>;
export type OrderDetailData = ResponseOf<'tradeDetail'>;

export const tradeKeys = {
  preview: (body: PreviewRequest | null) => ['tradePreview', body] as const,
  list: (account: string, type: Market, states: readonly OrderState[]) =>
    ['userStockList', account, type, states.join(',')] as const,
  detail: (account: string, orderId: string) => ['tradeDetail', account, orderId] as const,
};

/** `/trade/preview` of the (debounced) form; keeps the last ticket while the next one loads. */
export function useTradePreview(body: PreviewRequest | null) {
  return useQuery({
    queryKey: tradeKeys.preview(body),
    queryFn: () => call('tradePreview', body as PreviewRequest, { silent: true }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** `/trade/userstocklist` of one market and set of states. */
export function useUserStockList(type: Market, states: readonly OrderState[], enabled = true) {
  const account = useSession((s) => s.account);
  return useQuery({
    queryKey: tradeKeys.list(account, type, states),
    queryFn: () => call('userStockList', { type, states: [...states], page: 1, size: 300 }, { silent: true }),
    enabled,
  });
}

/**
 * `/trade/userstocklist` of several markets at once (the in-progress tab: the header market plus
 * digital currency and forex, which have no header switch). Same cache entries as `useUserStockList`.
 */
export function useUserStockLists(types: readonly Market[], states: readonly OrderState[]) {
  const account = useSession((s) => s.account);
  return useQueries({
    queries: types.map((type) => ({
      queryKey: tradeKeys.list(account, type, states),
      queryFn: () => call('userStockList', { type, states: [...states], page: 1, size: 300 }, { silent: true }),
    })),
  });
}

/** `/trade/detail`: one order with its history. */
export function useTradeDetail(orderId: string) {
  const account = useSession((s) => s.account);
  return useQuery({
    queryKey: tradeKeys.detail(account, orderId),
    queryFn: () => call('tradeDetail', { orderId }, { silent: true }),
    enabled: orderId !== '',
  });
}

/** After an order changes: lists, details, previews and balances. */
export function refreshAfterTrade(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    ['userStockList', 'tradeDetail', 'tradePreview', 'assets'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  ).then(() => undefined);
}
