import { Button } from 'antd-mobile';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useIsLoggedIn } from '../../api/queries';
import { ListIcon } from '../../components/Icons';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { formatAmount } from '../../lib/format';
import { DetailRow, timeText } from '../../components/MoneyParts';
import { NextPages, PullRefresh } from '../../components/Lists';
import { annualisedPercent, compareAmounts, quotaLeft, quotaUsedPercent, ratePercent } from './lending-math';
import { useLendingProducts, type LendingProductData, type LendingRecordData } from './lending-queries';
import { flattenById } from '../../api/pages';
import { LendingApplySheet } from './LendingApplySheet';
import { LendingStateTag } from './LendingParts';
import './lending.css';
import { useProductName } from '../../lib/product-name';

function ProductCard({
  product,
  onApply,
}: {
  product: LendingProductData;
  onApply: (product: LendingProductData) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const titleId = `lending-product-title-${product.id}`;
  const full = compareAmounts(quotaLeft(product.quota, product.quotaUsed), '0') <= 0;
  const used = quotaUsedPercent(product.quota, product.quotaUsed);
  const status = !product.open ? 'closed' : full ? 'full' : 'open';
  return (
    <article className="card lending-card" aria-labelledby={titleId} data-testid={`lending-product-${product.id}`}>
      <header className="lending-card-head">
        <h2 id={titleId}>{nameOf(product)}</h2>
        <span className="tag">{product.currency}</span>
        <span
          className={`tag ${status === 'open' ? 'state-approved' : 'state-closed'}`}
          data-testid={`lending-status-${product.id}`}
        >
          {t(`ui.lending.status.${status}`)}
        </span>
      </header>
      <div className="lending-rate">
        <span className="lending-rate-value num" data-testid={`lending-rate-${product.id}`}>
          {ratePercent(product.dailyRate) ?? product.dailyRate}
        </span>
        <span className="caption">{t('ui.lending.dailyRate')}</span>
        <span className="caption num" data-testid={`lending-annual-${product.id}`}>
          {t('ui.lending.annualised', { rate: annualisedPercent(product.dailyRate) ?? '--' })}
        </span>
      </div>
      <dl className="lending-figures">
        <div>
          <dt>{t('ui.lending.term')}</dt>
          <dd className="num">{t('ui.lending.termDays', { days: String(product.termDays) })}</dd>
        </div>
        <div>
          <dt>{t('ui.lending.minAmount')}</dt>
          <dd className="num" data-testid={`lending-minimum-${product.id}`}>
            {formatAmount(product.minAmount, product.currency)}
          </dd>
        </div>
      </dl>
      <div>
        <div className="quota-line caption">
          <span>{t('ui.lending.quota')}</span>
          <span className="num" data-testid={`lending-quota-${product.id}`}>
            {t('ui.lending.quotaUsed', {
              used: formatAmount(product.quotaUsed, product.currency),
              quota: formatAmount(product.quota, product.currency),
            })}
          </span>
        </div>
        <div
          className="quota-bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Number(used)}
          aria-valuetext={`${used}%`}
          aria-label={t('ui.lending.quota')}
          data-testid={`lending-bar-${product.id}`}
        >
          <span style={{ width: `${used}%` }} />
        </div>
      </div>
      <Button
        block
        color="primary"
        disabled={status !== 'open'}
        onClick={() => onApply(product)}
        aria-describedby={titleId}
        data-testid={`lending-apply-${product.id}`}
      >
        {status === 'open' ? t('ui.lending.lend') : t(`ui.lending.status.${status}`)}
      </Button>
    </article>
  );
}

function ProductList({ onApply }: { onApply: (product: LendingProductData) => void }) {
  const { t } = useTranslation();
  const query = useLendingProducts();
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
  return (
    <PullRefresh onRefresh={() => query.refetch()}>
      <div className="lending-list pull-area" data-testid="lending-products">
        {rows.length === 0 ? (
          <section className="card">
            <Empty text={t('ui.lending.noProducts')} />
          </section>
        ) : (
          rows.map((product) => <ProductCard key={product.id} product={product} onApply={onApply} />)
        )}
        <NextPages query={query} shown={rows.length} />
      </div>
    </PullRefresh>
  );
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function AppliedCard({ record }: { record: LendingRecordData }) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  const ref = useRef<HTMLElement>(null);
  // "Lend" was pressed further down the list: bring the result to the top of the screen.
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.scrollIntoView !== 'function') return;
    el.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [record.id]);
  return (
    <section
      ref={ref}
      className="card status-card tone-wait lending-result"
      data-testid="lending-result"
      aria-live="polite"
    >
      <h2>{t('ui.lending.doneTitle')}</h2>
      <p className="muted">{t('ui.lending.doneText', { amount: formatAmount(record.amount, record.currency) })}</p>
      <dl className="detail-list">
        <DetailRow label={t('ui.lending.product')}>{nameOf(record)}</DetailRow>
        <DetailRow label={t('ui.lending.stateLabel')}>
          <LendingStateTag state={record.state} />
        </DetailRow>
        <DetailRow label={t('ui.lending.appliedAt')}>
          <span className="num">{timeText(record.appliedAt)}</span>
        </DetailRow>
      </dl>
      <Link to={`/home/lendingRecord?tab=${record.state}`} data-testid="lending-result-records">
        {t('ui.lending.viewRecords')}
      </Link>
    </section>
  );
}

/**
 * `/home/lending` (spec §4–§5 margin/securities lending; the path is ours, the spec gives
 * none): the open products with their daily rate, its annual equivalent, term, minimum and
 * quota, and the apply sheet. Products show without a session; lending needs one and a
 * verified real name.
 */
export default function LendingPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [applying, setApplying] = useState<LendingProductData | null>(null);
  const [applied, setApplied] = useState<LendingRecordData | null>(null);
  const right: ReactNode = loggedIn ? (
    <Link
      to="/home/lendingRecord"
      className="icon-button"
      aria-label={t('ui.lending.records')}
      title={t('ui.lending.records')}
      data-testid="lending-records-link"
    >
      <ListIcon />
    </Link>
  ) : null;
  return (
    <SubPage title={t('ui.lending.title')} right={right}>
      <section className="card">
        <p className="muted" style={{ margin: 0 }}>
          {t('ui.lending.intro')}
        </p>
        {loggedIn ? (
          <p style={{ margin: '8px 0 0' }}>
            <Link to="/home/lendingRecord" data-testid="lending-intro-records">
              {t('ui.lending.viewRecords')}
            </Link>
          </p>
        ) : null}
      </section>
      {applied ? <AppliedCard record={applied} /> : null}
      <ProductList
        onApply={(product) => {
          setApplied(null);
          setApplying(product);
        }}
      />
      <LendingApplySheet
        product={applying}
        onClose={() => setApplying(null)}
        onDone={(record) => {
          setApplying(null);
          setApplied(record);
        }}
      />
    </SubPage>
  );
}
