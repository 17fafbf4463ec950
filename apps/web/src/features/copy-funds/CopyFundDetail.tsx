/**
 * One fund (`/home/fllow?id=<fund id>`, docs/api.md §14 `/copy/detail`): every term of spec §3 (fund
 * size, minimum, lock-up, end time, trade cycle, daily profit, expected return, strategy number),
 * the strategy in words, the fees in words with an example payout computed with the contract's
 * `copyPayout`, the 30-day NAV chart with its backtest days marked, the positions the strategy
 * holds now, and the subscribe form.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { direction, formatAmount, formatDay, formatPercent, formatPrice, formatSignedAmount } from '../../lib/format';
import { DetailRow, timeText } from '../../components/MoneyParts';
import { SideTag } from '../trade';
import { useCopyDetail, type CopyFundDetailData, type CopySubscriptionData } from './copy-queries';
import { examplePayout, strategySentence } from './copy-rules';
import { copyFundsPath, copyMinePath, DailyResult, FundHead, LockupText, ResultLine } from './CopyParts';
import { CopySubscribeSection } from './CopySubscribeForm';
import { formatNav, NavChart } from './NavChart';
import { useProductName } from '../../lib/product-name';

function TermsCard({ fund }: { fund: CopyFundDetailData }) {
  const { t } = useTranslation();
  const c = fund.currency;
  return (
    <section className="card cf-card" data-testid="cf-head">
      <FundHead fund={fund} />
      <ResultLine fund={fund} />
      <dl className="detail-list" data-testid="cf-terms">
        <DetailRow label={t('ui.copy.strategyNo')} testId="cf-term-strategy">
          <span className="num">{fund.strategyNo}</span>
        </DetailRow>
        <DetailRow label={t('ui.copy.nav')} testId="cf-term-nav">
          <span className="num strong">{formatNav(fund.nav)}</span>
        </DetailRow>
        <DetailRow label={t('ui.copy.totalValue')}>
          <span className="num">{formatAmount(fund.totalValue, c)}</span>
        </DetailRow>
        <DetailRow label={t('ui.copy.cash')}>
          <span className="num">{formatAmount(fund.cash, c)}</span>
        </DetailRow>
        <DetailRow label={t('ui.copy.fundSize')} testId="cf-term-size">
          <span className="num">{formatAmount(fund.fundSize, c)}</span>
        </DetailRow>
        <DetailRow label={t('ui.copy.remaining')}>
          <span className="num">{formatAmount(fund.remaining, c)}</span>
        </DetailRow>
        <DetailRow label={t('ui.copy.minAmount')} testId="cf-term-min">
          <span className="num">{formatAmount(fund.minAmount, c)}</span>
        </DetailRow>
        <DetailRow label={t('ui.copy.lockup')} testId="cf-term-lockup">
          <LockupText days={fund.lockupDays} />
        </DetailRow>
        <DetailRow label={t('ui.copy.tradeCycle')} testId="cf-term-cycle">
          <span className="num">{t('ui.copy.daysCount', { count: fund.tradeCycleDays })}</span>
        </DetailRow>
        <DetailRow label={t('ui.copy.deadline')}>
          <span className="num">{timeText(fund.copyDeadline)}</span>
        </DetailRow>
        <DetailRow label={t('ui.copy.endTime')} testId="cf-term-end">
          <span className="num">{timeText(fund.endTime)}</span>
        </DetailRow>
        <DetailRow label={t('ui.copy.launchedAt')}>
          <span className="num">{timeText(fund.launchedAt)}</span>
        </DetailRow>
      </dl>
    </section>
  );
}

function StrategyCard({ fund }: { fund: CopyFundDetailData }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="cf-strategy-title">
      <h2 id="cf-strategy-title" className="cf-section-title">
        {t('ui.copy.strategyTitle', { no: fund.strategyNo })}
      </h2>
      <p className="cf-strategy" data-testid="cf-strategy">
        {strategySentence(fund.strategy, t)}
      </p>
      <p className="caption cf-note">{t('ui.copy.strategyNote')}</p>
    </section>
  );
}

function FeesCard({ fund }: { fund: CopyFundDetailData }) {
  const { t } = useTranslation();
  const c = fund.currency;
  const example = examplePayout(fund, fund.minAmount);
  const days = fund.history.length;
  return (
    <section className="card" aria-labelledby="cf-fees-title" data-testid="cf-fees">
      <h2 id="cf-fees-title" className="cf-section-title">
        {t('ui.copy.feesTitle')}
      </h2>
      <p className="cf-fees-words" data-testid="cf-fees-words">
        {t('ui.copy.feesWords', {
          performance: formatPercent(fund.performanceFeeRate),
          service: formatPercent(fund.serviceFeeRate),
        })}
      </p>
      {example ? (
        <div className="cf-example" data-testid="cf-example">
          <h3>{t('ui.copy.exampleTitle', { amount: formatAmount(fund.minAmount, c), count: days })}</h3>
          <dl className="detail-list">
            <DetailRow label={t('ui.copy.exampleValue')}>
              <span className="num" data-testid="cf-example-value">
                {formatAmount(example.value.toString(), c)}
              </span>
            </DetailRow>
            <DetailRow label={t('ui.copy.profit')}>
              <span className={`num ${direction(example.profit.toString())}`} data-testid="cf-example-profit">
                {formatSignedAmount(example.profit.toString(), c)}
              </span>
            </DetailRow>
            <DetailRow label={t('ui.copy.performanceFee')}>
              <span className="num" data-testid="cf-example-performance-fee">
                {formatAmount(example.performanceFee.toString(), c)}
              </span>
            </DetailRow>
            <DetailRow label={t('ui.copy.serviceFee')}>
              <span className="num" data-testid="cf-example-service-fee">
                {formatAmount(example.serviceFee.toString(), c)}
              </span>
            </DetailRow>
            <DetailRow label={t('ui.copy.payout')}>
              <span className="num strong" data-testid="cf-example-payout">
                {formatAmount(example.payout.toString(), c)}
              </span>
            </DetailRow>
          </dl>
          <p className="caption cf-note">{t('ui.copy.exampleNote')}</p>
        </div>
      ) : null}
    </section>
  );
}

function NavCard({ fund }: { fund: CopyFundDetailData }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="cf-nav-title">
      <div className="card-head">
        <h2 id="cf-nav-title" className="cf-section-title">
          {t('ui.copy.navTitle')}
        </h2>
        <span className="num strong" data-testid="cf-nav-now">
          {formatNav(fund.nav)}
        </span>
      </div>
      <NavChart history={fund.navHistory} />
    </section>
  );
}

/** The cost at the scale the live price is quoted in (the server keeps 8 decimals), at least 2. */
function priceScale(current: string | null, cost: string): number {
  const decimals = (value: string) => value.split('.')[1]?.replace(/0+$/, '').length ?? 0;
  return Math.max(2, Math.min(8, current === null ? decimals(cost) : Math.max(decimals(current), 2)));
}

function PositionsCard({ fund }: { fund: CopyFundDetailData }) {
  const { t } = useTranslation();
  const c = fund.currency;
  return (
    <section className="card flush-card" aria-labelledby="cf-positions-title" data-testid="cf-positions">
      <h2 id="cf-positions-title" className="cf-section-title cf-flush-title">
        {t('ui.copy.positionsTitle')}
      </h2>
      {fund.positions.length === 0 ? (
        // a fund whose strategy never ran has not chosen yet; one that ran and holds nothing is in cash
        <Empty text={t(fund.rebalancedOn === null ? 'ui.copy.positionsFirst' : 'ui.copy.positionsEmpty')} />
      ) : (
        <ul className="record-list">
          {fund.positions.map((position) => (
            <li key={position.orderId} className="record-item" data-testid={`cf-position-${position.code}`}>
              <div className="cf-position">
                <div className="cf-position-head">
                  <span className="record-title">
                    <strong>{position.code}</strong> <span className="caption">{position.name}</span>
                  </span>
                  <SideTag side={position.side} />
                </div>
                <dl className="cf-position-figures">
                  <div>
                    <dt>{t('ui.copy.lots')}</dt>
                    <dd className="num">{position.lots}</dd>
                  </div>
                  <div>
                    <dt>{t('ui.copy.costPrice')}</dt>
                    <dd className="num">
                      {formatPrice(position.costPrice, priceScale(position.currentPrice, position.costPrice))}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('ui.copy.currentPrice')}</dt>
                    <dd className="num">{formatPrice(position.currentPrice)}</dd>
                  </div>
                  <div>
                    <dt>{t('ui.copy.pnl')}</dt>
                    <dd
                      className={`num ${direction(position.profitLoss)}`}
                      data-testid={`cf-position-pnl-${position.code}`}
                    >
                      {formatSignedAmount(position.profitLoss, c)}
                    </dd>
                  </div>
                </dl>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HistoryStrip({ fund }: { fund: CopyFundDetailData }) {
  const { t } = useTranslation();
  const recent = fund.history.slice(-5).reverse();
  if (recent.length === 0) return null;
  return (
    <section className="card" aria-labelledby="cf-history-title">
      <h2 id="cf-history-title" className="cf-section-title">
        {t('ui.copy.historyTitle')}
      </h2>
      <dl className="detail-list" data-testid="cf-history">
        {recent.map((day) => (
          <DetailRow key={day.date} label={formatDay(day.date)}>
            <DailyResult rate={day.dailyProfitRate} />
          </DetailRow>
        ))}
      </dl>
    </section>
  );
}

function ResultCard({ subscription }: { subscription: CopySubscriptionData }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'start' });
  }, [subscription.id]);
  return (
    <section ref={ref} className="card status-card tone-ok cf-result-card" data-testid="cf-result" aria-live="polite">
      <h2>{t('ui.copy.doneTitle')}</h2>
      <p className="muted">
        {t('ui.copy.doneText', { amount: formatAmount(subscription.amount, subscription.currency) })}
      </p>
      <dl className="detail-list">
        <DetailRow label={t('ui.copy.amount')}>
          <span className="num strong">{formatAmount(subscription.amount, subscription.currency)}</span>
        </DetailRow>
        <DetailRow label={t('ui.copy.startedAt')}>
          <span className="num">{timeText(subscription.startedAt)}</span>
        </DetailRow>
        <DetailRow label={t('ui.copy.redeemableFromLabel')}>
          <span className="num" data-testid="cf-result-lock">
            {timeText(subscription.lockUntil)}
          </span>
        </DetailRow>
      </dl>
      <Link to={copyMinePath} data-testid="cf-result-mine">
        {t('ui.copy.viewMine')}
      </Link>
    </section>
  );
}

function DetailBody({ fund }: { fund: CopyFundDetailData }) {
  const [result, setResult] = useState<CopySubscriptionData | null>(null);
  return (
    <>
      <TermsCard fund={fund} />
      <StrategyCard fund={fund} />
      <NavCard fund={fund} />
      <PositionsCard fund={fund} />
      <FeesCard fund={fund} />
      <HistoryStrip fund={fund} />
      {result ? <ResultCard subscription={result} /> : <CopySubscribeSection fund={fund} onDone={setResult} />}
    </>
  );
}

/** The detail of `id`, with its loading, error and not-found states. */
export function CopyFundDetailView({ id, onTitle }: { id: string; onTitle?: (title: string) => void }) {
  const { t } = useTranslation();
  const query = useCopyDetail(id);
  const nameOf = useProductName();
  const name = query.data ? nameOf(query.data) : undefined;
  useEffect(() => {
    if (name) onTitle?.(name);
  }, [name, onTitle]);
  const all = <Link to={copyFundsPath}>{t('ui.copy.all')}</Link>;
  if (query.isPending)
    return (
      <section className="card">
        <Loading rows={8} />
      </section>
    );
  if (query.isError) {
    const missing = (query.error as { code?: string } | null)?.code === 'product.not_found';
    return (
      <section className="card">
        {missing ? (
          <Empty text={t('ui.copy.notFound')} action={all} />
        ) : (
          <ErrorRetry onRetry={() => void query.refetch()} />
        )}
      </section>
    );
  }
  return <DetailBody fund={query.data} />;
}
