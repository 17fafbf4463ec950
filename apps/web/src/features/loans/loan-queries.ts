/** TanStack Query hooks of the credit-loan screens (docs/api.md §16.1–§16.5). Every call needs a session. */
import type { ResponseOf } from '@brokerage/contract';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useIsLoggedIn } from '../../api/queries';
import { useSession } from '../../store/session';

export type LoanRatingData = ResponseOf<'loanRating'>;
export type LoanRecordData = ResponseOf<'loanRecords'>['list'][number];

export const LOAN_PAGE_SIZE = 20;

export const loanKeys = {
  rating: (account: string) => ['loanRating', account] as const,
  records: (account: string) => ['loanRecords', account] as const,
};

export function useLoanRating() {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: loanKeys.rating(account),
    queryFn: () => call('loanRating', {}, { silent: true }),
    enabled: loggedIn,
  });
}

export function useLoanRecords() {
  const account = useSession((s) => s.account);
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: loanKeys.records(account),
    queryFn: ({ pageParam }) => call('loanRecords', { page: pageParam, size: LOAN_PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined,
    enabled: loggedIn,
  });
}

/** After a borrow, a repayment or a raise: the rating, the records, the balances and the withdrawal rules are stale. */
export function refreshAfterLoan(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    ['loanRating', 'loanRecords', 'assets', 'fundRecords', 'withdrawInfo'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  ).then(() => undefined);
}
