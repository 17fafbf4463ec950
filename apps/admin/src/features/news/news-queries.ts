/**
 * The queries of the news screens (docs/api.md §19.5): the list, and saving an article. Publishing and
 * unpublishing are the shared content list's (components/ContentListPage.tsx).
 */
import type { AdminRequestOf } from '@brokerage/contract';
import { useAdminMutation, useAdminQuery, type AdminMutationOptions } from '../../api/hooks';

export function useNewsList(request: AdminRequestOf<'newsList'>) {
  return useAdminQuery('newsList', request);
}

export function useCreateNews(options: AdminMutationOptions<'newsCreate'> = {}) {
  return useAdminMutation('newsCreate', options);
}

export function useUpdateNews(options: AdminMutationOptions<'newsUpdate'> = {}) {
  return useAdminMutation('newsUpdate', options);
}
