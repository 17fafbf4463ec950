/**
 * Creates or edits one lending product (docs/api.md §19.5). Every save needs a reason (audit log). The daily
 * rate and the term are contractual: once the product has applications they cannot change
 * (`product.terms_locked`, §19.6), so the form disables them with the reason; when the server refuses
 * a change for that reason its English text is shown here and the fields lock.
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Switch, Typography, type FormRule } from 'antd';
import { englishMessage, type LendingProduct } from '@brokerage/contract';
import type { ApiError } from '../../api/client';
import { ReasonField } from '../../components/reason';
import { hasFieldReasons, showServerFieldErrors } from '../../components/server-field-errors';
import {
  currencyOptions,
  isHighRate,
  lendingCreateBody,
  lendingFormValuesOf,
  lendingProblems,
  lendingUpdateBody,
  nameMax,
  rateDescription,
  termDaysMax,
  termsLockedOf,
  type LendingField,
  type LendingFormValues,
} from './lending-form';
import { ProductNamesFields } from '../../components/ProductNamesFields';
import { useCreateLendingProduct, useRefreshLendingProducts, useUpdateLendingProduct } from './lending-queries';

const formFields = ['name', 'currency', 'dailyRate', 'termDays', 'minAmount', 'quota', 'open', 'reason'] as const;

export const termsLockedNote =
  'Fixed: the product has applications, and the rate and term are contractual terms (they cannot change after the first application).';

/** The fields a `product.terms_locked` refusal names: `{"dailyRate":"not_allowed"}` like `request.invalid`, or a list. */
function lockedFieldsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((field): field is string => typeof field === 'string');
  if (typeof value === 'object' && value !== null) return Object.keys(value);
  return [];
}

/** The server's English text of `product.terms_locked`, with the fields it names. */
export function termsLockedText(error: ApiError): string {
  const fields = lockedFieldsOf(error.params.fields);
  const text = englishMessage('product.terms_locked');
  return fields.length > 0 ? `${text} (${fields.join(', ')})` : text;
}

export function LendingProductFormModal({
  product,
  lockedIds,
  onLocked,
  onClose,
}: {
  /** The product to edit, or null for a new one. */
  product: LendingProduct | null;
  /** Products the server has answered `product.terms_locked` for. */
  lockedIds: ReadonlySet<string>;
  onLocked: (id: string) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<LendingFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const { message } = App.useApp();
  const refreshList = useRefreshLendingProducts();
  const termsLocked = termsLockedOf(product, lockedIds);
  const dailyRate = Form.useWatch('dailyRate', form) ?? product?.dailyRate ?? '';

  function onSaved() {
    refreshList();
    onClose();
  }

  function onRefused(error: ApiError) {
    if (error.code === 'product.terms_locked' && product) {
      setFormError(termsLockedText(error));
      // Show the stored terms again; the fields are now locked.
      form.setFieldsValue({ dailyRate: product.dailyRate, termDays: product.termDays });
      onLocked(product.id);
      return;
    }
    if (hasFieldReasons(error)) setFormError(showServerFieldErrors(form, error, formFields));
  }

  const notify = (error: ApiError) => error.code !== 'product.terms_locked' && !hasFieldReasons(error);
  const create = useCreateLendingProduct({ notify, onSuccess: onSaved, onError: onRefused });
  const update = useUpdateLendingProduct({ notify, onSuccess: onSaved, onError: onRefused });

  const rule =
    (field: LendingField): FormRule =>
    () => ({
      validator: () => {
        const problem = lendingProblems(form.getFieldsValue(true) as LendingFormValues)[field];
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    });

  function submit() {
    setFormError(null);
    const values = form.getFieldsValue(true) as LendingFormValues;
    const problems = Object.entries(lendingProblems(values)) as [LendingField, string][];
    if (problems.length > 0) {
      form.setFields(problems.map(([name, problem]) => ({ name, errors: [problem] })));
      return;
    }
    if (!product) {
      create.mutate(lendingCreateBody(values));
      return;
    }
    const body = lendingUpdateBody(product, values, termsLocked);
    if (!body) {
      void message.info('Nothing has changed.');
      return;
    }
    update.mutate(body);
  }

  const description = rateDescription(dailyRate);
  const isSaving = create.isPending || update.isPending;

  return (
    <Modal
      open
      title={product ? `Edit lending product ${product.id}` : 'New lending product'}
      onCancel={onClose}
      width={720}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="lending-form-cancel">
          Cancel
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={isSaving}
          onClick={() => form.submit()}
          data-testid="lending-form-save"
        >
          {product ? 'Save changes' : 'Create product'}
        </Button>,
      ]}
      destroyOnHidden
    >
      {formError ? (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} data-testid="lending-form-error" />
      ) : null}
      <Form<LendingFormValues>
        form={form}
        layout="vertical"
        name="lending-product"
        initialValues={lendingFormValuesOf(product)}
        onFinish={submit}
      >
        <div style={{ display: 'grid', gridTemplateColumns: '2fr 1fr', columnGap: 16 }}>
          <Form.Item label="Name users see" name="name" required rules={[rule('name')]}>
            <Input maxLength={nameMax} data-testid="lending-form-name" />
          </Form.Item>
          <Form.Item
            label="Currency"
            name="currency"
            required
            rules={[rule('currency')]}
            extra={product ? 'Fixed once created.' : undefined}
          >
            <Select
              virtual={false}
              showSearch
              disabled={product !== null}
              options={currencyOptions}
              data-testid="lending-form-currency"
            />
          </Form.Item>
          <Form.Item
            label="Daily rate (fraction)"
            name="dailyRate"
            required
            rules={[rule('dailyRate')]}
            extra={
              termsLocked ? (
                <span data-testid="lending-form-terms-locked">{termsLockedNote}</span>
              ) : (
                <span data-testid="lending-form-rate-text">
                  {description ?? 'e.g. 0.0003 = 0.03 % a day'}
                  {isHighRate(dailyRate) ? (
                    <Typography.Text type="warning">
                      {' '}
                      · Above 1 % a day: check it is a fraction, not a percentage.
                    </Typography.Text>
                  ) : null}
                </span>
              )
            }
          >
            <Input
              disabled={termsLocked}
              inputMode="decimal"
              style={{ fontVariantNumeric: 'tabular-nums' }}
              data-testid="lending-form-daily-rate"
            />
          </Form.Item>
          <Form.Item
            label="Term (days)"
            name="termDays"
            required
            rules={[rule('termDays')]}
            extra={termsLocked ? 'Fixed, like the rate.' : undefined}
          >
            <InputNumber
              min={1}
              max={termDaysMax}
              precision={0}
              disabled={termsLocked}
              style={{ width: '100%' }}
              data-testid="lending-form-term"
            />
          </Form.Item>
          <Form.Item label="Minimum amount (whole)" name="minAmount" required rules={[rule('minAmount')]}>
            <Input inputMode="numeric" data-testid="lending-form-min" />
          </Form.Item>
          <Form.Item
            label="Quota (whole)"
            name="quota"
            required
            rules={[rule('quota')]}
            extra="The total users can lend to this product."
          >
            <Input inputMode="numeric" data-testid="lending-form-quota" />
          </Form.Item>
        </div>
        <ProductNamesFields testIdPrefix="lending-form" max={nameMax} />
        <Form.Item label="Open to new applications" name="open" valuePropName="checked">
          <Switch data-testid="lending-form-open" />
        </Form.Item>
        <ReasonField testId="lending-form-reason" label="Reason for this change (audit log)" />
      </Form>
    </Modal>
  );
}
