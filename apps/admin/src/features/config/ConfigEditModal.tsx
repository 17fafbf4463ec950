/**
 * Edits one config key (docs/api.md §19.7 `/config/set`). The value is typed as JSON, checked client-side
 * (JSON syntax, then the key's schema from the contract), and the server's `request.invalid` fields
 * (`value: format`, `key: enum`) are shown on the form instead of a toast.
 */
import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { configKeyMap, type ConfigItem } from '@brokerage/contract';
import type { ApiError } from '../../api/client';
import { fieldReasonText, invalidFields } from '../../api/field-reasons';
import { reasonLengthMax, reasonRules } from '../../components/reason';
import { useConfirm } from '../../components/useConfirm';
import { formatJson, formatText, formatTime } from '../../lib/format';
import { useRefreshConfig, useSetConfig } from './config-queries';
import { parseJsonValue } from './group-config';

interface ConfigValues {
  value: string;
  reason: string;
}

const inlineFields = ['value', 'reason'] as const;

function hasInlineFields(error: ApiError): boolean {
  return error.code === 'request.invalid' && Object.keys(invalidFields(error.params)).length > 0;
}

/** Checks a parsed value against the key's schema; returns an error text or null. */
function schemaError(key: string, value: unknown): string | null {
  const def = configKeyMap.get(key);
  if (!def) return null;
  const result = def.schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return 'Does not fit the type of this key';
  const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return `Does not fit the type of this key${where}: ${issue.message}`;
}

export function ConfigEditModal({ item, onClose }: { item: ConfigItem; onClose: () => void }) {
  const [form] = Form.useForm<ConfigValues>();
  const [confirm, confirmHolder] = useConfirm();
  const [formError, setFormError] = useState<string | null>(null);
  const refreshConfig = useRefreshConfig();
  const def = configKeyMap.get(item.key);

  const setConfig = useSetConfig({
    notify: (error) => !hasInlineFields(error),
    onSuccess: () => {
      refreshConfig();
      onClose();
    },
    onError: (error) => {
      if (!hasInlineFields(error)) return;
      const fields = invalidFields(error.params);
      form.setFields(
        inlineFields
          .filter((name) => fields[name] !== undefined)
          .map((name) => ({ name, errors: [`The server refused this ${name}: it ${fieldReasonText(fields[name])}`] })),
      );
      const others = Object.entries(fields).filter(([name]) => !(inlineFields as readonly string[]).includes(name));
      setFormError(
        others.length > 0
          ? `${error.message} ${others.map(([name, reason]) => `${name}: ${fieldReasonText(reason)}`).join('; ')}`
          : null,
      );
    },
  });

  async function submit(values: ConfigValues) {
    setFormError(null);
    const parsed = parseJsonValue(values.value);
    if (!parsed.ok) return;
    const isConfirmed = await confirm({
      title: `Change ${item.key}?`,
      content: (
        <>
          <Typography.Paragraph>Changes apply to new operations only.</Typography.Paragraph>
          <Typography.Paragraph>
            New value: <Typography.Text code>{formatJson(parsed.value)}</Typography.Text>
          </Typography.Paragraph>
        </>
      ),
    });
    if (!isConfirmed) return;
    setConfig.mutate({ key: item.key, value: parsed.value, reason: values.reason.trim() });
  }

  return (
    <Modal
      open
      title={`Edit ${item.key}`}
      onCancel={onClose}
      width={720}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={setConfig.isPending}
          onClick={() => form.submit()}
          data-testid="config-save"
        >
          Save
        </Button>,
      ]}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={2}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'updatedAt', label: 'Last changed', children: formatTime(item.updatedAt) },
          { key: 'updatedBy', label: 'By', children: formatText(item.updatedBy) },
          ...(def
            ? [
                {
                  key: 'default',
                  label: 'Default',
                  span: 2,
                  children: <Typography.Text code>{formatJson(def.default)}</Typography.Text>,
                },
              ]
            : []),
        ]}
      />
      {formError ? <Alert type="error" title={formError} showIcon style={{ marginBottom: 16 }} /> : null}
      <Form<ConfigValues>
        form={form}
        layout="vertical"
        name="config-edit"
        initialValues={{ value: formatJson(item.value, true), reason: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          label="Value (JSON)"
          name="value"
          rules={[
            {
              validator: (_rule, text: unknown) => {
                const parsed = parseJsonValue(typeof text === 'string' ? text : '');
                if (!parsed.ok) return Promise.reject(new Error(parsed.error));
                const mismatch = schemaError(item.key, parsed.value);
                return mismatch ? Promise.reject(new Error(mismatch)) : Promise.resolve();
              },
            },
          ]}
          extra={
            def ? (
              <Button
                type="link"
                size="small"
                style={{ paddingInline: 0 }}
                onClick={() => form.setFieldValue('value', formatJson(def.default, true))}
              >
                Fill in the default
              </Button>
            ) : null
          }
        >
          <Input.TextArea
            rows={8}
            spellCheck={false}
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
            data-testid="config-value"
          />
        </Form.Item>
        <Form.Item label="Reason (written to the audit log)" name="reason" rules={reasonRules} required>
          <Input.TextArea rows={2} maxLength={reasonLengthMax} showCount data-testid="config-reason" />
        </Form.Item>
      </Form>
      {confirmHolder}
    </Modal>
  );
}
