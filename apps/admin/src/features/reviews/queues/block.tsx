/** A block-trade application: the product, shares, deal price, fee and lock, with the live price for context. */
import { Money, type ReviewItemOf } from '@brokerage/contract';
import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import { money, Section, type DetailsProps, type QueueView } from './parts';

/** Why the server would refuse to approve now: the deal price outside today's collar, or no quote to check it against. */
function outsideCollar(item: ReviewItemOf<'block'>): string | null {
  const { details } = item;
  if (details.priceLow === null || details.priceHigh === null)
    return 'No usable quote: the deal price cannot be checked against its collar now.';
  const price = Money.of(details.price, item.currency);
  if (
    price.isLessThan(Money.of(details.priceLow, item.currency)) ||
    price.isGreaterThan(Money.of(details.priceHigh, item.currency))
  )
    return `The deal price ${details.price} is outside today's collar (${details.priceLow} – ${details.priceHigh}): reject it, or ask for the product's price to be corrected.`;
  return null;
}

function BlockDetails({ item }: DetailsProps<'block'>) {
  const { details } = item;
  const blocked = outsideCollar(item);
  return (
    <Section title="Block-trade application">
      {blocked && <Alert type="warning" showIcon message={blocked} data-testid="review-block-collar" />}
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
            key: 'collar',
            label: 'Allowed band (collar)',
            children: (
              <span data-testid="review-block-band">
                {details.priceLow === null || details.priceHigh === null
                  ? 'No quote'
                  : `${money(details.priceLow, item.currency)} – ${money(details.priceHigh, item.currency)}`}
              </span>
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

export const blockView: QueueView<'block'> = {
  Details: BlockDetails,
  approveEffect: (item) =>
    `A long position of ${item.details.shares} ${item.details.code} opens at the deal price ${item.details.price}${item.details.lockDays > 0 ? `, locked for ${item.details.lockDays} days` : ''}; ${money(item.amount, item.currency)} plus the fee leaves the user's frozen balance.`,
  rejectEffect:
    "No position opens; the frozen amount and fee return to the user's available balance. The user sees your reason.",
  approveBlocked: outsideCollar,
};
