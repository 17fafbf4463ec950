/** TanStack Query hooks of the block-trade screens (docs/api.md §13). Every call needs a session. */
import type { BlockApplication, BlockProduct, Market, ReviewState } from '@brokerage/contract';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useIsLoggedIn } from '../../api/queries';
import { useSession } from '../../store/session';

export type BlockProductData = BlockProduct;
export type BlockApplicationData = BlockApplication;

/** The market chips of the product list: every market, then the stock markets block products are sold in. */
export const blockMarketFilters = ['all', 'mxn', 'usd', 'eur'] as const satisfies readonly ('all' | Market)[];
export type BlockMarketFilter = (typeof blockMarketFilters)[number];

export function isBlockMarketFilter(value: string | null): value is BlockMarketFilter {
  return value !== null && (blockMarketFilters as readonly string[]).includes(value);
}

/** The state chips of the applications list. */
export const blockStateFilters = ['all', 'pending', 'approved', 'rejected'] as const satisfies readonly (
  'all' | ReviewState
)[];
export type BlockStateFilter = (typeof blockStateFilters)[number];

export const BLOCK_PAGE_SIZE = 20;
/** The products are a short list chosen by the back office: one page finds any of them for the form. */
export const BLOCK_ALL_SIZE = 300;

export const blockKeys = {
  list: (account: string, market: BlockMarketFilter, size: number) => ['blockList', account, market, size] as const,
  product: (account: string, id: string) => ['blockList', account, 'product', id] as const,
  applications: (account: string, state: BlockStateFilter) => ['blockApplications', account, state] as const,
};

interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

function nextPage<T>(last: Page<T> | undefined): number | undefined {
  if (!last) return undefined;
  return last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined;
}

/** `/block/list` of one market (or all), page by page; `remainingToday` is the caller's. */
export function useBlockList(market: BlockMarketFilter, size = BLOCK_PAGE_SIZE) {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: blockKeys.list(account, market, size),
    queryFn: ({ pageParam }) =>
      call('blockList', { ...(market === 'all' ? {} : { market }), page: pageParam, size }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextPage<BlockProductData>,
    enabled: loggedIn,
  });
}

/** One product for the apply form; null when the list does not hold it (unknown or hidden). */
export function useBlockProduct(id: string) {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: blockKeys.product(account, id),
    queryFn: async () => {
      const answer = await call('blockList', { page: 1, size: BLOCK_ALL_SIZE }, { silent: true });
      return answer.list.find((product) => product.id === id) ?? null;
    },
    enabled: loggedIn && id !== '',
  });
}

/** The caller's applications of one state (or all), newest first, page by page. */
export function useBlockApplications(state: BlockStateFilter) {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: blockKeys.applications(account, state),
    queryFn: ({ pageParam }) =>
      call(
        'blockApplications',
        { ...(state === 'all' ? {} : { states: [state] }), page: pageParam, size: BLOCK_PAGE_SIZE },
        { silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage<BlockApplicationData>,
    enabled: loggedIn,
  });
}

/** After an application: the remaining limits, the applications and the balances are stale. */
export function refreshAfterBlockApply(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    ['blockList', 'blockApplications', 'assets', 'fundRecords'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  ).then(() => undefined);
}
