import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawRecordData } from './funds-queries';
import { ChevronIcon } from '../../components/Icons';
import { formatAmount, formatDate } from '../../lib/format';
import { StateTag, Timeline, type TimelineStep } from '../../components/MoneyParts';

/** The record's timeline as the server sends it: submitted → under review → approved / rejected (reason) → paid. */
export function withdrawSteps(record: WithdrawRecordData, label: (step: string) => string): TimelineStep[] {
  return record.timeline.map((step) => ({
    step: step.step,
    label: label(step.step),
    at: step.at,
    reason: step.reason,
    done: step.done,
    tone: step.step === 'rejected' ? 'bad' : 'ok',
  }));
}

/**
 * One withdrawal: amount (negative, money leaves), destination, state tag; a tap opens its
 * vertical timeline with times and the rejection reason (docs/ui.md "Status").
 */
export function WithdrawRecordItem({ record }: { record: WithdrawRecordData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = `withdraw-timeline-${record.id}`;
  return (
    <li className="record-item">
      <button
        type="button"
        className="record-row"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid={`withdraw-record-${record.id}`}
      >
        <span className="record-main">
          <span className="record-title">{t('ui.records.withdrawTo', { destination: record.destination.label })}</span>
          <span className="caption num">{record.destination.masked}</span>
          <span className="caption num">{formatDate(record.createdAt)}</span>
          <span className="caption num">{t('ui.records.orderNoShort', { orderNo: record.orderNo })}</span>
        </span>
        <span className="record-side">
          <span className="record-amount num down">-{formatAmount(record.amount, record.currency)}</span>
          <StateTag state={record.state} testId={`withdraw-state-${record.id}`} />
        </span>
        <ChevronIcon className={open ? 'chevron open' : 'chevron'} />
      </button>
      {open ? (
        <div id={panelId} className="record-detail">
          {record.fee && /[1-9]/.test(record.fee) ? (
            <p className="caption num">{t('ui.records.fee', { fee: formatAmount(record.fee, record.currency) })}</p>
          ) : null}
          <Timeline
            steps={withdrawSteps(record, (step) => t(`ui.timeline.${step}`))}
            label={t('ui.records.timeline')}
          />
        </div>
      ) : null}
    </li>
  );
}
