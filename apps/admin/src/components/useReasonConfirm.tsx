/**
 * A confirmation that also asks for the audit `reason` (docs/api.md §19.1), for actions started from a
 * table row (publish, unpublish) where there is no form to hold the reason. `ask()` opens a modal and
 * resolves to the trimmed reason when the operator presses the confirm button (`data-testid="confirm-ok"`)
 * with a valid reason, or null when they cancel.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, Form, Modal, Space } from 'antd';
import { ReasonField } from './reason';

export interface ReasonConfirmOptions {
  title: string;
  content?: ReactNode;
  okText?: string;
  danger?: boolean;
  /** The label of the reason field; says what the reason is for. */
  reasonLabel?: string;
}

interface OpenReasonConfirm extends ReasonConfirmOptions {
  /** Changes on every opening, so each one starts with an empty reason. */
  seq: number;
  resolve: (reason: string | null) => void;
}

function ReasonConfirmForm({
  options,
  onSettle,
}: {
  options: OpenReasonConfirm;
  onSettle: (reason: string | null) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Form<{ reason: string }>
      form={form}
      layout="vertical"
      name="reason-confirm"
      initialValues={{ reason: '' }}
      onFinish={(values) => onSettle(values.reason.trim())}
    >
      {options.content}
      <ReasonField testId="confirm-reason" label={options.reasonLabel ?? 'Reason (written to the audit log)'} />
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={() => onSettle(null)} data-testid="confirm-cancel">
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" danger={options.danger ?? false} data-testid="confirm-ok">
          {options.okText ?? 'Confirm'}
        </Button>
      </Space>
    </Form>
  );
}

export function useReasonConfirm(): [(options: ReasonConfirmOptions) => Promise<string | null>, ReactNode] {
  const [open, setOpen] = useState<OpenReasonConfirm | null>(null);
  const openRef = useRef<OpenReasonConfirm | null>(null);
  const seqRef = useRef(0);

  const settle = useCallback((reason: string | null) => {
    openRef.current?.resolve(reason);
    openRef.current = null;
    setOpen(null);
  }, []);

  const ask = useCallback((options: ReasonConfirmOptions) => {
    // A second request while one is open cancels the first, so no promise is left hanging.
    openRef.current?.resolve(null);
    seqRef.current += 1;
    const seq = seqRef.current;
    return new Promise<string | null>((resolve) => {
      const next = { ...options, seq, resolve };
      openRef.current = next;
      setOpen(next);
    });
  }, []);

  const holder = (
    <Modal open={open !== null} title={open?.title} onCancel={() => settle(null)} footer={null} destroyOnHidden>
      {open ? <ReasonConfirmForm key={open.seq} options={open} onSettle={settle} /> : null}
    </Modal>
  );

  return [ask, holder];
}
