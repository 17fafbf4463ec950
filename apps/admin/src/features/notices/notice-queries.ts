/**
 * The queries of the notices screens (docs/api.md §19.5): the list, and saving a notice. Publishing and
 * unpublishing are the shared content list's (components/ContentListPage.tsx).
 */
import { useAdminMutation, useAdminQuery, type AdminMutationOptions } from '../../api/hooks';

export function useNoticeList(page: number, size: number) {
  return useAdminQuery('noticeList', { page, size });
}

export function useCreateNotice(options: AdminMutationOptions<'noticeCreate'> = {}) {
  return useAdminMutation('noticeCreate', options);
}

export function useUpdateNotice(options: AdminMutationOptions<'noticeUpdate'> = {}) {
  return useAdminMutation('noticeUpdate', options);
}
