import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/**
 * The confirmation step's two buttons: confirm (spinning and locked while the call runs) and back
 * to the form. `testId` names both: `<testId>-confirm` and `<testId>-back`.
 */
export function ConfirmFooter({
  label,
  busy,
  onConfirm,
  onBack,
  testId,
}: {
  label: string;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-footer">
      <Button
        block
        color="primary"
        size="large"
        onClick={onConfirm}
        disabled={busy}
        loading={busy}
        data-testid={`${testId}-confirm`}
      >
        {label}
      </Button>
      <Button block onClick={onBack} disabled={busy} data-testid={`${testId}-back`}>
        {t('ui.common.back')}
      </Button>
    </div>
  );
}
