/**
 * The list page of a kind of publishable content (news, notices; right `product.manage`): every item,
 * drafts included, newest first and server-paged, each row expanding to its content. "New" and "Edit"
 * open the kind's form; publishing and unpublishing ask for a reason (audit log) and read the list again.
 * The page itself says what differs: its filters, its own columns and the form.
 */
import { Fragment, useState, type ReactNode } from 'react';
import { Button, Card, Space, Table, Typography, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '@brokerage/contract';
import { adminQueryKey, useAdminMutation } from '../api/hooks';
import { publishableEndpoints, PublishStateTag, type PublishableItem, type PublishableKind } from './publishable';
import { useReasonConfirm } from './useReasonConfirm';

/** Which form is open: a new item, one being edited, or none. */
type Editing<Item> = { item: Item | null } | null;

export interface ContentListPageProps<Item extends PublishableItem> {
  kind: PublishableKind;
  title: string;
  /** The label of the button that opens an empty form, e.g. "New article". */
  newLabel: string;
  /** Controls between the "New" and "Reload" buttons. */
  filters?: ReactNode;
  list: { data: ListPage<Item> | undefined; isFetching: boolean; refetch: () => unknown };
  /** The pager, from `useListParams`. */
  pagination: TablePaginationConfig;
  /** The columns before the state column, and those between it and the actions. */
  leadingColumns: TableColumnsType<Item>;
  trailingColumns: TableColumnsType<Item>;
  stateWidth: number;
  actionsWidth: number;
  expandedRowRender: (item: Item) => ReactNode;
  /** What publishing this item does for users, shown in the confirmation. */
  publishNote: (item: Item) => string;
  /** What unpublishing does for users. */
  unpublishNote: string;
  /** The kind's form modal for `item` (null: a new one); it calls `onClose` when closed. */
  renderForm: (item: Item | null, onClose: () => void) => ReactNode;
}

export function ContentListPage<Item extends PublishableItem>(props: ContentListPageProps<Item>) {
  const { kind, list } = props;
  const endpoints = publishableEndpoints[kind];
  const [editing, setEditing] = useState<Editing<Item>>(null);
  const [askReason, reasonHolder] = useReasonConfirm();
  const queryClient = useQueryClient();

  const refreshList = () => void queryClient.invalidateQueries({ queryKey: adminQueryKey(endpoints.list) });
  const publish = useAdminMutation(endpoints.publish, { onSuccess: refreshList });
  const unpublish = useAdminMutation(endpoints.unpublish, { onSuccess: refreshList });

  async function togglePublished(item: Item) {
    const reason = await askReason(
      item.published
        ? {
            title: `Unpublish "${item.title}"?`,
            content: <Typography.Paragraph>{props.unpublishNote}</Typography.Paragraph>,
            okText: 'Unpublish',
            danger: true,
            reasonLabel: 'Reason for unpublishing (audit log)',
          }
        : {
            title: `Publish "${item.title}"?`,
            content: <Typography.Paragraph>{props.publishNote(item)}</Typography.Paragraph>,
            okText: 'Publish',
            reasonLabel: 'Reason for publishing (audit log)',
          },
    );
    if (reason === null) return;
    (item.published ? unpublish : publish).mutate({ id: item.id, reason });
  }

  const pendingId = publish.isPending
    ? publish.variables?.id
    : unpublish.isPending
      ? unpublish.variables?.id
      : undefined;

  const columns: TableColumnsType<Item> = [
    ...props.leadingColumns,
    {
      title: 'State',
      dataIndex: 'published',
      key: 'published',
      width: props.stateWidth,
      render: (isPublished: boolean, item) => (
        <PublishStateTag isPublished={isPublished} testId={`${kind}-state-${item.id}`} />
      ),
    },
    ...props.trailingColumns,
    {
      title: 'Actions',
      key: 'actions',
      width: props.actionsWidth,
      render: (_: unknown, item) => (
        <Space size={0}>
          <Button
            type="link"
            onClick={() => setEditing({ item })}
            aria-label={`Edit ${item.title}`}
            data-testid={`${kind}-edit-${item.id}`}
          >
            Edit
          </Button>
          {item.published ? (
            <Button
              type="link"
              danger
              loading={pendingId === item.id}
              onClick={() => void togglePublished(item)}
              aria-label={`Unpublish ${item.title}`}
              data-testid={`${kind}-unpublish-${item.id}`}
            >
              Unpublish
            </Button>
          ) : (
            <Button
              type="link"
              loading={pendingId === item.id}
              onClick={() => void togglePublished(item)}
              aria-label={`Publish ${item.title}`}
              data-testid={`${kind}-publish-${item.id}`}
            >
              Publish
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {props.title}
        </Typography.Title>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setEditing({ item: null })} data-testid={`${kind}-new`}>
          {props.newLabel}
        </Button>
        {props.filters}
        <Button onClick={() => void list.refetch()} loading={list.isFetching}>
          Reload
        </Button>
      </Space>
      <Table<Item>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        expandable={{ expandedRowRender: props.expandedRowRender }}
        data-testid={`${kind}-table`}
        pagination={props.pagination}
      />
      {/* Keyed by item, so opening another item starts a fresh form. */}
      {editing ? (
        <Fragment key={editing.item?.id ?? 'new'}>{props.renderForm(editing.item, () => setEditing(null))}</Fragment>
      ) : null}
      {reasonHolder}
    </Card>
  );
}
