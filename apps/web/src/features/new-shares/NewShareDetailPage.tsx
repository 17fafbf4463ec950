import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { formatAmount, formatDate, formatPercent } from '../../lib/format';
import { useNow } from '../../lib/useNow';
import { DetailRow, timeText } from '../../components/MoneyParts';
import { DrawVerifier } from './DrawVerifier';
import { useNewShareDetail, type NewShareData, type SubscriptionRecordData } from './newshare-queries';
import { formatShares } from './newshare-rules';
import { dayText, Headline, PhaseTag, SubscriptionStateTag } from './NewShareParts';
import { subscriptionRecordsPath } from './NewSharesPage';
import { SubscribeSection } from './SubscribeForm';

interface DateStep {
  key: string;
  /** ISO timestamp or calendar date. */
  at: string;
  isDateOnly: boolean;
}

/** The offering's dates in the order they happen (§12.2). */
function dateSteps(detail: NewShareData): DateStep[] {
  return [
    { key: 'applyStart', at: detail.applyStart, isDateOnly: false },
    { key: 'applyEnd', at: detail.applyEnd, isDateOnly: false },
    { key: 'draw', at: detail.drawDate, isDateOnly: true },
    { key: 'paymentDeadline', at: detail.paymentDeadline, isDateOnly: false },
    { key: 'distribution', at: detail.distributionDate, isDateOnly: true },
    { key: 'listing', at: detail.listingDate, isDateOnly: true },
  ];
}

function DatesTimeline({ detail }: { detail: NewShareData }) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  return (
    <section className="card" aria-labelledby="ns-dates-title">
      <h2 id="ns-dates-title" className="ns-section-title">
        {t('ui.newShare.datesTitle')}
      </h2>
      <ol className="timeline" aria-label={t('ui.newShare.datesTitle')} data-testid="ns-dates">
        {dateSteps(detail).map((step) => {
          // A calendar date counts from its start; the draw may also be marked done by the server.
          const isDone = (step.key === 'draw' && detail.drawnAt !== null) || Date.parse(step.at) <= now;
          return (
            <li
              key={step.key}
              className={`timeline-step${isDone ? ' done' : ''}`}
              data-testid={`ns-date-${step.key}`}
              data-done={isDone}
            >
              <span className="timeline-dot" aria-hidden="true" />
              <div className="timeline-text">
                <span className="timeline-label">{t(`ui.newShare.step.${step.key}`)}</span>
                <span className="caption num">{step.isDateOnly ? dayText(step.at) : formatDate(step.at)}</span>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function TermsCard({ detail }: { detail: NewShareData }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="ns-terms-title">
      <h2 id="ns-terms-title" className="ns-section-title">
        {t('ui.newShare.termsTitle')}
      </h2>
      <dl className="detail-list" data-testid="ns-terms">
        <DetailRow label={t('ui.newShare.kindLabel')}>{t(`ui.newShare.kind.${detail.kind}`)}</DetailRow>
        <DetailRow label={t('ui.newShare.issueMarket')}>{detail.issueMarket}</DetailRow>
        <DetailRow label={t('ui.newShare.sponsorBroker')}>{detail.sponsorBroker}</DetailRow>
        <DetailRow label={t('ui.newShare.sharesOffered')}>
          <span className="num">{formatShares(detail.sharesOffered)}</span>
        </DetailRow>
        <DetailRow label={t('ui.newShare.totalSubscription')}>
          <span className="num" data-testid="ns-total">
            {formatShares(detail.totalSubscription)}
          </span>
        </DetailRow>
        <DetailRow label={t('ui.newShare.minShares')}>
          <span className="num">
            {t('ui.newShare.sharesCount', { count: detail.minShares, shares: formatShares(detail.minShares) })}
          </span>
        </DetailRow>
        <DetailRow label={t('ui.newShare.minInvestment')}>
          <span className="num">{formatAmount(detail.minInvestment, detail.currency)}</span>
        </DetailRow>
        {detail.placementTiers && detail.placementTiers.length > 0 ? (
          <DetailRow label={t('ui.newShare.placementTiers')}>
            <ul className="ns-tiers" data-testid="ns-tiers">
              {detail.placementTiers.map((tier) => (
                <li key={tier.accountType} className="num">
                  {t(`ui.newShare.accountType.${tier.accountType}`)}: {formatAmount(tier.minAmount, detail.currency)}
                </li>
              ))}
            </ul>
          </DetailRow>
        ) : null}
        <DetailRow label={t('ui.newShare.maxApplications')}>
          <span className="num">{String(detail.maxApplicationsPerUser)}</span>
        </DetailRow>
        <DetailRow label={t('ui.newShare.paymentMode')}>{t(`ui.newShare.payment.${detail.paymentMode}`)}</DetailRow>
        <DetailRow label={t('ui.newShare.lockDays')}>
          <span className="num">{t('ui.newShare.daysCount', { count: detail.lockDays })}</span>
        </DetailRow>
        <DetailRow label={t('ui.newShare.channel')}>
          {detail.channelOpen ? t('ui.newShare.channelOpen') : t('ui.newShare.channelClosed')}
          {detail.channelPasswordRequired ? ` · ${t('ui.newShare.passwordRequired')}` : ''}
        </DetailRow>
        {detail.winningRate !== null ? (
          <DetailRow label={t('ui.newShare.winningRate')}>
            <span className="num" data-testid="ns-winning-rate">
              {formatPercent(detail.winningRate)}
            </span>
          </DetailRow>
        ) : null}
        {detail.winnersCount !== null ? (
          <DetailRow label={t('ui.newShare.winnersCount')}>
            <span className="num">{formatShares(detail.winnersCount)}</span>
          </DetailRow>
        ) : null}
      </dl>
    </section>
  );
}

function MyCard({ detail }: { detail: NewShareData }) {
  const { t } = useTranslation();
  const my = detail.my;
  if (!my) return null;
  return (
    <section className="card" aria-labelledby="ns-my-title" data-testid="ns-my">
      <h2 id="ns-my-title" className="ns-section-title">
        {t('ui.newShare.myTitle')}
      </h2>
      {my.applications === 0 ? (
        <p className="muted">{t('ui.newShare.myNone')}</p>
      ) : (
        <>
          <dl className="detail-list">
            <DetailRow label={t('ui.newShare.my.applications')}>
              <span
                className="num"
                data-testid="ns-my-applications"
              >{`${my.applications} / ${detail.maxApplicationsPerUser}`}</span>
            </DetailRow>
            <DetailRow label={t('ui.newShare.my.subscriptionQuantity')}>
              <span className="num">{formatShares(my.subscriptionQuantity)}</span>
            </DetailRow>
            <DetailRow label={t('ui.newShare.my.allottedQuantity')}>
              <span className="num">{detail.drawnAt ? formatShares(my.allottedQuantity) : '--'}</span>
            </DetailRow>
            <DetailRow label={t('ui.newShare.my.amountPayable')}>
              <span className="num">{formatAmount(my.amountPayable, detail.currency)}</span>
            </DetailRow>
            <DetailRow label={t('ui.newShare.my.amountPaid')}>
              <span className="num">{formatAmount(my.amountPaid, detail.currency)}</span>
            </DetailRow>
          </dl>
          <Link to={subscriptionRecordsPath} data-testid="ns-my-records">
            {t('ui.newShare.viewRecords')}
          </Link>
        </>
      )}
    </section>
  );
}

function ResultCard({ record }: { record: SubscriptionRecordData }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'start' });
  }, [record.id]);
  return (
    <section ref={ref} className="card status-card tone-wait ns-result" data-testid="ns-result" aria-live="polite">
      <h2>{t('ui.newShare.doneTitle')}</h2>
      <p className="muted">
        {t(`ui.newShare.doneText.${record.paymentMode}`, {
          amount: formatAmount(record.frozenAmount, record.currency),
          deadline: formatDate(record.paymentDeadline),
        })}
      </p>
      <dl className="detail-list">
        <DetailRow label={t('ui.newShare.quantity')}>
          <span className="num">{formatShares(record.quantity)}</span>
        </DetailRow>
        <DetailRow label={t('ui.newShare.amount')}>
          <span className="num strong">{formatAmount(record.amount, record.currency)}</span>
        </DetailRow>
        <DetailRow label={t('ui.newShare.stateLabel')}>
          <SubscriptionStateTag state={record.state} />
        </DetailRow>
        <DetailRow label={t('ui.newShare.appliedAt')}>
          <span className="num">{timeText(record.appliedAt)}</span>
        </DetailRow>
      </dl>
      <Link to={subscriptionRecordsPath} data-testid="ns-result-records">
        {t('ui.newShare.viewRecords')}
      </Link>
    </section>
  );
}

function DetailBody({ detail }: { detail: NewShareData }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<SubscriptionRecordData | null>(null);
  return (
    <>
      <section className="card ns-head" data-testid="ns-head">
        <header className="ns-card-head">
          <div className="ns-name">
            <h2>{detail.name}</h2>
            <span className="caption">
              {detail.code} <span className="tag">{t(`ui.market.${detail.market}`)}</span> ·{' '}
              {t(`ui.newShare.kind.${detail.kind}`)}
            </span>
          </div>
          <PhaseTag phase={detail.phase} testId="ns-detail-phase" />
        </header>
        <Headline detail={detail} />
      </section>
      {result ? <ResultCard record={result} /> : null}
      <DatesTimeline detail={detail} />
      <TermsCard detail={detail} />
      <MyCard detail={detail} />
      {result ? null : <SubscribeSection detail={detail} onDone={setResult} />}
      {detail.drawSeed !== null ? <DrawVerifier detail={detail} /> : null}
    </>
  );
}

/**
 * `/home/newStockBuy?id=<new share id>` (spec §2): every field of §12.2 grouped by weight — the
 * prices first, then the dates as a timeline, then the terms — the caller's applications, the
 * subscribe form with its rules, and after the draw a way to verify it.
 */
export default function NewShareDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useNewShareDetail(id);
  let body;
  const notFound = id === '' || (query.error instanceof ApiError && query.error.code === 'product.not_found');
  if (notFound)
    body = (
      <section className="card">
        <Empty text={t('ui.newShare.notFound')} action={<Link to="/home/newStock">{t('ui.newShare.all')}</Link>} />
      </section>
    );
  else if (query.isPending)
    body = (
      <section className="card">
        <Loading rows={8} />
      </section>
    );
  else if (query.isError)
    body = (
      <section className="card">
        <ErrorRetry onRetry={() => void query.refetch()} />
      </section>
    );
  else body = <DetailBody detail={query.data} />;
  return <SubPage title={query.data?.name ?? t('ui.page.newStockBuy')}>{body}</SubPage>;
}
