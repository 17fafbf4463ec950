/**
 * Writes or edits one news article (`/news/create`, `/news/update`). A new article is saved as a draft;
 * after a save the modal stays open on the saved article, so the operator sees the content as the server
 * cleaned it and can keep editing. Refused fields (`request.invalid`, e.g. `instrumentIds: format` for an
 * unknown instrument) are shown under the field instead of a toast.
 */
import { useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { newsCategories, type AdminNewsItem } from '@brokerage/contract';
import type { ApiError } from '../../api/client';
import { adminQueryKey, useAdminMutation } from '../../api/hooks';
import { HtmlContentField } from '../../components/HtmlContent';
import { ReasonField } from '../../components/reason';
import { hasFieldReasons, showServerFieldErrors } from '../../components/server-field-errors';
import { useConfirm } from '../../components/useConfirm';
import { formatTime } from '../../lib/format';
import {
  instrumentIdsProblem,
  newsCategoryLabels,
  newsCreateBody,
  newsFormValuesOf,
  newsLimits,
  newsUpdateBody,
  type NewsFormValues,
} from './news-form';

const formFields = ['category', 'title', 'summary', 'source', 'coverUrl', 'instrumentIds', 'content', 'reason'] as const;

export function NewsFormModal({ item, onClose }: { item: AdminNewsItem | null; onClose: () => void }) {
  const [form] = Form.useForm<NewsFormValues>();
  const [saved, setSaved] = useState<AdminNewsItem | null>(item);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirm, confirmHolder] = useConfirm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  function onSaved(next: AdminNewsItem) {
    setSaved(next);
    // The form now edits what the server stored, cleaned content included; the reason starts empty again.
    form.setFieldsValue(newsFormValuesOf(next));
    void queryClient.invalidateQueries({ queryKey: adminQueryKey('newsList') });
  }

  function onRefused(error: ApiError) {
    if (hasFieldReasons(error)) setFormError(showServerFieldErrors(form, error, formFields));
  }

  const notify = (error: ApiError) => !hasFieldReasons(error);
  const create = useAdminMutation('newsCreate', { notify, onSuccess: ({ data }) => onSaved(data), onError: onRefused });
  const update = useAdminMutation('newsUpdate', { notify, onSuccess: ({ data }) => onSaved(data), onError: onRefused });

  async function submit(values: NewsFormValues) {
    setFormError(null);
    if (!saved) {
      create.mutate(newsCreateBody(values));
      return;
    }
    const body = newsUpdateBody(saved, values);
    if (!body) {
      void message.info('Nothing has changed since the last save.');
      return;
    }
    if (saved.published) {
      const isConfirmed = await confirm({
        title: `Change the published article "${saved.title}"?`,
        content: <Typography.Paragraph>Users see the change at once.</Typography.Paragraph>,
        okText: 'Save',
      });
      if (!isConfirmed) return;
    }
    update.mutate(body);
  }

  const isSaving = create.isPending || update.isPending;

  return (
    <Modal
      open
      title={saved ? `Edit article ${saved.id}` : 'New article'}
      onCancel={onClose}
      width={860}
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={onClose} data-testid="news-close">
          Close
        </Button>,
        <Button key="save" type="primary" loading={isSaving} onClick={() => form.submit()} data-testid="news-save">
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
            { key: 'id', label: 'Id', children: <Typography.Text code data-testid="news-saved-id">{saved.id}</Typography.Text> },
            {
              key: 'state',
              label: 'State',
              children: saved.published ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>,
            },
            { key: 'updatedAt', label: 'Updated', children: formatTime(saved.updatedAt) },
          ]}
        />
      ) : null}
      {formError ? <Alert type="error" title={formError} showIcon style={{ marginBottom: 16 }} data-testid="news-form-error" /> : null}
      <Form<NewsFormValues>
        form={form}
        layout="vertical"
        name="news-edit"
        initialValues={newsFormValuesOf(item)}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item label="Category" name="category" rules={[{ required: true, message: 'Choose a category' }]}>
          <Select
            options={newsCategories.map((value) => ({ value, label: newsCategoryLabels[value] }))}
            style={{ width: 220 }}
            virtual={false}
            data-testid="news-category"
          />
        </Form.Item>
        <Form.Item
          label="Title"
          name="title"
          rules={[
            { required: true, whitespace: true, message: 'Enter a title' },
            { max: newsLimits.titleMax, message: `At most ${newsLimits.titleMax} characters` },
          ]}
        >
          <Input maxLength={newsLimits.titleMax} showCount data-testid="news-title" />
        </Form.Item>
        <Form.Item
          label="Summary"
          name="summary"
          rules={[
            { required: true, whitespace: true, message: 'Enter a summary' },
            { max: newsLimits.summaryMax, message: `At most ${newsLimits.summaryMax} characters` },
          ]}
        >
          <Input.TextArea rows={2} maxLength={newsLimits.summaryMax} showCount data-testid="news-summary" />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 2fr', gap: 16 }}>
          <Form.Item
            label="Source"
            name="source"
            rules={[
              { required: true, whitespace: true, message: 'Enter the source' },
              { max: newsLimits.sourceMax, message: `At most ${newsLimits.sourceMax} characters` },
            ]}
          >
            <Input maxLength={newsLimits.sourceMax} data-testid="news-source" />
          </Form.Item>
          <Form.Item
            label="Cover image URL (optional)"
            name="coverUrl"
            rules={[
              { type: 'url', message: 'Enter a full URL, e.g. https://…' },
              { max: newsLimits.coverUrlMax, message: `At most ${newsLimits.coverUrlMax} characters` },
            ]}
          >
            <Input placeholder="https://…" allowClear data-testid="news-cover-url" />
          </Form.Item>
        </div>
        <Form.Item
          label="Linked instruments"
          name="instrumentIds"
          extra="Instrument ids such as i_usd_AAPL; press Enter or comma after each."
          rules={[
            {
              validator: (_rule, value: unknown) => {
                const problem = instrumentIdsProblem(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Select
            mode="tags"
            tokenSeparators={[',', ' ']}
            open={false}
            suffixIcon={null}
            placeholder="No linked instruments"
            aria-label="Linked instrument ids"
            data-testid="news-instruments"
          />
        </Form.Item>
        <HtmlContentField testIdPrefix="news" savedHtml={saved?.content ?? null} />
        <ReasonField testId="news-reason" label="Reason for this change (audit log)" />
      </Form>
      {confirmHolder}
    </Modal>
  );
}
