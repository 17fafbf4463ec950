/**
 * The fund's last 30 official NAVs as a small SVG line chart (docs/api.md §14 `navHistory`). Days before
 * the fund's launch are a backtest of the same strategy on the same prices: drawn dashed in a quiet
 * colour, with a legend that says so. Coordinates are pixels only; no amount is computed here.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatPrice } from '../../lib/format';
import type { CopyFundDetailData } from './copy-queries';

const WIDTH = 320;
const HEIGHT = 120;
const PAD_X = 4;
const PAD_Y = 10;

type NavPoint = CopyFundDetailData['navHistory'][number];

/** NAVs shown with 4 decimals (units start at 1). */
export function formatNav(nav: string): string {
  return formatPrice(nav, 4);
}

function pointsOf(history: readonly NavPoint[]): { x: number; y: number; backtest: boolean }[] {
  const values = history.map((point) => Number(point.nav));
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = history.length > 1 ? (WIDTH - 2 * PAD_X) / (history.length - 1) : 0;
  return history.map((point, index) => ({
    x: PAD_X + index * step,
    y: PAD_Y + (HEIGHT - 2 * PAD_Y) * (1 - ((values[index] ?? low) - low) / span),
    backtest: point.backtest,
  }));
}

const path = (points: readonly { x: number; y: number }[]) =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');

export function NavChart({ history }: { history: CopyFundDetailData['navHistory'] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const first = history[0];
  const last = history.at(-1);
  if (!first || !last || history.length < 2)
    return (
      <p className="caption" data-testid="cf-nav-empty">
        {t('ui.copy.navEmpty')}
      </p>
    );
  const points = pointsOf(history);
  const launchIndex = points.findIndex((p) => !p.backtest);
  // The backtest line runs up to the first live day so the two lines join.
  const backtest = launchIndex === -1 ? points : points.slice(0, launchIndex + 1);
  const live = launchIndex === -1 ? [] : points.slice(launchIndex);
  const hasBacktest = points.some((p) => p.backtest);
  const values = history.map((p) => p.nav);
  const sorted = [...values].sort((a, b) => Number(a) - Number(b));
  const summary = t('ui.copy.navSummary', {
    days: String(history.length),
    from: formatNav(first.nav),
    to: formatNav(last.nav),
  });
  return (
    <figure className="cf-chart" data-testid="cf-nav-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} preserveAspectRatio="none">
        <title id={titleId}>{summary}</title>
        {hasBacktest && backtest.length > 1 ? (
          <path d={path(backtest)} className="cf-line-backtest" data-testid="cf-nav-backtest" />
        ) : null}
        {live.length > 1 ? <path d={path(live)} className="cf-line-live" data-testid="cf-nav-live" /> : null}
        {launchIndex > 0 ? (
          <line x1={points[launchIndex]?.x} x2={points[launchIndex]?.x} y1={0} y2={HEIGHT} className="cf-launch" />
        ) : null}
      </svg>
      <div className="cf-chart-scale caption num" aria-hidden="true">
        <span>{`${formatDay(first.date)} – ${formatDay(last.date)}`}</span>
        <span>{`${formatNav(sorted[0] ?? first.nav)} – ${formatNav(sorted.at(-1) ?? last.nav)}`}</span>
      </div>
      <figcaption className="cf-legend caption">
        {live.length > 1 ? <span className="cf-key cf-key-live">{t('ui.copy.legendLive')}</span> : null}
        {hasBacktest ? (
          <span className="cf-key cf-key-backtest" data-testid="cf-legend-backtest">
            {t('ui.copy.legendBacktest')}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
