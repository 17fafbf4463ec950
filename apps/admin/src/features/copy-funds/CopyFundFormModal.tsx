/**
 * Creates or edits one copy-trading fund (docs/api.md §19.5). Every save needs a reason (audit log). An
 * edit may change only the name, the minimum, the copy deadline and the switch; the strategy, the
 * currency, the size, the lock-up, the cycle, the end time and the target are fixed once created.
 * There is no field for a result, profit or payout (§19.6): the strategy engine alone makes them.
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Switch, Typography, type FormRule } from 'antd';
import type { AdminCopyFund } from '@brokerage/contract';
import type { ApiError } from '../../api/client';
import { ReasonField } from '../../components/reason';
import { hasFieldReasons, showServerFieldErrors } from '../../components/server-field-errors';
import {
  copyCreateBody,
  copyEditProblems,
  copyFormValuesOf,
  copyProblems,
  copyUpdateBody,
  currencyOptions,
  percentText,
  strategyOptions,
  timestampHint,
  type CopyField,
  type CopyFormValues,
} from './copy-form';
import { ProductNamesFields } from '../../components/ProductNamesFields';
import { useCreateCopyFund, useRefreshCopyFunds, useUpdateCopyFund } from './copy-queries';

const formFields = [
  'name',
  'strategyNo',
  'currency',
  'fundSize',
  'minAmount',
  'lockupDays',
  'tradeCycleDays',
  'copyDeadline',
  'endTime',
  'expectedReturnRate',
  'open',
  'reason',
] as const;
const fixedNote = 'Fixed once created.';

export function CopyFundFormModal({
  fund,
  onClose,
}: {
  /** The fund to edit, or null for a new one. */
  fund: AdminCopyFund | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CopyFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const { message } = App.useApp();
  const refreshList = useRefreshCopyFunds();
  const expected = Form.useWatch('expectedReturnRate', form) as string | undefined;

  function onSaved() {
    refreshList();
    onClose();
  }

  function onRefused(error: ApiError) {
    if (hasFieldReasons(error)) setFormError(showServerFieldErrors(form, error, formFields));
  }

  const notify = (error: ApiError) => !hasFieldReasons(error);
  const create = useCreateCopyFund({ notify, onSuccess: onSaved, onError: onRefused });
  const update = useUpdateCopyFund({ notify, onSuccess: onSaved, onError: onRefused });

  const problemsOf = (values: CopyFormValues) => (fund ? copyEditProblems(fund, values) : copyProblems(values));

  const rule =
    (field: CopyField): FormRule =>
    () => ({
      validator: () => {
        const problem = problemsOf(form.getFieldsValue(true) as CopyFormValues)[field];
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    });

  function submit() {
    setFormError(null);
    const values = form.getFieldsValue(true) as CopyFormValues;
    const problems = Object.entries(problemsOf(values)) as [CopyField, string][];
    if (problems.length > 0) {
      form.setFields(problems.map(([name, problem]) => ({ name, errors: [problem] })));
      return;
    }
    if (!fund) {
      create.mutate(copyCreateBody(values));
      return;
    }
    const body = copyUpdateBody(fund, values);
    if (!body) {
      void message.info('Nothing has changed.');
      return;
    }
    update.mutate(body);
  }

  const isFixed = fund !== null;
  const item = (field: CopyField, label: string, control: ReactNode, extra?: ReactNode, fixed = false) => (
    <Form.Item
      label={label}
      name={field}
      rules={fixed ? [] : [rule(field)]}
      extra={fixed ? fixedNote : extra}
      required={!fixed}
    >
      {control}
    </Form.Item>
  );

  const isSaving = create.isPending || update.isPending;
  const grid = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 16 } as const;
  const whole = { inputMode: 'numeric' as const };

  return (
    <Modal
      open
      title={fund ? `Edit fund ${fund.name} (${fund.id})` : 'New copy-trading fund'}
      onCancel={onClose}
      width={760}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="cf-form-cancel">
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={isSaving} onClick={() => form.submit()} data-testid="cf-form-save">
          {fund ? 'Save changes' : 'Create fund'}
        </Button>,
      ]}
      destroyOnHidden
    >
      {formError ? (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} data-testid="cf-form-error" />
      ) : null}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="cf-form-engine-note"
        title="The fund's daily results, profits and payouts come only from the strategy engine's positions; nothing here sets them."
      />
      <Form<CopyFormValues>
        form={form}
        layout="vertical"
        name="copy-fund"
        initialValues={copyFormValuesOf(fund)}
        onFinish={submit}
      >
        {item('name', 'Name', <Input maxLength={100} placeholder="US Momentum 3" data-testid="cf-form-name" />)}
        <ProductNamesFields testIdPrefix="cf-form" max={100} />
        <Typography.Title level={5}>Strategy</Typography.Title>
        <div style={grid}>
          {item(
            'strategyNo',
            'Strategy number',
            <Select virtual={false} options={strategyOptions} disabled={isFixed} data-testid="cf-form-strategy" />,
            undefined,
            isFixed,
          )}
          {item(
            'currency',
            'Currency (the market it trades)',
            <Select virtual={false} options={currencyOptions} disabled={isFixed} data-testid="cf-form-currency" />,
            undefined,
            isFixed,
          )}
        </div>
        <Typography.Title level={5}>Terms</Typography.Title>
        <div style={grid}>
          {item(
            'fundSize',
            'Fund size',
            <Input {...whole} placeholder="5000000" disabled={isFixed} data-testid="cf-form-size" />,
            'Whole amount: what followers may subscribe in total',
            isFixed,
          )}
          {item(
            'minAmount',
            'Minimum amount',
            <Input {...whole} placeholder="1000" data-testid="cf-form-min" />,
            'Whole amount per subscription',
          )}
          {item(
            'lockupDays',
            'Lock-up (days)',
            <InputNumber
              min={0}
              max={3650}
              precision={0}
              style={{ width: '100%' }}
              disabled={isFixed}
              data-testid="cf-form-lockup"
            />,
            '0: redeemable at any time',
            isFixed,
          )}
          {item(
            'tradeCycleDays',
            'Trade cycle (days)',
            <InputNumber
              min={1}
              max={3650}
              precision={0}
              style={{ width: '100%' }}
              disabled={isFixed}
              data-testid="cf-form-cycle"
            />,
            undefined,
            isFixed,
          )}
          {item(
            'copyDeadline',
            'Copy deadline',
            <Input placeholder="2025-03-31T21:00:00Z" data-testid="cf-form-deadline" />,
            `${timestampHint}; no new subscriptions after it`,
          )}
          {item(
            'endTime',
            'End time',
            <Input placeholder="2025-06-30T21:00:00Z" disabled={isFixed} data-testid="cf-form-end" />,
            `${timestampHint}; every subscription ends then with its payout`,
            isFixed,
          )}
          {item(
            'expectedReturnRate',
            'Expected return (disclosed target, not binding)',
            <Input inputMode="decimal" placeholder="0.12" disabled={isFixed} data-testid="cf-form-expected" />,
            <span data-testid="cf-form-expected-text">{`Fraction: ${percentText(expected ?? '') ?? '0.12 for 12 %'}`}</span>,
            isFixed,
          )}
        </div>
        <Form.Item
          label="Open for subscriptions"
          name="open"
          valuePropName="checked"
          extra="Also closed for everyone after the copy deadline."
        >
          <Switch data-testid="cf-form-open" />
        </Form.Item>
        <ReasonField testId="cf-form-reason" label="Reason for this change (audit log)" />
      </Form>
    </Modal>
  );
}
