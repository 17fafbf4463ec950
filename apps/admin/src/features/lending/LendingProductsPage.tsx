/**
 * Lending products (docs/api.md §19.5 `/product/list` kind `lending`, `/lending/create`, `/lending/update`):
 * the list with rate, term, minimum and quota used, the open/closed switch (with a reason), and the
 * create and edit forms. The rate and term lock once the product has applications.
 */
import { useState } from 'react';
import { Button, Card, Space, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { LendingProduct } from '@brokerage/contract';
import { useListParams } from '../../components/useListParams';
import { useReasonConfirm } from '../../components/useReasonConfirm';
import { quotaShare, rateDescription, termsLockedOf } from './lending-form';
import { useLendingProducts, useRefreshLendingProducts, useUpdateLendingProduct } from './lending-queries';
import { LendingProductFormModal, termsLockedNote } from './LendingProductFormModal';

/** `/product/list` answers the product type of the kind asked for; this page asks for `lending`. */
const isLendingProduct = (p: object): p is LendingProduct => 'dailyRate' in p;

/** Which form is open: a new product, one being edited, or none. */
type Editing = { product: LendingProduct | null } | null;

export function LendingProductsPage() {
  const { page, size, pagination } = useListParams();
  const list = useLendingProducts(page, size);
  const refreshList = useRefreshLendingProducts();
  const [askReason, reasonHolder] = useReasonConfirm();
  const [editing, setEditing] = useState<Editing>(null);
  const [lockedIds, setLockedIds] = useState<ReadonlySet<string>>(new Set());
  const [switchingId, setSwitchingId] = useState<string | null>(null);

  const setOpen = useUpdateLendingProduct({
    onSuccess: refreshList,
    onError: () => setSwitchingId(null),
  });

  async function toggle(product: LendingProduct, open: boolean) {
    const reason = await askReason({
      title: `${open ? 'Open' : 'Close'} "${product.name}"?`,
      content: (
        <Typography.Paragraph>
          {open
            ? 'Users can apply to this product again.'
            : 'New applications are refused (lending.quota_full). Applications waiting for the next settlement fail then and are released; running lending continues to its term.'}
        </Typography.Paragraph>
      ),
      okText: open ? 'Open' : 'Close',
      danger: !open,
      reasonLabel: 'Reason (audit log)',
    });
    if (reason === null) return;
    setSwitchingId(product.id);
    setOpen.mutate({ id: product.id, open, reason }, { onSettled: () => setSwitchingId(null) });
  }

  const columns: TableColumnsType<LendingProduct> = [
    {
      title: 'Product',
      key: 'product',
      render: (_: unknown, product) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{product.name}</Typography.Text>
          <Typography.Text code>{product.id}</Typography.Text>
        </Space>
      ),
    },
    { title: 'Currency', dataIndex: 'currency', key: 'currency', width: 90 },
    {
      title: 'Daily rate',
      key: 'dailyRate',
      render: (_: unknown, product) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>{product.dailyRate}</Typography.Text>
          <Typography.Text type="secondary">{rateDescription(product.dailyRate) ?? ''}</Typography.Text>
        </Space>
      ),
    },
    { title: 'Term', dataIndex: 'termDays', key: 'termDays', width: 90, render: (value: number) => `${value} days` },
    { title: 'Minimum', dataIndex: 'minAmount', key: 'minAmount', align: 'right' },
    {
      title: 'Quota used',
      key: 'quota',
      align: 'right',
      render: (_: unknown, product) => (
        <Space orientation="vertical" size={0} data-testid={`lending-quota-${product.id}`}>
          <span>{`${product.quotaUsed} / ${product.quota}`}</span>
          <Typography.Text type="secondary">{quotaShare(product.quota, product.quotaUsed)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Terms',
      key: 'terms',
      width: 90,
      render: (_: unknown, product) =>
        termsLockedOf(product, lockedIds) ? (
          <Tooltip title={termsLockedNote}>
            <Tag data-testid={`lending-locked-${product.id}`}>Locked</Tag>
          </Tooltip>
        ) : (
          <Tag color="blue">Editable</Tag>
        ),
    },
    {
      title: 'Open',
      key: 'open',
      width: 90,
      render: (_: unknown, product) => (
        <Switch
          checked={product.open}
          loading={switchingId === product.id}
          onChange={(checked) => void toggle(product, checked)}
          aria-label={`${product.open ? 'Close' : 'Open'} ${product.name}`}
          data-testid={`lending-open-${product.id}`}
        />
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 90,
      render: (_: unknown, product) => (
        <Button
          type="link"
          onClick={() => setEditing({ product })}
          aria-label={`Edit ${product.name}`}
          data-testid={`lending-edit-${product.id}`}
        >
          Edit
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          Lending products
        </Typography.Title>
      }
      extra={
        <Space>
          <Button onClick={() => void list.refetch()} loading={list.isFetching} data-testid="lending-reload">
            Reload
          </Button>
          <Button type="primary" onClick={() => setEditing({ product: null })} data-testid="lending-new">
            New product
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        Users lend whole amounts to an open product; each application is frozen until the next daily settlement matches
        it. The daily rate and the term are contractual: they cannot change once a product has applications.
      </Typography.Paragraph>
      <Table<LendingProduct>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={(list.data?.list ?? []).filter(isLendingProduct)}
        loading={list.isPending}
        data-testid="lending-table"
        locale={{
          emptyText: list.isError ? 'The products could not be loaded. Press Reload.' : 'No lending products yet.',
        }}
        pagination={pagination(list.data)}
      />
      {editing ? (
        <LendingProductFormModal
          key={editing.product?.id ?? 'new'}
          product={editing.product}
          lockedIds={lockedIds}
          onLocked={(id) => setLockedIds((previous) => new Set(previous).add(id))}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {reasonHolder}
    </Card>
  );
}
