import type { InstrumentSummary } from '@brokerage/contract';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  flattenPages,
  useMarketList,
  useWatchedIds,
  type ListMarket,
  type ListSort,
  type ListTab,
} from '../../api/market-queries';
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

export function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('ui.pull.pulling')}
      canReleaseText={t('ui.pull.release')}
      refreshingText={t('ui.pull.refreshing')}
      completeText={t('ui.pull.complete')}
    >
      {children}
    </PullToRefresh>
  );
}

/** The footer of an infinite list: loading, end of list, or a retry after a failed page. */
export function ListFooter({ hasMore, failed, retry }: { hasMore: boolean; failed: boolean; retry: () => void }) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <span className="list-footer">
        {t('ui.list.loadFailed')}{' '}
        <button type="button" className="link-button" onClick={retry}>
          {t('ui.common.retry')}
        </button>
      </span>
    );
  }
  return <span className="list-footer">{hasMore ? t('ui.common.loading') : t('ui.list.end')}</span>;
}

/** A paged query as infinite scroll, with its footer once the list shows anything. */
export function NextPages({
  query,
  shown,
}: {
  query: { hasNextPage: boolean; fetchNextPage: (options: { throwOnError: boolean }) => Promise<unknown> };
  shown: number;
}) {
  return (
    <InfiniteScroll
      hasMore={query.hasNextPage}
      loadMore={async () => {
        await query.fetchNextPage({ throwOnError: true });
      }}
    >
      {(hasMore, failed, retry) =>
        shown === 0 ? null : <ListFooter hasMore={hasMore} failed={failed} retry={retry} />
      }
    </InfiniteScroll>
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
