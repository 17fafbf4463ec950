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
import { Dec } from '@brokerage/contract';
import type {
  DayTradeReviewDetails,
  DepositChannel,
  KycReviewDetails,
  ReviewItem,
  ReviewItemOf,
  WithdrawReviewDestination,
} from '@brokerage/contract';
import { useAdminQuery } from '../../api/hooks';
import { useHasRight } from '../../api/rights';
import { useReasonConfirm } from '../../components/useReasonConfirm';
import { accountTypeLabels, emptyText, formatAmount, formatText, formatTime } from '../../lib/format';
import { reviewQueueLabels, type BuiltReviewQueue } from '../../sections';
import { formatDays, netPayout, safeImageUrl } from './review-details';
import { queueItemNames, reviewStateColors, reviewStateLabels } from './review-queue';
import { ReviewImage } from './ReviewImage';
import { useReviewDecision, type DecisionKind } from './useReviewDecision';

/** A failed image load reads the detail again (fresh signed links) at most this often. */
const autoRefreshIntervalMs = 60_000;

type Items = NonNullable<DescriptionsProps['items']>;

function Copyable({ value, testId }: { value: string | null; testId?: string }) {
  if (!value) return <>{emptyText}</>;
  return (
    <Typography.Text
      copyable
      data-testid={testId}
      style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
    >
      {value}
    </Typography.Text>
  );
}

function money(amount: string | null, currency: string | null): string {
  if (amount === null) return emptyText;
  return currency ? `${amount} ${currency}` : amount;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

interface ImageSupport {
  brokenUrls: ReadonlySet<string>;
  onBroken: (url: string) => void;
  onReload: () => void;
}

function Summary({ item }: { item: ReviewItem }) {
  const items: Items = [
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

function KycSection({ details, images }: { details: KycReviewDetails; images: ImageSupport }) {
  const frontImageUrl = safeImageUrl(details.frontImageUrl);
  const backImageUrl = safeImageUrl(details.backImageUrl);
  return (
    <Section title="Identity">
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'name',
            label: 'Name',
            children: <span data-testid="review-kyc-name">{formatText(details.name)}</span>,
          },
          {
            key: 'idNumber',
            label: 'ID number (full)',
            children: <Copyable value={details.idNumber} testId="review-kyc-id-number" />,
          },
        ]}
      />
      <Space size="large" wrap style={{ marginTop: 16 }} align="start">
        <figure style={{ margin: 0 }}>
          <figcaption>
            <Typography.Text type="secondary">Front of the ID</Typography.Text>
          </figcaption>
          <ReviewImage
            url={frontImageUrl}
            alt="Front of the ID document"
            testId="review-image-front"
            isBroken={frontImageUrl !== null && images.brokenUrls.has(frontImageUrl)}
            onBroken={images.onBroken}
            onReload={images.onReload}
          />
        </figure>
        <figure style={{ margin: 0 }}>
          <figcaption>
            <Typography.Text type="secondary">Back of the ID</Typography.Text>
          </figcaption>
          <ReviewImage
            url={backImageUrl}
            alt="Back of the ID document"
            testId="review-image-back"
            isBroken={backImageUrl !== null && images.brokenUrls.has(backImageUrl)}
            onBroken={images.onBroken}
            onReload={images.onReload}
          />
        </figure>
      </Space>
    </Section>
  );
}

function channelItems(channel: DepositChannel, images: ImageSupport): Items {
  const qrImageUrl = safeImageUrl(channel.qrImageUrl);
  const items: Items = [
    { key: 'name', label: 'Channel', children: `${formatText(channel.name)} (${formatText(channel.channelId)})` },
    { key: 'type', label: 'Type', children: channel.type === 'crypto' ? 'Crypto' : 'Bank' },
    { key: 'currency', label: 'Currency', children: channel.currency },
  ];
  if (channel.type === 'crypto') {
    items.push(
      { key: 'network', label: 'Network', children: formatText(channel.network) },
      { key: 'address', label: 'Address', children: <Copyable value={channel.address} /> },
      {
        key: 'qr',
        label: 'QR image',
        children: qrImageUrl ? (
          <ReviewImage
            url={qrImageUrl}
            alt="QR code of the deposit address"
            testId="review-channel-qr"
            width={120}
            isBroken={images.brokenUrls.has(qrImageUrl)}
            onBroken={images.onBroken}
            onReload={images.onReload}
          />
        ) : (
          emptyText
        ),
      },
    );
  } else {
    items.push(
      { key: 'accountName', label: 'Account name', children: formatText(channel.accountName) },
      { key: 'accountNumber', label: 'Account number', children: <Copyable value={channel.accountNumber} /> },
      { key: 'bankName', label: 'Bank', children: formatText(channel.bankName) },
      { key: 'branch', label: 'Branch', children: formatText(channel.branch) },
    );
  }
  items.push(
    { key: 'limits', label: 'Min – max', children: `${formatAmount(channel.min)} – ${formatAmount(channel.max)}` },
    {
      key: 'window',
      label: 'Window',
      children: `${channel.window.open}–${channel.window.close}, ${formatDays(channel.days)} (${channel.timezone})`,
    },
  );
  return items;
}

function DepositSection({ item, images }: { item: ReviewItemOf<'deposit'>; images: ImageSupport }) {
  const { details } = item;
  const proofImageUrl = safeImageUrl(details.proofImageUrl);
  return (
    <>
      <Section title="Deposit">
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            {
              key: 'orderNo',
              label: 'Order number',
              children: <Copyable value={details.orderNo} testId="review-deposit-order-no" />,
            },
            { key: 'amount', label: 'Amount reported', children: money(item.amount, item.currency) },
            { key: 'channelId', label: 'Channel id', children: formatText(details.channelId) },
          ]}
        />
      </Section>
      <Section title="Channel at the time of the deposit">
        <Descriptions
          bordered
          size="small"
          column={1}
          items={channelItems(details.channel, images)}
          data-testid="review-deposit-channel"
        />
      </Section>
      <Section title="Proof of payment">
        <ReviewImage
          url={proofImageUrl}
          alt="Proof of payment"
          testId="review-image-proof"
          width={360}
          maxHeight={420}
          isBroken={proofImageUrl !== null && images.brokenUrls.has(proofImageUrl)}
          onBroken={images.onBroken}
          onReload={images.onReload}
        />
      </Section>
    </>
  );
}

function destinationItems(destination: WithdrawReviewDestination | null): Items {
  if (!destination) return [{ key: 'none', label: 'Destination', children: emptyText }];
  if (destination.kind === 'card') {
    return [
      { key: 'kind', label: 'Destination', children: 'Bank card' },
      {
        key: 'cardNumber',
        label: 'Card number (full)',
        children: <Copyable value={destination.cardNumber} testId="review-withdraw-card-number" />,
      },
      { key: 'holder', label: 'Holder', children: formatText(destination.holder) },
      { key: 'bankName', label: 'Bank', children: formatText(destination.bankName) },
      { key: 'branch', label: 'Branch', children: formatText(destination.branch) },
      { key: 'bankCode', label: 'Bank code', children: formatText(destination.bankCode) },
    ];
  }
  return [
    { key: 'kind', label: 'Destination', children: 'Wallet' },
    { key: 'type', label: 'Wallet type', children: formatText(destination.type) },
    {
      key: 'address',
      label: 'Address (full)',
      children: <Copyable value={destination.address} testId="review-withdraw-address" />,
    },
  ];
}

function WithdrawSection({ item }: { item: ReviewItemOf<'withdraw'> }) {
  const { details } = item;
  const net = netPayout(item.amount, details.fee, item.currency);
  return (
    <>
      <Section title="Withdrawal">
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'orderNo', label: 'Order number', children: <Copyable value={details.orderNo} /> },
            { key: 'amount', label: 'Amount', children: money(item.amount, item.currency) },
            {
              key: 'fee',
              label: 'Fee',
              children: <span data-testid="review-withdraw-fee">{money(details.fee, item.currency)}</span>,
            },
            { key: 'net', label: 'Paid out (amount − fee)', children: money(net, item.currency) },
            {
              key: 'withdrawable',
              label: 'Withdrawable at submission',
              children: (
                <span data-testid="review-withdraw-withdrawable">
                  {money(details.withdrawableAtSubmit, item.currency)}
                </span>
              ),
            },
            {
              key: 'unpaidLoan',
              label: 'Unpaid loan',
              children: details.unpaidLoan ? <Tag color="error">Yes</Tag> : 'No',
            },
          ]}
        />
      </Section>
      <Section title="Paid to">
        <Descriptions
          bordered
          size="small"
          column={1}
          items={destinationItems(details.destination)}
          data-testid="review-withdraw-destination"
        />
      </Section>
    </>
  );
}

function DayTradeSection({ details }: { details: DayTradeReviewDetails }) {
  return (
    <Section title="Day-trading application">
      <Typography.Paragraph type="secondary">
        Approval enables day trading (seat account): T+N no longer applies to this user&apos;s closes; the minimum
        holding time still does.
      </Typography.Paragraph>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'accountType',
            label: 'Account type',
            children: <span data-testid="review-day-trade-account-type">{accountTypeLabels[details.accountType]}</span>,
          },
          {
            key: 'openPositions',
            label: 'Open positions',
            children: <span data-testid="review-day-trade-open-positions">{String(details.openPositions)}</span>,
          },
        ]}
      />
    </Section>
  );
}

function BlockSection({ item }: { item: ReviewItemOf<'block'> }) {
  const { details } = item;
  return (
    <Section title="Block-trade application">
      <Typography.Paragraph type="secondary">
        Approval opens a long position at the deal price from the frozen amount and fee
        {details.lockDays > 0 ? `, locked for ${details.lockDays} days` : ''}. The live price is for context only: the
        deal price is the product&apos;s, fixed when the user applied.
      </Typography.Paragraph>
      <Descriptions
        bordered
        size="small"
        column={1}
        data-testid="review-block"
        items={[
          {
            key: 'product',
            label: 'Product',
            children: (
              <Space size={4}>
                <Typography.Text code data-testid="review-block-product">
                  {details.productId}
                </Typography.Text>
                <Tag>{details.kind === 'agreement' ? 'Agreement bidding' : 'Block trade'}</Tag>
              </Space>
            ),
          },
          { key: 'code', label: 'Code', children: <span data-testid="review-block-code">{details.code}</span> },
          {
            key: 'shares',
            label: 'Shares',
            children: <span data-testid="review-block-shares">{String(details.shares)}</span>,
          },
          {
            key: 'price',
            label: 'Deal price',
            children: <span data-testid="review-block-price">{money(details.price, item.currency)}</span>,
          },
          { key: 'amount', label: 'Amount (price × shares)', children: money(item.amount, item.currency) },
          {
            key: 'fee',
            label: 'Fee',
            children: <span data-testid="review-block-fee">{money(details.fee, item.currency)}</span>,
          },
          {
            key: 'lockDays',
            label: 'Lock after approval',
            children: (
              <span data-testid="review-block-lock">{details.lockDays > 0 ? `${details.lockDays} days` : 'None'}</span>
            ),
          },
          {
            key: 'currentPrice',
            label: 'Current price',
            children: (
              <span data-testid="review-block-current">
                {details.currentPrice === null ? 'No quote' : money(details.currentPrice, item.currency)}
              </span>
            ),
          },
        ]}
      />
    </Section>
  );
}

function LoanSection({ item }: { item: ReviewItemOf<'loan'> }) {
  const { details } = item;
  const scoreShort = details.creditScore < details.minScoreToBorrow;
  const quotaShort = new Dec(item.amount).greaterThan(new Dec(details.availableQuota));
  return (
    <Section title="Loan application">
      <Typography.Paragraph type="secondary">
        Approval credits the principal to the user&apos;s available balance and interest starts at {details.dailyRate} a
        day on the unpaid principal, from the next 00:00 in the funds timezone. The quota is checked again on approval.
      </Typography.Paragraph>
      <Descriptions
        data-testid="review-loan"
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'orderNo',
            label: 'Order number',
            children: <Typography.Text code>{details.orderNo}</Typography.Text>,
          },
          {
            key: 'creditScore',
            label: 'Credit score',
            children: (
              <Space>
                <span data-testid="review-loan-score">{String(details.creditScore)}</span>
                <Typography.Text type="secondary">minimum {details.minScoreToBorrow}</Typography.Text>
                {scoreShort ? <Tag color="warning">Below the minimum now</Tag> : null}
              </Space>
            ),
          },
          {
            key: 'quota',
            label: 'Loan quota',
            children: <span data-testid="review-loan-quota">{money(details.quota, item.currency)}</span>,
          },
          {
            key: 'borrowed',
            label: 'Borrowed (unpaid principal)',
            children: <span data-testid="review-loan-borrowed">{money(details.borrowed, item.currency)}</span>,
          },
          {
            key: 'availableQuota',
            label: 'Quota left for this loan',
            children: (
              <Space>
                <span data-testid="review-loan-available">{money(details.availableQuota, item.currency)}</span>
                {quotaShort ? <Tag color="error">Approval will be refused</Tag> : null}
              </Space>
            ),
          },
          { key: 'dailyRate', label: 'Daily rate', children: details.dailyRate },
        ]}
      />
    </Section>
  );
}

function QuotaSection({ item }: { item: ReviewItemOf<'quota'> }) {
  const { details } = item;
  return (
    <Section title="Credit raise">
      <Typography.Paragraph type="secondary">
        Approval raises the user&apos;s loan quota by the amount.
      </Typography.Paragraph>
      <Descriptions
        data-testid="review-quota"
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'checkins',
            label: 'Check-ins in the last 30 days',
            children: (
              <span data-testid="review-quota-checkins">
                {details.checkinsLast30Days} (required {details.quotaRaiseCheckins})
              </span>
            ),
          },
          {
            key: 'quota',
            label: 'Current quota',
            children: <span data-testid="review-quota-quota">{money(details.quota, item.currency)}</span>,
          },
          { key: 'raise', label: 'Raise by', children: money(item.amount, item.currency) },
        ]}
      />
    </Section>
  );
}

/** The queue's own section: `item.queue` narrows `item.details` to that queue's fields (the contract's union). */
function QueueSection({ item, images }: { item: ReviewItem; images: ImageSupport }) {
  switch (item.queue) {
    case 'kyc':
      return <KycSection details={item.details} images={images} />;
    case 'deposit':
      return <DepositSection item={item} images={images} />;
    case 'withdraw':
      return <WithdrawSection item={item} />;
    case 'day_trade':
      return <DayTradeSection details={item.details} />;
    case 'block':
      return <BlockSection item={item} />;
    case 'loan':
      return <LoanSection item={item} />;
    case 'quota':
      return <QuotaSection item={item} />;
    default:
      return null;
  }
}

function ItemDetails({ item, images }: { item: ReviewItem; images: ImageSupport }) {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Summary item={item} />
      <QueueSection item={item} images={images} />
    </Space>
  );
}

function approveEffect(item: ReviewItem): string {
  switch (item.queue) {
    case 'kyc':
      return `The user becomes verified under the name "${item.details.name}".`;
    case 'deposit':
      return `${money(item.amount, item.currency)} is credited to the user's available balance.`;
    case 'withdraw':
      return `${money(item.amount, item.currency)} leaves the user's frozen balance and is paid out.`;
    case 'day_trade':
      return "Day trading is enabled for the user: T+N no longer applies to the user's closes; the minimum holding time still does.";
    case 'block':
      return `A long position of ${item.details.shares} ${item.details.code} opens at the deal price ${item.details.price}${item.details.lockDays > 0 ? `, locked for ${item.details.lockDays} days` : ''}; ${money(item.amount, item.currency)} plus the fee leaves the user's frozen balance.`;
    case 'loan':
      return `${money(item.amount, item.currency)} is credited to the user's available balance and interest starts.`;
    case 'quota':
      return `The user's loan quota rises by ${money(item.amount, item.currency)}.`;
  }
}

const rejectEffects: Record<BuiltReviewQueue, string> = {
  kyc: 'The user sees your reason and can submit again.',
  deposit: 'Nothing is credited. The user sees your reason.',
  withdraw: "The frozen amount returns to the user's available balance. The user sees your reason.",
  day_trade: 'Day trading stays off. The user sees your reason and can apply again.',
  loan: 'Nothing is credited. The user sees your reason and can apply again.',
  quota: 'The quota stays as it is. The user sees your reason and can ask again.',
  block:
    "No position opens; the frozen amount and fee return to the user's available balance. The user sees your reason.",
};

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
  const detail = useAdminQuery('reviewDetail', { queue, id: itemId });
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
            content: <Typography.Paragraph>{approveEffect(item)}</Typography.Paragraph>,
            okText: 'Approve',
            reasonLabel: 'Reason (written to the audit log)',
          }
        : {
            title: `Reject this ${what} of ${item.account}?`,
            content: <Typography.Paragraph>{rejectEffects[queue]}</Typography.Paragraph>,
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
            disabled={decision.pendingKind !== null}
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
