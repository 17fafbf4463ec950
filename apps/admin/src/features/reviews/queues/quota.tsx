/** A credit raise: the user's recent check-ins against the requirement, and the current quota. */
import { Descriptions, Typography } from 'antd';
import { money, Section, type DetailsProps, type QueueView } from './parts';

function QuotaDetails({ item }: DetailsProps<'quota'>) {
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

export const quotaView: QueueView<'quota'> = {
  Details: QuotaDetails,
  approveEffect: (item) => `The user's loan quota rises by ${money(item.amount, item.currency)}.`,
  rejectEffect: 'The quota stays as it is. The user sees your reason and can ask again.',
};
