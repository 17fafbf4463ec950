/**
 * Draws the indicators of a `ChartIndicators` on a lightweight-charts chart: the overlay as
 * lines on the price pane, each pane indicator in its own pane under it. A full `setData` when
 * the candles or the settings change; after that only the last point of each line is updated.
 */
import {
  HistogramSeries,
  LineSeries,
  type HistogramData,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
  type WhitespaceData,
} from 'lightweight-charts';
import { linesOf, type ChartIndicators } from './engine';
import type { Bar, Values } from './indicators';
import type { IndicatorKind, IndicatorParams } from './settings';

/** The colours of indicator lines (read from the theme's CSS variables) and of up/down bars. */
export interface IndicatorColours {
  lines: readonly string[];
  up: string;
  down: string;
  volumeUp: string;
  volumeDown: string;
}

/** CSS variables of the line palette, in line order (indicators.css, light and dark). */
export const lineColourVars = ['--ind-1', '--ind-2', '--ind-3', '--ind-4'] as const;

export interface DrawnIndicator {
  kind: IndicatorKind;
  series: (ISeriesApi<'Line'> | ISeriesApi<'Histogram'>)[];
}

/** A point of a line or of a bar series (their data have the same shape: time, value, optional colour). */
type Point = HistogramData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

/** The colour of bar-style values: volume by its candle's direction, the MACD histogram by its sign. */
function barColour(kind: IndicatorKind, value: number, bar: Bar, colours: IndicatorColours): string {
  if (kind === 'vol') return bar.close >= bar.open ? colours.volumeUp : colours.volumeDown;
  return value >= 0 ? colours.up : colours.down;
}

function pointOf(
  kind: IndicatorKind,
  line: number,
  style: 'line' | 'bars',
  values: Values | undefined,
  bar: Bar,
  colours: IndicatorColours,
): Point {
  const time = bar.time as UTCTimestamp;
  const value = values?.[line];
  if (value === null || value === undefined || !Number.isFinite(value)) return { time };
  if (style === 'bars') return { time, value, color: barColour(kind, value, bar, colours) };
  return { time, value };
}

/** Adds the series of one indicator in `paneIndex` (0: on the prices). */
export function addIndicator(
  chart: IChartApi,
  kind: IndicatorKind,
  params: IndicatorParams,
  paneIndex: number,
  colours: IndicatorColours,
  format: { formatter: (value: number) => string; minMove: number },
): DrawnIndicator {
  const priceFormat = { type: 'custom', ...format } as const;
  let colourIndex = 0;
  const series = linesOf(kind, params[kind]).map((line) => {
    if (line.style === 'bars') {
      return chart.addSeries(
        HistogramSeries,
        {
          priceFormat,
          lastValueVisible: false,
          priceLineVisible: false,
        },
        paneIndex,
      );
    }
    const color = colours.lines[colourIndex % colours.lines.length] ?? colours.up;
    colourIndex += 1;
    return chart.addSeries(
      LineSeries,
      {
        color,
        lineWidth: 1,
        lastValueVisible: false,
        priceLineVisible: false,
        crosshairMarkerVisible: false,
        priceFormat,
      },
      paneIndex,
    );
  });
  return { kind, series };
}

/** Draws every bar of the indicator. */
export function setIndicatorData(
  drawn: DrawnIndicator,
  engine: ChartIndicators,
  params: IndicatorParams,
  colours: IndicatorColours,
): void {
  const lines = linesOf(drawn.kind, params[drawn.kind]);
  const values = engine.series(drawn.kind);
  drawn.series.forEach((series, line) => {
    const style = lines[line]?.style ?? 'line';
    series.setData(engine.bars.map((bar, i) => pointOf(drawn.kind, line, style, values[i], bar, colours)));
  });
}

/** Redraws only the last bar of the indicator (a live price moved it or opened it). */
export function updateIndicatorTail(
  drawn: DrawnIndicator,
  engine: ChartIndicators,
  params: IndicatorParams,
  colours: IndicatorColours,
): void {
  const index = engine.length - 1;
  const bar = engine.bars[index];
  if (bar === undefined) return;
  const lines = linesOf(drawn.kind, params[drawn.kind]);
  const values = engine.valuesAt(drawn.kind, index);
  drawn.series.forEach((series, line) => {
    series.update(pointOf(drawn.kind, line, lines[line]?.style ?? 'line', values, bar, colours));
  });
}

/** The index of the bar at `time` (bars are in time order), or null. */
export function barIndexAt(bars: readonly Bar[], time: number): number | null {
  let low = 0;
  let high = bars.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = (bars[mid] as Bar).time;
    if (at === time) return mid;
    if (at < time) low = mid + 1;
    else high = mid - 1;
  }
  return null;
}
