/**
 * Block-trade and agreement-bidding products (docs/api.md §19.5 `/product/list` kind `block`,
 * `/block/create`, `/block/update`, `/block/rotateKey`): the list with the deal price against the
 * live price, the limits, the lock and whether it is open; the create and edit forms; and the secret
 * key, shown once after create or rotate (the server keeps only its hash).
 */
import { useState } from 'react';
import { Alert, Button, Card, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Money, type AdminBlockProduct } from '@brokerage/contract';
import { useListParams } from '../../components/useListParams';
import { useReasonConfirm } from '../../components/useReasonConfirm';
import { emptyText } from '../../lib/format';
import { kindOptions } from './block-form';
import { useBlockProducts, useRotateBlockKey } from './block-queries';
import { BlockFormModal } from './BlockFormModal';

/** `/product/list` answers the product type of the kind asked for; this page asks for `block`. */
export const isBlockProduct = (p: object): p is AdminBlockProduct =>
  'buyFeeRate' in p && 'dailyLimit' in p && 'instrumentId' in p;

type Editing = { product: AdminBlockProduct | null } | null;
type Secret = { title: string; key: string } | null;

const kindLabel = (kind: AdminBlockProduct['kind']) =>
  kindOptions.find((option) => option.value === kind)?.label ?? kind;
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

function SecretKeyModal({ secret, onClose }: { secret: Secret; onClose: () => void }) {
  return (
    <Modal
      open={secret !== null}
      title={secret?.title}
      onCancel={onClose}
      onOk={onClose}
      okText="I have copied it"
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title="Shown once. The server keeps only a hash of it; if it is lost, rotate the key and give the new one to the clients."
        style={{ marginBottom: 12 }}
      />
      <Typography.Paragraph
        copyable={{ text: secret?.key ?? '' }}
        code
        style={{ fontSize: 18 }}
        data-testid="bt-secret"
      >
        {secret?.key}
      </Typography.Paragraph>
    </Modal>
  );
}

/** The deal price outside the product's collar (docs/api.md §13): applications are refused until the price is corrected. */
function outsideBand(product: Pick<AdminBlockProduct, 'price' | 'currency' | 'priceLow' | 'priceHigh'>): boolean {
  if (product.priceLow === null || product.priceHigh === null) return false;
  const price = Money.of(product.price, product.currency);
  return (
    price.isLessThan(Money.of(product.priceLow, product.currency)) ||
    price.isGreaterThan(Money.of(product.priceHigh, product.currency))
  );
}

export function BlockTradesPage() {
  const { page, size, pagination } = useListParams();
  const list = useBlockProducts(page, size);
  const [askReason, reasonHolder] = useReasonConfirm();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<Secret>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const rotate = useRotateBlockKey();

  async function rotateKey(product: AdminBlockProduct) {
    const reason = await askReason({
      title: `Rotate the secret key of ${product.code}?`,
      content: (
        <Typography.Paragraph>
          The old key stops working at once for new applications. The new key is shown once.
        </Typography.Paragraph>
      ),
      okText: 'Rotate',
      danger: true,
    });
    if (reason === null) return;
    setBusyId(product.id);
    rotate.mutate(
      { id: product.id, reason },
      {
        onSuccess: (answer) => setSecret({ title: `New secret key of ${product.code}`, key: answer.data.secretKey }),
        onSettled: () => setBusyId(null),
      },
    );
  }

  const columns: TableColumnsType<AdminBlockProduct> = [
    {
      title: 'Product',
      key: 'product',
      render: (_: unknown, product) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{product.name}</Typography.Text>
          <Space size={4} wrap>
            <Typography.Text code>{product.code}</Typography.Text>
            <Tag>{product.market.toUpperCase()}</Tag>
            <Tag>{kindLabel(product.kind)}</Tag>
          </Space>
          <Typography.Text type="secondary">{`${product.id} · ${product.instrumentId}`}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Deal / live price',
      key: 'price',
      align: 'right',
      render: (_: unknown, product) => (
        <Space orientation="vertical" size={0} style={tabular}>
          <Typography.Text
            strong
            data-testid={`bt-price-${product.id}`}
          >{`${product.price} ${product.currency}`}</Typography.Text>
          <Typography.Text type="secondary">
            {product.currentPrice === null ? 'no quote' : `live ${product.currentPrice}`}
          </Typography.Text>
          <Typography.Text type={outsideBand(product) ? 'danger' : 'secondary'} data-testid={`bt-band-${product.id}`}>
            {product.priceLow === null || product.priceHigh === null
              ? 'band unknown'
              : `band ${product.priceLow} – ${product.priceHigh}${outsideBand(product) ? ' · outside: no application can be made or approved' : ''}`}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Shares',
      key: 'shares',
      align: 'right',
      render: (_: unknown, product) => (
        <Space orientation="vertical" size={0} style={tabular}>
          <span>{`min ${product.minShares}`}</span>
          <Typography.Text type="secondary" data-testid={`bt-limit-${product.id}`}>
            {product.dailyLimit === null ? 'no daily limit' : `${product.dailyLimit} per user per day`}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Lock',
      key: 'lockDays',
      align: 'right',
      render: (_: unknown, product) => (
        <span style={tabular}>{product.lockDays > 0 ? `${product.lockDays} days` : emptyText}</span>
      ),
    },
    {
      title: 'State',
      key: 'state',
      render: (_: unknown, product) => (
        <Space orientation="vertical" size={2}>
          <Tag color={product.open ? 'green' : 'default'} data-testid={`bt-open-${product.id}`}>
            {product.open ? 'open' : 'closed'}
          </Tag>
          <Typography.Text type="secondary">{`${product.applicationsCount} applications`}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, product) => (
        <Space wrap>
          <Button type="link" onClick={() => setEditing({ product })} data-testid={`bt-edit-${product.id}`}>
            Edit
          </Button>
          <Button
            type="link"
            loading={busyId === product.id && rotate.isPending}
            onClick={() => void rotateKey(product)}
            data-testid={`bt-rotate-${product.id}`}
          >
            Rotate key
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          Block trades
        </Typography.Title>
      }
      extra={
        <Space>
          <Button onClick={() => void list.refetch()} loading={list.isFetching} data-testid="bt-reload">
            Reload
          </Button>
          <Button type="primary" onClick={() => setEditing({ product: null })} data-testid="bt-new">
            New product
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        Block trades and agreement bidding on listed instruments, at a deal price the desk sets. Users apply with the
        product&apos;s secret key; each application freezes amount + fee and waits in the Block trades review queue.
        Changes apply to new applications only.
      </Typography.Paragraph>
      <Table<AdminBlockProduct>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={(list.data?.list ?? []).filter(isBlockProduct)}
        loading={list.isPending}
        data-testid="bt-table"
        locale={{
          emptyText: list.isError ? 'The products could not be loaded. Press Reload.' : 'No block-trade products yet.',
        }}
        pagination={pagination(list.data)}
      />
      {editing ? (
        <BlockFormModal
          key={editing.product?.id ?? 'new'}
          product={editing.product}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            if (created.secretKey) setSecret({ title: `Secret key of ${created.code}`, key: created.secretKey });
          }}
        />
      ) : null}
      <SecretKeyModal secret={secret} onClose={() => setSecret(null)} />
      {reasonHolder}
    </Card>
  );
}
