import type { Currency, ReviewState } from '@brokerage/contract';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatAmount } from '../../lib/format';
import { DetailRow, OrderNoAndTimeRows, StateTag } from '../../components/MoneyParts';

/** What the card shows of a submitted deposit or withdrawal. */
export interface MoneyResultRecord {
  amount: string;
  currency: Currency;
  state: ReviewState;
  orderNo: string;
  createdAt: string;
}

interface MoneyResultCardProps {
  record: MoneyResultRecord;
  /** Test ids: the card itself, then `-amount`, `-state`, `-records` and `-done` for its parts. */
  testId: string;
  title: string;
  text: string;
  /** The list of records the first button opens (`/information/fundRecord?tab=…`). */
  recordsTab: 'deposit' | 'withdraw';
  recordsLabel: string;
  /** Rows shown after the amount (the withdrawal's destination). */
  children?: ReactNode;
}

/**
 * A deposit reported or a withdrawal asked for, waiting for review: the amount, its state, the
 * order number and time, and the way to the records or back to the wallet. One card for both,
 * so the two money flows end alike.
 */
export function MoneyResultCard({
  record,
  testId,
  title,
  text,
  recordsTab,
  recordsLabel,
  children,
}: MoneyResultCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = `${testId}-title`;
  return (
    <section className="card status-card tone-wait" data-testid={testId} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className="muted">{text}</p>
      <dl className="detail-list">
        <DetailRow label={t('ui.records.amount')}>
          <span className="num strong" data-testid={`${testId}-amount`}>
            {formatAmount(record.amount, record.currency)}
          </span>
        </DetailRow>
        {children}
        <DetailRow label={t('ui.records.state')}>
          <StateTag state={record.state} testId={`${testId}-state`} />
        </DetailRow>
        <OrderNoAndTimeRows orderNo={record.orderNo} createdAt={record.createdAt} />
      </dl>
      <div className="button-row">
        <Button
          color="primary"
          onClick={() => navigate(`/information/fundRecord?tab=${recordsTab}`)}
          data-testid={`${testId}-records`}
        >
          {recordsLabel}
        </Button>
        <Button fill="outline" onClick={() => navigate('/information/wallet')} data-testid={`${testId}-done`}>
          {t('ui.recharge.done')}
        </Button>
      </div>
    </section>
  );
}
