import type { InstrumentSummary } from '@brokerage/contract';
import { useTranslation } from 'react-i18next';
import { useMarketTop, type ListMarket } from './market-queries';
import { Empty, ErrorRetry } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { PullRefresh } from '../../components/Lists';
import { ListHeader } from './InstrumentList';
import { InstrumentRow, SkeletonRows } from './InstrumentRow';
import { useOpenInstrument } from './selection';

const indexMarkets: readonly ListMarket[] = ['mxn', 'usd', 'eur'];

function MarketIndexes({
  market,
  rows,
  onOpen,
}: {
  market: ListMarket;
  rows: InstrumentSummary[];
  onOpen: (item: InstrumentSummary) => void;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={`indexes-${market}`} className="list-section">
      <h2 id={`indexes-${market}`} className="list-section-title">
        {t(`ui.market.${market}Long`)}
      </h2>
      <ul className="instrument-list">
        {rows.map((item) => (
          <InstrumentRow key={item.instrumentId} item={item} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

/** `/market/zhiShu` (spec §2 index view): the indexes of the peso, dollar and euro markets with live levels. */
export default function IndexListPage() {
  const { t } = useTranslation();
  const open = useOpenInstrument();
  const mxn = useMarketTop('index', 'mxn', 'code_asc', 20);
  const usd = useMarketTop('index', 'usd', 'code_asc', 20);
  const eur = useMarketTop('index', 'eur', 'code_asc', 20);
  const queries = { mxn, usd, eur };
  const all = [mxn, usd, eur];
  const pending = all.some((q) => q.isPending);
  const failed = all.filter((q) => q.isError);
  const total = all.reduce((sum, q) => sum + (q.data?.list.length ?? 0), 0);
  return (
    <SubPage title={t('ui.page.zhiShu')} flush>
      <PullRefresh onRefresh={() => Promise.all(all.map((q) => q.refetch()))}>
        <div data-testid="index-list" className="flush-list">
          {pending ? (
            <SkeletonRows count={5} label={t('ui.common.loading')} />
          ) : failed.length === all.length ? (
            <ErrorRetry onRetry={() => void Promise.all(failed.map((q) => q.refetch()))} />
          ) : total === 0 ? (
            <Empty text={t('ui.quote.emptyList')} />
          ) : (
            <>
              <ListHeader />
              {indexMarkets.map((market) => (
                <MarketIndexes key={market} market={market} rows={queries[market].data?.list ?? []} onOpen={open} />
              ))}
              {failed.length > 0 ? (
                <ErrorRetry
                  text={t('ui.quote.partialError')}
                  onRetry={() => void Promise.all(failed.map((q) => q.refetch()))}
                />
              ) : null}
            </>
          )}
        </div>
      </PullRefresh>
    </SubPage>
  );
}
