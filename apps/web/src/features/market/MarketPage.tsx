import { ActionSheet } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ListMarket, ListSort } from './market-queries';
import {
  marketPageTabs,
  marketScreenParams,
  marketTabList,
  sortOptions,
  type MarketPageTab,
} from '../../api/market-lists';
import { SegmentedSwitch, TabStrip } from '../../components/TabStrip';
import { useSession, type StockMarket } from '../../store/session';
import { type BlockMarketFilter, BlockProductList, MarketChips } from '../block-trades';
import { newShareTabs, type NewShareKind, NewShareList } from '../new-shares';
import { MarketInstrumentList } from './InstrumentList';

function SortButton({ sort, onChange }: { sort: ListSort; onChange: (sort: ListSort) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="sort-button"
        onClick={() => setOpen(true)}
        data-testid="market-sort"
        aria-haspopup="dialog"
      >
        <span className="caption">{t('ui.sort.label')}</span> <strong>{t(`ui.sort.${sort}`)}</strong>
        <span aria-hidden="true"> ▾</span>
      </button>
      <ActionSheet
        visible={open}
        onClose={() => setOpen(false)}
        cancelText={t('ui.common.cancel')}
        actions={sortOptions.map((option) => ({
          key: option,
          text: option === sort ? `✓ ${t(`ui.sort.${option}`)}` : t(`ui.sort.${option}`),
          onClick: () => {
            onChange(option);
            setOpen(false);
          },
        }))}
      />
    </>
  );
}

/** The subscription tab: the offerings of one kind (IPO first), open ones on top of the server's order. */
function SubscriptionOfferings() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<NewShareKind>('ipo');
  return (
    <>
      <SegmentedSwitch<NewShareKind>
        label={t('ui.market.tab.subscription')}
        value={kind}
        testIdPrefix="market-ns-kind-"
        options={newShareTabs.map((key) => ({ key, label: t(`ui.newShare.kind.${key}`) }))}
        onChange={setKind}
      />
      <NewShareList key={kind} kind={kind} />
    </>
  );
}

/** The auction tab: block-trade and agreement-bidding products (docs/api.md §13), with their market chips. */
function BlockOfferings() {
  const [market, setMarket] = useState<BlockMarketFilter>('all');
  return (
    <>
      <div className="bt-toolbar">
        <MarketChips value={market} onChange={setMarket} />
      </div>
      <BlockProductList key={market} market={market} />
    </>
  );
}

/**
 * `/market/index` (spec §2 tab page): listed, OTC, subscription, auction, digital currency and
 * forex. Listed and OTC follow the header's market switch; the listed tab can also show the
 * euro market. The tab and sort live in the hash query so back navigation returns to them.
 */
export default function MarketPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const stock = useSession((s) => s.stock);
  const setStock = useSession((s) => s.setStock);
  // The euro market is chosen inside the listed tab only; it holds until the header switch changes.
  const [euroUnder, setEuroUnder] = useState<StockMarket | null>(null);
  const { tab, sort } = marketScreenParams(params);
  const listedMarket: ListMarket = euroUnder === stock ? 'eur' : stock;

  const update = (next: Partial<{ tab: MarketPageTab; sort: ListSort }>) => {
    const merged = new URLSearchParams(params);
    if (next.tab) merged.set('tab', next.tab);
    if (next.sort) merged.set('sort', next.sort);
    setParams(merged, { replace: true });
  };

  // the same choice as the prefetch of `api/prefetch.ts`
  const list = marketTabList(tab, stock, euroUnder === stock);

  return (
    <div className="market-page" data-testid="market-page">
      <h1 className="sr-only">{t('ui.page.market')}</h1>
      <TabStrip
        tabs={marketPageTabs.map((key) => ({ key, label: t(`ui.market.tab.${key}`) }))}
        active={tab}
        onChange={(key) => update({ tab: key })}
        label={t('ui.page.market')}
        testIdPrefix="market-tab-"
        sticky
      />
      {list ? (
        <div role="tabpanel" aria-label={t(`ui.market.tab.${tab}`)}>
          <div className="list-toolbar">
            {tab === 'listed' ? (
              <SegmentedSwitch<ListMarket>
                label={t('ui.header.market')}
                value={listedMarket}
                testIdPrefix="listed-market-"
                options={(['mxn', 'usd', 'eur'] as const).map((key) => ({
                  key,
                  label: t(`ui.market.${key}`),
                  ariaLabel: t(`ui.market.${key}Long`),
                }))}
                onChange={(key) => {
                  if (key === 'eur') {
                    setEuroUnder(stock);
                  } else {
                    setEuroUnder(null);
                    setStock(key);
                  }
                }}
              />
            ) : tab === 'otc' ? (
              <span className="caption">{t(`ui.market.${stock}Long`)}</span>
            ) : (
              <span />
            )}
            <SortButton sort={sort} onChange={(next) => update({ sort: next })} />
          </div>
          <MarketInstrumentList
            key={`${list.tab}-${list.market}-${sort}`}
            tab={list.tab}
            market={list.market}
            sort={sort}
          />
        </div>
      ) : (
        <div className="page-body" role="tabpanel" aria-label={t(`ui.market.tab.${tab}`)}>
          {tab === 'subscription' ? <SubscriptionOfferings /> : <BlockOfferings />}
        </div>
      )}
    </div>
  );
}
