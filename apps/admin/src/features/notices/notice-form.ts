/**
 * The notice form's values and the request bodies made from them (`/notice/create`, `/notice/update`).
 * Pure, so it is tested in node. An update sends only what changed, so the audit entry shows the edit.
 */
import type { AdminNoticeItem, AdminRequestOf } from '@brokerage/contract';

export const noticeTitleMax = 200;

export interface NoticeFormValues {
  title: string;
  content: string;
  reason: string;
}

export function noticeFormValuesOf(item: AdminNoticeItem | null): NoticeFormValues {
  return { title: item?.title ?? '', content: item?.content ?? '', reason: '' };
}

export function noticeCreateBody(values: NoticeFormValues): AdminRequestOf<'noticeCreate'> {
  return { title: values.title.trim(), content: values.content, reason: values.reason.trim() };
}

/** The changed fields of `item`, with its id and the reason; null when nothing changed. */
export function noticeUpdateBody(
  item: AdminNoticeItem,
  values: NoticeFormValues,
): AdminRequestOf<'noticeUpdate'> | null {
  const next = noticeCreateBody(values);
  const body: AdminRequestOf<'noticeUpdate'> = { id: item.id, reason: next.reason };
  if (next.title !== item.title) body.title = next.title;
  if (next.content !== item.content) body.content = next.content;
  return body.title === undefined && body.content === undefined ? null : body;
}
