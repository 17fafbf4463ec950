/**
 * Deposit channels (config key `deposit.channels`, docs/api.md §19.7 and §10.1), edited as a form instead of
 * JSON. Channels are added, edited and removed in a draft; "Save channels" sends the whole list once
 * through `/config/set` with a reason (audit-logged). Before saving, the stored list is read again: if
 * someone else changed it meanwhile, nothing is sent, so their change is not overwritten unseen.
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useNavigate } from 'react-router-dom';
import {
  parseConfigValue,
  type ConfigItem,
  type ConfigKey,
  type ConfigValue,
  type Currency,
  type DepositChannelConfig,
} from '@brokerage/contract';
import { useReasonConfirm } from '../../components/useReasonConfirm';
import { emptyText, formatText, formatTime } from '../../lib/format';
import { formatDays } from '../../lib/days';
import { ChannelFormModal } from './ChannelFormModal';
import { readConfigNow, useConfig, useRefreshConfig, useSetConfig } from './config-queries';
import {
  channelChanges,
  channelsConfigKey,
  channelsListProblem,
  channelsMax,
  hasChanges,
  readChannels,
  type ChannelWindow,
} from './deposit-channels';

/** Which form is open: a new channel, one being edited (by its index in the draft), or none. */
type Editing = { index: number | null } | null;

function windowText(window: ChannelWindow): string {
  return `${window.open}–${window.close}, ${formatDays(window.days)}`;
}

/** A key's value from `/config/get`, checked against and typed by the key's schema; null if absent or off-schema. */
function configValue<K extends ConfigKey>(list: readonly ConfigItem[] | undefined, key: K): ConfigValue<K> | null {
  const item = list?.find((entry) => entry.key === key);
  return item ? parseConfigValue(key, item.value) : null;
}

export function DepositChannelsPage() {
  const config = useConfig();
  const refreshConfig = useRefreshConfig();
  const navigate = useNavigate();
  const [askReason, reasonHolder] = useReasonConfirm();
  const [draft, setDraft] = useState<DepositChannelConfig[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);

  const list = config.data?.list;
  const item = list?.find((entry) => entry.key === channelsConfigKey);
  const stored = useMemo(() => readChannels(item?.value), [item?.value]);
  const storedChannels = stored.ok ? stored.channels : [];
  const channels = draft ?? storedChannels;
  const changes = channelChanges(storedChannels, channels);
  const isChanged = draft !== null && hasChanges(changes);

  const defaultWindow = configValue(list, 'deposit.window');
  const enabledCurrencies: Currency[] = configValue(list, 'currencies.enabled') ?? [];
  const limitsOf = (currency: Currency) => configValue(list, `deposit.limits.${currency}`);
  const storedIds = new Set(storedChannels.map((channel) => channel.id));

  const setConfig = useSetConfig({
    onSuccess: ({ data }) => {
      refreshConfig(data);
      setDraft(null);
    },
    onError: (error) => setSaveError(error.displayText),
  });

  function saveChannel(channel: DepositChannelConfig) {
    const next = [...channels];
    if (editing?.index === null || editing?.index === undefined) next.push(channel);
    else next[editing.index] = channel;
    setDraft(next);
    setEditing(null);
    setSaveError(null);
  }

  function remove(index: number) {
    setDraft(channels.filter((_, position) => position !== index));
    setSaveError(null);
  }

  async function save() {
    setSaveError(null);
    const problem = channelsListProblem(channels);
    if (problem) {
      setSaveError(problem);
      return;
    }
    // Someone may have saved the list since this page read it: check before overwriting.
    setIsChecking(true);
    let current: unknown;
    try {
      // the stored value as it is (not parsed), compared with what this page read
      current = (await readConfigNow()).find((entry) => entry.key === channelsConfigKey)?.value;
    } catch {
      // The client toasted why; nothing was sent.
      return;
    } finally {
      setIsChecking(false);
    }
    if (JSON.stringify(current ?? null) !== JSON.stringify(item?.value ?? null)) {
      setSaveError(
        'Someone else changed the deposit channels since this page read them. Reload to see their change; your draft is kept until then.',
      );
      return;
    }
    const summary = [
      changes.added.length > 0 ? `added ${changes.added.join(', ')}` : null,
      changes.changed.length > 0 ? `changed ${changes.changed.join(', ')}` : null,
      changes.removed.length > 0 ? `removed ${changes.removed.join(', ')}` : null,
    ].filter((part): part is string => part !== null);
    const reason = await askReason({
      title: 'Save the deposit channels?',
      content: (
        <>
          <Typography.Paragraph>
            {channels.length} channel{channels.length === 1 ? '' : 's'}: {summary.join('; ')}.
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            Users see the change at once; deposits already submitted keep their channel.
          </Typography.Paragraph>
        </>
      ),
      okText: 'Save channels',
      reasonLabel: 'Reason for the change (audit log)',
    });
    if (reason === null) return;
    setConfig.mutate({ key: channelsConfigKey, value: channels, reason });
  }

  function reload() {
    setDraft(null);
    setSaveError(null);
    void config.refetch();
  }

  const columns: TableColumnsType<DepositChannelConfig> = [
    {
      title: 'Channel',
      key: 'channel',
      render: (_: unknown, channel) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{channel.name}</Typography.Text>
          <Typography.Text code>{channel.id}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Type',
      dataIndex: 'type',
      key: 'type',
      width: 80,
      render: (value: string) => (value === 'crypto' ? 'Crypto' : 'Bank'),
    },
    { title: 'Currency', dataIndex: 'currency', key: 'currency', width: 90 },
    {
      title: 'Pay to',
      key: 'payTo',
      render: (_: unknown, channel) =>
        channel.type === 'bank' ? (
          <Space orientation="vertical" size={0}>
            <span>{formatText(channel.accountName)}</span>
            <Typography.Text code>{formatText(channel.accountNumber)}</Typography.Text>
            <Typography.Text type="secondary">
              {formatText(channel.bankName)}
              {channel.branch ? `, ${channel.branch}` : ''}
            </Typography.Text>
          </Space>
        ) : (
          <Space orientation="vertical" size={0}>
            <span>{formatText(channel.network)}</span>
            <Typography.Text code style={{ wordBreak: 'break-all' }}>
              {formatText(channel.address)}
            </Typography.Text>
          </Space>
        ),
    },
    {
      title: 'Min – max',
      key: 'limits',
      render: (_: unknown, channel) => {
        const limits = limitsOf(channel.currency);
        const min = channel.min ?? (limits ? `${limits.min} (default)` : 'default');
        const max = channel.max ?? (limits ? `${limits.max} (default)` : 'default');
        return `${min} – ${max}`;
      },
    },
    {
      title: 'Window',
      key: 'window',
      render: (_: unknown, channel) =>
        channel.window ? (
          windowText(channel.window)
        ) : (
          <Typography.Text type="secondary">
            Default{defaultWindow ? ` (${windowText(defaultWindow)})` : ''}
          </Typography.Text>
        ),
    },
    {
      title: 'Enabled',
      dataIndex: 'enabled',
      key: 'enabled',
      width: 90,
      render: (value: boolean) => (value ? <Tag color="green">Enabled</Tag> : <Tag>Disabled</Tag>),
    },
    {
      title: 'Draft',
      key: 'draft',
      width: 90,
      render: (_: unknown, channel) =>
        changes.added.includes(channel.id) ? (
          <Tag color="blue">New</Tag>
        ) : changes.changed.includes(channel.id) ? (
          <Tag color="orange">Changed</Tag>
        ) : (
          emptyText
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 150,
      render: (_: unknown, channel, index) => (
        <Space size={0}>
          <Button
            type="link"
            onClick={() => setEditing({ index })}
            aria-label={`Edit channel ${channel.id}`}
            data-testid={`channel-edit-${channel.id}`}
          >
            Edit
          </Button>
          <Button
            type="link"
            danger
            onClick={() => remove(index)}
            aria-label={`Remove channel ${channel.id}`}
            data-testid={`channel-remove-${channel.id}`}
          >
            Remove
          </Button>
        </Space>
      ),
    },
  ];

  let body;
  if (config.isPending) body = <Spin aria-label="Loading the deposit channels" />;
  else if (!config.data) {
    body = (
      <Result
        status="warning"
        title="Could not load the config"
        extra={<Button onClick={() => void config.refetch()}>Try again</Button>}
      />
    );
  } else if (!stored.ok) {
    body = (
      <Alert
        type="error"
        showIcon
        title="The stored deposit channels cannot be edited as a form"
        description={`${stored.error} Correct the value in Config (JSON editor) first.`}
        action={
          <Button
            onClick={() => {
              navigate('/config');
            }}
          >
            Open Config
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <Descriptions
          size="small"
          column={3}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'updatedAt', label: 'Last saved', children: formatTime(item?.updatedAt) },
            { key: 'updatedBy', label: 'By', children: formatText(item?.updatedBy) },
            {
              key: 'default',
              label: 'Default window',
              children: defaultWindow ? windowText(defaultWindow) : emptyText,
            },
          ]}
        />
        {saveError ? (
          <Alert
            type="error"
            showIcon
            title={saveError}
            style={{ marginBottom: 16 }}
            data-testid="channels-save-error"
          />
        ) : null}
        {isChanged ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="Unsaved changes"
            description="Users still see the saved channels until you save the list."
            data-testid="channels-unsaved"
          />
        ) : null}
        <Table<DepositChannelConfig>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={channels}
          pagination={false}
          locale={{ emptyText: 'No deposit channels: users cannot deposit.' }}
          data-testid="channels-table"
        />
      </>
    );
  }

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          Deposit channels
        </Typography.Title>
      }
      extra={
        <Space>
          <Button onClick={reload} loading={config.isFetching} data-testid="channels-reload">
            Reload
          </Button>
          <Button onClick={() => setDraft(null)} disabled={!isChanged} data-testid="channels-discard">
            Discard changes
          </Button>
          <Button
            onClick={() => setEditing({ index: null })}
            disabled={!stored.ok || config.isPending || channels.length >= channelsMax}
            data-testid="channels-add"
          >
            Add channel
          </Button>
          <Button
            type="primary"
            onClick={() => void save()}
            disabled={!isChanged}
            loading={isChecking || setConfig.isPending}
            data-testid="channels-save"
          >
            Save channels
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        Users see the enabled channels when they deposit. A channel without its own window uses{' '}
        <Typography.Text code>deposit.window</Typography.Text>; without its own minimum or maximum, the currency&apos;s{' '}
        <Typography.Text code>deposit.limits</Typography.Text>. Times are local to{' '}
        <Typography.Text code>funds.timezone</Typography.Text>.
      </Typography.Paragraph>
      {body}
      {editing ? (
        <ChannelFormModal
          key={editing.index ?? 'new'}
          channel={editing.index === null ? null : (channels[editing.index] ?? null)}
          isStored={editing.index !== null && storedIds.has(channels[editing.index]?.id ?? '')}
          otherIds={channels.filter((_, position) => position !== editing.index).map((channel) => channel.id)}
          enabledCurrencies={enabledCurrencies}
          limitsOf={limitsOf}
          defaultWindow={defaultWindow}
          onSave={saveChannel}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {reasonHolder}
    </Card>
  );
}
