import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAssets } from '../api/queries';
import { formatMoney } from '../lib/format';
import { ErrorRetry } from './States';

function signClass(value: string): string {
  if (value.startsWith('-')) return 'down';
  return /[1-9]/.test(value) ? 'up' : '';
}

/** A profit figure from elsewhere than `/user/assets` (Mine: Σ profitLoss of `/trade/userstocklist`, spec §7). */
export interface ProfitFigure {
  amount: string | undefined;
  currency: string | undefined;
  isError: boolean;
  onRetry: () => void;
}

/** Total assets with available, profit and frozen funds from `/user/assets` (docs/api.md §7.11). */
export function AssetsCard({
  testIds = false,
  profit,
  totalTo,
}: {
  testIds?: boolean;
  profit?: ProfitFigure;
  /** where tapping the total goes (the Mine page: the returns screen) */
  totalTo?: string;
}) {
  const { t } = useTranslation();
  const assets = useAssets();
  if (assets.isError) {
    return (
      <section className="card">
        <ErrorRetry onRetry={() => void assets.refetch()} />
      </section>
    );
  }
  const data = assets.data;
  const currency = data?.currency;
  const value = (amount: string | undefined, testId: string) =>
    data ? (
      <span className="money" data-testid={testIds ? testId : undefined}>
        {formatMoney(amount, currency, 2)}
      </span>
    ) : (
      <Skeleton.Paragraph lineCount={1} animated />
    );
  return (
    <section className="card assets-card" aria-label={t('ui.assets.title')} aria-busy={assets.isPending}>
      <div className="label">{t('ui.assets.total', { currency: currency ?? '' })}</div>
      {totalTo ? (
        <Link to={totalTo} className="total assets-total-link" data-testid={testIds ? 'mine-returns-link' : undefined}>
          {value(data?.totalAssets, 'mine-total-assets')}
          <span className="assets-total-more">{t('ui.returns.open')} ›</span>
        </Link>
      ) : (
        <div className="total">{value(data?.totalAssets, 'mine-total-assets')}</div>
      )}
      <div className="assets-grid">
        <div>
          <div className="label">{t('ui.assets.available')}</div>
          <div className="value">{value(data?.available, 'mine-available')}</div>
        </div>
        <div>
          <div className="label">{t('ui.assets.profit')}</div>
          {profit ? (
            <div
              className={`value ${profit.amount !== undefined ? signClass(profit.amount) : ''}`}
              aria-busy={profit.amount === undefined && !profit.isError}
            >
              {profit.isError ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={profit.onRetry}
                  aria-label={t('ui.tradeLive.profitRetry')}
                  data-testid={testIds ? 'mine-profit-retry' : undefined}
                >
                  {t('ui.common.retry')}
                </button>
              ) : profit.amount !== undefined ? (
                <span className="money" data-testid={testIds ? 'mine-profit' : undefined}>
                  {formatMoney(profit.amount, profit.currency, 2)}
                </span>
              ) : (
                <Skeleton.Paragraph lineCount={1} animated />
              )}
            </div>
          ) : (
            <div className={`value ${data ? signClass(data.profit) : ''}`}>{value(data?.profit, 'mine-profit')}</div>
          )}
        </div>
        <div>
          <div className="label">{t('ui.assets.frozen')}</div>
          <div className="value">{value(data?.frozen, 'mine-frozen')}</div>
        </div>
      </div>
    </section>
  );
}
