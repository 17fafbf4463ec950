/**
 * Proofs of liabilities (docs/api.md §25; right `product.manage`): the published proofs, newest
 * first, with each currency's total, reserves and root, and a Publish button that asks for a reason
 * (audit log `proof/publish`) and publishes a new proof now.
 */
import { Alert, Button, Form, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Money, type ProofSummary } from '@brokerage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminQueryKey, useAdminMutation, useAdminQuery } from '../../api/hooks';
import { ReasonField } from '../../components/reason';
import { useListParams } from '../../components/useListParams';
import { formatTime } from '../../lib/format';

function Currencies({ proof }: { proof: ProofSummary }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {proof.currencies.map((c) => {
        const reserve = proof.reserves.find((r) => r.currency === c.currency)?.amount ?? '0';
        const short = Money.of(reserve, c.currency).isLessThan(Money.of(c.total, c.currency));
        return (
          <div key={c.currency} data-testid={`proof-${proof.proofId}-${c.currency}`}>
            <Typography.Text strong>{c.currency}</Typography.Text> owed {c.total} · reserves {reserve}{' '}
            {short ? <Tag color="red">reserves below total</Tag> : <Tag color="green">covered</Tag>} · {c.leaves}{' '}
            accounts{c.flooredAccounts > 0 ? ` · ${c.flooredAccounts} floored` : ''}
            <br />
            <Typography.Text type="secondary" copyable style={{ fontSize: 12 }}>
              {c.root}
            </Typography.Text>
          </div>
        );
      })}
    </Space>
  );
}

const columns: TableColumnsType<ProofSummary> = [
  { title: 'As of', dataIndex: 'asOf', key: 'asOf', width: 180, render: (v: string) => formatTime(v) },
  { title: 'Id', dataIndex: 'proofId', key: 'proofId', width: 220 },
  { title: 'Currencies', key: 'currencies', render: (_: unknown, proof) => <Currencies proof={proof} /> },
];

export function ProofsPage() {
  const { page, size, pagination } = useListParams();
  const proofs = useAdminQuery('proofList', { page, size });
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const publish = useAdminMutation('proofPublish', {
    onSuccess: () => {
      setOpen(false);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: adminQueryKey('proofList') });
    },
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Proofs of liabilities
        </Typography.Title>
        <Button type="primary" onClick={() => setOpen(true)} data-testid="proof-publish">
          Publish now
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        A proof is published every day at 00:00 UTC and kept 400 days. Publishing now adds one more.
      </Typography.Paragraph>
      {proofs.isError && <Alert type="error" title="The proofs could not be loaded." />}
      <Table<ProofSummary>
        rowKey="proofId"
        columns={columns}
        dataSource={proofs.data?.list ?? []}
        loading={proofs.isPending}
        pagination={pagination(proofs.data)}
      />
      <Modal
        open={open}
        title="Publish a proof of liabilities"
        okText="Publish"
        confirmLoading={publish.isPending}
        onCancel={() => setOpen(false)}
        onOk={() => void form.validateFields().then((values) => publish.mutate({ reason: values.reason }))}
      >
        <Form form={form} layout="vertical">
          <ReasonField testId="proof-reason" label="Reason (audit log)" />
        </Form>
      </Modal>
    </Space>
  );
}
