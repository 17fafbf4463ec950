import { Dec, type Language } from '@brokerage/contract';
import { useTranslation } from 'react-i18next';
import { formatChartTime, formatCompact, formatDecimal, formatPrice, languageTags } from '../../../lib/format';
import { linesOf, type ChartIndicators } from './engine';
import type { Bar } from './indicators';
import { lineColourVars } from './indicator-series';
import type { IndicatorKind, IndicatorParams } from './settings';

/**
 * An indicator value as text. Values are floats (display only, see `indicators.ts`); this is
 * the one place they are rounded: half-up to `decimals` places (a display value, so nobody gains
 * by the mode), with the language's separators.
 */
export function formatIndicator(value: number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  return formatPrice(formatDecimal(new Dec(value), decimals, 'half_up'), decimals);
}

/** A volume or an average of volumes, in the language's compact units. */
export function formatVolume(value: number | null | undefined, language: Language): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  return formatCompact(new Dec(value).toFixed(), language);
}

/** Decimals of an indicator's values: prices at the instrument's scale, MACD one finer, oscillators 2. */
export function decimalsOf(kind: IndicatorKind, priceScale: number): number {
  if (kind === 'rsi' || kind === 'kdj') return 2;
  if (kind === 'macd') return Math.max(priceScale + 1, 3);
  return priceScale;
}

export interface LegendItem {
  name: string;
  text: string;
  /** CSS colour of the line's swatch; null for bar series. */
  colour: string | null;
}

export interface LegendRow {
  kind: IndicatorKind;
  items: LegendItem[];
}

/** The legend rows of every indicator switched on, for bar `index`. */
export function legendRows(
  engine: ChartIndicators,
  params: IndicatorParams,
  index: number,
  priceScale: number,
  language: Language,
): LegendRow[] {
  return engine.kinds.map((kind) => {
    const values = engine.valuesAt(kind, index);
    let colourIndex = 0;
    const items = linesOf(kind, params[kind]).map((line, i) => {
      const value = values?.[i] ?? null;
      const text =
        kind === 'vol' ? formatVolume(value, language) : formatIndicator(value, decimalsOf(kind, priceScale));
      let colour: string | null = null;
      if (line.style === 'line') {
        colour = `var(${lineColourVars[colourIndex % lineColourVars.length] ?? '--ind-1'})`;
        colourIndex += 1;
      }
      return { name: line.name, text, colour };
    });
    return { kind, items };
  });
}

interface IndicatorLegendProps {
  bar: Bar | undefined;
  rows: readonly LegendRow[];
  priceScale: number;
  language: Language;
  intraday: boolean;
}

/**
 * The crosshair legend: the hovered bar's time, open, high, low, close and volume, then one row
 * per indicator with each line's value. Without a hover it shows the last bar. Text stays in the
 * text colour; the line's colour is a swatch beside its name (contrast, and colour is not the
 * only signal).
 */
export function IndicatorLegend({ bar, rows, priceScale, language, intraday }: IndicatorLegendProps) {
  const { t } = useTranslation();
  if (!bar) return null;
  const time = formatChartTime(new Date(bar.time * 1000), intraday ? 'barIntraday' : 'bar', languageTags[language]);
  const price = (value: number) => formatIndicator(value, priceScale);
  const ohlc: [string, string][] = [
    [t('ui.indicators.short.open'), price(bar.open)],
    [t('ui.indicators.short.high'), price(bar.high)],
    [t('ui.indicators.short.low'), price(bar.low)],
    [t('ui.indicators.short.close'), price(bar.close)],
    [t('ui.indicators.short.volume'), formatVolume(bar.volume, language)],
  ];
  return (
    <div
      className="ind-legend caption num"
      data-testid="indicator-legend"
      role="group"
      aria-label={t('ui.indicators.legend', { time })}
    >
      <p className="ind-legend-row" data-testid="legend-bar">
        <span className="ind-legend-time">{time}</span>
        {ohlc.map(([name, value]) => (
          <span key={name} className="ind-legend-item">
            <span className="ind-legend-name">{name}</span> {value}
          </span>
        ))}
      </p>
      {rows.map((row) => (
        <p key={row.kind} className="ind-legend-row" data-testid={`legend-${row.kind}`}>
          {row.items.map((item) => (
            <span key={item.name} className="ind-legend-item">
              {item.colour ? (
                <span className="ind-swatch" style={{ background: item.colour }} aria-hidden="true" />
              ) : null}
              <span className="ind-legend-name">{item.name}</span> {item.text}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
