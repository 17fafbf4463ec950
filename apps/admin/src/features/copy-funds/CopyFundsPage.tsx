/**
 * Copy-trading funds (docs/api.md §19.5 `/product/list` kind `copy`, `/copy/create`, `/copy/update`,
 * `/copy/close`): the list with what followers subscribed, the NAV, the fund's value and its state;
 * the create and edit forms; and closing a fund, which sells its positions and then ends every
 * subscription with its payout. Every action needs a reason (audit log). Nothing here sets a
 * result, profit or payout (§19.6).
 */
import { useState } from 'react';
import { Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { AdminCopyFund } from '@brokerage/contract';
import { useListParams } from '../../components/useListParams';
import { useReasonConfirm } from '../../components/useReasonConfirm';
import { percentOf } from '../../lib/decimal';
import { percentText } from './copy-form';
import { useCloseCopyFund, useCopyFunds, useRefreshCopyFunds } from './copy-queries';
import { CopyFundFormModal } from './CopyFundFormModal';

/** `/product/list` answers the product type of the kind asked for; this page asks for `copy`. */
export const isCopyFund = (p: object): p is AdminCopyFund => 'strategyNo' in p && 'activeSubscriptions' in p;

type Editing = { fund: AdminCopyFund | null } | null;

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
const stateColour: Record<AdminCopyFund['state'], string> = { running: 'blue', closing: 'orange', closed: 'default' };

/** A daily result as a signed percentage with 2 decimals ("0.0012" → "+0.12 %"). */
export function dailyText(rate: string | null): string {
  if (rate === null) return 'no result yet';
  if (!/^-?\d+(\.\d+)?$/.test(rate)) return rate;
  const percent = percentOf(rate, 2, 'half_up');
  return `${/^[1-9]|^0\.\d*[1-9]/.test(percent) ? '+' : ''}${percent} %`;
}

export function CopyFundsPage() {
  const { page, size, pagination } = useListParams();
  const list = useCopyFunds(page, size);
  const refreshList = useRefreshCopyFunds();
  const [askReason, reasonHolder] = useReasonConfirm();
  const [editing, setEditing] = useState<Editing>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const close = useCloseCopyFund({ onSuccess: refreshList });

  async function closeFund(fund: AdminCopyFund) {
    const reason = await askReason({
      title: `Close the fund "${fund.name}"?`,
      content: (
        <div data-testid="cf-close-text">
          <Typography.Paragraph>
            {`The strategy stops. Every position of the fund is sold at market; then each of the ${fund.activeSubscriptions} active subscriptions (${fund.subscribed} ${fund.currency} subscribed) ends with its payout — amount + profit − performance fee − service fee — credited to the follower's available balance, lock-up or not.`}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            This cannot be undone: a closed fund takes no subscription again.
          </Typography.Paragraph>
        </div>
      ),
      okText: 'Close the fund',
      danger: true,
      reasonLabel: 'Reason (audit log)',
    });
    if (reason === null) return;
    setBusyId(fund.id);
    close.mutate({ id: fund.id, reason }, { onSettled: () => setBusyId(null) });
  }

  const columns: TableColumnsType<AdminCopyFund> = [
    {
      title: 'Fund',
      key: 'fund',
      render: (_: unknown, fund) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{fund.name}</Typography.Text>
          <Space size={4} wrap>
            <Tag>{fund.strategyNo}</Tag>
            <Tag>{fund.currency}</Tag>
          </Space>
          <Typography.Text type="secondary">{fund.id}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Terms',
      key: 'terms',
      render: (_: unknown, fund) => (
        <Space orientation="vertical" size={0} style={tabular}>
          <span>{`min ${fund.minAmount}`}</span>
          <Typography.Text type="secondary">{`lock-up ${fund.lockupDays} d · cycle ${fund.tradeCycleDays} d`}</Typography.Text>
          <Typography.Text type="secondary">{`target ${percentText(fund.expectedReturnRate) ?? fund.expectedReturnRate}`}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Subscribed',
      key: 'subscribed',
      align: 'right',
      render: (_: unknown, fund) => (
        <Space orientation="vertical" size={0} style={tabular} data-testid={`cf-subscribed-${fund.id}`}>
          <span>{`${fund.subscribed} / ${fund.fundSize}`}</span>
          <Typography.Text type="secondary">{`${fund.activeSubscriptions} active · ${fund.remaining} left`}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'NAV / value',
      key: 'nav',
      align: 'right',
      render: (_: unknown, fund) => (
        <Space orientation="vertical" size={0} style={tabular} data-testid={`cf-nav-${fund.id}`}>
          <Typography.Text strong>{fund.nav}</Typography.Text>
          <span>{`${fund.totalValue} ${fund.currency}`}</span>
          <Typography.Text type="secondary">{`today ${dailyText(fund.dailyProfitRate)}`}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Dates',
      key: 'dates',
      render: (_: unknown, fund) => (
        <Space orientation="vertical" size={0} style={tabular}>
          <span>{`deadline ${fund.copyDeadline}`}</span>
          <Typography.Text type="secondary">{`ends ${fund.endTime}`}</Typography.Text>
          {fund.closedAt ? <Typography.Text type="secondary">{`closed ${fund.closedAt}`}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: 'State',
      key: 'state',
      render: (_: unknown, fund) => (
        <Space orientation="vertical" size={2}>
          <Tag color={stateColour[fund.state]} data-testid={`cf-state-${fund.id}`}>
            {fund.state}
          </Tag>
          <Tag color={fund.open ? 'green' : 'default'} data-testid={`cf-open-${fund.id}`}>
            {fund.open ? 'open' : 'not open'}
          </Tag>
        </Space>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, fund) =>
        fund.state === 'running' ? (
          <Space wrap>
            <Button
              type="link"
              onClick={() => setEditing({ fund })}
              aria-label={`Edit ${fund.name}`}
              data-testid={`cf-edit-${fund.id}`}
            >
              Edit
            </Button>
            <Button
              type="link"
              danger
              loading={busyId === fund.id && close.isPending}
              onClick={() => void closeFund(fund)}
              data-testid={`cf-close-${fund.id}`}
            >
              Close
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          Copy-trading funds
        </Typography.Title>
      }
      extra={
        <Space>
          <Button onClick={() => void list.refetch()} loading={list.isFetching} data-testid="cf-reload">
            Reload
          </Button>
          <Button type="primary" onClick={() => setEditing({ fund: null })} data-testid="cf-new">
            New fund
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        Each fund runs one of the strategy engine&apos;s strategies with real positions on the house fund account. Its
        daily result, the followers&apos; profits and payouts come only from those positions; the back office sets the
        terms, never a result (§19.6).
      </Typography.Paragraph>
      <Table<AdminCopyFund>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={(list.data?.list ?? []).filter(isCopyFund)}
        loading={list.isPending}
        data-testid="cf-table"
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: list.isError ? 'The funds could not be loaded. Press Reload.' : 'No copy-trading funds yet.',
        }}
        pagination={pagination(list.data)}
      />
      {editing ? (
        <CopyFundFormModal key={editing.fund?.id ?? 'new'} fund={editing.fund} onClose={() => setEditing(null)} />
      ) : null}
      {reasonHolder}
    </Card>
  );
}
