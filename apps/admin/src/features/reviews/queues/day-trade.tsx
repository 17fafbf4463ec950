/** A day-trading application: the user's account type and open positions. */
import { Descriptions, Typography } from 'antd';
import { accountTypeLabels } from '../../../lib/format';
import { Section, type DetailsProps, type QueueView } from './parts';

function DayTradeDetails({ item: { details } }: DetailsProps<'day_trade'>) {
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

export const dayTradeView: QueueView<'day_trade'> = {
  Details: DayTradeDetails,
  approveEffect: () =>
    "Day trading is enabled for the user: T+N no longer applies to the user's closes; the minimum holding time still does.",
  rejectEffect: 'Day trading stays off. The user sees your reason and can apply again.',
};
