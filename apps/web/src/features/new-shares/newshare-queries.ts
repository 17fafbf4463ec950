/** TanStack Query hooks of the new-share screens (docs/api.md §12). */
import type { NewShareKind, ResponseOf } from '@brokerage/contract';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { NEW_SHARE_PAGE_SIZE, newShareListQuery } from '../../api/product-lists';
import { useIsLoggedIn } from '../../api/queries';
import { useSession } from '../../store/session';
import { verifyDraw } from './draw-verify';

export type NewShareSummaryData = ResponseOf<'newShareList'>['list'][number];
export type NewShareData = ResponseOf<'newShareDetail'>;
export type SubscriptionRecordData = ResponseOf<'newShareRecords'>['list'][number];

/** The list tabs in the order of the screen (spec §1: IPO, placement, capital increase). */
export type { NewShareKind };

export const newShareTabs: readonly NewShareKind[] = ['ipo', 'placement', 'capital_increase'];
export { NEW_SHARE_PAGE_SIZE };

export function isNewShareKind(value: string | null): value is NewShareKind {
  return value !== null && (newShareTabs as readonly string[]).includes(value);
}

export const newShareKeys = {
  list: (kind: NewShareKind, size: number) => newShareListQuery(kind, size).queryKey,
  detail: (account: string, id: string) => ['newShareDetail', account, id] as const,
  records: (account: string) => ['newShareRecords', account] as const,
  proof: (id: string) => ['newShareDrawProof', id] as const,
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

/** `/newShare/list` of one kind, page by page (auth optional). */
export function useNewShareList(kind: NewShareKind, size = NEW_SHARE_PAGE_SIZE) {
  return useInfiniteQuery(newShareListQuery(kind, size));
}

/** `/newShare/detail`; the account is in the key because `my` depends on the session. */
export function useNewShareDetail(id: string) {
  const account = useSession((s) => s.account);
  return useQuery({
    queryKey: newShareKeys.detail(account, id),
    queryFn: () => call('newShareDetail', { id }, { silent: true }),
    enabled: id !== '',
  });
}

/** The caller's subscriptions, newest first, page by page. */
export function useSubscriptionRecords() {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: newShareKeys.records(account),
    queryFn: ({ pageParam }) =>
      call('newShareRecords', { page: pageParam, size: NEW_SHARE_PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextPage<SubscriptionRecordData>,
    enabled: loggedIn,
  });
}

/**
 * The draw proof, fetched only when the user asks (it lists every application), and checked
 * against the seed hash the offering published before anyone applied.
 */
export function useDrawVerification(id: string, publishedSeedHash: string, enabled: boolean) {
  return useQuery({
    queryKey: newShareKeys.proof(id),
    queryFn: async () => {
      const proof = await call('newShareDrawProof', { id }, { silent: true });
      return { proof, result: await verifyDraw(proof, publishedSeedHash) };
    },
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

/** After a subscription, payment or waiver: the offering, the records and the balances are stale. */
export function refreshAfterSubscription(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    ['newShareList', 'newShareDetail', 'newShareRecords', 'assets', 'fundRecords'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  ).then(() => undefined);
}
