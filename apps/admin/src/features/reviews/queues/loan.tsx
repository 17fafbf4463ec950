/** A loan application: credit score and quota against the amount asked, and the daily rate. */
import { Descriptions, Space, Tag, Typography } from 'antd';
import { Money } from '@brokerage/contract';
import { money, Section, type DetailsProps, type QueueView } from './parts';

function LoanDetails({ item }: DetailsProps<'loan'>) {
  const { details } = item;
  const scoreShort = details.creditScore < details.minScoreToBorrow;
  const quotaShort = Money.of(item.amount, item.currency).isGreaterThan(
    Money.of(details.availableQuota, item.currency),
  );
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

export const loanView: QueueView<'loan'> = {
  Details: LoanDetails,
  approveEffect: (item) =>
    `${money(item.amount, item.currency)} is credited to the user's available balance and interest starts.`,
  rejectEffect: 'Nothing is credited. The user sees your reason and can apply again.',
};
