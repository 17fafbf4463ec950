/**
 * Audit log (docs/api.md §19.8, admin only): append-only entries, newest first, server-paged, filtered by
 * actor, action, target and a time range. Each row expands to its before/after JSON.
 */
import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import type { AdminRequestOf, AuditEntry } from '@brokerage/contract';
import { JsonBlock } from '../../components/JsonBlock';
import { dateTimeFormat, emptyText, formatText, formatTime } from '../../lib/format';
import { useAuditList } from './audit-queries';

interface FilterValues {
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Dayjs | null;
  to?: Dayjs | null;
}

type AuditFilters = Omit<AdminRequestOf<'auditList'>, 'page' | 'size'>;

/** Form values to request fields: trimmed texts, times as ISO-8601 UTC; empty ones left out. */
export function toAuditFilters(values: FilterValues): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of ['actorId', 'action', 'targetType', 'targetId'] as const) {
    const text = values[name]?.trim();
    if (text) filters[name] = text;
  }
  if (values.from) filters.from = values.from.toISOString();
  if (values.to) filters.to = values.to.toISOString();
  return filters;
}

const columns: TableColumnsType<AuditEntry> = [
  { title: 'Time', dataIndex: 'at', key: 'at', width: 170, render: (value: string) => formatTime(value) },
  {
    title: 'Actor',
    dataIndex: 'actorName',
    key: 'actorName',
    render: (value: string | null, entry) => (
      <span title={entry.actorId ?? undefined}>{formatText(value ?? entry.actorId)}</span>
    ),
  },
  { title: 'Role', dataIndex: 'role', key: 'role', render: (value: string | null) => formatText(value) },
  {
    title: 'Action',
    dataIndex: 'action',
    key: 'action',
    render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
  },
  {
    title: 'Target',
    key: 'target',
    render: (_: unknown, entry) =>
      entry.targetType || entry.targetId
        ? `${entry.targetType ?? emptyText} ${entry.targetId ?? ''}`.trim()
        : emptyText,
  },
  {
    title: 'Reason',
    dataIndex: 'reason',
    key: 'reason',
    ellipsis: true,
    render: (value: string | null) => formatText(value),
  },
  {
    title: 'Result',
    dataIndex: 'result',
    key: 'result',
    render: (value: string) => <Tag color={value === 'ok' ? 'success' : 'error'}>{value}</Tag>,
  },
  { title: 'IP', dataIndex: 'ip', key: 'ip', render: (value: string | null) => formatText(value) },
];

function EntryDetails({ entry }: { entry: AuditEntry }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        Entry {entry.id}
        {entry.requestId ? ` · request ${entry.requestId}` : ''}
        {entry.actorId ? ` · actor ${entry.actorId}` : ''}
      </Typography.Text>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
        <div>
          <Typography.Text strong>Before</Typography.Text>
          <JsonBlock value={entry.before} label={`Before, entry ${entry.id}`} />
        </div>
        <div>
          <Typography.Text strong>After</Typography.Text>
          <JsonBlock value={entry.after} label={`After, entry ${entry.id}`} />
        </div>
      </div>
    </Space>
  );
}

export function AuditPage() {
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const audit = useAuditList({ ...filters, page, size });

  function apply(values: FilterValues) {
    setFilters(toAuditFilters(values));
    setPage(1);
  }

  function reset() {
    form.resetFields();
    setFilters({});
    setPage(1);
  }

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          Audit log
        </Typography.Title>
      }
    >
      <Form<FilterValues>
        form={form}
        layout="inline"
        name="audit-filters"
        onFinish={apply}
        style={{ marginBottom: 16, rowGap: 12 }}
      >
        <Form.Item label="Actor id" name="actorId" rules={[{ max: 64 }]}>
          <Input allowClear style={{ width: 140 }} data-testid="audit-actor-id" />
        </Form.Item>
        <Form.Item label="Action" name="action" rules={[{ max: 64 }]}>
          <Input allowClear placeholder="e.g. user/restrict" style={{ width: 170 }} data-testid="audit-action" />
        </Form.Item>
        <Form.Item label="Target type" name="targetType" rules={[{ max: 64 }]}>
          <Input allowClear style={{ width: 130 }} data-testid="audit-target-type" />
        </Form.Item>
        <Form.Item label="Target id" name="targetId" rules={[{ max: 64 }]}>
          <Input allowClear style={{ width: 140 }} data-testid="audit-target-id" />
        </Form.Item>
        <Form.Item label="From" name="from">
          <DatePicker showTime format={dateTimeFormat} data-testid="audit-from" />
        </Form.Item>
        <Form.Item
          label="To"
          name="to"
          dependencies={['from']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, to: Dayjs | null | undefined) => {
                const from = getFieldValue('from') as Dayjs | null | undefined;
                return from && to && to.isBefore(from)
                  ? Promise.reject(new Error('Must be after From'))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DatePicker showTime format={dateTimeFormat} data-testid="audit-to" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="audit-apply">
              Apply
            </Button>
            <Button onClick={reset}>Reset</Button>
            <Button onClick={() => void audit.refetch()} loading={audit.isFetching}>
              Reload
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={audit.data?.list ?? []}
        loading={audit.isFetching}
        expandable={{ expandedRowRender: (entry) => <EntryDetails entry={entry} /> }}
        data-testid="audit-table"
        pagination={{
          current: audit.data?.page ?? page,
          pageSize: audit.data?.size ?? size,
          total: audit.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total) => `${total} entries`,
          onChange: (nextPage, nextSize) => {
            setPage(nextSize !== size ? 1 : nextPage);
            setSize(nextSize);
          },
        }}
      />
    </Card>
  );
}
