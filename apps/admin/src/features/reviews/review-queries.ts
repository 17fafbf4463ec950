/**
 * The queries of the review queues (docs/api.md §19.3): a queue's list, one item, and the two decisions.
 * A decision also refreshes the user screens (balances and the real-name status change with it).
 */
import { useQueryClient } from '@tanstack/react-query';
import type { AdminRequestOf, ReviewItem } from '@brokerage/contract';
import { adminQueryKey, useAdminMutation, useAdminQuery, type AdminMutationOptions } from '../../api/hooks';
import type { BuiltReviewQueue } from '../../sections';
import { refreshUsers } from '../users';

export function useReviewList(
  body: AdminRequestOf<'reviewList'>,
  options: { staleTime?: number; refetchInterval?: number } = {},
) {
  return useAdminQuery('reviewList', body, options);
}

export function useReviewDetail(queue: BuiltReviewQueue, id: string) {
  return useAdminQuery('reviewDetail', { queue, id });
}

export function useReviewApprove(options: AdminMutationOptions<'reviewApprove'> = {}) {
  return useAdminMutation('reviewApprove', options);
}

export function useReviewReject(options: AdminMutationOptions<'reviewReject'> = {}) {
  return useAdminMutation('reviewReject', options);
}

/** The queue lists are read again (after a decision, or when an item turned out decided or gone). */
export function useRefreshReviewLists(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('reviewList') });
}

/** After a decision: the item takes the answer, the lists and the user screens are read again. */
export function useShowDecidedItem(queue: BuiltReviewQueue, id: string): (item: ReviewItem) => void {
  const queryClient = useQueryClient();
  const refreshLists = useRefreshReviewLists();
  return (item) => {
    queryClient.setQueryData(adminQueryKey('reviewDetail', { queue, id }), item);
    refreshLists();
    refreshUsers(queryClient);
  };
}
