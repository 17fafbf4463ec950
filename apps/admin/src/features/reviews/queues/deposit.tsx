/** A deposit: the order, the channel as the user saw it when submitting (a snapshot), and the proof of payment. */
import { Descriptions } from 'antd';
import type { DepositChannel } from '@brokerage/contract';
import { emptyText, formatAmount, formatText } from '../../../lib/format';
import { formatDays } from '../../../lib/days';
import { safeImageUrl } from '../review-details';
import { ReviewImage } from '../ReviewImage';
import { Copyable, money, Section, type DetailsProps, type ImageSupport, type Items, type QueueView } from './parts';

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

function DepositDetails({ item, images }: DetailsProps<'deposit'>) {
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

export const depositView: QueueView<'deposit'> = {
  Details: DepositDetails,
  approveEffect: (item) => `${money(item.amount, item.currency)} is credited to the user's available balance.`,
  rejectEffect: 'Nothing is credited. The user sees your reason.',
};
