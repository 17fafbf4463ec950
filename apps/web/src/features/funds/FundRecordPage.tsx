import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  flattenRecords,
  fundRecordTabs,
  isDepositRecord,
  isLedgerRecord,
  isWithdrawRecord,
  useFundRecords,
  type DepositRecordData,
  type FundRecordTab,
  type LedgerRecordData,
} from './funds-queries';
import { useSummaryCurrency } from '../../api/queries';
import { ChevronIcon, DownloadIcon, ListIcon } from '../../components/Icons';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { TabStrip } from '../../components/TabStrip';
import { direction, formatAmount, formatDate, formatSignedAmount } from '../../lib/format';
import { NextPages, PullRefresh } from '../../components/Lists';
import { MoneyPage, StateTag } from '../../components/MoneyParts';
import { StatementSheet } from './StatementSheet';
import { WithdrawRecordItem } from './WithdrawRecordItem';

function isTab(value: string | null): value is FundRecordTab {
  return value !== null && (fundRecordTabs as readonly string[]).includes(value);
}

function LedgerRow({ record }: { record: LedgerRecordData }) {
  const { t } = useTranslation();
  const dir = direction(record.amount);
  const frozen = direction(record.frozenChange);
  return (
    <li className="record-item" data-testid={`trade-record-${record.id}`}>
      <div className="record-row static">
        <span className="record-main">
          <span className="record-title">{t(`ui.ledgerKind.${record.kind}`)}</span>
          {record.remark ? <span className="caption">{record.remark}</span> : null}
          <span className="caption num">{formatDate(record.createdAt)}</span>
          {record.orderNo ? (
            <span className="caption num">{t('ui.records.orderNoShort', { orderNo: record.orderNo })}</span>
          ) : null}
        </span>
        <span className="record-side">
          <span className={`record-amount num ${dir === 'flat' ? '' : dir}`}>
            {formatSignedAmount(record.amount, record.currency)}
          </span>
          {frozen !== 'flat' ? (
            <span className="caption num">
              {t('ui.records.frozenChange', { amount: formatSignedAmount(record.frozenChange, record.currency) })}
            </span>
          ) : null}
          <span className="caption num">
            {t('ui.records.balanceAfter', { amount: formatAmount(record.balanceAfter, record.currency) })}
          </span>
        </span>
      </div>
    </li>
  );
}

function DepositRow({ record }: { record: DepositRecordData }) {
  const { t } = useTranslation();
  return (
    <li className="record-item" data-testid={`deposit-record-${record.id}`}>
      <div className="record-row static">
        <span className="record-main">
          <span className="record-title">{t('ui.records.deposit')}</span>
          <span className="caption num">{formatDate(record.createdAt)}</span>
          <span className="caption num">{t('ui.records.orderNoShort', { orderNo: record.orderNo })}</span>
          {record.state === 'rejected' && record.rejectReason ? (
            <span className="timeline-reason">{t('ui.funds.reason', { reason: record.rejectReason })}</span>
          ) : null}
        </span>
        <span className="record-side">
          {/* Nothing is credited until approval, so a pending or rejected deposit is not shown as a gain. */}
          <span className={`record-amount num ${record.state === 'approved' ? 'up' : ''}`}>
            +{formatAmount(record.amount, record.currency)}
          </span>
          <StateTag state={record.state} />
        </span>
      </div>
    </li>
  );
}

function RecordsList({ tab }: { tab: FundRecordTab }) {
  const { t } = useTranslation();
  const query = useFundRecords(tab);
  const rows = flattenRecords(query.data?.pages);
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
  if (rows.length === 0) list = <Empty text={t(`ui.records.empty.${tab}`)} />;
  else
    list = (
      <ul className="record-list" data-testid={`records-list-${tab}`}>
        {rows.map((row) => {
          if (tab === 'withdraw' && isWithdrawRecord(row)) return <WithdrawRecordItem key={row.id} record={row} />;
          if (tab === 'deposit' && isDepositRecord(row)) return <DepositRow key={row.id} record={row} />;
          if (isLedgerRecord(row)) return <LedgerRow key={row.id} record={row} />;
          return null;
        })}
      </ul>
    );
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
 * `/information/fundRecord` (spec §2 transaction records): trade, deposit and withdrawal tabs
 * of `/funds/records` (`?tab=`), with pull-to-refresh and infinite scroll, signed amounts in
 * the up/down colours, balance after each movement and state tags; the statement sheet
 * downloads the CSV or shows the statement.
 */
export default function FundRecordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: FundRecordTab = isTab(requested) ? requested : 'trade';
  const [statementOpen, setStatementOpen] = useState(false);
  const summary = useSummaryCurrency();
  return (
    <MoneyPage title={t('ui.page.fundRecord')} requireKyc={false}>
      <div className="entry-list">
        <button
          type="button"
          className="entry"
          onClick={() => setStatementOpen(true)}
          data-testid="statement-open"
          aria-haspopup="dialog"
        >
          <DownloadIcon className="entry-icon" />
          <span className="entry-label">{t('ui.statement.open')}</span>
          <ChevronIcon className="chevron" />
        </button>
        <Link className="entry" to="/information/statements" data-testid="statements-open">
          <ListIcon className="entry-icon" />
          <span className="entry-label">{t('ui.statements.entry')}</span>
          <ChevronIcon className="chevron" />
        </Link>
      </div>
      <TabStrip<FundRecordTab>
        tabs={fundRecordTabs.map((key) => ({ key, label: t(`ui.records.tab.${key}`) }))}
        active={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        label={t('ui.page.fundRecord')}
        testIdOf={(key) => `records-tab-${key}`}
        fill
      />
      <RecordsList key={tab} tab={tab} />
      <StatementSheet open={statementOpen} onClose={() => setStatementOpen(false)} defaultCurrency={summary} />
    </MoneyPage>
  );
}
