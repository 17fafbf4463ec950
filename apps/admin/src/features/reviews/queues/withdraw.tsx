/** A withdrawal: amount, fee and payout, the balance at submission, and where the money is paid (full numbers). */
import { Descriptions, Tag } from 'antd';
import type { WithdrawReviewDestination } from '@brokerage/contract';
import { emptyText, formatText } from '../../../lib/format';
import { netPayout } from '../review-details';
import { Copyable, money, Section, type DetailsProps, type Items, type QueueView } from './parts';

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

function WithdrawDetails({ item }: DetailsProps<'withdraw'>) {
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

export const withdrawView: QueueView<'withdraw'> = {
  Details: WithdrawDetails,
  approveEffect: (item) => `${money(item.amount, item.currency)} leaves the user's frozen balance and is paid out.`,
  rejectEffect: "The frozen amount returns to the user's available balance. The user sees your reason.",
};
