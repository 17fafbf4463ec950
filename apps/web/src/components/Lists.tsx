/** The frame of every paged list (docs/ui.md "Lists"): pull-to-refresh and infinite scroll with its footer. */
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
