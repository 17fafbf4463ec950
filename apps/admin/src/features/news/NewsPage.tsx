/**
 * News management (our addition to docs/api.md §19, docs/decisions.md; right `product.manage`): every
 * article, drafts included, newest first, server-paged and filtered by category. Articles are written
 * as drafts and become visible to users only when published; each publish and unpublish asks for a
 * reason and is audit-logged. Filter and page live in the URL, so reload and back keep them.
 */
import { Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { newsCategories, type AdminNewsItem, type AdminRequestOf } from '@brokerage/contract';
import { ContentListPage } from '../../components/ContentListPage';
import { SanitisedHtml } from '../../components/HtmlContent';
import { useListParams } from '../../components/useListParams';
import { emptyText, formatTime } from '../../lib/format';
import { oneOf } from '../../lib/url-params';
import { NewsFormModal } from './NewsFormModal';
import { useNewsList } from './news-queries';
import { newsCategoryColors, newsCategoryLabels, type NewsCategory } from './news-form';

function ArticleDetails({ item }: { item: AdminNewsItem }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">
        {item.id} · created {formatTime(item.createdAt)}
        {item.instrumentIds.length > 0 ? ` · instruments ${item.instrumentIds.join(', ')}` : ''}
      </Typography.Text>
      <Typography.Paragraph style={{ marginBottom: 0 }}>{item.summary}</Typography.Paragraph>
      <SanitisedHtml html={item.content} label={`Content of ${item.title}`} />
    </Space>
  );
}

const leadingColumns: TableColumnsType<AdminNewsItem> = [
  // Titles wrap rather than cut: the operator tells articles apart by them.
  { title: 'Title', dataIndex: 'title', key: 'title' },
  {
    title: 'Category',
    dataIndex: 'category',
    key: 'category',
    width: 100,
    render: (value: NewsCategory) => <Tag color={newsCategoryColors[value]}>{newsCategoryLabels[value]}</Tag>,
  },
  { title: 'Source', dataIndex: 'source', key: 'source', width: 140, ellipsis: true },
];

const trailingColumns: TableColumnsType<AdminNewsItem> = [
  {
    title: 'Published',
    dataIndex: 'publishedAt',
    key: 'publishedAt',
    width: 160,
    // A draft's publishedAt is its creation time (the user-side shape needs one), so it is not shown.
    render: (value: string, item) => (item.published ? formatTime(value) : emptyText),
  },
  {
    title: 'Updated',
    dataIndex: 'updatedAt',
    key: 'updatedAt',
    width: 160,
    render: (value: string) => formatTime(value),
  },
];

export function NewsPage() {
  const { params, page, size, update, pagination } = useListParams();
  const category = oneOf<NewsCategory>(newsCategories, params.get('category'));
  const request: AdminRequestOf<'newsList'> = { ...(category ? { category } : {}), page, size };
  const news = useNewsList(request);

  return (
    <ContentListPage<AdminNewsItem>
      kind="news"
      title="News"
      newLabel="New article"
      filters={
        <Select<NewsCategory>
          value={category}
          onChange={(value) => update({ category: value })}
          allowClear
          placeholder="Any category"
          aria-label="Filter by category"
          style={{ width: 180 }}
          options={newsCategories.map((value) => ({ value, label: newsCategoryLabels[value] }))}
          virtual={false}
          data-testid="news-filter-category"
        />
      }
      list={news}
      pagination={pagination(news.data, (total) => `${total} articles`)}
      leadingColumns={leadingColumns}
      trailingColumns={trailingColumns}
      stateWidth={96}
      actionsWidth={170}
      expandedRowRender={(item) => <ArticleDetails item={item} />}
      publishNote={(item) => `Users see it at once in the ${newsCategoryLabels[item.category]} list.`}
      unpublishNote="Users no longer see it in the news list or by its link."
      renderForm={(item, onClose) => <NewsFormModal item={item} onClose={onClose} />}
    />
  );
}
