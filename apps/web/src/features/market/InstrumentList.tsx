import type { InstrumentSummary } from '@brokerage/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  flattenPages,
  useMarketList,
  useWatchedIds,
  type ListMarket,
  type ListSort,
  type ListTab,
} from './market-queries';
import { NextPages, PullRefresh } from '../../components/Lists';
import { Empty, ErrorRetry } from '../../components/States';
import { InstrumentRow, SkeletonRows } from './InstrumentRow';
import { useOpenInstrument } from './selection';
import { useWatchAction } from './useWatchAction';

/** Column captions over a list of instrument rows. */
export function ListHeader() {
  const { t } = useTranslation();
  return (
    <div className="list-header" aria-hidden="true">
      <span>{t('ui.quote.colName')}</span>
      <span>{t('ui.quote.colPrice')}</span>
      <span className="col-change">{t('ui.quote.colChange')}</span>
    </div>
  );
}

/**
 * One `/market/list` tab as a list: skeleton rows while loading, pull-to-refresh, infinite
 * scroll, an empty state and an error state with retry (docs/ui.md "Lists"). Long-press on a row
 * toggles the watchlist.
 */
export function MarketInstrumentList({
  tab,
  market,
  sort,
  emptyAction,
}: {
  tab: ListTab;
  market: ListMarket;
  sort: ListSort;
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const query = useMarketList(tab, market, sort);
  const open = useOpenInstrument();
  const watched = useWatchedIds();
  const watch = useWatchAction();
  const rows = flattenPages<InstrumentSummary>(query.data?.pages);

  if (query.isPending) return <SkeletonRows label={t('ui.common.loading')} />;
  if (query.isError && rows.length === 0) return <ErrorRetry onRetry={() => void query.refetch()} />;

  return (
    <>
      <PullRefresh onRefresh={() => query.refetch()}>
        {rows.length === 0 ? (
          <Empty text={t('ui.quote.emptyList')} action={emptyAction} />
        ) : (
          <>
            <ListHeader />
            <ul className="instrument-list" data-testid="instrument-list">
              {rows.map((item) => (
                <InstrumentRow
                  key={item.instrumentId}
                  item={item}
                  onOpen={open}
                  onLongPress={(row) => watch.toggle(row.instrumentId, watched.has(row.instrumentId))}
                />
              ))}
            </ul>
          </>
        )}
        <NextPages query={query} shown={rows.length} />
      </PullRefresh>
      {watch.sheet}
    </>
  );
}
