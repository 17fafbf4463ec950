/**
 * New-share offerings (docs/api.md §19.5 `/product/list` kind `new_share`, `/newShare/create`, `/update`,
 * `/rotateChannelPassword`, `/draw`): the list with terms, window, applications and draw state, the
 * create and edit forms, the channel password shown once after create or rotate, and the draw, which
 * runs once after the deadline and in which the operator chooses nothing (§19.6).
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Modal,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { AdminNewShare } from '@brokerage/contract';
import type { AdminDataOf } from '../../api/client';
import { useListParams } from '../../components/useListParams';
import { useReasonConfirm } from '../../components/useReasonConfirm';
import { accountTypeLabels, drawBlockedReason, kindOptions } from './newshare-form';
import { useNewShareDraw, useNewShares, useRefreshNewShares, useRotateChannelPassword } from './newshare-queries';
import { NewShareFormModal } from './NewShareFormModal';

/** `/product/list` answers the product type of the kind asked for; this page asks for `new_share`. */
export const isNewShare = (p: object): p is AdminNewShare => 'sharesOffered' in p && 'drawSeedHash' in p;

type Editing = { product: AdminNewShare | null } | null;
type Secret = { title: string; password: string } | null;
type DrawResult = { product: AdminNewShare; result: AdminDataOf<'newShareDraw'> } | null;

const kindLabel = (kind: AdminNewShare['kind']) => kindOptions.find((option) => option.value === kind)?.label ?? kind;
const phaseColour: Record<AdminNewShare['phase'], string> = {
  upcoming: 'gold',
  open: 'green',
  closed: 'default',
  drawn: 'blue',
  listed: 'purple',
};
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

function SecretModal({ secret, onClose }: { secret: Secret; onClose: () => void }) {
  return (
    <Modal
      open={secret !== null}
      title={secret?.title}
      onCancel={onClose}
      onOk={onClose}
      okText="I have copied it"
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title="Shown once. It is stored hashed and cannot be displayed again; rotate it to get a new one."
        style={{ marginBottom: 12 }}
      />
      <Typography.Paragraph
        copyable={{ text: secret?.password ?? '' }}
        code
        style={{ fontSize: 18 }}
        data-testid="ns-secret"
      >
        {secret?.password}
      </Typography.Paragraph>
    </Modal>
  );
}

function DrawResultModal({ draw, onClose }: { draw: DrawResult; onClose: () => void }) {
  return (
    <Modal
      open={draw !== null}
      title={draw ? `Draw of ${draw.product.code}` : ''}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {draw ? (
        <Descriptions column={1} bordered size="small" data-testid="ns-draw-result">
          <Descriptions.Item label="Total subscription">{draw.result.totalSubscription}</Descriptions.Item>
          <Descriptions.Item label="Shares offered">{draw.product.sharesOffered}</Descriptions.Item>
          <Descriptions.Item label="Winning rate">{draw.result.winningRate}</Descriptions.Item>
          <Descriptions.Item label="Winners">{draw.result.winnersCount}</Descriptions.Item>
          <Descriptions.Item label="Seed">
            <Typography.Text code copyable data-testid="ns-draw-seed">
              {draw.result.seed}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="Published seed hash">
            <Typography.Text code style={{ wordBreak: 'break-all' }}>
              {draw.product.drawSeedHash}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        Users can now recompute every allotment from the seed on the offering&apos;s page.
      </Typography.Paragraph>
    </Modal>
  );
}

export function NewSharesPage() {
  const { page, size, pagination } = useListParams();
  const list = useNewShares(page, size);
  const refresh = useRefreshNewShares();
  const [askReason, reasonHolder] = useReasonConfirm();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<Secret>(null);
  const [draw, setDraw] = useState<DrawResult>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const rotate = useRotateChannelPassword();
  const runDraw = useNewShareDraw();

  async function rotatePassword(product: AdminNewShare) {
    const reason = await askReason({
      title: `Rotate the channel password of ${product.code}?`,
      content: (
        <Typography.Paragraph>The old password stops working at once. The new one is shown once.</Typography.Paragraph>
      ),
      okText: 'Rotate',
      danger: true,
    });
    if (reason === null) return;
    setBusyId(product.id);
    rotate.mutate(
      { id: product.id, reason },
      {
        onSuccess: (answer) =>
          setSecret({ title: `New channel password of ${product.code}`, password: answer.data.channelPassword }),
        onSettled: () => setBusyId(null),
      },
    );
  }

  async function drawOffering(product: AdminNewShare) {
    const reason = await askReason({
      title: `Run the draw of ${product.code}?`,
      content: (
        <Typography.Paragraph>
          Runs once and cannot be undone. If more shares were applied for than the {product.sharesOffered} offered, each
          application gets its pro-rata floor and the leftovers go one by one in the order fixed by the seed published
          at creation. Nobody chooses winners or quantities.
        </Typography.Paragraph>
      ),
      okText: 'Run the draw',
      danger: true,
    });
    if (reason === null) return;
    setBusyId(product.id);
    runDraw.mutate(
      { id: product.id, reason },
      {
        onSuccess: (answer) => {
          setDraw({ product, result: answer.data });
          refresh();
        },
        onSettled: () => setBusyId(null),
      },
    );
  }

  const columns: TableColumnsType<AdminNewShare> = [
    {
      title: 'Offering',
      key: 'offering',
      render: (_: unknown, product) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{product.name}</Typography.Text>
          <Space size={4}>
            <Typography.Text code>{product.code}</Typography.Text>
            <Tag>{product.market.toUpperCase()}</Tag>
            <Tag>{kindLabel(product.kind)}</Tag>
          </Space>
        </Space>
      ),
    },
    {
      title: 'Issue price',
      key: 'issuePrice',
      align: 'right',
      render: (_: unknown, product) => <span style={tabular}>{`${product.issuePrice} ${product.currency}`}</span>,
    },
    {
      title: 'Shares',
      key: 'shares',
      align: 'right',
      render: (_: unknown, product) => (
        <Space orientation="vertical" size={0} style={tabular}>
          <span>{`${product.totalSubscription} / ${product.sharesOffered}`}</span>
          <Typography.Text type="secondary">{`min ${product.minShares}, ${product.applicationsCount} applications`}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Window (UTC)',
      key: 'window',
      render: (_: unknown, product) => (
        <Space orientation="vertical" size={0} style={tabular}>
          <span>{product.applyStart}</span>
          <span>{product.applyEnd}</span>
        </Space>
      ),
    },
    {
      title: 'State',
      key: 'phase',
      render: (_: unknown, product) => (
        <Space orientation="vertical" size={2}>
          <Tag color={phaseColour[product.phase]} data-testid={`ns-phase-${product.id}`}>
            {product.phase}
          </Tag>
          {!product.channelOpen ? <Tag>channel closed</Tag> : null}
          {product.placementTiers ? (
            <Typography.Text type="secondary">
              {product.placementTiers
                .map((tier) => `${accountTypeLabels[tier.accountType]} ≥ ${tier.minAmount}`)
                .join(', ')}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, product) => {
        const blocked = drawBlockedReason(product);
        return (
          <Space wrap>
            <Button type="link" onClick={() => setEditing({ product })} data-testid={`ns-edit-${product.id}`}>
              Edit
            </Button>
            {product.channelPasswordRequired ? (
              <Button
                type="link"
                loading={busyId === product.id && rotate.isPending}
                onClick={() => void rotatePassword(product)}
                data-testid={`ns-rotate-${product.id}`}
              >
                Rotate password
              </Button>
            ) : null}
            <Tooltip title={blocked ?? 'Run the draw'}>
              <Button
                danger
                disabled={blocked !== null}
                loading={busyId === product.id && runDraw.isPending}
                onClick={() => void drawOffering(product)}
                data-testid={`ns-draw-${product.id}`}
              >
                {product.drawnAt ? 'Drawn' : 'Draw'}
              </Button>
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          New shares
        </Typography.Title>
      }
      extra={
        <Space>
          <Button onClick={() => void list.refetch()} loading={list.isFetching} data-testid="ns-reload">
            Reload
          </Button>
          <Button type="primary" onClick={() => setEditing({ product: null })} data-testid="ns-new">
            New offering
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        IPOs, placements and capital increases. The contractual terms lock at the first application; the draw runs once
        after the application deadline, from the seed whose hash is published at creation.
      </Typography.Paragraph>
      <Table<AdminNewShare>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={(list.data?.list ?? []).filter(isNewShare)}
        loading={list.isPending}
        data-testid="ns-table"
        locale={{
          emptyText: list.isError ? 'The offerings could not be loaded. Press Reload.' : 'No new-share offerings yet.',
        }}
        pagination={pagination(list.data)}
      />
      {editing ? (
        <NewShareFormModal
          key={editing.product?.id ?? 'new'}
          product={editing.product}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            if (created.channelPassword)
              setSecret({ title: `Channel password of ${created.code}`, password: created.channelPassword });
          }}
        />
      ) : null}
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DrawResultModal draw={draw} onClose={() => setDraw(null)} />
      {reasonHolder}
    </Card>
  );
}
