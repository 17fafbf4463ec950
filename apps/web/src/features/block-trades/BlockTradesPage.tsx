import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SubPage } from '../../components/SubPage';
import { TabStrip } from '../../components/TabStrip';
import { isBlockMarketFilter, type BlockMarketFilter } from './block-queries';
import { BlockApplications } from './BlockApplications';
import { BlockProductList, MarketChips } from './BlockParts';

const pageTabs = ['products', 'applications'] as const;
type PageTab = (typeof pageTabs)[number];

/**
 * `/home/blockTrade` (spec §2): the block-trade and agreement-bidding products with market chips
 * (`?market=mxn|usd|eur`), and the caller's applications (`?tab=applications`: spec §2 names no
 * route for them, so they are a tab here).
 */
export default function BlockTradesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: PageTab = params.get('tab') === 'applications' ? 'applications' : 'products';
  const requested = params.get('market');
  const market: BlockMarketFilter = isBlockMarketFilter(requested) ? requested : 'all';
  const update = (next: { tab?: PageTab; market?: BlockMarketFilter }) => {
    const merged = new URLSearchParams(params);
    if (next.tab) merged.set('tab', next.tab);
    if (next.market) merged.set('market', next.market);
    setParams(merged, { replace: true });
  };
  return (
    <SubPage title={t('ui.page.blockTrade')}>
      <TabStrip<PageTab>
        tabs={pageTabs.map((key) => ({ key, label: t(`ui.block.tab.${key}`) }))}
        active={tab}
        onChange={(key) => update({ tab: key })}
        label={t('ui.page.blockTrade')}
        testIdPrefix="bt-tab-"
        fill
      />
      <div role="tabpanel" aria-label={t(`ui.block.tab.${tab}`)}>
        {tab === 'products' ? (
          <>
            <p className="caption bt-intro">{t('ui.block.intro')}</p>
            <div className="bt-toolbar">
              <MarketChips value={market} onChange={(key) => update({ market: key })} />
            </div>
            <BlockProductList key={market} market={market} />
          </>
        ) : (
          <BlockApplications onBrowse={() => update({ tab: 'products' })} />
        )}
      </div>
    </SubPage>
  );
}
