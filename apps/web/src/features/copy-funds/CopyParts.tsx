/**
 * Pieces the copy-trading screens share (docs/api.md §14): the open/closed tag, the daily result in the
 * up/down colour, the lock-up, the fund card of the list (name, strategy number, currency, daily
 * result, the non-binding expected return, minimum, lock-up, deadline, capacity left) and the list
 * with pull-to-refresh, skeletons, empty and error states. The home quant tab reuses the list.
 */
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { direction, formatAmount, formatChangeRate, formatPercent } from '../../lib/format';
import { timeText } from '../../components/MoneyParts';
import { flattenById } from '../../api/pages';
import { NextPages, PullRefresh } from '../../components/Lists';
import { useCopyList, type CopyFundData } from './copy-queries';
import './copy.css';
import { useProductName } from '../../lib/product-name';

export const copyFundsPath = '/home/fllow';
export const copyFundPath = (id: string) => `/home/fllow?id=${encodeURIComponent(id)}`;
export const copyMinePath = '/home/fllow?tab=mine';

export function FundOpenTag({ fund, testId }: { fund: Pick<CopyFundData, 'open' | 'state'>; testId?: string }) {
  const { t } = useTranslation();
  const label =
    fund.state === 'closing'
      ? t('ui.copy.fundState.closing')
      : fund.state === 'closed'
        ? t('ui.copy.fundState.closed')
        : fund.open
          ? t('ui.copy.open')
          : t('ui.copy.closed');
  return (
    <span className={`tag ${fund.open ? 'state-approved' : 'state-closed'}`} data-testid={testId}>
      {label}
    </span>
  );
}

/** A daily result (a fraction) with its sign, in the user's up/down colour, and its direction in words for screen readers. */
export function DailyResult({
  rate,
  testId,
  className = '',
}: {
  rate: string | null;
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (rate === null)
    return (
      <span className={`num ${className}`} data-testid={testId}>
        {t('ui.copy.noResultYet')}
      </span>
    );
  const dir = direction(rate);
  return (
    <span className={`num ${dir} ${className}`} data-testid={testId}>
      {formatChangeRate(rate)}
      <span className="sr-only">{`, ${t(`ui.copy.direction.${dir}`)}`}</span>
    </span>
  );
}

export function LockupText({ days }: { days: number }) {
  const { t } = useTranslation();
  return <>{days > 0 ? t('ui.copy.daysCount', { count: days }) : t('ui.copy.noLockup')}</>;
}

export function FundHead({ fund, titleId, level = 2 }: { fund: CopyFundData; titleId?: string; level?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = level === 2 ? 'h2' : 'h3';
  const nameOf = useProductName();
  return (
    <header className="cf-card-head">
      <div className="cf-name">
        <Heading id={titleId}>{nameOf(fund)}</Heading>
        <span className="caption">
          <span className="tag" title={t('ui.copy.strategyNo')}>
            {fund.strategyNo}
          </span>{' '}
          <span className="tag">{fund.currency}</span>
        </span>
      </div>
      <FundOpenTag fund={fund} testId={`cf-open-${fund.id}`} />
    </header>
  );
}

/** The daily result large, then the disclosed target, which is no promise. */
export function ResultLine({ fund }: { fund: CopyFundData }) {
  const { t } = useTranslation();
  return (
    <dl className="cf-result">
      <div>
        <dt>{t('ui.copy.dailyProfit')}</dt>
        <dd>
          <DailyResult rate={fund.dailyProfitRate} testId={`cf-daily-${fund.id}`} className="cf-daily" />
        </dd>
      </div>
      <div>
        <dt>{t('ui.copy.expectedReturn')}</dt>
        <dd className="num" data-testid={`cf-expected-${fund.id}`}>
          {formatPercent(fund.expectedReturnRate)}
          <span className="caption cf-nonbinding">{t('ui.copy.nonBinding')}</span>
        </dd>
      </div>
    </dl>
  );
}

export function FundFigures({ fund }: { fund: CopyFundData }) {
  const { t } = useTranslation();
  return (
    <dl className="cf-figures">
      <div>
        <dt>{t('ui.copy.minAmount')}</dt>
        <dd className="num" data-testid={`cf-min-${fund.id}`}>
          {formatAmount(fund.minAmount, fund.currency)}
        </dd>
      </div>
      <div>
        <dt>{t('ui.copy.lockup')}</dt>
        <dd className="num" data-testid={`cf-lockup-${fund.id}`}>
          <LockupText days={fund.lockupDays} />
        </dd>
      </div>
      <div>
        <dt>{t('ui.copy.remaining')}</dt>
        <dd className="num" data-testid={`cf-remaining-${fund.id}`}>
          {formatAmount(fund.remaining, fund.currency)}
        </dd>
      </div>
      <div>
        <dt>{t('ui.copy.deadline')}</dt>
        <dd className="num" data-testid={`cf-deadline-${fund.id}`}>
          {timeText(fund.copyDeadline)}
        </dd>
      </div>
    </dl>
  );
}

export function FundCard({ fund }: { fund: CopyFundData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = `cf-title-${fund.id}`;
  return (
    <article className="card cf-card" aria-labelledby={titleId} data-testid={`cf-card-${fund.id}`}>
      <FundHead fund={fund} titleId={titleId} />
      <ResultLine fund={fund} />
      <FundFigures fund={fund} />
      <Button
        block
        color={fund.open ? 'primary' : 'default'}
        onClick={() => navigate(copyFundPath(fund.id))}
        aria-describedby={titleId}
        data-testid={`cf-details-${fund.id}`}
      >
        {fund.open ? t('ui.copy.follow') : t('ui.copy.details')}
      </Button>
    </article>
  );
}

/** The funds; `limit` shows only the first few (home tab) with a link to the whole list. */
export function CopyFundList({ limit, refreshable = true }: { limit?: number; refreshable?: boolean }) {
  const { t } = useTranslation();
  const query = useCopyList(limit);
  const rows = flattenById(query.data?.pages);
  if (query.isPending)
    return (
      <section className="card">
        <Loading rows={5} />
      </section>
    );
  if (query.isError && rows.length === 0)
    return (
      <section className="card">
        <ErrorRetry onRetry={() => void query.refetch()} />
      </section>
    );
  const shown = limit === undefined ? rows : rows.slice(0, limit);
  let body: ReactNode = (
    <div className="cf-list" data-testid="cf-list">
      {shown.length === 0 ? (
        <section className="card">
          <Empty text={t('ui.copy.empty')} />
        </section>
      ) : (
        shown.map((fund) => <FundCard key={fund.id} fund={fund} />)
      )}
      {limit === undefined ? <NextPages query={query} shown={rows.length} /> : null}
      {limit !== undefined && shown.length > 0 ? (
        <Link to={copyFundsPath} className="more-link" data-testid="cf-all">
          {t('ui.copy.all')}
        </Link>
      ) : null}
    </div>
  );
  if (refreshable)
    body = (
      <PullRefresh onRefresh={() => query.refetch()}>
        <div className="pull-area">{body}</div>
      </PullRefresh>
    );
  return body;
}
