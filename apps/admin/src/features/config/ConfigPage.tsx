/** Config editor (docs/api.md §19.7): every key with its effective value, grouped by prefix. */
import { useMemo, useState } from 'react';
import { Button, Card, Collapse, Empty, Input, Space, Spin, Table, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { ConfigItem } from '@brokerage/contract';
import { formatJson, formatText, formatTime } from '../../lib/format';
import { depositChannelsPath } from '../../sections';
import { ConfigEditModal } from './ConfigEditModal';
import { useConfig } from './config-queries';
import { channelsConfigKey } from './deposit-channels';
import { groupConfig } from './group-config';

export function ConfigPage() {
  const config = useConfig();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<ConfigItem | null>(null);
  const navigate = useNavigate();
  const groups = useMemo(() => groupConfig(config.data?.list ?? [], filter), [config.data, filter]);

  const columns: TableColumnsType<ConfigItem> = [
    {
      title: 'Key',
      dataIndex: 'key',
      key: 'key',
      width: 300,
      render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
    },
    {
      title: 'Value',
      dataIndex: 'value',
      key: 'value',
      render: (value: unknown) => (
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {formatJson(value)}
        </Typography.Text>
      ),
    },
    {
      title: 'Last changed',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      width: 180,
      render: (value: string | null) => formatTime(value),
    },
    {
      title: 'By',
      dataIndex: 'updatedBy',
      key: 'updatedBy',
      width: 120,
      render: (value: string | null) => formatText(value),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 150,
      render: (_: unknown, item) => (
        <Space size={0}>
          <Button
            type="link"
            onClick={() => setEditing(item)}
            aria-label={`Edit ${item.key}`}
            data-testid={`config-edit-${item.key}`}
          >
            Edit
          </Button>
          {item.key === channelsConfigKey ? (
            <Button
              type="link"
              onClick={() => {
                navigate(depositChannelsPath);
              }}
              data-testid="config-open-channel-editor"
            >
              Form editor
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          Config
        </Typography.Title>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          allowClear
          placeholder="Filter keys"
          aria-label="Filter config keys"
          style={{ width: 320 }}
          data-testid="config-filter"
        />
        <Button onClick={() => void config.refetch()} loading={config.isFetching}>
          Reload
        </Button>
      </Space>
      {config.isPending ? (
        <Spin aria-label="Loading config" />
      ) : groups.length === 0 ? (
        <Empty description="No config keys" />
      ) : (
        <Collapse
          // Every group starts open, and again after the filter changes, so each key is one click from edit.
          key={filter}
          defaultActiveKey={groups.map((group) => group.name)}
          items={groups.map((group) => ({
            key: group.name,
            label: `${group.name} (${group.items.length})`,
            children: (
              <Table<ConfigItem>
                aria-label={`Config keys of ${group.name}`}
                size="small"
                rowKey="key"
                pagination={false}
                columns={columns}
                dataSource={group.items}
                data-testid={`config-group-${group.name}`}
              />
            ),
          }))}
        />
      )}
      {editing ? <ConfigEditModal key={editing.key} item={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
