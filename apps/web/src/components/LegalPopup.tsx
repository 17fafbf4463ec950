import type { LegalKind } from '@brokerage/contract';
import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './Icons';
import { LegalDocument } from './LegalDocument';

/** The user agreement or privacy policy one tap away from the register form (spec §5). */
export function LegalPopup({ kind, onClose }: { kind: LegalKind | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={kind !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      destroyOnClose
    >
      {kind ? (
        <div className="legal-popup" role="dialog" aria-modal="true" aria-labelledby="legal-popup-title">
          <header>
            <h2 id="legal-popup-title">{t(`ui.legal.${kind}`)}</h2>
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('ui.common.close')}>
              <CloseIcon />
            </button>
          </header>
          <div className="legal-body">
            <LegalDocument kind={kind} />
          </div>
        </div>
      ) : null}
    </Popup>
  );
}
