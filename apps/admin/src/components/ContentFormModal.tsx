/**
 * The form modal that writes or edits one item of publishable content (news, notices). A new item is
 * saved as a draft; after a save the modal stays open on the saved item, so the operator sees the content
 * as the server cleaned it and can keep editing. Saving a change to a published item asks first, since
 * users see it at once. Refused fields (`request.invalid`) are shown under the field instead of a toast.
 *
 * The kind's modal calls `useContentForm`, makes its create and update mutations with the returned
 * `saveOptions` (the endpoints differ per kind), and renders `ContentFormModal` around its own fields;
 * the HTML content and the reason come last in every kind's form.
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Descriptions, Form, Modal, Typography, type FormInstance, type FormProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../api/client';
import { adminQueryKey } from '../api/hooks';
import { formatTime } from '../lib/format';
import { HtmlContentField } from './HtmlContent';
import { publishableEndpoints, PublishStateTag, type PublishableItem, type PublishableKind } from './publishable';
import { ReasonField } from './reason';
import { hasFieldReasons, showServerFieldErrors } from './server-field-errors';
import { useConfirm } from './useConfirm';

/** What an antd form accepts as its values. */
type FormValues = NonNullable<FormProps['initialValues']>;

interface ContentFormOptions<Item extends PublishableItem, Values extends FormValues> {
  kind: PublishableKind;
  /** The item being edited, or null for a new one. */
  item: Item | null;
  /** The form's values for an item (null: an empty form); the reason always starts empty. */
  valuesOf: (item: Item | null) => Values;
  /** The form's field names, so a refusal naming one is shown under it. */
  formFields: readonly string[];
}

export interface ContentForm<Item extends PublishableItem, Values extends FormValues> {
  kind: PublishableKind;
  form: FormInstance<Values>;
  initialValues: Values;
  /** The item as the server last stored it; null until a new item is first saved. */
  saved: Item | null;
  formError: string | null;
  clearFormError: () => void;
  /** The options of the kind's create and update mutations. */
  saveOptions: {
    notify: (error: ApiError) => boolean;
    onSuccess: (answer: { data: Item }) => void;
    onError: (error: ApiError) => void;
  };
}

export function useContentForm<Item extends PublishableItem, Values extends FormValues>({
  kind,
  item,
  valuesOf,
  formFields,
}: ContentFormOptions<Item, Values>): ContentForm<Item, Values> {
  const [form] = Form.useForm<Values>();
  const [saved, setSaved] = useState<Item | null>(item);
  const [formError, setFormError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  function onSaved(next: Item) {
    setSaved(next);
    // The form now edits what the server stored, cleaned content included; the reason starts empty again.
    form.setFieldsValue(valuesOf(next));
    void queryClient.invalidateQueries({ queryKey: adminQueryKey(publishableEndpoints[kind].list) });
  }

  function onRefused(error: ApiError) {
    if (hasFieldReasons(error)) setFormError(showServerFieldErrors(form, error, formFields));
  }

  return {
    kind,
    form,
    initialValues: valuesOf(item),
    saved,
    formError,
    clearFormError: () => setFormError(null),
    saveOptions: {
      notify: (error) => !hasFieldReasons(error),
      onSuccess: ({ data }) => onSaved(data),
      onError: onRefused,
    },
  };
}

/** The part of a mutation the modal uses. */
interface SaveMutation<Body> {
  mutate: (body: Body) => void;
  isPending: boolean;
}

interface ContentFormModalProps<Item extends PublishableItem, Values extends FormValues, CreateBody, UpdateBody> {
  content: ContentForm<Item, Values>;
  create: SaveMutation<CreateBody>;
  update: SaveMutation<UpdateBody>;
  createBody: (values: Values) => CreateBody;
  /** The changed fields with the id and the reason; null when nothing changed. */
  updateBody: (saved: Item, values: Values) => UpdateBody | null;
  /** What the operator calls one item: "article", "notice". */
  noun: string;
  /** What a change to a published item does for users, shown before saving it. */
  publishedChangeNote: string;
  width: number;
  onClose: () => void;
  /** The kind's own fields, before the content and the reason. */
  children: ReactNode;
  /** Fields after the content, before the reason (news: the article in the other languages). */
  afterContent?: ReactNode;
}

export function ContentFormModal<Item extends PublishableItem, Values extends FormValues, CreateBody, UpdateBody>({
  content,
  create,
  update,
  createBody,
  updateBody,
  noun,
  publishedChangeNote,
  width,
  onClose,
  children,
  afterContent,
}: ContentFormModalProps<Item, Values, CreateBody, UpdateBody>) {
  const { kind, form, saved, formError } = content;
  const [confirm, confirmHolder] = useConfirm();
  const { message } = App.useApp();

  async function submit(values: Values) {
    content.clearFormError();
    if (!saved) {
      create.mutate(createBody(values));
      return;
    }
    const body = updateBody(saved, values);
    if (!body) {
      void message.info('Nothing has changed since the last save.');
      return;
    }
    if (saved.published) {
      const isConfirmed = await confirm({
        title: `Change the published ${noun} "${saved.title}"?`,
        content: <Typography.Paragraph>{publishedChangeNote}</Typography.Paragraph>,
        okText: 'Save',
      });
      if (!isConfirmed) return;
    }
    update.mutate(body);
  }

  return (
    <Modal
      open
      title={saved ? `Edit ${noun} ${saved.id}` : `New ${noun}`}
      onCancel={onClose}
      width={width}
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={onClose} data-testid={`${kind}-close`}>
          Close
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={create.isPending || update.isPending}
          onClick={() => form.submit()}
          data-testid={`${kind}-save`}
        >
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
            {
              key: 'id',
              label: 'Id',
              children: (
                <Typography.Text code data-testid={`${kind}-saved-id`}>
                  {saved.id}
                </Typography.Text>
              ),
            },
            { key: 'state', label: 'State', children: <PublishStateTag isPublished={saved.published} /> },
            { key: 'updatedAt', label: 'Updated', children: formatTime(saved.updatedAt) },
          ]}
        />
      ) : null}
      {formError ? (
        <Alert
          type="error"
          title={formError}
          showIcon
          style={{ marginBottom: 16 }}
          data-testid={`${kind}-form-error`}
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        name={`${kind}-edit`}
        initialValues={content.initialValues}
        onFinish={(values) => void submit(values)}
      >
        {children}
        <HtmlContentField testIdPrefix={kind} savedHtml={saved?.content ?? null} />
        {afterContent}
        <ReasonField testId={`${kind}-reason`} label="Reason for this change (audit log)" />
      </Form>
      {confirmHolder}
    </Modal>
  );
}
