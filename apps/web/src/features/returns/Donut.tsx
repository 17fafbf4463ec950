/**
 * An allocation donut in plain SVG (docs/api.md §24.2): one arc per slice, sized by its weight,
 * with a legend that names each slice with its share and value. Negative or zero slices take no
 * arc (a position under water) but stay in the legend.
 */
import type { AllocationSlice } from '@brokerage/contract';
import { formatMoney, formatPercent } from '../../lib/format';

/** Slice colours: the theme's chart palette (returns.css), repeated past eight slices. */
const PALETTE = 8;
const R = 40;
const C = 2 * Math.PI * R;

export interface DonutProps {
  slices: AllocationSlice[];
  currency: string;
  label: string;
  /** the name shown for a slice key (cash, stock, i_mxn_WALMEX → its code…) */
  nameOf: (key: string) => string;
  testId?: string;
}

export function Donut({ slices, currency, label, nameOf, testId }: DonutProps) {
  // the weights are exact decimals summing to 1; the arcs are drawing, floats are fine here
  const shown = slices.filter((s) => Number(s.weight) > 0);
  let offset = 0;
  return (
    <figure className="donut" data-testid={testId}>
      <svg viewBox="0 0 100 100" role="img" aria-label={label} className="donut-svg">
        <circle cx="50" cy="50" r={R} className="donut-track" />
        {shown.map((s, i) => {
          const length = Number(s.weight) * C;
          const arc = (
            <circle
              key={s.key}
              cx="50"
              cy="50"
              r={R}
              className={`donut-arc slice-${i % PALETTE}`}
              strokeDasharray={`${length} ${C - length}`}
              strokeDashoffset={-offset}
              data-testid={testId ? `${testId}-arc-${s.key}` : undefined}
            />
          );
          offset += length;
          return arc;
        })}
      </svg>
      <figcaption>
        <ul className="donut-legend">
          {slices.map((s, i) => (
            <li key={s.key} data-testid={testId ? `${testId}-legend-${s.key}` : undefined}>
              <span
                className={`donut-swatch slice-${shown.indexOf(s) >= 0 ? shown.indexOf(s) % PALETTE : i % PALETTE}`}
              />
              <span className="donut-name">{nameOf(s.key)}</span>
              <span className="donut-weight num">{formatPercent(s.weight)}</span>
              <span className="donut-value num">{formatMoney(s.value, currency, 2)}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
