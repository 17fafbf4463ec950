/**
 * TanStack Query hooks for the trade screens (docs/api.md §9.1, §9.6, §9.7). The cache keeps each
 * answer as sent; the hooks' `select` names the gross P&L `profitLoss` (the wire's `yingkui`,
 * docs/glossary.md "Wire names"), so screens and helpers never see the wire name.
 */
import type { Market, OrderState, ProfitLossNamed, RequestOf, ResponseOf } from '@brokerage/contract';
import { keepPreviousData, useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSession } from '../../store/session';
import { call } from '../../api/client';

export type PreviewRequest = RequestOf<'tradePreview'>;
export type PreviewData = ResponseOf<'tradePreview'>;
type WireStockList = ResponseOf<'userStockList'>;
export type OrderData = ProfitLossNamed<ResponseOf<'tradeBuy'>>;
export type OrderDetailData = ProfitLossNamed<ResponseOf<'tradeDetail'>>;
export type StockListData = Omit<WireStockList, 'list' | 'totalYingkui'> & {
  list: OrderData[];
  totalProfitLoss: string;
};

/** An Order (or the detail's Order with its history) as the screens read it. */
export function orderFromWire<O extends { yingkui: string }>({ yingkui, ...order }: O): ProfitLossNamed<O> {
  return { ...order, profitLoss: yingkui };
}

/** `/trade/userstocklist`'s answer as the screens read it. */
export function stockListFromWire({ list, totalYingkui, ...page }: WireStockList): StockListData {
  return { ...page, list: list.map(orderFromWire), totalProfitLoss: totalYingkui };
}

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
    select: stockListFromWire,
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
      select: stockListFromWire,
    })),
  });
}

/** `/trade/detail`: one order with its history. */
export function useTradeDetail(orderId: string) {
  const account = useSession((s) => s.account);
  return useQuery({
    queryKey: tradeKeys.detail(account, orderId),
    queryFn: () => call('tradeDetail', { orderId }, { silent: true }),
    select: orderFromWire<ResponseOf<'tradeDetail'>>,
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
