/**
 * News management (our addition to API.md §19, docs/decisions.md; right `product.manage`): every
 * article, drafts included, newest first, server-paged and filtered by category. Articles are written
 * as drafts and become visible to users only when published; each publish and unpublish asks for a
 * reason and is audit-logged. Filter and page live in the URL, so reload and back keep them.
 */
import { useState } from 'react';
import { Button, Card, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { newsCategories, type AdminNewsItem, type AdminRequestOf } from '@brokerage/contract';
import { adminQueryKey, useAdminMutation, useAdminQuery } from '../../api/hooks';
import { SanitisedHtml } from '../../components/HtmlContent';
import { useReasonConfirm } from '../../components/useReasonConfirm';
import { emptyText, formatTime } from '../../lib/format';
import { oneOf, positiveInt } from '../../lib/url-params';
import { NewsFormModal } from './NewsFormModal';
import { newsCategoryColors, newsCategoryLabels, type NewsCategory } from './news-form';

const pageSizes = [10, 20, 50, 100];

/** Which form is open: a new article, one being edited, or none. */
type Editing = { item: AdminNewsItem | null } | null;

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

export function NewsPage() {
  const [params, setParams] = useSearchParams();
  const category = oneOf<NewsCategory>(newsCategories, params.get('category'));
  const page = positiveInt(params.get('page'), 1, 9999);
  const size = positiveInt(params.get('size'), 20, 300);
  const [editing, setEditing] = useState<Editing>(null);
  const [askReason, reasonHolder] = useReasonConfirm();
  const queryClient = useQueryClient();

  const request: AdminRequestOf<'newsList'> = { ...(category ? { category } : {}), page, size };
  const news = useAdminQuery('newsList', request);

  const refreshList = () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('newsList') });
  const publish = useAdminMutation('newsPublish', { onSuccess: refreshList });
  const unpublish = useAdminMutation('newsUnpublish', { onSuccess: refreshList });

  function update(changes: Record<string, string | undefined>, resetPage = true) {
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (resetPage) next.delete('page');
      return next;
    });
  }

  async function togglePublished(item: AdminNewsItem) {
    const reason = await askReason(
      item.published
        ? {
            title: `Unpublish "${item.title}"?`,
            content: <Typography.Paragraph>Users no longer see it in the news list or by its link.</Typography.Paragraph>,
            okText: 'Unpublish',
            danger: true,
            reasonLabel: 'Reason for unpublishing (audit log)',
          }
        : {
            title: `Publish "${item.title}"?`,
            content: <Typography.Paragraph>Users see it at once in the {newsCategoryLabels[item.category]} list.</Typography.Paragraph>,
            okText: 'Publish',
            reasonLabel: 'Reason for publishing (audit log)',
          },
    );
    if (reason === null) return;
    (item.published ? unpublish : publish).mutate({ id: item.id, reason });
  }

  const pendingId = publish.isPending ? publish.variables?.id : unpublish.isPending ? unpublish.variables?.id : undefined;

  const columns: TableColumnsType<AdminNewsItem> = [
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
    {
      title: 'State',
      dataIndex: 'published',
      key: 'published',
      width: 96,
      render: (isPublished: boolean, item) =>
        isPublished ? (
          <Tag color="green" data-testid={`news-state-${item.id}`}>Published</Tag>
        ) : (
          <Tag data-testid={`news-state-${item.id}`}>Draft</Tag>
        ),
    },
    {
      title: 'Published',
      dataIndex: 'publishedAt',
      key: 'publishedAt',
      width: 160,
      // A draft's publishedAt is its creation time (the user-side shape needs one), so it is not shown.
      render: (value: string, item) => (item.published ? formatTime(value) : emptyText),
    },
    { title: 'Updated', dataIndex: 'updatedAt', key: 'updatedAt', width: 160, render: (value: string) => formatTime(value) },
    {
      title: 'Actions',
      key: 'actions',
      width: 170,
      render: (_: unknown, item) => (
        <Space size={0}>
          <Button type="link" onClick={() => setEditing({ item })} aria-label={`Edit ${item.title}`} data-testid={`news-edit-${item.id}`}>
            Edit
          </Button>
          {item.published ? (
            <Button
              type="link"
              danger
              loading={pendingId === item.id}
              onClick={() => void togglePublished(item)}
              aria-label={`Unpublish ${item.title}`}
              data-testid={`news-unpublish-${item.id}`}
            >
              Unpublish
            </Button>
          ) : (
            <Button
              type="link"
              loading={pendingId === item.id}
              onClick={() => void togglePublished(item)}
              aria-label={`Publish ${item.title}`}
              data-testid={`news-publish-${item.id}`}
            >
              Publish
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>News</Typography.Title>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setEditing({ item: null })} data-testid="news-new">
          New article
        </Button>
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
        <Button onClick={() => void news.refetch()} loading={news.isFetching}>
          Reload
        </Button>
      </Space>
      <Table<AdminNewsItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={news.data?.list ?? []}
        loading={news.isFetching}
        expandable={{ expandedRowRender: (item) => <ArticleDetails item={item} /> }}
        data-testid="news-table"
        pagination={{
          current: news.data?.page ?? page,
          pageSize: news.data?.size ?? size,
          total: news.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: pageSizes,
          showTotal: (total) => `${total} articles`,
          onChange: (nextPage, nextSize) =>
            update({ page: nextPage > 1 ? String(nextPage) : undefined, size: nextSize !== 20 ? String(nextSize) : undefined }, false),
        }}
      />
      {editing ? <NewsFormModal key={editing.item?.id ?? 'new'} item={editing.item} onClose={() => setEditing(null)} /> : null}
      {reasonHolder}
    </Card>
  );
}
