/** TanStack Query hooks of the lending screens (docs/api.md §15). */
import { lendingStates, type LendingState, type ResponseOf } from '@brokerage/contract';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import type { Page } from '../../api/pages';
import { useIsLoggedIn } from '../../api/queries';
import { useSession } from '../../store/session';

export type LendingProductData = ResponseOf<'lendingProducts'>['list'][number];
export type LendingRecordData = ResponseOf<'lendingRecords'>['list'][number];

/** The records tabs in the order of the screen: in progress, succeeded, completed, failed (spec §4). */
export const lendingTabs: readonly LendingState[] = ['active', 'succeeded', 'completed', 'failed'];
export const LENDING_PAGE_SIZE = 20;

export function isLendingState(value: string | null): value is LendingState {
  return value !== null && (lendingStates as readonly string[]).includes(value);
}

export const lendingKeys = {
  products: ['lendingProducts'] as const,
  records: (account: string, state: LendingState) => ['lendingRecords', account, state] as const,
};

function nextPage<T>(last: Page<T> | undefined): number | undefined {
  if (!last) return undefined;
  return last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined;
}

/** `/lending/products` page by page (auth optional: the list shows without a session). */
export function useLendingProducts() {
  return useInfiniteQuery({
    queryKey: lendingKeys.products,
    queryFn: ({ pageParam }) => call('lendingProducts', { page: pageParam, size: LENDING_PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextPage<LendingProductData>,
  });
}

/** `/lending/records` of one state, page by page. */
export function useLendingRecords(state: LendingState) {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: lendingKeys.records(account, state),
    queryFn: ({ pageParam }) =>
      call('lendingRecords', { states: [state], page: pageParam, size: LENDING_PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextPage<LendingRecordData>,
    enabled: loggedIn,
  });
}

/** After an application: quotas, records and balances (the amount is frozen) are stale. */
export function refreshAfterLending(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    ['lendingProducts', 'lendingRecords', 'assets', 'fundRecords'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  ).then(() => undefined);
}
