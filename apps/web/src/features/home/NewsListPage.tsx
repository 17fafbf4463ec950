import type { NewsItem } from '@brokerage/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { flattenPages, useNewsList, type NewsCategory } from '../market';
import { Empty, ErrorRetry, Loading } from '../../components/States';
import { SubPage } from '../../components/SubPage';
import { TabStrip } from '../../components/TabStrip';
import { NextPages, PullRefresh } from '../../components/Lists';
import { NewsRow } from './NewsRow';

const categories: readonly NewsCategory[] = ['top', 'stock'];

function NewsFeed({ category }: { category: NewsCategory }) {
  const { t } = useTranslation();
  const news = useNewsList(category);
  const items = flattenPages<NewsItem>(news.data?.pages);
  if (news.isPending) {
    return (
      <div className="page-body">
        <Loading rows={8} />
      </div>
    );
  }
  if (news.isError && items.length === 0) return <ErrorRetry onRetry={() => void news.refetch()} />;
  return (
    <PullRefresh onRefresh={() => news.refetch()}>
      {items.length === 0 ? (
        <Empty text={t('ui.news.empty')} />
      ) : (
        <ul className="news-list" data-testid="news-list">
          {items.map((item) => (
            <NewsRow key={item.id} item={item} withSummary />
          ))}
        </ul>
      )}
      <NextPages query={news} shown={items.length} />
    </PullRefresh>
  );
}

/** `/home/newsList` (spec §1 news): top news and stock information, newest first. */
export default function NewsListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category: NewsCategory = params.get('category') === 'stock' ? 'stock' : 'top';
  return (
    <SubPage title={t('ui.page.newsList')} flush>
      <TabStrip
        tabs={categories.map((key) => ({ key, label: t(`ui.news.category.${key}`) }))}
        active={category}
        onChange={(key) => setParams({ category: key }, { replace: true })}
        label={t('ui.page.newsList')}
        testIdPrefix="news-tab-"
        sticky
      />
      <div role="tabpanel" aria-label={t(`ui.news.category.${category}`)}>
        <NewsFeed key={category} category={category} />
      </div>
    </SubPage>
  );
}
