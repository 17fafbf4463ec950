/**
 * Notices for everyone (our addition to API.md §19, docs/decisions.md; right `product.manage`): drafts
 * and published notices, newest first, server-paged. A notice is written as a draft and reaches users'
 * notice list only when published; each publish and unpublish asks for a reason and is audit-logged.
 * Personal messages (sent by review decisions) are not listed here.
 */
import { useState } from 'react';
import { Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminNoticeItem } from '@brokerage/contract';
import { adminQueryKey, useAdminMutation, useAdminQuery } from '../../api/hooks';
import { SanitisedHtml } from '../../components/HtmlContent';
import { useReasonConfirm } from '../../components/useReasonConfirm';
import { formatTime } from '../../lib/format';
import { positiveInt } from '../../lib/url-params';
import { NoticeFormModal } from './NoticeFormModal';

const pageSizes = [10, 20, 50, 100];

type Editing = { item: AdminNoticeItem | null } | null;

export function NoticesPage() {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1, 9999);
  const size = positiveInt(params.get('size'), 20, 300);
  const [editing, setEditing] = useState<Editing>(null);
  const [askReason, reasonHolder] = useReasonConfirm();
  const queryClient = useQueryClient();

  const notices = useAdminQuery('noticeList', { page, size });
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('noticeList') });
  const publish = useAdminMutation('noticePublish', { onSuccess: refreshList });
  const unpublish = useAdminMutation('noticeUnpublish', { onSuccess: refreshList });

  async function togglePublished(item: AdminNoticeItem) {
    const reason = await askReason(
      item.published
        ? {
            title: `Unpublish "${item.title}"?`,
            content: <Typography.Paragraph>It disappears from every user&apos;s notice list.</Typography.Paragraph>,
            okText: 'Unpublish',
            danger: true,
            reasonLabel: 'Reason for unpublishing (audit log)',
          }
        : {
            title: `Publish "${item.title}"?`,
            content: <Typography.Paragraph>Every user sees it at once in their notice list.</Typography.Paragraph>,
            okText: 'Publish',
            reasonLabel: 'Reason for publishing (audit log)',
          },
    );
    if (reason === null) return;
    (item.published ? unpublish : publish).mutate({ id: item.id, reason });
  }

  const pendingId = publish.isPending ? publish.variables?.id : unpublish.isPending ? unpublish.variables?.id : undefined;

  const columns: TableColumnsType<AdminNoticeItem> = [
    { title: 'Title', dataIndex: 'title', key: 'title' },
    {
      title: 'State',
      dataIndex: 'published',
      key: 'published',
      width: 100,
      render: (isPublished: boolean, item) =>
        isPublished ? (
          <Tag color="green" data-testid={`notice-state-${item.id}`}>Published</Tag>
        ) : (
          <Tag data-testid={`notice-state-${item.id}`}>Draft</Tag>
        ),
    },
    { title: 'Created', dataIndex: 'createdAt', key: 'createdAt', width: 170, render: (value: string) => formatTime(value) },
    { title: 'Updated', dataIndex: 'updatedAt', key: 'updatedAt', width: 170, render: (value: string) => formatTime(value) },
    {
      title: 'Actions',
      key: 'actions',
      width: 190,
      render: (_: unknown, item) => (
        <Space size={0}>
          <Button type="link" onClick={() => setEditing({ item })} aria-label={`Edit ${item.title}`} data-testid={`notice-edit-${item.id}`}>
            Edit
          </Button>
          {item.published ? (
            <Button
              type="link"
              danger
              loading={pendingId === item.id}
              onClick={() => void togglePublished(item)}
              aria-label={`Unpublish ${item.title}`}
              data-testid={`notice-unpublish-${item.id}`}
            >
              Unpublish
            </Button>
          ) : (
            <Button
              type="link"
              loading={pendingId === item.id}
              onClick={() => void togglePublished(item)}
              aria-label={`Publish ${item.title}`}
              data-testid={`notice-publish-${item.id}`}
            >
              Publish
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>Notices</Typography.Title>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setEditing({ item: null })} data-testid="notice-new">
          New notice
        </Button>
        <Button onClick={() => void notices.refetch()} loading={notices.isFetching}>
          Reload
        </Button>
      </Space>
      <Table<AdminNoticeItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={notices.data?.list ?? []}
        loading={notices.isFetching}
        expandable={{
          expandedRowRender: (item) => <SanitisedHtml html={item.content} label={`Content of ${item.title}`} />,
        }}
        data-testid="notice-table"
        pagination={{
          current: notices.data?.page ?? page,
          pageSize: notices.data?.size ?? size,
          total: notices.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: pageSizes,
          showTotal: (total) => `${total} notices`,
          onChange: (nextPage, nextSize) =>
            setParams((previous) => {
              const next = new URLSearchParams(previous);
              if (nextPage > 1) next.set('page', String(nextPage));
              else next.delete('page');
              if (nextSize !== 20) next.set('size', String(nextSize));
              else next.delete('size');
              return next;
            }),
        }}
      />
      {editing ? <NoticeFormModal key={editing.item?.id ?? 'new'} item={editing.item} onClose={() => setEditing(null)} /> : null}
      {reasonHolder}
    </Card>
  );
}
