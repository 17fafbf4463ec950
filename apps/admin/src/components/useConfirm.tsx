/**
 * A confirmation step before a data-changing call. `confirm()` opens a modal and resolves to true when
 * the operator presses the confirm button (`data-testid="confirm-ok"`), false when they cancel.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, Modal } from 'antd';

export interface ConfirmOptions {
  title: string;
  content?: ReactNode;
  okText?: string;
  danger?: boolean;
}

interface OpenConfirm extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const [open, setOpen] = useState<OpenConfirm | null>(null);
  const openRef = useRef<OpenConfirm | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    openRef.current?.resolve(confirmed);
    openRef.current = null;
    setOpen(null);
  }, []);

  const confirm = useCallback((options: ConfirmOptions) => {
    // A second request while one is open cancels the first, so no promise is left hanging.
    openRef.current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      const next = { ...options, resolve };
      openRef.current = next;
      setOpen(next);
    });
  }, []);

  const holder = (
    <Modal
      open={open !== null}
      title={open?.title}
      onCancel={() => settle(false)}
      // Only the open confirmation stays in the page, so `confirm-ok` is never ambiguous.
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => settle(false)} data-testid="confirm-cancel">
          Cancel
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger={open?.danger ?? false}
          onClick={() => settle(true)}
          data-testid="confirm-ok"
        >
          {open?.okText ?? 'Confirm'}
        </Button>,
      ]}
    >
      {open?.content}
    </Modal>
  );

  return [confirm, holder];
}
