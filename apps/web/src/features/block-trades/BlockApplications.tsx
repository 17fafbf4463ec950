/**
 * The caller's block-trade applications (docs/api.md §13.3): state chips, and per application its
 * state, shares, price, amount, fee, lock, submitted and reviewed times, the reviewer's reason as
 * plain text, and once approved a link to the position it opened.
 */
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIsLoggedIn } from '../../api/queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SegmentedSwitch } from '../../components/TabStrip';
import { formatAmount, formatPrice } from '../../lib/format';
import { DetailRow, StateTag, timeText } from '../../components/MoneyParts';
import { flattenById } from '../../api/pages';
import { NextPages, PullRefresh } from '../../components/Lists';
import {
  blockStateFilters,
  useBlockApplications,
  type BlockApplicationData,
  type BlockStateFilter,
} from './block-queries';
import { formatShares } from './block-rules';
import { LockText } from './BlockParts';
import './blocktrade.css';

function ApplicationItem({ application }: { application: BlockApplicationData }) {
  const { t } = useTranslation();
  const { currency } = application;
  return (
    <li className="record-item" data-testid={`bt-application-${application.id}`}>
      <div className="bt-record">
        <div className="bt-record-head">
          <span className="record-title">
            {`${application.name} (${application.code})`}{' '}
            <span className="tag">{t(`ui.block.kind.${application.kind}`)}</span>
          </span>
          <StateTag state={application.state} testId={`bt-application-state-${application.id}`} />
        </div>
        <dl className="detail-list">
          <DetailRow label={t('ui.block.shares')}>
            <span className="num">{formatShares(application.shares)}</span>
          </DetailRow>
          <DetailRow label={t('ui.block.dealPrice')}>
            <span className="num">{formatPrice(application.price)}</span>
          </DetailRow>
          <DetailRow label={t('ui.block.amount')}>
            <span className="num strong" data-testid={`bt-application-amount-${application.id}`}>
              {formatAmount(application.amount, currency)}
            </span>
          </DetailRow>
          <DetailRow label={t('ui.block.fee')}>
            <span className="num" data-testid={`bt-application-fee-${application.id}`}>
              {formatAmount(application.fee, currency)}
            </span>
          </DetailRow>
          <DetailRow label={t('ui.block.lock')}>
            <LockText lockDays={application.lockDays} />
          </DetailRow>
          <DetailRow label={t('ui.block.submittedAt')}>
            <span className="num">{timeText(application.submittedAt)}</span>
          </DetailRow>
          {application.reviewedAt ? (
            <DetailRow label={t('ui.block.reviewedAt')}>
              <span className="num">{timeText(application.reviewedAt)}</span>
            </DetailRow>
          ) : null}
        </dl>
        {application.reason ? (
          <div data-testid={`bt-application-reason-${application.id}`}>
            <span className="caption">{t('ui.block.reason')}</span>
            {/* Plain text: the reviewer's words are never markup. */}
            <p className="bt-reason">{application.reason}</p>
          </div>
        ) : null}
        {application.state === 'approved' && application.orderId ? (
          <Link
            to={`/trade/positionDetail?id=${encodeURIComponent(application.orderId)}`}
            data-testid={`bt-application-position-${application.id}`}
          >
            {t('ui.block.viewPosition')}
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function ApplicationList({ state, onBrowse }: { state: BlockStateFilter; onBrowse: () => void }) {
  const { t } = useTranslation();
  const query = useBlockApplications(state);
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
  return (
    <PullRefresh onRefresh={() => query.refetch()}>
      <section className="card flush-card pull-area">
        {rows.length === 0 ? (
          state === 'all' ? (
            <Empty
              text={t('ui.block.applicationsEmpty')}
              action={
                <Button color="primary" fill="outline" onClick={onBrowse} data-testid="bt-browse">
                  {t('ui.block.browse')}
                </Button>
              }
            />
          ) : (
            <Empty text={t('ui.block.applicationsEmptyState')} />
          )
        ) : (
          <ul className="record-list" data-testid="bt-applications">
            {rows.map((row) => (
              <ApplicationItem key={row.id} application={row} />
            ))}
          </ul>
        )}
        <NextPages query={query} shown={rows.length} />
      </section>
    </PullRefresh>
  );
}

/** The applications tab: state chips over the list. */
export function BlockApplications({ onBrowse }: { onBrowse: () => void }) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [state, setState] = useState<BlockStateFilter>('all');
  if (!loggedIn) return <LoginPrompt message={t('ui.block.loginText')} />;
  return (
    <>
      <div className="bt-toolbar">
        <SegmentedSwitch<BlockStateFilter>
          label={t('ui.block.stateFilter')}
          value={state}
          testIdPrefix="bt-state-"
          options={blockStateFilters.map((key) => ({
            key,
            label: key === 'all' ? t('ui.block.state.all') : t(`ui.reviewState.${key}`),
          }))}
          onChange={setState}
        />
      </div>
      <ApplicationList key={state} state={state} onBrowse={onBrowse} />
    </>
  );
}
