import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLatestNews, useMarketTop, IndexCard, InstrumentRow, SkeletonRows, useOpenInstrument } from '../market';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { TabStrip } from '../../components/TabStrip';
import { SunriseIcon } from '../../components/Icons';
import { BlockProductList } from '../block-trades';
import { CopyFundList } from '../copy-funds';
import { NewShareList } from '../new-shares';
import { useSession } from '../../store/session';
import { HOME_INDEX_ROW_SIZE, HOME_MOVERS_SIZE, HOME_NEWS_SIZE, homeIndexMarkets } from '../../api/market-lists';
import { NewsRow } from './NewsRow';

/**
 * The indexes of every market in one row the finger scrolls, those of the market chosen in the
 * header first, with live level and change. The cards fill the row's width (three in view, fewer
 * stretch); one market alone has a single index, which looked lonely at the top of the home screen.
 */
export function IndexStrip() {
  const { t } = useTranslation();
  const stock = useSession((s) => s.stock);
  const open = useOpenInstrument();
  const ordered = [stock, ...homeIndexMarkets.filter((market) => market !== stock)];
  // fixed order of hooks: one query per market, read in the order above
  const byMarket = {
    mxn: useMarketTop('index', 'mxn', 'code_asc', HOME_INDEX_ROW_SIZE),
    usd: useMarketTop('index', 'usd', 'code_asc', HOME_INDEX_ROW_SIZE),
    eur: useMarketTop('index', 'eur', 'code_asc', HOME_INDEX_ROW_SIZE),
  };
  const chosen = byMarket[stock];
  const items = ordered.flatMap((market) => byMarket[market].data?.list ?? []);
  return (
    <section aria-label={t('ui.home.indexes')} className="index-strip-wrap">
      {chosen.isPending ? (
        <div className="index-strip">
          {[0, 1, 2].map((i) => (
            <span key={i} className="index-card skeleton" aria-hidden="true" />
          ))}
        </div>
      ) : chosen.isError && items.length === 0 ? (
        <section className="card">
          <ErrorRetry onRetry={() => void Promise.all(ordered.map((market) => byMarket[market].refetch()))} />
        </section>
      ) : items.length === 0 ? (
        <section className="card">
          <Empty text={t('ui.quote.emptyList')} />
        </section>
      ) : (
        <div className="index-strip" data-testid="index-strip">
          {items.map((item) => (
            <IndexCard key={item.instrumentId} item={item} onOpen={open} />
          ))}
        </div>
      )}
    </section>
  );
}

const homeTabs = ['projects', 'ipo', 'block', 'quant'] as const;
type HomeTab = (typeof homeTabs)[number];

function TopMovers() {
  const { t } = useTranslation();
  const stock = useSession((s) => s.stock);
  const open = useOpenInstrument();
  const movers = useMarketTop('listed', stock, 'changeRate_desc', HOME_MOVERS_SIZE);
  if (movers.isPending) return <SkeletonRows count={5} label={t('ui.common.loading')} />;
  if (movers.isError) return <ErrorRetry onRetry={() => void movers.refetch()} />;
  const rows = movers.data?.list ?? [];
  if (rows.length === 0) return <Empty text={t('ui.quote.emptyList')} />;
  return (
    <>
      <p className="caption section-note">{t('ui.home.moversNote', { market: t(`ui.market.${stock}Long`) })}</p>
      <ul className="instrument-list" data-testid="home-movers">
        {rows.map((item) => (
          <InstrumentRow key={item.instrumentId} item={item} onOpen={open} />
        ))}
      </ul>
      <Link to="/market/index" className="more-link">
        {t('ui.home.allStocks')}
      </Link>
    </>
  );
}

/** Spec §2 home tabs: projects (top movers), IPO, buyback/block, smart/quant. */
export function HomeTabs() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<HomeTab>('projects');
  return (
    <section className="card flush-card" aria-label={t('ui.home.tabsLabel')}>
      <TabStrip
        tabs={homeTabs.map((key) => ({ key, label: t(`ui.home.tab.${key}`) }))}
        active={tab}
        onChange={setTab}
        label={t('ui.home.tabsLabel')}
        testIdPrefix="home-tab-"
      />
      <div role="tabpanel" aria-label={t(`ui.home.tab.${tab}`)}>
        {tab === 'ipo' ? (
          <div className="home-ipo" data-testid="home-ipo">
            <NewShareList kind="ipo" limit={3} refreshable={false} />
          </div>
        ) : tab === 'block' ? (
          <div className="home-block" data-testid="home-block">
            <BlockProductList market="all" limit={3} refreshable={false} />
          </div>
        ) : tab === 'quant' ? (
          <div className="home-quant" data-testid="home-quant">
            <p className="caption section-note">{t('ui.home.tabText.quant')}</p>
            <CopyFundList limit={2} refreshable={false} />
          </div>
        ) : (
          <TopMovers />
        )}
      </div>
    </section>
  );
}

/** Explains the US extended sessions (docs/api.md §1.9) and opens the pre-market view. */
export function PreMarketCard() {
  const { t } = useTranslation();
  return (
    <section className="card promo-card" aria-labelledby="promo-title" data-testid="premarket-promo">
      <SunriseIcon className="promo-icon" />
      <div>
        <h2 id="promo-title">{t('ui.home.promoTitle')}</h2>
        <p>{t('ui.home.promoText', { pre: '04:00–09:30', after: '16:00–20:00' })}</p>
        <Link to="/home/market?session=pre" className="promo-link" data-testid="premarket-promo-link">
          {t('ui.home.promoAction')}
        </Link>
      </div>
    </section>
  );
}

/** Real-time news: the latest five top stories. */
export function LatestNews() {
  const { t } = useTranslation();
  const news = useLatestNews('top', HOME_NEWS_SIZE);
  return (
    <section className="card" aria-labelledby="home-news">
      <div className="card-head">
        <h2 id="home-news">{t('ui.home.newsTitle')}</h2>
        <Link to="/home/newsList" data-testid="home-news-more">
          {t('ui.home.moreNews')}
        </Link>
      </div>
      {news.isPending ? (
        <Loading rows={4} />
      ) : news.isError ? (
        <ErrorRetry onRetry={() => void news.refetch()} />
      ) : (news.data?.list ?? []).length === 0 ? (
        <Empty text={t('ui.news.empty')} />
      ) : (
        <ul className="news-list compact">
          {(news.data?.list ?? []).slice(0, 5).map((item) => (
            <NewsRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
