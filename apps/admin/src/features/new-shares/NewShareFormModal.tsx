/**
 * Creates or edits one new-share offering (docs/api.md §19.5). Every save needs a reason (audit log).
 * Kind, code and market define the instrument and are fixed after creation; the terms of
 * `newShareLockedTerms` lock at the first application (`product.terms_locked`), so the form disables
 * them with the reason. Times are UTC ISO strings, as on the wire.
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Switch, Typography, type FormRule } from 'antd';
import { accountTypes, newShareMarkets, type AdminNewShare } from '@brokerage/contract';
import type { ApiError } from '../../api/client';
import { ReasonField } from '../../components/reason';
import { hasFieldReasons, showServerFieldErrors } from '../../components/server-field-errors';
import { termsLockedText } from '../lending';
import {
  accountTypeLabels,
  isTermDisabled,
  kindOptions,
  newShareCreateBody,
  newShareFormValuesOf,
  newShareProblems,
  newShareUpdateBody,
  type NewShareField,
  type NewShareFormValues,
} from './newshare-form';
import { useCreateNewShare, useRefreshNewShares, useUpdateNewShare } from './newshare-queries';

export const lockedNote = 'Locked: users have applied, and this term cannot change after the first application.';
const fixedNote = 'Fixed once created.';

const formFields = [
  'kind',
  'name',
  'code',
  'market',
  'issuePrice',
  'sharesOffered',
  'minShares',
  'minInvestment',
  'maxApplicationsPerUser',
  'applyStart',
  'applyEnd',
  'drawDate',
  'paymentDeadline',
  'distributionDate',
  'listingDate',
  'issueMarket',
  'sponsorBroker',
  'paymentMode',
  'channelOpen',
  'channelPasswordRequired',
  'lockDays',
  'reason',
] as const;

const marketOptions = newShareMarkets.map((value) => ({ value, label: value.toUpperCase() }));
const paymentOptions = [
  { value: 'prepaid', label: 'Prepaid (frozen at application, unallotted part released at the draw)' },
  { value: 'on_allotment', label: 'On allotment (pay by the payment deadline)' },
];

export function NewShareFormModal({
  product,
  onClose,
  onCreated,
}: {
  /** The offering to edit, or null for a new one. */
  product: AdminNewShare | null;
  onClose: () => void;
  /** A created offering, with its channel password when one was generated. */
  onCreated: (created: AdminNewShare) => void;
}) {
  const [form] = Form.useForm<NewShareFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const { message } = App.useApp();
  const refreshList = useRefreshNewShares();
  const kind = Form.useWatch('kind', form) ?? product?.kind ?? 'ipo';

  function onSaved() {
    refreshList();
    onClose();
  }

  function onRefused(error: ApiError) {
    if (error.code === 'product.terms_locked') {
      setFormError(termsLockedText(error));
      return;
    }
    if (hasFieldReasons(error)) setFormError(showServerFieldErrors(form, error, formFields));
  }

  const notify = (error: ApiError) => error.code !== 'product.terms_locked' && !hasFieldReasons(error);
  const create = useCreateNewShare({
    notify,
    onSuccess: (answer) => {
      onCreated(answer.data);
      onSaved();
    },
    onError: onRefused,
  });
  const update = useUpdateNewShare({ notify, onSuccess: onSaved, onError: onRefused });

  const rule =
    (field: NewShareField): FormRule =>
    () => ({
      validator: () => {
        const problem = newShareProblems(form.getFieldsValue(true) as NewShareFormValues)[field];
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    });

  function submit() {
    setFormError(null);
    const values = form.getFieldsValue(true) as NewShareFormValues;
    const problems = Object.entries(newShareProblems(values)) as [NewShareField, string][];
    if (problems.length > 0) {
      form.setFields(problems.map(([name, problem]) => ({ name: name.split('.') as never, errors: [problem] })));
      return;
    }
    if (!product) {
      create.mutate(newShareCreateBody(values));
      return;
    }
    const body = newShareUpdateBody(product, values);
    if (!body) {
      void message.info('Nothing has changed.');
      return;
    }
    update.mutate(body);
  }

  /** Props of a term's Form.Item: its rule, and why it is disabled. */
  const term = (field: NewShareField & string, label: string, extra?: string) => {
    const disabled = isTermDisabled(field, product);
    const locked = disabled && product !== null && !['kind', 'code', 'market'].includes(field);
    return {
      label,
      name: field,
      rules: [rule(field)],
      extra: locked ? <span data-testid={`ns-form-locked-${field}`}>{lockedNote}</span> : disabled ? fixedNote : extra,
      disabled,
    };
  };

  const item = (
    field: NewShareField & string,
    label: string,
    control: (disabled: boolean) => ReactNode,
    extra?: string,
  ) => {
    const { disabled, ...props } = term(field, label, extra);
    return (
      <Form.Item {...props} required>
        {control(disabled)}
      </Form.Item>
    );
  };

  const isSaving = create.isPending || update.isPending;
  const grid = { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 16 } as const;

  return (
    <Modal
      open
      title={product ? `Edit new share ${product.code} (${product.id})` : 'New share offering'}
      onCancel={onClose}
      width={920}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="ns-form-cancel">
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={isSaving} onClick={() => form.submit()} data-testid="ns-form-save">
          {product ? 'Save changes' : 'Create offering'}
        </Button>,
      ]}
      destroyOnHidden
    >
      {formError ? (
        <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} data-testid="ns-form-error" />
      ) : null}
      {product && product.applicationsCount > 0 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${product.applicationsCount} applications: the contractual terms are locked.`}
          data-testid="ns-form-locked"
        />
      ) : null}
      <Form<NewShareFormValues>
        form={form}
        layout="vertical"
        name="new-share"
        initialValues={newShareFormValuesOf(product)}
        onFinish={submit}
      >
        <Typography.Title level={5}>Instrument</Typography.Title>
        <div style={grid}>
          {item('kind', 'Kind', (disabled) => (
            <Select virtual={false} options={kindOptions} disabled={disabled} data-testid="ns-form-kind" />
          ))}
          {item('code', 'Code', (disabled) => (
            <Input maxLength={10} disabled={disabled} data-testid="ns-form-code" />
          ))}
          {item('market', 'Market', (disabled) => (
            <Select virtual={false} options={marketOptions} disabled={disabled} data-testid="ns-form-market" />
          ))}
          {item('name', 'Name users see', (disabled) => (
            <Input maxLength={100} disabled={disabled} data-testid="ns-form-name" />
          ))}
          {item('issueMarket', 'Issue market', (disabled) => (
            <Input maxLength={100} disabled={disabled} data-testid="ns-form-issue-market" />
          ))}
          {item('sponsorBroker', 'Sponsoring broker', (disabled) => (
            <Input maxLength={100} disabled={disabled} data-testid="ns-form-sponsor" />
          ))}
        </div>
        <Typography.Title level={5}>Terms</Typography.Title>
        <div style={grid}>
          {item('issuePrice', 'Issue price', (disabled) => (
            <Input inputMode="decimal" disabled={disabled} data-testid="ns-form-issue-price" />
          ))}
          {item('sharesOffered', 'Shares offered', (disabled) => (
            <InputNumber
              min={1}
              precision={0}
              disabled={disabled}
              style={{ width: '100%' }}
              data-testid="ns-form-shares-offered"
            />
          ))}
          {item(
            'minShares',
            'Minimum shares',
            (disabled) => (
              <InputNumber
                min={1}
                precision={0}
                disabled={disabled}
                style={{ width: '100%' }}
                data-testid="ns-form-min-shares"
              />
            ),
            kind === 'ipo' ? 'IPO: spec minimum 10,000 shares' : 'Checked for IPOs only',
          )}
          {item('minInvestment', 'Minimum investment (whole)', (disabled) => (
            <Input inputMode="numeric" disabled={disabled} data-testid="ns-form-min-investment" />
          ))}
          {item('maxApplicationsPerUser', 'Applications per user', (disabled) => (
            <InputNumber
              min={1}
              max={100}
              precision={0}
              disabled={disabled}
              style={{ width: '100%' }}
              data-testid="ns-form-max-applications"
            />
          ))}
          {item('paymentMode', 'Payment mode', (disabled) => (
            <Select virtual={false} options={paymentOptions} disabled={disabled} data-testid="ns-form-payment-mode" />
          ))}
          {item('lockDays', 'Lock after listing (days)', (disabled) => (
            <InputNumber
              min={0}
              max={3650}
              precision={0}
              disabled={disabled}
              style={{ width: '100%' }}
              data-testid="ns-form-lock-days"
            />
          ))}
        </div>
        {kind === 'placement' ? (
          <>
            <Typography.Title level={5}>Placement minimum by account type</Typography.Title>
            <div style={grid}>
              {accountTypes.map((type) => {
                const disabled = isTermDisabled('placementTiers', product);
                return (
                  <Form.Item
                    key={type}
                    label={accountTypeLabels[type]}
                    name={['tiers', type]}
                    rules={[rule(`tiers.${type}`)]}
                    extra={disabled ? lockedNote : 'Empty: no tier for this type'}
                  >
                    <Input inputMode="decimal" disabled={disabled} data-testid={`ns-form-tier-${type}`} />
                  </Form.Item>
                );
              })}
            </div>
          </>
        ) : null}
        <Typography.Title level={5}>Dates (UTC)</Typography.Title>
        <div style={grid}>
          {item('applyStart', 'Applications open', (disabled) => (
            <Input placeholder="2025-03-10T14:30:00Z" disabled={disabled} data-testid="ns-form-apply-start" />
          ))}
          {item('applyEnd', 'Application deadline', (disabled) => (
            <Input placeholder="2025-03-18T21:00:00Z" disabled={disabled} data-testid="ns-form-apply-end" />
          ))}
          {item('drawDate', 'Draw date', (disabled) => (
            <Input placeholder="2025-03-20" disabled={disabled} data-testid="ns-form-draw-date" />
          ))}
          {item('paymentDeadline', 'Payment deadline', (disabled) => (
            <Input placeholder="2025-03-21T21:00:00Z" disabled={disabled} data-testid="ns-form-payment-deadline" />
          ))}
          {item('distributionDate', 'Distribution date', (disabled) => (
            <Input placeholder="2025-03-24" disabled={disabled} data-testid="ns-form-distribution-date" />
          ))}
          {item('listingDate', 'Listing date', (disabled) => (
            <Input placeholder="2025-03-25" disabled={disabled} data-testid="ns-form-listing-date" />
          ))}
        </div>
        <Typography.Title level={5}>Channel</Typography.Title>
        <div style={grid}>
          <Form.Item label="Channel open" name="channelOpen" valuePropName="checked">
            <Switch data-testid="ns-form-channel-open" />
          </Form.Item>
          <Form.Item
            label="Channel password required"
            name="channelPasswordRequired"
            valuePropName="checked"
            extra={
              isTermDisabled('channelPasswordRequired', product)
                ? lockedNote
                : 'The server generates the password and shows it once.'
            }
          >
            <Switch
              disabled={isTermDisabled('channelPasswordRequired', product)}
              data-testid="ns-form-password-required"
            />
          </Form.Item>
        </div>
        <ReasonField testId="ns-form-reason" label="Reason for this change (audit log)" />
      </Form>
    </Modal>
  );
}
