/**
 * Creates or edits one block-trade product (docs/api.md §19.5). Every save needs a reason (audit log).
 * The instrument and the kind are fixed once created; the terms may change at any time and apply to
 * new applications only. The back office has no instrument search, so the instrument is typed as
 * its id, with the format under the field.
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Switch, Typography, type FormRule } from 'antd';
import type { AdminBlockProduct } from '@brokerage/contract';
import type { ApiError } from '../../api/client';
import { ReasonField } from '../../components/reason';
import { hasFieldReasons, showServerFieldErrors } from '../../components/server-field-errors';
import {
  blockCreateBody,
  blockFormValuesOf,
  blockProblems,
  blockUpdateBody,
  instrumentIdHint,
  kindOptions,
  type BlockField,
  type BlockFormValues,
} from './block-form';
import { useCreateBlock, useRefreshBlockProducts, useUpdateBlock } from './block-queries';

const formFields = ['instrumentId', 'kind', 'price', 'minShares', 'dailyLimit', 'lockDays', 'open', 'reason'] as const;
const fixedNote = 'Fixed once created.';

export function BlockFormModal({
  product,
  onClose,
  onCreated,
}: {
  /** The product to edit, or null for a new one. */
  product: AdminBlockProduct | null;
  onClose: () => void;
  /** A created product, with its secret key (shown once). */
  onCreated: (created: AdminBlockProduct) => void;
}) {
  const [form] = Form.useForm<BlockFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const { message } = App.useApp();
  const refreshList = useRefreshBlockProducts();

  function onSaved() {
    refreshList();
    onClose();
  }

  function onRefused(error: ApiError) {
    if (error.code === 'product.not_found' && !product) {
      form.setFields([{ name: 'instrumentId', errors: [`No tradable instrument with this id. ${instrumentIdHint}`] }]);
      return;
    }
    if (hasFieldReasons(error)) setFormError(showServerFieldErrors(form, error, formFields));
  }

  const notify = (error: ApiError) => !(error.code === 'product.not_found' && !product) && !hasFieldReasons(error);
  const create = useCreateBlock({
    notify,
    onSuccess: (answer) => {
      onCreated(answer.data);
      onSaved();
    },
    onError: onRefused,
  });
  const update = useUpdateBlock({ notify, onSuccess: onSaved, onError: onRefused });

  const rule =
    (field: BlockField): FormRule =>
    () => ({
      validator: () => {
        const problem = blockProblems(form.getFieldsValue(true) as BlockFormValues)[field];
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    });

  function submit() {
    setFormError(null);
    const values = form.getFieldsValue(true) as BlockFormValues;
    const problems = Object.entries(blockProblems(values)) as [BlockField, string][];
    if (problems.length > 0) {
      form.setFields(problems.map(([name, problem]) => ({ name, errors: [problem] })));
      return;
    }
    if (!product) {
      create.mutate(blockCreateBody(values));
      return;
    }
    const body = blockUpdateBody(product, values);
    if (!body) {
      void message.info('Nothing has changed.');
      return;
    }
    update.mutate(body);
  }

  const item = (field: BlockField, label: string, control: ReactNode, extra?: ReactNode, required = true) => (
    <Form.Item label={label} name={field} rules={[rule(field)]} extra={extra} required={required}>
      {control}
    </Form.Item>
  );

  const isFixed = product !== null;
  const isSaving = create.isPending || update.isPending;
  const grid = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 16 } as const;

  return (
    <Modal
      open
      title={product ? `Edit block product ${product.code} (${product.id})` : 'New block-trade product'}
      onCancel={onClose}
      width={720}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="bt-form-cancel">
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={isSaving} onClick={() => form.submit()} data-testid="bt-form-save">
          {product ? 'Save changes' : 'Create product'}
        </Button>,
      ]}
      destroyOnHidden
    >
      {formError ? (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} data-testid="bt-form-error" />
      ) : null}
      {product && product.applicationsCount > 0 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${product.applicationsCount} applications so far: changes apply to new applications only.`}
          data-testid="bt-form-applied"
        />
      ) : null}
      <Form<BlockFormValues>
        form={form}
        layout="vertical"
        name="block-product"
        initialValues={blockFormValuesOf(product)}
        onFinish={submit}
      >
        <Typography.Title level={5}>Instrument</Typography.Title>
        <div style={grid}>
          {item(
            'instrumentId',
            'Instrument id',
            <Input placeholder="i_mxn_WALMEX" maxLength={64} disabled={isFixed} data-testid="bt-form-instrument" />,
            isFixed ? fixedNote : instrumentIdHint,
          )}
          {item(
            'kind',
            'Kind',
            <Select virtual={false} options={kindOptions} disabled={isFixed} data-testid="bt-form-kind" />,
            isFixed ? fixedNote : undefined,
          )}
        </div>
        <Typography.Title level={5}>Terms</Typography.Title>
        <div style={grid}>
          {item(
            'price',
            'Deal price',
            <Input inputMode="decimal" placeholder="58.20" data-testid="bt-form-price" />,
            "In the currency of the instrument's market",
          )}
          {item(
            'minShares',
            'Minimum shares',
            <InputNumber
              min={1}
              max={10_000_000}
              precision={0}
              style={{ width: '100%' }}
              data-testid="bt-form-min-shares"
            />,
          )}
          {item(
            'dailyLimit',
            'Daily limit per user (shares)',
            <InputNumber
              min={1}
              max={10_000_000}
              precision={0}
              style={{ width: '100%' }}
              data-testid="bt-form-daily-limit"
            />,
            'Empty: no daily limit',
            false,
          )}
          {item(
            'lockDays',
            'Lock after approval (days)',
            <InputNumber min={0} max={3650} precision={0} style={{ width: '100%' }} data-testid="bt-form-lock-days" />,
          )}
        </div>
        <Form.Item
          label="Open for applications"
          name="open"
          valuePropName="checked"
          extra="Also closed for everyone while config block.enabled is off."
        >
          <Switch data-testid="bt-form-open" />
        </Form.Item>
        <ReasonField testId="bt-form-reason" label="Reason for this change (audit log)" />
      </Form>
    </Modal>
  );
}
