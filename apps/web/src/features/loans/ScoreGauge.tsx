/**
 * The credit score as a half-circle gauge (SVG, theme colours): the track, the score's arc, and a
 * tick at the minimum score needed to borrow. Scores are whole numbers 0–100; the angle is plain
 * geometry, no amount.
 */
import { useTranslation } from 'react-i18next';

const R = 80;
const CX = 100;
const CY = 96;

/** The point on the arc at `score` (0 = left end, 100 = right end). */
function point(score: number, radius = R): { x: number; y: number } {
  const angle = Math.PI * (1 - Math.min(100, Math.max(0, score)) / 100);
  return { x: CX + radius * Math.cos(angle), y: CY - radius * Math.sin(angle) };
}

function arc(from: number, to: number): string {
  const a = point(from);
  const b = point(to);
  return `M ${a.x.toFixed(2)} ${a.y.toFixed(2)} A ${R} ${R} 0 0 1 ${b.x.toFixed(2)} ${b.y.toFixed(2)}`;
}

export function ScoreGauge({ score, min }: { score: number; min: number }) {
  const { t } = useTranslation();
  const ok = score >= min;
  const tickIn = point(min, R - 14);
  const tickOut = point(min, R + 12);
  return (
    <figure className="loan-gauge" data-testid="loan-gauge">
      <svg
        viewBox="0 0 200 112"
        role="img"
        aria-label={t('ui.loan.gaugeLabel', { score: String(score), min: String(min) })}
      >
        <path d={arc(0, 100)} className="loan-gauge-track" />
        {score > 0 ? (
          <path
            d={arc(0, score)}
            className={ok ? 'loan-gauge-value' : 'loan-gauge-value low'}
            data-testid="loan-gauge-arc"
          />
        ) : null}
        <line x1={tickIn.x} y1={tickIn.y} x2={tickOut.x} y2={tickOut.y} className="loan-gauge-min" />
        <text x={CX} y={CY - 18} textAnchor="middle" className="loan-gauge-score num" data-testid="loan-score">
          {score}
        </text>
        <text x={CX} y={CY + 2} textAnchor="middle" className="loan-gauge-caption">
          {t('ui.loan.score')}
        </text>
      </svg>
      <figcaption className="loan-gauge-legend">
        <span className={ok ? 'tag state-approved' : 'tag state-rejected'} data-testid="loan-score-state">
          {ok ? t('ui.loan.scoreOk') : t('ui.loan.scoreLow')}
        </span>
        <span className="caption num">{t('ui.loan.minScore', { min: String(min) })}</span>
      </figcaption>
    </figure>
  );
}
