/**
 * Writes or edits one notice for everyone (`/notice/create`, `/notice/update`). A new notice is saved
 * as a draft; after a save the modal stays open on it, showing the content as the server cleaned it.
 * Refused fields (`request.invalid`) are shown under the field instead of a toast.
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminNoticeItem } from '@brokerage/contract';
import type { ApiError } from '../../api/client';
import { adminQueryKey, useAdminMutation } from '../../api/hooks';
import { HtmlContentField } from '../../components/HtmlContent';
import { ReasonField } from '../../components/reason';
import { hasFieldReasons, showServerFieldErrors } from '../../components/server-field-errors';
import { useConfirm } from '../../components/useConfirm';
import { formatTime } from '../../lib/format';
import { noticeCreateBody, noticeFormValuesOf, noticeTitleMax, noticeUpdateBody, type NoticeFormValues } from './notice-form';

const formFields = ['title', 'content', 'reason'] as const;

export function NoticeFormModal({ item, onClose }: { item: AdminNoticeItem | null; onClose: () => void }) {
  const [form] = Form.useForm<NoticeFormValues>();
  const [saved, setSaved] = useState<AdminNoticeItem | null>(item);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirm, confirmHolder] = useConfirm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  function onSaved(next: AdminNoticeItem) {
    setSaved(next);
    form.setFieldsValue(noticeFormValuesOf(next));
    void queryClient.invalidateQueries({ queryKey: adminQueryKey('noticeList') });
  }

  function onRefused(error: ApiError) {
    if (hasFieldReasons(error)) setFormError(showServerFieldErrors(form, error, formFields));
  }

  const notify = (error: ApiError) => !hasFieldReasons(error);
  const create = useAdminMutation('noticeCreate', { notify, onSuccess: ({ data }) => onSaved(data), onError: onRefused });
  const update = useAdminMutation('noticeUpdate', { notify, onSuccess: ({ data }) => onSaved(data), onError: onRefused });

  async function submit(values: NoticeFormValues) {
    setFormError(null);
    if (!saved) {
      create.mutate(noticeCreateBody(values));
      return;
    }
    const body = noticeUpdateBody(saved, values);
    if (!body) {
      void message.info('Nothing has changed since the last save.');
      return;
    }
    if (saved.published) {
      const isConfirmed = await confirm({
        title: `Change the published notice "${saved.title}"?`,
        content: <Typography.Paragraph>Every user sees the change at once.</Typography.Paragraph>,
        okText: 'Save',
      });
      if (!isConfirmed) return;
    }
    update.mutate(body);
  }

  return (
    <Modal
      open
      title={saved ? `Edit notice ${saved.id}` : 'New notice'}
      onCancel={onClose}
      width={820}
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={onClose} data-testid="notice-close">
          Close
        </Button>,
        <Button key="save" type="primary" loading={create.isPending || update.isPending} onClick={() => form.submit()} data-testid="notice-save">
          {saved ? 'Save changes' : 'Save draft'}
        </Button>,
      ]}
      destroyOnHidden
    >
      {saved ? (
        <Descriptions
          size="small"
          column={3}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'id', label: 'Id', children: <Typography.Text code data-testid="notice-saved-id">{saved.id}</Typography.Text> },
            { key: 'state', label: 'State', children: saved.published ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag> },
            { key: 'updatedAt', label: 'Updated', children: formatTime(saved.updatedAt) },
          ]}
        />
      ) : null}
      {formError ? <Alert type="error" title={formError} showIcon style={{ marginBottom: 16 }} data-testid="notice-form-error" /> : null}
      <Form<NoticeFormValues>
        form={form}
        layout="vertical"
        name="notice-edit"
        initialValues={noticeFormValuesOf(item)}
        onFinish={(values) => void submit(values)}
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
        <HtmlContentField testIdPrefix="notice" savedHtml={saved?.content ?? null} />
        <ReasonField testId="notice-reason" label="Reason for this change (audit log)" />
      </Form>
      {confirmHolder}
    </Modal>
  );
}
