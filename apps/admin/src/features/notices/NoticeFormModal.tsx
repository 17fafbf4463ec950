/**
 * Writes or edits one notice for everyone (`/notice/create`, `/notice/update`): its title, on the shared
 * content form (a draft first; the modal stays open on what the server saved).
 */
import { Form, Input } from 'antd';
import type { AdminNoticeItem } from '@brokerage/contract';
import { ContentFormModal, useContentForm } from '../../components/ContentFormModal';
import {
  noticeCreateBody,
  noticeFormValuesOf,
  noticeTitleMax,
  noticeUpdateBody,
  type NoticeFormValues,
} from './notice-form';
import { useCreateNotice, useUpdateNotice } from './notice-queries';

const formFields = ['title', 'content', 'reason'] as const;

export function NoticeFormModal({ item, onClose }: { item: AdminNoticeItem | null; onClose: () => void }) {
  const content = useContentForm<AdminNoticeItem, NoticeFormValues>({
    kind: 'notice',
    item,
    valuesOf: noticeFormValuesOf,
    formFields,
  });
  const create = useCreateNotice(content.saveOptions);
  const update = useUpdateNotice(content.saveOptions);

  return (
    <ContentFormModal
      content={content}
      create={create}
      update={update}
      createBody={noticeCreateBody}
      updateBody={noticeUpdateBody}
      noun="notice"
      publishedChangeNote="Every user sees the change at once."
      width={820}
      onClose={onClose}
    >
      <Form.Item
        label="Title"
        name="title"
        rules={[
          { required: true, whitespace: true, message: 'Enter a title' },
          { max: noticeTitleMax, message: `At most ${noticeTitleMax} characters` },
        ]}
      >
        <Input maxLength={noticeTitleMax} showCount data-testid="notice-title" />
      </Form.Item>
    </ContentFormModal>
  );
}
