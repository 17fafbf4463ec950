/** TanStack Query hooks of the copy-trading screens (docs/api.md §14). The funds show without a session. */
import type {
  CopyFund,
  CopyFundDetail,
  CopyPosition,
  CopyState,
  CopySubscription,
  ProfitLossNamed,
} from '@brokerage/contract';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useIsLoggedIn } from '../../api/queries';
import { useSession } from '../../store/session';

export type CopyFundData = CopyFund;
export type CopyPositionData = ProfitLossNamed<CopyPosition>;
/** `/copy/detail` as the screens read it: each position's gross P&L is `profitLoss` (docs/glossary.md). */
export type CopyFundDetailData = Omit<CopyFundDetail, 'positions'> & { positions: CopyPositionData[] };
export type CopySubscriptionData = CopySubscription;

/** The state chips of "my subscriptions": in progress, ended (spec §4). */
export const copyStateFilters = ['all', 'active', 'ended'] as const satisfies readonly ('all' | CopyState)[];
export type CopyStateFilter = (typeof copyStateFilters)[number];

export const COPY_PAGE_SIZE = 20;

export const copyKeys = {
  list: (account: string, size: number) => ['copyList', account, size] as const,
  detail: (account: string, id: string) => ['copyDetail', account, id] as const,
  mine: (account: string, state: CopyStateFilter) => ['copyMine', account, state] as const,
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

/** `/copy/list`, open funds first, page by page. */
export function useCopyList(size = COPY_PAGE_SIZE) {
  const account = useSession((s) => s.account);
  return useInfiniteQuery({
    queryKey: copyKeys.list(account, size),
    queryFn: ({ pageParam }) => call('copyList', { page: pageParam, size }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextPage<CopyFundData>,
  });
}

/** The answer of `/copy/detail` as sent → as the screens read it (the wire's `yingkui` → `profitLoss`). */
export function copyDetailFromWire({ positions, ...fund }: CopyFundDetail): CopyFundDetailData {
  return { ...fund, positions: positions.map(({ yingkui, ...position }) => ({ ...position, profitLoss: yingkui })) };
}

/** `/copy/detail`: the fund with its results, NAV history, strategy and positions (marked to market, so refreshed each minute). */
export function useCopyDetail(id: string) {
  const account = useSession((s) => s.account);
  return useQuery({
    queryKey: copyKeys.detail(account, id),
    queryFn: () => call('copyDetail', { id }, { silent: true }),
    select: copyDetailFromWire,
    enabled: id !== '',
    refetchInterval: 60_000,
  });
}

/** The caller's subscriptions of one state (or all), newest first, page by page. */
export function useCopyMine(state: CopyStateFilter) {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: copyKeys.mine(account, state),
    queryFn: ({ pageParam }) =>
      call(
        'copyMine',
        { ...(state === 'all' ? {} : { states: [state] }), page: pageParam, size: COPY_PAGE_SIZE },
        { silent: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage<CopySubscriptionData>,
    enabled: loggedIn,
  });
}

/** After a subscription or a redemption: the fund's capacity, the subscriptions and the balances are stale. */
export function refreshAfterCopy(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    ['copyList', 'copyDetail', 'copyMine', 'assets', 'fundRecords'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  ).then(() => undefined);
}
