/**
 * One review queue (docs/api.md §19.3 `/review/list`): pending items oldest first by default, filtered by
 * state and by user; each row opens the detail drawer. Filters, page and the open item live in the URL,
 * so reload and back keep them, and the user detail can link here with `?user=<id>`. Queues the server
 * does not decide yet say so instead of showing an always-empty table.
 */
import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  Input,
  Result,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { reviewQueues, type ReviewListItem, type ReviewQueue } from '@brokerage/contract';
import { useHasRight } from '../../api/rights';
import { useListParams } from '../../components/useListParams';
import { accountTypeLabels, emptyText, formatText, formatTime } from '../../lib/format';
import { oneOf } from '../../lib/url-params';
import {
  builtReviewQueues,
  depositChannelsPath,
  reviewQueueLabels,
  reviewQueuePath,
  upcomingQueueNote,
  type BuiltReviewQueue,
} from '../../sections';
import { ReviewDetailDrawer } from './ReviewDetailDrawer';
import { useReviewList } from './review-queries';
import {
  cleanUserId,
  isBuiltQueue,
  reviewListBody,
  reviewStateColors,
  reviewStateLabels,
  stateFilterLabels,
  stateFilters,
  type StateFilter,
} from './review-queue';

const listRefreshMs = 60_000;
const hasAmount = (queue: BuiltReviewQueue) => queue !== 'kyc' && queue !== 'day_trade';

/** The day-trading queue's own columns (docs/api.md §19.3 `details`: `accountType`, `openPositions`). */
const dayTradeColumns: TableColumnsType<ReviewListItem> = [
  {
    title: 'Account type',
    key: 'accountType',
    width: 130,
    render: (_: unknown, item) =>
      item.queue === 'day_trade' ? accountTypeLabels[item.details.accountType] : emptyText,
  },
  {
    title: 'Open positions',
    key: 'openPositions',
    width: 130,
    align: 'right',
    render: (_: unknown, item) => (
      <span data-testid={`review-open-positions-${item.id}`}>
        {item.queue === 'day_trade' ? String(item.details.openPositions) : emptyText}
      </span>
    ),
  },
];

/** The block-trade queue's own columns (docs/api.md §19.3 `details`: `code`, `shares`, `price`). */
const blockColumns: TableColumnsType<ReviewListItem> = [
  {
    title: 'Code',
    key: 'code',
    width: 110,
    render: (_: unknown, item) =>
      item.queue === 'block' ? <Typography.Text code>{item.details.code}</Typography.Text> : emptyText,
  },
  {
    title: 'Shares × price',
    key: 'shares',
    width: 170,
    align: 'right',
    render: (_: unknown, item) => (
      <span data-testid={`review-block-shares-${item.id}`}>
        {item.queue === 'block' ? `${item.details.shares} × ${item.details.price}` : emptyText}
      </span>
    ),
  },
];

/** The loan queue's own columns (docs/api.md §19.3 `details`: `creditScore`, `quota`, `borrowed`). */
const loanColumns: TableColumnsType<ReviewListItem> = [
  {
    title: 'Credit score',
    key: 'creditScore',
    width: 120,
    align: 'right',
    render: (_: unknown, item) => (
      <span data-testid={`review-loan-score-${item.id}`}>
        {item.queue === 'loan' ? `${item.details.creditScore} / min ${item.details.minScoreToBorrow}` : emptyText}
      </span>
    ),
  },
  {
    title: 'Borrowed / quota',
    key: 'quota',
    width: 190,
    align: 'right',
    render: (_: unknown, item) => (
      <span data-testid={`review-loan-quota-${item.id}`}>
        {item.queue === 'loan' ? `${item.details.borrowed} / ${item.details.quota}` : emptyText}
      </span>
    ),
  },
];

/** The credit-raise queue's own columns (docs/api.md §19.3 `details`: `checkinsLast30Days`, `quota`). */
const quotaColumns: TableColumnsType<ReviewListItem> = [
  {
    title: 'Check-ins (30 days)',
    key: 'checkins',
    width: 160,
    align: 'right',
    render: (_: unknown, item) => (
      <span data-testid={`review-quota-checkins-${item.id}`}>
        {item.queue === 'quota' ? `${item.details.checkinsLast30Days} / ${item.details.quotaRaiseCheckins}` : emptyText}
      </span>
    ),
  },
  {
    title: 'Current quota',
    key: 'quota',
    width: 140,
    align: 'right',
    render: (_: unknown, item) => (item.queue === 'quota' ? item.details.quota : emptyText),
  },
];

/** `/reviews/:queue`: a queue page, or a note for a queue that is not built or not known. */
export function ReviewQueueRoute() {
  const { queue } = useParams();
  if (isBuiltQueue(queue)) return <ReviewQueuePage key={queue} queue={queue} />;
  const known = oneOf<ReviewQueue>(reviewQueues, queue ?? null);
  return (
    <Result
      status="info"
      title={known ? `${reviewQueueLabels[known]} reviews` : 'No such review queue'}
      subTitle={known ? `This queue ${upcomingQueueNote}.` : 'Choose a queue in the menu.'}
      data-testid="review-queue-upcoming"
    />
  );
}

/** True when a click landed on a control of its own inside the row (a link, a button, a field). */
function isInsideControl(target: EventTarget, row: Element): boolean {
  if (!(target instanceof Element)) return false;
  const control = target.closest('a, button, input, select, textarea, [role="button"]');
  return control !== null && control !== row && row.contains(control);
}

export function ReviewQueuePage({ queue }: { queue: BuiltReviewQueue }) {
  const { params, page, size, update, pagination } = useListParams();
  const navigate = useNavigate();
  const stateFilter = oneOf<StateFilter>(stateFilters, params.get('state')) ?? 'pending';
  const userId = cleanUserId(params.get('user'));
  const openItemId = params.get('item');
  const mayEditChannels = useHasRight('config.manage');

  const [userDraft, setUserDraft] = useState(userId ?? '');
  useEffect(() => setUserDraft(userId ?? ''), [userId]);

  // A queue changes under the operator's eyes: read it afresh on every visit and filter change, and
  // every minute while open (list reads are not audited; opening an item is).
  const list = useReviewList(reviewListBody(queue, stateFilter, userId, page, size), {
    staleTime: 0,
    refetchInterval: listRefreshMs,
  });

  const columns: TableColumnsType<ReviewListItem> = [
    {
      title: 'User',
      key: 'user',
      render: (_: unknown, item) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{item.account}</Typography.Text>
          <Typography.Text type="secondary">{formatText(item.realname)}</Typography.Text>
        </Space>
      ),
    },
    ...(hasAmount(queue)
      ? [
          {
            title: 'Amount',
            key: 'amount',
            align: 'right' as const,
            render: (_: unknown, item: ReviewListItem) =>
              item.amount === null ? (
                emptyText
              ) : (
                <Typography.Text strong>{`${item.amount} ${item.currency ?? ''}`.trim()}</Typography.Text>
              ),
          },
        ]
      : []),
    ...(queue === 'day_trade' ? dayTradeColumns : []),
    ...(queue === 'block' ? blockColumns : []),
    ...(queue === 'loan' ? loanColumns : []),
    ...(queue === 'quota' ? quotaColumns : []),
    {
      title: 'Submitted',
      dataIndex: 'submittedAt',
      key: 'submittedAt',
      width: 170,
      render: (value: string) => formatTime(value),
    },
    {
      title: 'State',
      dataIndex: 'state',
      key: 'state',
      width: 100,
      render: (value: ReviewListItem['state'], item) => (
        <Tag color={reviewStateColors[value]} data-testid={`review-state-${item.id}`}>
          {reviewStateLabels[value]}
        </Tag>
      ),
    },
    {
      title: 'Reviewed',
      key: 'reviewed',
      width: 170,
      render: (_: unknown, item) =>
        item.reviewedAt || item.reviewedBy ? (
          <Space orientation="vertical" size={0}>
            <span>{formatText(item.reviewedBy)}</span>
            <Typography.Text type="secondary">{formatTime(item.reviewedAt)}</Typography.Text>
          </Space>
        ) : (
          emptyText
        ),
    },
    {
      title: 'Reason',
      dataIndex: 'reason',
      key: 'reason',
      ellipsis: { showTitle: false },
      render: (value: string | null) => (value ? <Tooltip title={value}>{value}</Tooltip> : emptyText),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 90,
      render: (_: unknown, item) => (
        <Button
          type="link"
          onClick={() => update({ item: item.id }, false)}
          aria-label={`Open ${reviewQueueLabels[queue]} item of ${item.account}`}
          data-testid={`review-open-${item.id}`}
        >
          Open
        </Button>
      ),
    },
  ];

  const title = (
    <Space>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {reviewQueueLabels[queue]}
      </Typography.Title>
      <Typography.Text type="secondary">review queue</Typography.Text>
    </Space>
  );

  return (
    <Card
      title={title}
      extra={
        queue === 'deposit' && mayEditChannels ? (
          <Button
            onClick={() => {
              navigate(depositChannelsPath);
            }}
            data-testid="review-deposit-channels"
          >
            Deposit channels
          </Button>
        ) : null
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<StateFilter>
          value={stateFilter}
          onChange={(value) => update({ state: value === 'pending' ? undefined : value })}
          aria-label="Filter by state"
          style={{ width: 160 }}
          options={stateFilters.map((value) => ({ value, label: stateFilterLabels[value] }))}
          virtual={false}
          data-testid="reviews-filter-state"
        />
        <Space.Compact>
          <Input
            value={userDraft}
            onChange={(event) => setUserDraft(event.target.value)}
            onPressEnter={() => update({ user: cleanUserId(userDraft) })}
            onClear={() => update({ user: undefined })}
            placeholder="User id"
            aria-label="Filter by user id"
            allowClear
            maxLength={64}
            style={{ width: 220 }}
            data-testid="reviews-filter-user"
          />
          <Button onClick={() => update({ user: cleanUserId(userDraft) })} data-testid="reviews-filter-user-apply">
            Filter
          </Button>
        </Space.Compact>
        <Button onClick={() => void list.refetch()} loading={list.isFetching} data-testid="reviews-reload">
          Reload
        </Button>
      </Space>
      {userId ? (
        <Space wrap style={{ marginBottom: 16 }} data-testid="reviews-user-filter">
          <Tag closable onClose={() => update({ user: undefined })} color="blue">
            Only user {userId}
          </Tag>
          <Typography.Text type="secondary">Other queues of this user:</Typography.Text>
          <Segmented<BuiltReviewQueue>
            value={queue}
            options={builtReviewQueues.map((value) => ({ value, label: reviewQueueLabels[value] }))}
            onChange={(value) => {
              const next = new URLSearchParams({ user: userId });
              if (stateFilter !== 'pending') next.set('state', stateFilter);
              navigate(`${reviewQueuePath(value)}?${next.toString()}`);
            }}
            data-testid="reviews-user-queues"
          />
        </Space>
      ) : null}
      <Table<ReviewListItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        // The whole row opens the item (its "Open" button stays for screen readers): a click anywhere
        // but on another control, or Enter / Space on the focused row.
        onRow={(item) => ({
          onClick: (event) => {
            if (isInsideControl(event.target, event.currentTarget)) return;
            update({ item: item.id }, false);
          },
          onKeyDown: (event) => {
            if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
            event.preventDefault();
            update({ item: item.id }, false);
          },
          tabIndex: 0,
          className: 'review-row',
          style: { cursor: 'pointer' },
          'data-testid': `review-row-${item.id}`,
        })}
        // The minute's background read does not blank the table; a filter change or Reload shows progress.
        loading={list.isPending}
        data-testid="reviews-table"
        locale={{ emptyText: stateFilter === 'pending' ? 'Nothing is waiting for review.' : 'No items.' }}
        pagination={pagination(
          list.data,
          (total) =>
            `${total} ${total === 1 ? 'item' : 'items'}${stateFilter === 'pending' ? ', oldest first' : ', newest first'}`,
        )}
      />
      {openItemId ? (
        <ReviewDetailDrawer
          key={openItemId}
          queue={queue}
          itemId={openItemId}
          onClose={() => update({ item: undefined }, false)}
          onDecided={() => update({ item: undefined }, false)}
        />
      ) : null}
    </Card>
  );
}
