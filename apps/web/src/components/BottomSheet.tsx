import { Popup } from 'antd-mobile';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './Icons';

export interface BottomSheetProps {
  open: boolean;
  /** the backdrop, the close button and the popup's own close all call it */
  onClose: () => void;
  /** the sheet's heading, which also names the dialog */
  title: ReactNode;
  /** `data-testid` of the dialog */
  testId?: string;
  children: ReactNode;
}

/**
 * A sheet that slides up from the bottom (the indicator chooser, the account statement): a modal
 * dialog named by its heading, with a close button (44 px, `ui.common.close`) in the header; tapping
 * the backdrop closes it too. The body scrolls on its own (`.sheet-body`).
 */
export function BottomSheet({ open, onClose, title, testId, children }: BottomSheetProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} data-testid={testId}>
        <header className="sheet-head">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('ui.common.close')}>
            <CloseIcon />
          </button>
        </header>
        <div className="sheet-body">{children}</div>
      </div>
    </Popup>
  );
}
