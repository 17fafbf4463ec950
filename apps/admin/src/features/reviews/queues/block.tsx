/** A block-trade application: the product, shares, deal price, fee and lock, with the live price for context. */
import { Descriptions, Space, Tag, Typography } from 'antd';
import { money, Section, type DetailsProps, type QueueView } from './parts';

function BlockDetails({ item }: DetailsProps<'block'>) {
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

export const blockView: QueueView<'block'> = {
  Details: BlockDetails,
  approveEffect: (item) =>
    `A long position of ${item.details.shares} ${item.details.code} opens at the deal price ${item.details.price}${item.details.lockDays > 0 ? `, locked for ${item.details.lockDays} days` : ''}; ${money(item.amount, item.currency)} plus the fee leaves the user's frozen balance.`,
  rejectEffect:
    "No position opens; the frozen amount and fee return to the user's available balance. The user sees your reason.",
};
