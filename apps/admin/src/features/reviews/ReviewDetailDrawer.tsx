/**
 * One review item (docs/api.md §19.3 `/review/detail`, an audited read: it shows full ID and card numbers):
 * everything in `details`, and for roles with `review.decide` one-click Approve and Reject, each asking
 * for the reason (3–500 characters; a rejection's reason is shown to the user, docs/architecture.md
 * principle 3). A decided item, or a role that may only read, gets no buttons.
 */
import { useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Result,
  Space,
  Spin,
  Tag,
  Typography,
  type DescriptionsProps,
} from 'antd';
import { Link } from 'react-router-dom';
import type { ReviewItem } from '@brokerage/contract';
import { useHasRight } from '../../api/rights';
import { useReasonConfirm } from '../../components/useReasonConfirm';
import { formatText, formatTime } from '../../lib/format';
import { reviewQueueLabels, type BuiltReviewQueue } from '../../sections';
import { money, queueViewOf, queueViews, type ImageSupport } from './queues';
import { useReviewDetail } from './review-queries';
import { queueItemNames, reviewStateColors, reviewStateLabels } from './review-queue';
import { useReviewDecision, type DecisionKind } from './useReviewDecision';

/** A failed image load reads the detail again (fresh signed links) at most this often. */
const autoRefreshIntervalMs = 60_000;

function Summary({ item }: { item: ReviewItem }) {
  const items: NonNullable<DescriptionsProps['items']> = [
    { key: 'id', label: 'Id', children: <Typography.Text code>{item.id}</Typography.Text> },
    {
      key: 'state',
      label: 'State',
      children: (
        <Tag color={reviewStateColors[item.state]} data-testid="review-detail-state">
          {reviewStateLabels[item.state]}
        </Tag>
      ),
    },
    {
      key: 'user',
      label: 'User',
      children: (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{item.account}</Typography.Text>
          <Typography.Text>{formatText(item.realname)}</Typography.Text>
          <Link to={`/users?user=${encodeURIComponent(item.userId)}`} data-testid="review-detail-user-link">
            {item.userId}
          </Link>
        </Space>
      ),
    },
    { key: 'submittedAt', label: 'Submitted', children: formatTime(item.submittedAt) },
  ];
  if (item.amount !== null) {
    items.push({
      key: 'amount',
      label: 'Amount',
      children: (
        <Typography.Text strong data-testid="review-detail-amount">
          {money(item.amount, item.currency)}
        </Typography.Text>
      ),
    });
  }
  items.push(
    { key: 'reviewedBy', label: 'Reviewed by', children: formatText(item.reviewedBy) },
    { key: 'reviewedAt', label: 'Reviewed at', children: formatTime(item.reviewedAt) },
    {
      key: 'reason',
      label: item.state === 'rejected' ? 'Reason (shown to the user)' : 'Reason',
      span: 'filled',
      children: <span data-testid="review-detail-reason">{formatText(item.reason)}</span>,
    },
  );
  return <Descriptions bordered size="small" column={2} items={items} data-testid="review-detail-summary" />;
}

function ItemDetails({ item, images }: { item: ReviewItem; images: ImageSupport }) {
  const { Details } = queueViewOf(item);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Summary item={item} />
      <Details item={item} images={images} />
    </Space>
  );
}

export function ReviewDetailDrawer({
  queue,
  itemId,
  onClose,
  onDecided,
}: {
  queue: BuiltReviewQueue;
  itemId: string;
  onClose: () => void;
  onDecided: (item: ReviewItem) => void;
}) {
  const detail = useReviewDetail(queue, itemId);
  const item = detail.data;
  const mayDecide = useHasRight('review.decide');
  const [askReason, reasonHolder] = useReasonConfirm();
  const [brokenUrls, setBrokenUrls] = useState<ReadonlySet<string>>(new Set());
  const lastAutoRefresh = useRef(0);
  const { refetch } = detail;

  const decision = useReviewDecision({ queue, id: itemId, onDecided, refetchItem: () => void refetch() });

  const images: ImageSupport = {
    brokenUrls,
    onBroken: (url) => {
      // Most likely the 15-minute link expired (403): read the detail again for fresh links, but not
      // in a loop when the image is broken for another reason.
      const now = Date.now();
      if (now - lastAutoRefresh.current >= autoRefreshIntervalMs) {
        lastAutoRefresh.current = now;
        void refetch();
      } else {
        setBrokenUrls((previous) => new Set(previous).add(url));
      }
    },
    onReload: () => {
      lastAutoRefresh.current = Date.now();
      void refetch();
    },
  };

  async function start(kind: DecisionKind) {
    if (!item) return;
    const what = queueItemNames[queue];
    const reason = await askReason(
      kind === 'approve'
        ? {
            title: `Approve this ${what} of ${item.account}?`,
            content: <Typography.Paragraph>{queueViewOf(item).approveEffect(item)}</Typography.Paragraph>,
            okText: 'Approve',
            reasonLabel: 'Reason (written to the audit log)',
          }
        : {
            title: `Reject this ${what} of ${item.account}?`,
            content: <Typography.Paragraph>{queueViews[queue].rejectEffect}</Typography.Paragraph>,
            okText: 'Reject',
            danger: true,
            reasonLabel: 'Reason (shown to the user and written to the audit log)',
          },
    );
    if (reason === null) return;
    decision.decide(kind, reason);
  }

  const failure = decision.failure;
  const isPending = item?.state === 'pending';
  const approveBlocked = item ? (queueViewOf(item).approveBlocked?.(item) ?? null) : null;

  let content: ReactNode;
  if (detail.isPending) content = <Spin aria-label="Loading the review item" />;
  else if (!item) {
    content = (
      <Result
        status="warning"
        title="Could not load this item"
        subTitle={detail.error?.message}
        extra={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  } else content = <ItemDetails item={item} images={images} />;

  const footer =
    item && isPending ? (
      mayDecide ? (
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          {approveBlocked && (
            <Typography.Text type="warning" data-testid="review-approve-blocked">
              {approveBlocked}
            </Typography.Text>
          )}
          <Button
            danger
            onClick={() => void start('reject')}
            loading={decision.pendingKind === 'reject'}
            disabled={decision.pendingKind !== null}
            data-testid="review-reject"
          >
            Reject
          </Button>
          <Button
            type="primary"
            onClick={() => void start('approve')}
            loading={decision.pendingKind === 'approve'}
            disabled={decision.pendingKind !== null || approveBlocked !== null}
            data-testid="review-approve"
          >
            Approve
          </Button>
        </Space>
      ) : (
        <Typography.Text type="secondary" data-testid="review-read-only">
          Your role can read this queue but not decide.
        </Typography.Text>
      )
    ) : null;

  return (
    <Drawer
      open
      onClose={onClose}
      size={860}
      title={`${reviewQueueLabels[queue]} · ${item ? item.account : itemId}`}
      extra={
        <Button onClick={() => void refetch()} loading={detail.isFetching} data-testid="review-detail-reload">
          Reload
        </Button>
      }
      footer={footer}
      data-testid="review-detail"
    >
      {failure ? (
        <Alert
          type={failure.outcome.kind === 'stale' ? 'warning' : 'error'}
          showIcon
          style={{ marginBottom: 16 }}
          title={
            failure.outcome.kind === 'stale'
              ? 'No longer under review'
              : `The ${failure.kind === 'approve' ? 'approval' : 'rejection'} did not go through`
          }
          description={<span data-testid="review-decision-error">{failure.outcome.text}</span>}
          action={
            <Space orientation="vertical">
              {failure.outcome.kind === 'retry' ? (
                <Button size="small" type="primary" onClick={decision.retry} data-testid="review-decision-retry">
                  Retry
                </Button>
              ) : null}
              {failure.outcome.kind === 'frozen' && item ? (
                <Link to={`/users?user=${encodeURIComponent(item.userId)}`} data-testid="review-open-user">
                  Open the user
                </Link>
              ) : null}
              <Button size="small" onClick={decision.dismiss}>
                Dismiss
              </Button>
            </Space>
          }
        />
      ) : null}
      {content}
      {reasonHolder}
    </Drawer>
  );
}
