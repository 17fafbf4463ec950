/** Pieces the alerts list and the "set alert" sheet share: an alert in words, its state tag, its figures. */
import { Dialog } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DetailRow, timeText } from '../../components/MoneyParts';
import { formatPercent, formatPrice, shiftDecimal, significantDecimals } from '../../lib/format';
import { useCancelAlert, type AlertData } from './alert-queries';
import { isPriceKind } from './alert-rules';

/** A rate as a percentage with the decimals it has (2 to 6): "0.025" → "2.50%", "0.012345" → "1.2345%". */
export function ratePercentText(rate: string): string {
  const places = Math.min(6, Math.max(2, significantDecimals(shiftDecimal(rate, 2) ?? '0')));
  return formatPercent(rate, places);
}

/** The alert's value as the user set it: a price, or the day's change as a percentage. */
export function alertValueText(alert: Pick<AlertData, 'kind' | 'value'>): string {
  return isPriceKind(alert.kind) ? formatPrice(alert.value) : ratePercentText(alert.value);
}

/** "Price rises to 18.50", "Down 5.00% on the day". */
export function alertWhat(t: TFunction, alert: Pick<AlertData, 'kind' | 'value'>): string {
  return t(`ui.alerts.when.${alert.kind}`, { value: alertValueText(alert) });
}

const stateClass: Record<AlertData['state'], string> = {
  active: 'order-state-holding',
  triggered: 'state-approved',
  expired: 'state-closed',
  cancelled: 'state-closed',
};

export function AlertStateTag({ state, testId }: { state: AlertData['state']; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`tag ${stateClass[state]}`} data-testid={testId}>
      {t(`ui.alerts.state.${state}`)}
    </span>
  );
}

/** The figures of one alert: repeat, expiry, last price, note, and when and at what price it fired. */
export function AlertFigures({ alert }: { alert: AlertData }) {
  const { t } = useTranslation();
  const id = alert.id;
  return (
    <dl className="detail-list">
      <DetailRow label={t('ui.alerts.repeatLabel')}>
        <span data-testid={`alert-repeat-${id}`}>{t(`ui.alerts.repeat.${alert.repeat}`)}</span>
      </DetailRow>
      {alert.state === 'active' || alert.state === 'expired' ? (
        <DetailRow label={t('ui.alerts.expiresAt')}>
          <span className="num" data-testid={`alert-expires-${id}`}>
            {timeText(alert.expiresAt)}
          </span>
        </DetailRow>
      ) : null}
      <DetailRow label={t('ui.alerts.lastPrice')}>
        <span className="num" data-testid={`alert-last-${id}`}>
          {formatPrice(alert.lastPrice)}
        </span>
      </DetailRow>
      {alert.triggeredAt ? (
        <DetailRow label={t('ui.alerts.triggeredAt')}>
          <span className="num" data-testid={`alert-triggered-${id}`}>
            {timeText(alert.triggeredAt)}
          </span>
        </DetailRow>
      ) : null}
      {alert.triggerPrice ? (
        <DetailRow label={t('ui.alerts.triggerPrice')}>
          <span className="num strong" data-testid={`alert-trigger-price-${id}`}>
            {formatPrice(alert.triggerPrice)}
          </span>
        </DetailRow>
      ) : null}
      {alert.note ? (
        <DetailRow label={t('ui.alerts.note')}>
          <span className="alert-note" data-testid={`alert-note-${id}`}>
            {alert.note}
          </span>
        </DetailRow>
      ) : null}
    </dl>
  );
}

export function stockPath(instrumentId: string): string {
  return `/market/stockDetail?id=${encodeURIComponent(instrumentId)}`;
}

/** Asks first (docs/ui.md: destructive actions ask for confirmation), then cancels. */
export function useConfirmCancel() {
  const { t } = useTranslation();
  const cancel = useCancelAlert();
  const confirmCancel = async (alert: AlertData) => {
    const what = alertWhat(t, alert);
    const ok = await Dialog.confirm({
      title: t('ui.alerts.cancelTitle'),
      content: <p data-testid="alert-cancel-dialog">{t('ui.alerts.cancelText', { code: alert.code, what })}</p>,
      confirmText: t('ui.alerts.cancel'),
      cancelText: t('ui.alerts.cancelKeep'),
    });
    if (!ok) return;
    try {
      await cancel.mutateAsync(alert.id);
    } catch {
      // the client showed the reason (alert.not_active: it fired or expired meanwhile)
    }
  };
  return { confirmCancel, busyId: cancel.isPending ? (cancel.variables ?? null) : null };
}
