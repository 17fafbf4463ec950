import type { Assets } from '@brokerage/contract';
import { Skeleton } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAssets } from '../api/queries';
import { formatDateMinutes, formatMoney } from '../lib/format';
import { ErrorRetry } from './States';
import './assets-card.css';

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

/** A non-zero decimal string ("0", "0.00" and "-0.00" are zero). */
function isNonZero(value: string): boolean {
  return /[1-9]/.test(value);
}

/**
 * The frozen figure is a sum over every currency converted to the display currency, so a USD hold
 * shows up in pesos: tapping it lists the frozen money of each currency in that currency, and says
 * that the total is converted and at which rates (docs/decisions.md, "A newcomer's first hour").
 */
function FrozenBreakdown({ data, testIds, id }: { data: Assets; testIds: boolean; id: string }) {
  const { t } = useTranslation();
  const held = data.accounts.filter((a) => isNonZero(a.frozen));
  return (
    <div id={id} className="assets-frozen-panel" data-testid={testIds ? 'mine-frozen-breakdown' : undefined}>
      <div className="assets-frozen-title">{t('ui.assets.frozenTitle')}</div>
      {held.length === 0 ? (
        <p className="assets-frozen-note">{t('ui.assets.frozenNone')}</p>
      ) : (
        <ul className="assets-frozen-list">
          {held.map((a) => (
            <li key={a.currency} data-testid={testIds ? `mine-frozen-${a.currency}` : undefined}>
              <span>{a.currency}</span>
              <span className="money">{formatMoney(a.frozen, a.currency, 2)}</span>
            </li>
          ))}
        </ul>
      )}
      {held.some((a) => a.currency !== data.currency) ? (
        <p className="assets-frozen-note" data-testid={testIds ? 'mine-frozen-converted' : undefined}>
          {t('ui.assets.frozenConverted', { currency: data.currency, time: formatDateMinutes(data.ratesAt) })}
        </p>
      ) : null}
      <p className="assets-frozen-note">{t('ui.assets.frozenWhat')}</p>
    </div>
  );
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
  const [frozenOpen, setFrozenOpen] = useState(false);
  const frozenPanelId = useId();
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
          {data ? (
            <button
              type="button"
              className="value assets-frozen-toggle"
              aria-expanded={frozenOpen}
              aria-controls={frozenPanelId}
              title={t('ui.assets.frozenShow')}
              onClick={() => setFrozenOpen((o) => !o)}
              data-testid={testIds ? 'mine-frozen-toggle' : undefined}
            >
              {value(data.frozen, 'mine-frozen')}
              <span className="assets-frozen-more" aria-hidden="true">
                {frozenOpen ? '▴' : '▾'}
              </span>
              <span className="sr-only">{t('ui.assets.frozenShow')}</span>
            </button>
          ) : (
            <div className="value">{value(undefined, 'mine-frozen')}</div>
          )}
        </div>
      </div>
      {data && frozenOpen ? <FrozenBreakdown data={data} testIds={testIds} id={frozenPanelId} /> : null}
    </section>
  );
}
