/**
 * One user's orders and positions in the user drawer (`/api/admin/user/orders`): read-only, every
 * market, newest first, with a state filter and paging. The back office cannot change an order, a
 * price or a P&L (docs/api.md §19.6), so there is no action here. Figures are shown exactly as sent.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Segmented, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { OrderState } from '@brokerage/contract';
import { emptyText, formatAmount, formatTime } from '../../lib/format';
import { useUserOrders, type UserOrder } from './user-queries';

export type OrderFilter = 'all' | 'open' | 'pending' | 'closed' | 'cancelled';

export const orderFilterStates: Record<OrderFilter, OrderState[] | undefined> = {
  all: undefined,
  open: ['holding', 'locked', 'closing'],
  pending: ['pending'],
  closed: ['closed'],
  cancelled: ['cancelled'],
};

const orderFilterLabels: Record<OrderFilter, string> = {
  all: 'All',
  open: 'Open positions',
  pending: 'Pending',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

export const orderStateLabels: Record<OrderState, string> = {
  pending: 'Pending',
  holding: 'Holding',
  locked: 'Locked',
  closing: 'Closing',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

const orderStateColors: Record<OrderState, string> = {
  pending: 'gold',
  holding: 'blue',
  locked: 'purple',
  closing: 'cyan',
  closed: 'default',
  cancelled: 'default',
};

function signed(value: string): ReactNode {
  const type = value.startsWith('-') ? 'danger' : /[1-9]/.test(value) ? 'success' : undefined;
  return <Typography.Text type={type}>{value}</Typography.Text>;
}

const columns: TableColumnsType<UserOrder> = [
  {
    title: 'Instrument',
    key: 'code',
    render: (_, o) => (
      <span>
        <strong>{o.code}</strong>
        <br />
        <Typography.Text type="secondary">
          {o.market.toUpperCase()} · {o.orderNo}
        </Typography.Text>
      </span>
    ),
  },
  {
    title: 'Side',
    dataIndex: 'side',
    key: 'side',
    render: (side: UserOrder['side']) => (side === 'long' ? 'Long' : 'Short'),
  },
  {
    title: 'Type',
    dataIndex: 'orderType',
    key: 'orderType',
    render: (type: UserOrder['orderType']) => (type === 'limit' ? 'Limit' : 'Market'),
  },
  {
    title: 'State',
    dataIndex: 'state',
    key: 'state',
    render: (state: OrderState) => <Tag color={orderStateColors[state]}>{orderStateLabels[state]}</Tag>,
  },
  { title: 'Lots', dataIndex: 'lots', key: 'lots', align: 'right' },
  { title: 'Leverage', dataIndex: 'leverage', key: 'leverage', align: 'right', render: (n: number) => `${n}×` },
  {
    title: 'Prices',
    key: 'prices',
    render: (_, o) => (
      <span>
        Limit {formatAmount(o.price)}
        <br />
        Cost {formatAmount(o.costPrice)}
        <br />
        {o.state === 'closed' ? `Close ${formatAmount(o.closePrice)}` : `Now ${formatAmount(o.currentPrice)}`}
      </span>
    ),
  },
  { title: 'Margin', key: 'margin', align: 'right', render: (_, o) => `${o.margin} ${o.currency}` },
  {
    title: 'P&L',
    key: 'profitLoss',
    align: 'right',
    render: (_, o) => (
      <span>
        {signed(o.profitLoss)}
        {o.actualProfit !== null ? (
          <>
            <br />
            <Typography.Text type="secondary">net {o.actualProfit}</Typography.Text>
          </>
        ) : null}
      </span>
    ),
  },
  {
    title: 'Times',
    key: 'times',
    render: (_, o) => (
      <span>
        Created {formatTime(o.createdAt)}
        <br />
        Opened {formatTime(o.openedAt)}
        <br />
        {o.closedAt ? `Closed ${formatTime(o.closedAt)}` : o.cancelReason ? `Cancelled (${o.cancelReason})` : emptyText}
      </span>
    ),
  },
];

export function UserOrders({ userId }: { userId: string }) {
  const [filter, setFilter] = useState<OrderFilter>('all');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const states = orderFilterStates[filter];
  const body = { userId, page, size, ...(states ? { states } : {}) };
  const orders = useUserOrders(body);

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented<OrderFilter>
          value={filter}
          options={(Object.keys(orderFilterLabels) as OrderFilter[]).map((value) => ({
            value,
            label: orderFilterLabels[value],
          }))}
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
          aria-label="Filter orders by state"
          data-testid="user-orders-filter"
        />
        <Button onClick={() => void orders.refetch()} loading={orders.isFetching} data-testid="user-orders-reload">
          Reload
        </Button>
      </Space>
      <Typography.Text type="secondary">
        Read-only: orders, prices and P&L come from the trading engine and the market feed.
      </Typography.Text>
      {orders.isError ? (
        <Alert
          type="error"
          showIcon
          title="Could not load the orders"
          description={orders.error.message}
          action={<Button onClick={() => void orders.refetch()}>Try again</Button>}
          data-testid="user-orders-error"
        />
      ) : (
        <Table<UserOrder>
          aria-label="Orders and positions"
          data-testid="user-orders"
          size="small"
          rowKey="orderId"
          columns={columns}
          dataSource={orders.data?.list ?? []}
          loading={orders.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No orders' }}
          pagination={{
            current: orders.data?.page ?? page,
            pageSize: orders.data?.size ?? size,
            total: orders.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (total) => `${total} orders`,
            onChange: (nextPage, nextSize) => {
              setPage(nextSize !== size ? 1 : nextPage);
              setSize(nextSize);
            },
          }}
        />
      )}
    </Space>
  );
}
