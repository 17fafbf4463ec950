import type { Language } from '@brokerage/contract';
import { Button } from 'antd-mobile';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { mergeInstrument, useLiveQuote, useLiveQuotes } from '../../api/live-quotes';
import {
  chartRanges,
  isIntraday,
  useQuote,
  type Adjust,
  type ChartRange,
  type Period,
  type QuoteData,
} from './market-queries';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { SegmentedSwitch, TabStrip } from '../../components/TabStrip';
import {
  direction,
  formatChange,
  formatChangeRate,
  formatClock,
  formatCompact,
  formatCompactMoney,
  formatPercent,
  formatPrice,
} from '../../lib/format';
import { useNow } from '../../lib/useNow';
import { useSession } from '../../store/session';
import { AlertBell } from '../alerts';
import { PriceChart } from './PriceChart';
import { industryLabel, MarketBadge, moveInWords } from './QuoteParts';
import { isSelectedInstrument, toSelected } from './selection';
import { StarButton } from './StarButton';
import { usePriceFlash } from './usePriceFlash';
import { useWatchAction } from './useWatchAction';

export const STALE_AFTER_MS = 60_000;

export const chartPeriods: readonly Period[] = ['time_share', '5m', '15m', '30m', '1d', '1w', '1M'];
const adjustModes: readonly Adjust[] = ['none', 'forward', 'backward'];

export type SessionTag = 'pre' | 'regular' | 'after' | 'closed';

/** The session tag of the headline: the quote's session name while in session, else closed. */
export function sessionTag(session: string | null, inSession: boolean): SessionTag {
  if (!inSession) return 'closed';
  if (session === 'pre' || session === 'after') return session;
  return 'regular';
}

/** Stale when the feed says so or the price is older than 60 s. */
export function isStale(stale: boolean, updatedAt: string, now: number): boolean {
  const at = Date.parse(updatedAt);
  return stale || Number.isNaN(at) || now - at > STALE_AFTER_MS;
}

/** The instrument id from `?id=`, else the stored `stockDetail` (spec §3). */
export function useSelectedId(): string | undefined {
  const [params] = useSearchParams();
  const stored = useSession((s) => s.stockDetail);
  const fromQuery = params.get('id');
  if (fromQuery) return fromQuery;
  return isSelectedInstrument(stored) ? stored.instrumentId : undefined;
}

function Headline({ quote, now }: { quote: QuoteData; now: number }) {
  const { t } = useTranslation();
  const dir = direction(quote.change);
  const price = formatPrice(quote.price, quote.priceScale);
  const change = formatChange(quote.change, quote.priceScale);
  const rate = formatChangeRate(quote.changeRate);
  const move = moveInWords(t, quote.changeRate);
  const stale = isStale(quote.stale, quote.updatedAt, now);
  const tag = sessionTag(quote.session, quote.inSession);
  const { flashClass, flashKey } = usePriceFlash(quote.price);
  return (
    <section className="card quote-head" aria-labelledby="quote-title">
      <div className="qh-top">
        <h2 id="quote-title" className="qh-name">
          {quote.name}
        </h2>
        <span className="row-code num">{quote.code}</span>
        <MarketBadge market={quote.market} assetClass={quote.assetClass} />
      </div>
      <div className="qh-figures" role="group" aria-label={t('ui.quote.priceAria', { price, move, change })}>
        <span key={flashKey} className={`qh-price num ${dir} ${flashClass}`} data-testid="quote-price">
          {price}
        </span>
        <span className={`qh-change num ${dir}`}>
          <span data-testid="quote-change">{change}</span>
          <span data-testid="quote-change-rate" aria-label={move}>
            {rate}
          </span>
        </span>
      </div>
      <div className="qh-meta">
        <span className={`tag session-${tag}`} data-testid="session-tag">
          {t(`ui.session.${tag}`)}
        </span>
        {stale ? (
          <span className="tag warn" data-testid="stale-badge" title={t('ui.quote.staleHint')}>
            {t('ui.quote.stale')}
          </span>
        ) : null}
        {quote.status !== 'trading' ? <span className="tag warn">{t(`ui.quote.status.${quote.status}`)}</span> : null}
        <span className="caption num">{t('ui.quote.updatedAt', { time: formatClock(quote.updatedAt) })}</span>
      </div>
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Figures({ quote, isIndex, language }: { quote: QuoteData; isIndex: boolean; language: Language }) {
  const { t, i18n } = useTranslation();
  const industry = industryLabel({ t: (key) => t(key), exists: (key) => i18n.exists(key) }, quote.industry);
  const p = (value: string | null) => formatPrice(value, quote.priceScale);
  const money = (value: string | null) => formatCompactMoney(value, quote.currency, language);
  return (
    <section className="card" aria-labelledby="figures-title">
      <h2 id="figures-title" className="sr-only">
        {t('ui.quote.figures')}
      </h2>
      <dl className="figures-grid">
        <Figure label={t('ui.quote.open')} value={p(quote.open)} testId="figure-open" />
        <Figure label={t('ui.quote.prevClose')} value={p(quote.prevClose)} testId="figure-prevClose" />
        <Figure label={t('ui.quote.high')} value={<span className="up">{p(quote.high)}</span>} testId="figure-high" />
        <Figure label={t('ui.quote.low')} value={<span className="down">{p(quote.low)}</span>} testId="figure-low" />
        <Figure label={t('ui.quote.volume')} value={formatCompact(quote.volume, language)} testId="figure-volume" />
        <Figure label={t('ui.quote.turnover')} value={money(quote.turnover)} testId="figure-turnover" />
        {!isIndex ? (
          <Figure label={t('ui.quote.marketCap')} value={money(quote.marketCap)} testId="figure-marketCap" />
        ) : null}
        <Figure label={t('ui.quote.high52w')} value={p(quote.high52w)} testId="figure-high52w" />
        <Figure label={t('ui.quote.low52w')} value={p(quote.low52w)} testId="figure-low52w" />
        {!isIndex ? (
          <Figure
            label={t('ui.quote.foreignOwnership')}
            value={formatPercent(quote.foreignOwnershipRatio)}
            testId="figure-foreign"
          />
        ) : null}
        {!isIndex ? (
          <Figure
            label={t('ui.quote.sharesOutstanding')}
            value={formatCompact(quote.sharesOutstanding, language)}
            testId="figure-shares"
          />
        ) : null}
        {quote.limitUp ? (
          <Figure label={t('ui.quote.limitUp')} value={p(quote.limitUp)} testId="figure-limitUp" />
        ) : null}
        {quote.limitDown ? (
          <Figure label={t('ui.quote.limitDown')} value={p(quote.limitDown)} testId="figure-limitDown" />
        ) : null}
        {!isIndex ? (
          <Figure
            label={t('ui.quote.industry')}
            value={
              <span className="figure-text" title={quote.industry ?? undefined}>
                {industry}
              </span>
            }
            testId="figure-industry"
          />
        ) : null}
      </dl>
    </section>
  );
}

/**
 * What the chart shows: a bar period over the server's default span, or a date range of day
 * bars (docs/api.md §8.3). One selector holds both (issue 16 item 5), so exactly one is ever chosen.
 */
export type ChartView = { kind: 'period'; period: Period } | { kind: 'range'; range: ChartRange };

const viewKey = (view: ChartView): string => (view.kind === 'period' ? view.period : `range:${view.range}`);

export const chartViews: readonly ChartView[] = [
  ...chartPeriods.map((period): ChartView => ({ kind: 'period', period })),
  ...chartRanges.map((range): ChartView => ({ kind: 'range', range })),
];

/** Adjustment changes day, week and month bars of a stock (dividends, splits); intraday bars and indexes have none. */
export function adjustApplies(view: ChartView, isIndex: boolean): boolean {
  if (isIndex) return false;
  return view.kind === 'range' || !isIntraday(view.period);
}

function ChartCard({
  quote,
  live,
  isIndex,
}: {
  quote: QuoteData;
  live: ReturnType<typeof useLiveQuote>;
  isIndex: boolean;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<ChartView>({ kind: 'period', period: 'time_share' });
  const [adjust, setAdjust] = useState<Adjust>('none');
  const showAdjust = adjustApplies(view, isIndex);
  const period: Period = view.kind === 'period' ? view.period : '1d';
  const range = view.kind === 'range' ? view.range : null;
  const chartLabel = t('ui.chart.label', {
    name: quote.name,
    period: range ? t(`ui.chart.rangeLong.${range}`) : t(`ui.chart.period.${period}`),
  });
  const helpId = `adjust-help-${quote.instrumentId}`;
  return (
    <section className="card chart-card" aria-label={t('ui.chart.title')}>
      <TabStrip<string>
        tabs={chartViews.map((v) =>
          v.kind === 'period'
            ? { key: viewKey(v), label: t(`ui.chart.period.${v.period}`) }
            : { key: viewKey(v), label: t(`ui.chart.range.${v.range}`), ariaLabel: t(`ui.chart.rangeLong.${v.range}`) },
        )}
        active={viewKey(view)}
        onChange={(key) => {
          const next = chartViews.find((v) => viewKey(v) === key);
          if (next) setView(next);
        }}
        label={t('ui.chart.periods')}
        testIdOf={(key) =>
          key.startsWith('range:') ? `chart-range-${key.slice('range:'.length)}` : `chart-period-${key}`
        }
        small
      />
      {showAdjust ? (
        <div className="chart-controls">
          <SegmentedSwitch<Adjust>
            label={t('ui.chart.adjust')}
            value={adjust}
            testIdPrefix="adjust-"
            describedBy={helpId}
            options={adjustModes.map((key) => ({ key, label: t(`ui.chart.adjustMode.${key}`) }))}
            onChange={setAdjust}
          />
          <p id={helpId} className="caption adjust-help" data-testid="adjust-help">
            {t(`ui.chart.adjustHelp.${adjust}`)}
          </p>
        </div>
      ) : null}
      <PriceChart
        instrumentId={quote.instrumentId}
        priceScale={quote.priceScale}
        period={period}
        adjust={showAdjust ? adjust : 'none'}
        range={range}
        live={live}
        label={chartLabel}
      />
      {period === 'time_share' && range === null ? (
        <p className="chart-legend caption">
          <span className="legend-line price" aria-hidden="true" /> {t('ui.chart.price')}
          <span className="legend-line avg" aria-hidden="true" /> {t('ui.chart.avgPrice')}
        </p>
      ) : null}
    </section>
  );
}

function TradeBar({ quote, star }: { quote: QuoteData; star: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canTrade = quote.tradable && quote.status === 'trading';
  const go = (side: 'long' | 'short') =>
    navigate(`/market/buyStockDetail?id=${encodeURIComponent(quote.instrumentId)}&side=${side}`);
  return (
    <div className="trade-bar" role="group" aria-label={t('ui.trade.bar')}>
      {star}
      <Button className="trade-long" disabled={!canTrade} onClick={() => go('long')} data-testid="trade-long">
        {t('ui.trade.long')}
      </Button>
      <Button className="trade-short" disabled={!canTrade} onClick={() => go('short')} data-testid="trade-short">
        {t('ui.trade.short')}
      </Button>
    </div>
  );
}

/**
 * `/market/stockDetail` and `/market/stockDetailzs` (spec §2 "Stock detail"): headline price
 * with live updates, session and stale badges, chart with periods, ranges and adjustment,
 * figures grid; stocks add the trade bar with the star, indexes keep only the star.
 */
export function InstrumentDetail({ kind }: { kind: 'stock' | 'index' }) {
  const { t } = useTranslation();
  const id = useSelectedId();
  const stored = useSession((s) => s.stockDetail);
  const setStockDetail = useSession((s) => s.setStockDetail);
  const language = useSession((s) => s.language);
  const query = useQuote(id);
  useLiveQuotes(id ? [id] : []);
  const live = useLiveQuote(id);
  const now = useNow(5_000);
  const watch = useWatchAction();
  const quote = query.data ? mergeInstrument(query.data, live) : undefined;
  const isIndex = kind === 'index' || quote?.assetClass === 'index';

  // Spec §3: remember the selected instrument under `stockDetail`.
  const loaded = query.data;
  useEffect(() => {
    if (!loaded) return;
    if (!isSelectedInstrument(stored) || stored.instrumentId !== loaded.instrumentId || stored.name !== loaded.name) {
      setStockDetail(toSelected(loaded));
    }
  }, [loaded, stored, setStockDetail]);

  const storedName = isSelectedInstrument(stored) && stored.instrumentId === id ? stored.name : undefined;
  const title = quote?.name ?? storedName ?? t(kind === 'index' ? 'ui.page.stockDetailzs' : 'ui.page.stockDetail');
  const star = quote ? (
    <StarButton
      watched={quote.watched}
      busy={watch.pendingId === quote.instrumentId}
      onToggle={() => watch.toggle(quote.instrumentId, quote.watched)}
      testId="watch-toggle"
    />
  ) : null;

  let body: ReactNode;
  if (!id) {
    body = <Empty text={t('ui.quote.noSelection')} />;
  } else if (query.isPending) {
    body = (
      <section className="card">
        <Loading rows={4} />
      </section>
    );
  } else if (query.isError || !quote) {
    const notFound = query.error instanceof ApiError && query.error.code === 'product.not_found';
    body = notFound ? <Empty text={t('ui.quote.notFound')} /> : <ErrorRetry onRetry={() => void query.refetch()} />;
  } else {
    body = (
      <>
        <Headline key={quote.instrumentId} quote={quote} now={now} />
        <ChartCard quote={quote} live={live} isIndex={isIndex} />
        <Figures quote={quote} isIndex={isIndex} language={language} />
      </>
    );
  }

  const showTradeBar = kind === 'stock' && quote !== undefined;
  return (
    <SubPage
      title={title}
      right={kind === 'index' ? star : <AlertBell quote={quote && quote.assetClass !== 'index' ? quote : undefined} />}
    >
      <div
        className={showTradeBar ? 'detail-body with-trade-bar' : 'detail-body'}
        data-testid={kind === 'index' ? 'index-detail' : 'stock-detail'}
      >
        {body}
      </div>
      {showTradeBar && quote ? <TradeBar quote={quote} star={star} /> : null}
      {watch.sheet}
    </SubPage>
  );
}
