/**
 * Adds or edits one deposit channel of the editor's draft list. Nothing is sent from here: the page
 * saves the whole list with a reason. Every field is checked with `channelProblems` (the rules a usable
 * channel needs, then the contract's `depositChannelConfig`), so a channel that reaches the list fits it.
 */
import { Button, Checkbox, Form, Input, Modal, Radio, Select, Space, Switch, Typography, type FormRule } from 'antd';
import { currencies, type Currency, type DepositChannelConfig } from '@brokerage/contract';
import { formatDays, isoDayOptions } from '../../lib/days';
import {
  channelFormValuesOf,
  channelOf,
  channelProblems,
  roundTheClock,
  type ChannelField,
  type ChannelFormValues,
  type ChannelWindow,
} from './deposit-channels';

export interface ChannelFormModalProps {
  /** The channel to edit, or null for a new one. */
  channel: DepositChannelConfig | null;
  /** True for a channel already saved on the server: its id is fixed (deposits refer to it). */
  isStored: boolean;
  otherIds: readonly string[];
  enabledCurrencies: readonly Currency[];
  limitsOf: (currency: Currency) => { min: string; max: string } | null;
  defaultWindow: ChannelWindow | null;
  onSave: (channel: DepositChannelConfig) => void;
  onClose: () => void;
}

const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

export function ChannelFormModal({
  channel,
  isStored,
  otherIds,
  enabledCurrencies,
  limitsOf,
  defaultWindow,
  onSave,
  onClose,
}: ChannelFormModalProps) {
  const [form] = Form.useForm<ChannelFormValues>();
  const type = Form.useWatch('type', form) ?? channel?.type ?? 'bank';
  const windowMode = Form.useWatch('windowMode', form) ?? (channel?.window ? 'own' : 'default');
  const currency = Form.useWatch('currency', form) ?? channel?.currency ?? 'MXN';
  const limits = limitsOf(currency);

  const allValues = (): ChannelFormValues => form.getFieldsValue(true) as ChannelFormValues;

  /** The field's problem from `channelProblems`, as an antd rule. */
  const rule =
    (field: ChannelField): FormRule =>
    () => ({
      validator: () => {
        const problem = channelProblems(allValues(), otherIds)[field];
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    });

  function finish() {
    const values = allValues();
    const problems = channelProblems(values, otherIds);
    const fields = Object.entries(problems) as [ChannelField, string][];
    if (fields.length > 0) {
      form.setFields(fields.map(([name, problem]) => ({ name, errors: [problem] })));
      return;
    }
    onSave(channelOf(values));
  }

  function setRoundTheClock() {
    form.setFieldsValue({
      windowMode: 'own',
      windowOpen: roundTheClock.open,
      windowClose: roundTheClock.close,
      windowDays: [...roundTheClock.days],
    });
    void form.validateFields(['windowOpen', 'windowClose', 'windowDays']);
  }

  const defaultWindowText = defaultWindow
    ? `${defaultWindow.open}–${defaultWindow.close}, ${formatDays(defaultWindow.days)}`
    : 'deposit.window';

  return (
    <Modal
      open
      title={channel ? `Edit channel ${channel.id}` : 'New deposit channel'}
      onCancel={onClose}
      width={760}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="channel-cancel">
          Cancel
        </Button>,
        <Button key="ok" type="primary" onClick={() => form.submit()} data-testid="channel-ok">
          {channel ? 'Apply to the list' : 'Add to the list'}
        </Button>,
      ]}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Changes go into the list below; nothing reaches users until the list is saved with a reason.
      </Typography.Paragraph>
      <Form<ChannelFormValues>
        form={form}
        layout="vertical"
        name="deposit-channel"
        initialValues={channelFormValuesOf(channel)}
        onFinish={finish}
      >
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
          <Form.Item
            label="Id"
            name="id"
            required
            rules={[rule('id')]}
            extra={
              isStored
                ? 'Fixed: deposits refer to the channel by its id.'
                : 'Letters, digits, _ and -; users never see it.'
            }
          >
            <Input disabled={isStored} maxLength={64} style={monospace} data-testid="channel-id" />
          </Form.Item>
          <Form.Item label="Name users see" name="name" required rules={[rule('name')]}>
            <Input maxLength={100} data-testid="channel-name" />
          </Form.Item>
          <Form.Item label="Type" name="type" required>
            <Radio.Group>
              <Radio value="bank">
                <span data-testid="channel-type-bank">Bank transfer</span>
              </Radio>
              <Radio value="crypto">
                <span data-testid="channel-type-crypto">Crypto</span>
              </Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item label="Currency" name="currency" required rules={[rule('currency')]}>
            <Select<Currency>
              virtual={false}
              showSearch
              data-testid="channel-currency"
              options={currencies.map((value) => ({
                value,
                label: enabledCurrencies.includes(value) ? value : `${value} (not enabled in currencies.enabled)`,
              }))}
            />
          </Form.Item>
        </div>

        {type === 'bank' ? (
          <fieldset aria-label="Bank account" style={{ border: 0, padding: 0, margin: 0 }}>
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
              <Form.Item label="Account name" name="accountName" required rules={[rule('accountName')]}>
                <Input maxLength={100} data-testid="channel-account-name" />
              </Form.Item>
              <Form.Item label="Account number" name="accountNumber" required rules={[rule('accountNumber')]}>
                <Input maxLength={200} style={monospace} data-testid="channel-account-number" />
              </Form.Item>
              <Form.Item label="Bank name" name="bankName" required rules={[rule('bankName')]}>
                <Input maxLength={100} data-testid="channel-bank-name" />
              </Form.Item>
              <Form.Item label="Branch (optional)" name="branch" rules={[rule('branch')]}>
                <Input maxLength={100} data-testid="channel-branch" />
              </Form.Item>
            </div>
          </fieldset>
        ) : (
          <fieldset aria-label="Crypto address" style={{ border: 0, padding: 0, margin: 0 }}>
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 2fr', columnGap: 16 }}>
              <Form.Item label="Network" name="network" required rules={[rule('network')]}>
                <Input maxLength={50} placeholder="TRC20" data-testid="channel-network" />
              </Form.Item>
              <Form.Item label="Address" name="address" required rules={[rule('address')]}>
                <Input maxLength={200} style={monospace} data-testid="channel-address" />
              </Form.Item>
            </div>
            <Form.Item label="QR image URL (optional)" name="qrImageUrl" rules={[rule('qrImageUrl')]}>
              <Input maxLength={500} placeholder="https://…" data-testid="channel-qr-url" />
            </Form.Item>
          </fieldset>
        )}

        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
          <Form.Item
            label="Minimum (optional)"
            name="min"
            rules={[rule('min')]}
            extra={limits ? `Empty: the ${currency} default, ${limits.min}` : undefined}
          >
            <Input placeholder={limits?.min} inputMode="decimal" data-testid="channel-min" />
          </Form.Item>
          <Form.Item
            label="Maximum (optional)"
            name="max"
            dependencies={['min']}
            rules={[rule('max')]}
            extra={limits ? `Empty: the ${currency} default, ${limits.max}` : undefined}
          >
            <Input placeholder={limits?.max} inputMode="decimal" data-testid="channel-max" />
          </Form.Item>
        </div>

        <Form.Item label="Window" name="windowMode">
          <Radio.Group>
            <Space orientation="vertical">
              <Radio value="default">
                <span data-testid="channel-window-default">Use the default window ({defaultWindowText})</span>
              </Radio>
              <Radio value="own">
                <span data-testid="channel-window-own">Own window</span>
              </Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        <Button size="small" onClick={setRoundTheClock} style={{ marginBottom: 16 }} data-testid="channel-window-24-7">
          Around the clock, every day (24/7)
        </Button>
        {windowMode === 'own' ? (
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 2fr', columnGap: 16 }}>
            <Form.Item label="Opens (HH:mm)" name="windowOpen" required rules={[rule('windowOpen')]}>
              <Input maxLength={5} placeholder="00:00" style={monospace} data-testid="channel-window-open" />
            </Form.Item>
            <Form.Item
              label="Closes (HH:mm, 24:00 = midnight)"
              name="windowClose"
              required
              dependencies={['windowOpen']}
              rules={[rule('windowClose')]}
            >
              <Input maxLength={5} placeholder="24:00" style={monospace} data-testid="channel-window-close" />
            </Form.Item>
            <Form.Item label="Days" name="windowDays" required rules={[rule('windowDays')]}>
              <Checkbox.Group options={isoDayOptions} data-testid="channel-window-days" />
            </Form.Item>
          </div>
        ) : null}

        <Form.Item label="Enabled (users can choose it)" name="enabled" valuePropName="checked">
          <Switch data-testid="channel-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
