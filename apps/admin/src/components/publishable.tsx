/**
 * What news articles and notices have in common: both are written as drafts, published and unpublished
 * with a reason, and edited as HTML (docs/api.md §19, docs/decisions.md). The list page and the form modal
 * built on this are shared by the two.
 */
import { Tag } from 'antd';

/** The kinds of publishable content; also the prefix of their screens' test ids (`news-new`, `notice-save`). */
export type PublishableKind = 'news' | 'notice';

/** The fields the shared list and form read; `AdminNewsItem` and `AdminNoticeItem` both have them. */
export interface PublishableItem {
  id: string;
  title: string;
  content: string;
  published: boolean;
  updatedAt: string;
}

/** The endpoints of each kind, so the shared parts call the right ones. */
export const publishableEndpoints = {
  news: { list: 'newsList', publish: 'newsPublish', unpublish: 'newsUnpublish' },
  notice: { list: 'noticeList', publish: 'noticePublish', unpublish: 'noticeUnpublish' },
} as const;

export function PublishStateTag({ isPublished, testId }: { isPublished: boolean; testId?: string }) {
  return isPublished ? (
    <Tag color="green" data-testid={testId}>
      Published
    </Tag>
  ) : (
    <Tag data-testid={testId}>Draft</Tag>
  );
}
