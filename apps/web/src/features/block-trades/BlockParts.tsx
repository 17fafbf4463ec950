/**
 * Pieces the block-trade screens share (docs/api.md §13): the product card (code, name, market and kind,
 * the deal price beside the live price with the discount or premium, minimum shares, the daily
 * limit with the caller's remainder today, lock days, open or closed) and the product list with
 * its market chips, pull-to-refresh, skeletons, empty and error states. The market's auction tab
 * and the home block tab reuse the list.
 */
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useIsLoggedIn } from '../../api/queries';
import { LoginPrompt } from '../../components/LoginPrompt';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SegmentedSwitch } from '../../components/TabStrip';
import { formatPercent, formatPrice } from '../../lib/format';
import { flattenById } from '../../api/pages';
import { NextPages, PullRefresh } from '../../components/Lists';
import { blockMarketFilters, useBlockList, type BlockMarketFilter, type BlockProductData } from './block-queries';
import { formatShares, priceGap } from './block-rules';
import './blocktrade.css';

export const blockApplyPath = (id: string) => `/home/blockTrade2?id=${encodeURIComponent(id)}`;
export const blockApplicationsPath = '/home/blockTrade?tab=applications';

export function OpenTag({ open, testId }: { open: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`tag ${open ? 'state-approved' : 'state-closed'}`} data-testid={testId}>
      {open ? t('ui.block.open') : t('ui.block.closed')}
    </span>
  );
}

/** The discount (deal price under the live price) or premium, as a quiet chip: it is not a price change. */
export function GapChip({ product }: { product: Pick<BlockProductData, 'id' | 'price' | 'currentPrice'> }) {
  const { t } = useTranslation();
  const gap = priceGap(product);
  if (gap === null) return null;
  const negative = gap.startsWith('-');
  const size = negative ? gap.slice(1) : gap;
  const isZero = /^0(\.0+)?$/.test(size);
  const text = isZero
    ? t('ui.block.atLive')
    : t(negative ? 'ui.block.discount' : 'ui.block.premium', { rate: formatPercent(size) });
  return (
    <span className={`bt-gap${negative && !isZero ? ' bt-discount' : ''}`} data-testid={`bt-gap-${product.id}`}>
      {text}
    </span>
  );
}

/**
 * Deal price first (the price the user pays), then the live price and the gap. Each price is a
 * list of its own: the gap chip is no term and value, and a `<dl>` may hold only those (axe).
 */
export function PriceLine({ product }: { product: BlockProductData }) {
  const { t } = useTranslation();
  return (
    <div className="bt-prices">
      <dl>
        <dt>{t('ui.block.dealPrice')}</dt>
        <dd className="num bt-deal" data-testid={`bt-price-${product.id}`}>
          {formatPrice(product.price)}
        </dd>
      </dl>
      <dl>
        <dt>{t('ui.block.livePrice')}</dt>
        <dd className="num" data-testid={`bt-live-${product.id}`}>
          {formatPrice(product.currentPrice)}
        </dd>
      </dl>
      <div className="bt-gap-cell">
        <GapChip product={product} />
      </div>
      <p className="caption bt-band" data-testid={`bt-band-${product.id}`}>
        {product.priceLow === null || product.priceHigh === null
          ? t('ui.block.bandNone')
          : t('ui.block.band', { low: formatPrice(product.priceLow), high: formatPrice(product.priceHigh) })}
      </p>
    </div>
  );
}

/** The daily limit with the caller's remainder today, or "No limit". */
export function LimitText({ product }: { product: Pick<BlockProductData, 'dailyLimit' | 'remainingToday'> }) {
  const { t } = useTranslation();
  if (product.dailyLimit === null) return <>{t('ui.block.noLimit')}</>;
  return (
    <>
      <span>{formatShares(product.dailyLimit)}</span>
      {product.remainingToday !== null ? (
        <span className="caption bt-left">
          {t('ui.block.leftToday', { count: product.remainingToday, shares: formatShares(product.remainingToday) })}
        </span>
      ) : null}
    </>
  );
}

export function LockText({ lockDays }: { lockDays: number }) {
  const { t } = useTranslation();
  return <>{lockDays > 0 ? t('ui.block.daysCount', { count: lockDays }) : t('ui.block.noLock')}</>;
}

export function ProductHead({
  product,
  titleId,
  level = 2,
}: {
  product: BlockProductData;
  titleId?: string;
  level?: 2 | 3;
}) {
  const { t } = useTranslation();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <header className="bt-card-head">
      <div className="bt-name">
        <Heading id={titleId}>{product.name}</Heading>
        <span className="caption">
          {product.code} <span className="tag">{t(`ui.market.${product.market}`)}</span>{' '}
          <span className="tag">{t(`ui.block.kind.${product.kind}`)}</span>
        </span>
      </div>
      <OpenTag open={product.open} testId={`bt-open-${product.id}`} />
    </header>
  );
}

export function ProductFigures({ product }: { product: BlockProductData }) {
  const { t } = useTranslation();
  return (
    <dl className="bt-figures">
      <div>
        <dt>{t('ui.block.minShares')}</dt>
        <dd className="num" data-testid={`bt-min-${product.id}`}>
          {t('ui.block.sharesCount', { count: product.minShares, shares: formatShares(product.minShares) })}
        </dd>
      </div>
      <div>
        <dt>{t('ui.block.dailyLimit')}</dt>
        <dd className="num bt-limit" data-testid={`bt-limit-${product.id}`}>
          <LimitText product={product} />
        </dd>
      </div>
      <div>
        <dt>{t('ui.block.lock')}</dt>
        <dd className="num" data-testid={`bt-lock-${product.id}`}>
          <LockText lockDays={product.lockDays} />
        </dd>
      </div>
    </dl>
  );
}

export function ProductCard({ product }: { product: BlockProductData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = `bt-title-${product.id}`;
  return (
    <article className="card bt-card" aria-labelledby={titleId} data-testid={`bt-card-${product.id}`}>
      <ProductHead product={product} titleId={titleId} />
      <PriceLine product={product} />
      <ProductFigures product={product} />
      <Button
        block
        color={product.open ? 'primary' : 'default'}
        onClick={() => navigate(blockApplyPath(product.id))}
        aria-describedby={titleId}
        data-testid={`bt-apply-${product.id}`}
      >
        {product.open ? t('ui.block.apply') : t('ui.block.details')}
      </Button>
    </article>
  );
}

/** The market chips above the list. */
export function MarketChips({
  value,
  onChange,
}: {
  value: BlockMarketFilter;
  onChange: (market: BlockMarketFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedSwitch<BlockMarketFilter>
      label={t('ui.block.marketFilter')}
      value={value}
      testIdPrefix="bt-market-"
      options={blockMarketFilters.map((key) => ({
        key,
        label: key === 'all' ? t('ui.block.allMarkets') : t(`ui.market.${key}`),
        ariaLabel: key === 'all' ? undefined : t(`ui.market.${key}Long`),
      }))}
      onChange={onChange}
    />
  );
}

/** One market's products; `limit` shows only the first few (home tab) with a link to the whole list. */
export function BlockProductList({
  market,
  limit,
  refreshable = true,
}: {
  market: BlockMarketFilter;
  limit?: number;
  refreshable?: boolean;
}) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const query = useBlockList(market, limit);
  const rows = flattenById(query.data?.pages);
  if (!loggedIn) return <LoginPrompt message={t('ui.block.loginText')} />;
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
    <div className="bt-list" data-testid={`bt-list-${market}`}>
      {shown.length === 0 ? (
        <section className="card">
          <Empty text={t('ui.block.empty')} />
        </section>
      ) : (
        shown.map((product) => <ProductCard key={product.id} product={product} />)
      )}
      {limit === undefined ? <NextPages query={query} shown={rows.length} /> : null}
      {limit !== undefined && shown.length > 0 ? (
        <Link to="/home/blockTrade" className="more-link" data-testid="bt-all">
          {t('ui.block.all')}
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
