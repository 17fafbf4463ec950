/** Loading, empty and error states shared by every screen (docs/ui.md "Lists"). */
import { Button, Skeleton, SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function Loading({ rows = 3, label }: { rows?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton-stack" role="status" aria-live="polite" aria-label={label ?? t('ui.common.loading')}>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={rows} animated />
    </div>
  );
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state" role="status" aria-live="polite">
      <SpinLoading color="primary" />
      <span className="sr-only">{label ?? t('ui.common.loading')}</span>
    </div>
  );
}

export function Empty({ text, action }: { text?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="state" data-testid="state-empty">
      <p>{text ?? t('ui.common.empty')}</p>
      {action}
    </div>
  );
}

export function ErrorRetry({ onRetry, text }: { onRetry: () => void; text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state" role="alert" data-testid="state-error">
      <p>{text ?? t('ui.common.error')}</p>
      <Button color="primary" fill="outline" onClick={onRetry}>
        {t('ui.common.retry')}
      </Button>
    </div>
  );
}
