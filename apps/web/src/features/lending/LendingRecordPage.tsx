import type { LendingState } from '@brokerage/contract';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { TabStrip } from '../../components/TabStrip';
import { formatAmount } from '../../lib/format';
import { DetailRow, MoneyPage, timeText } from '../../components/MoneyParts';
import { NextPages, PullRefresh } from '../../components/Lists';
import { estimatedInterest } from './lending-math';
import { isLendingState, lendingTabs, useLendingRecords, type LendingRecordData } from './lending-queries';
import { flattenById } from '../../api/pages';
import { LendingStateTag, RateText } from './LendingParts';
import './lending.css';
import { useProductName } from '../../lib/product-name';

/** The label of the interest line: accrued so far while lending, final once paid back. */
const interestLabel: Record<LendingState, string> = {
  // Nothing accrues before the match: the whole term's interest is shown as expected.
  active: 'ui.lending.interestExpected',
  succeeded: 'ui.lending.interestAccrued',
  completed: 'ui.lending.interestPaid',
  failed: 'ui.lending.interest',
};

function RecordItem({ record }: { record: LendingRecordData }) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  return (
    <li className="record-item" data-testid={`lending-record-${record.id}`}>
      <div className="lending-record">
        <div className="lending-record-head">
          <span className="record-title">{nameOf(record)}</span>
          <LendingStateTag state={record.state} testId={`lending-record-state-${record.id}`} />
        </div>
        <dl className="detail-list">
          <DetailRow label={t('ui.lending.amount')}>
            <span className="num strong" data-testid={`lending-record-amount-${record.id}`}>
              {formatAmount(record.amount, record.currency)}
            </span>
          </DetailRow>
          <DetailRow label={t('ui.lending.dailyRate')}>
            <RateText dailyRate={record.dailyRate} />
          </DetailRow>
          <DetailRow label={t('ui.lending.term')}>
            <span className="num">{t('ui.lending.termDays', { days: String(record.termDays) })}</span>
          </DetailRow>
          <DetailRow label={t('ui.lending.appliedAt')}>
            <span className="num">{timeText(record.appliedAt)}</span>
          </DetailRow>
          {record.startedAt ? (
            <DetailRow label={t('ui.lending.startedAt')}>
              <span className="num">{timeText(record.startedAt)}</span>
            </DetailRow>
          ) : null}
          {record.endsAt ? (
            <DetailRow label={t('ui.lending.endsAt')}>
              <span className="num">{timeText(record.endsAt)}</span>
            </DetailRow>
          ) : null}
          {record.completedAt ? (
            <DetailRow label={t('ui.lending.completedAt')}>
              <span className="num">{timeText(record.completedAt)}</span>
            </DetailRow>
          ) : null}
          {record.state !== 'failed' ? (
            <DetailRow label={t(interestLabel[record.state])}>
              <span
                className={`num strong${record.state === 'completed' ? ' up' : ''}`}
                data-testid={`lending-record-interest-${record.id}`}
              >
                {formatAmount(
                  record.state === 'active'
                    ? (estimatedInterest(record.amount, record.dailyRate, record.termDays, record.currency) ??
                        record.interest)
                    : record.interest,
                  record.currency,
                )}
              </span>
            </DetailRow>
          ) : null}
        </dl>
        {record.state === 'active' ? <p className="caption lending-note">{t('ui.lending.activeNote')}</p> : null}
        {record.state === 'failed' ? <p className="caption lending-note">{t('ui.lending.failedNote')}</p> : null}
      </div>
    </li>
  );
}

function RecordsList({ state }: { state: LendingState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useLendingRecords(state);
  const rows = flattenById(query.data?.pages);
  if (query.isPending)
    return (
      <section className="card">
        <Loading rows={6} />
      </section>
    );
  if (query.isError && rows.length === 0)
    return (
      <section className="card">
        <ErrorRetry onRetry={() => void query.refetch()} />
      </section>
    );
  let list: ReactNode;
  if (rows.length === 0) {
    list = (
      <Empty
        text={t(`ui.lending.empty.${state}`)}
        action={
          <Button color="primary" fill="outline" onClick={() => navigate('/home/lending')} data-testid="lending-browse">
            {t('ui.lending.browse')}
          </Button>
        }
      />
    );
  } else {
    list = (
      <ul className="record-list" data-testid={`lending-records-${state}`}>
        {rows.map((row) => (
          <RecordItem key={row.id} record={row} />
        ))}
      </ul>
    );
  }
  return (
    <PullRefresh onRefresh={() => query.refetch()}>
      <section className="card flush-card pull-area">
        {list}
        <NextPages query={query} shown={rows.length} />
      </section>
    </PullRefresh>
  );
}

/**
 * `/home/lendingRecord` (our path; spec §4 lending states): tabs in progress (`active`),
 * succeeded, completed and failed of `/lending/records` (`?tab=`), each record with amount,
 * rate, term, dates and interest; pull-to-refresh and infinite scroll.
 */
export default function LendingRecordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: LendingState = isLendingState(requested) ? requested : 'active';
  return (
    <MoneyPage title={t('ui.lending.recordsTitle')} requireKyc={false} loginText={t('ui.lending.loginText')}>
      <TabStrip<LendingState>
        tabs={lendingTabs.map((key) => ({ key, label: t(`ui.lending.state.${key}`) }))}
        active={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        label={t('ui.lending.recordsTitle')}
        testIdPrefix="lending-tab-"
        fill
      />
      <RecordsList key={tab} state={tab} />
    </MoneyPage>
  );
}
