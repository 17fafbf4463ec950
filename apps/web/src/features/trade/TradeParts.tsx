/** Pieces the trade screens share: side and state tags, and a confirmation sheet. */
import type { OrderState, Side } from '@brokerage/contract';
import { Button, Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../components/Icons';

export function SideTag({ side }: { side: Side }) {
  const { t } = useTranslation();
  return <span className={`tag side-${side} ${side === 'long' ? 'up' : 'down'}`}>{t(`ui.order.side.${side}`)}</span>;
}

export function OrderStateTag({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return <span className={`tag order-state-${state}`}>{t(`ui.orderState.${state}`)}</span>;
}

interface ConfirmSheetProps {
  open: boolean;
  title: string;
  confirmText: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testId: string;
  confirmTestId: string;
  children?: ReactNode;
}

/** A bottom sheet that asks before an order is placed, cancelled or closed (docs/ui.md "Feedback"). */
export function ConfirmSheet({
  open,
  title,
  confirmText,
  busy,
  onCancel,
  onConfirm,
  testId,
  confirmTestId,
  children,
}: ConfirmSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={open}
      onMaskClick={onCancel}
      onClose={onCancel}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      {open ? (
        <div className="sheet" role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
          <header className="sheet-head">
            <h2>{title}</h2>
            <button type="button" className="icon-button" onClick={onCancel} aria-label={t('ui.common.close')}>
              <CloseIcon />
            </button>
          </header>
          <div className="sheet-body">
            {children}
            <div className="form-footer">
              <Button
                block
                color="primary"
                size="large"
                onClick={onConfirm}
                disabled={busy}
                data-testid={confirmTestId}
              >
                {confirmText}
              </Button>
              <Button block onClick={onCancel}>
                {t('ui.common.cancel')}
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </Popup>
  );
}
