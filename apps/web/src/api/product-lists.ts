/**
 * The keys and fetches of the new-share list and of the exchange screen's rates and balances, in a
 * module of their own like `market-lists.ts`: `api/prefetch.ts` asks for them before those screens'
 * code is in (issue 30), and the screens' hooks (features/new-shares/newshare-queries.ts,
 * features/funds/funds-queries.ts) read the same keys.
 */
import type { Currency, NewShareKind } from '@brokerage/contract';
import { call } from './client';

/** The new-share list's rows asked for at a time. */
export const NEW_SHARE_PAGE_SIZE = 20;

type Page = { list: unknown[]; total: number; page: number; size: number };

function nextPage(last: Page | undefined): number | undefined {
  if (!last) return undefined;
  return last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined;
}

/** `/newShare/list` of one kind, page by page (auth optional). */
export function newShareListQuery(kind: NewShareKind, size = NEW_SHARE_PAGE_SIZE) {
  return {
    queryKey: ['newShareList', kind, size] as const,
    queryFn: ({ pageParam }: { pageParam: number }) =>
      call('newShareList', { kind, page: pageParam, size }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  };
}

/** `/funds/rates` is refreshed this often while the exchange screen is open. */
export const RATES_REFRESH_MS = 30_000;

/** `/funds/rates` from `base`: key, fetch and freshness. */
export function ratesQuery(base: Currency) {
  return {
    queryKey: ['rates', base] as const,
    queryFn: () => call('rates', { base }, { silent: true }),
    staleTime: RATES_REFRESH_MS,
  };
}

/**
 * Every currency account of the user (`/user/assets`; the summary in MXN, which these screens do
 * not show): the key of `queryKeys.assets(account, 'MXN')`, so the home card's answer serves too.
 */
export function allAssetsQuery(account: string) {
  return {
    queryKey: ['assets', account, 'MXN'] as const,
    queryFn: () => call('assets', { currency: 'MXN' }, { silent: true }),
  };
}
