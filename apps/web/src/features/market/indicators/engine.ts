/**
 * The indicators of one chart over its bars: a full computation when the candles arrive, then
 * only the tail as live prices move the last bar or open a new one.
 *
 * Cost: a full computation of all seven indicators over 2,000 bars takes about a millisecond
 * on a laptop and a few on a slow phone (measured in `engine.test.ts`), well under a 16 ms
 * frame, so it runs on the main thread; see docs/decisions.md "Chart indicators".
 */
import type { Candle } from '@brokerage/contract';
import { toChartNumber, toChartTime } from '../chart-data';
import {
  bollStep,
  emaLinesStep,
  IndicatorTrack,
  kdjStep,
  macdStep,
  maStep,
  rsiStep,
  volStep,
  type Bar,
  type Step,
  type Values,
} from './indicators';
import type { IndicatorKind, IndicatorParams, IndicatorSettings } from './settings';

/** A candle as numbers for the chart (display only; see `toChartNumber`). */
export function candleToBar(candle: Candle): Bar {
  return {
    time: toChartTime(candle.t),
    open: toChartNumber(candle.o),
    high: toChartNumber(candle.h),
    low: toChartNumber(candle.l),
    close: toChartNumber(candle.c),
    volume: toChartNumber(candle.v),
  };
}

/** How a line is drawn: a line, or bars (volume, MACD histogram). */
export type LineStyle = 'line' | 'bars';

export interface LineSpec {
  /** Shown in the legend: "MA5", "DIF", "UB". */
  name: string;
  style: LineStyle;
}

/** The lines of an indicator with the given parameters, in the order of its values. */
export function linesOf(kind: IndicatorKind, params: readonly number[]): LineSpec[] {
  const line = (name: string): LineSpec => ({ name, style: 'line' });
  switch (kind) {
    case 'ma':
      return params.map((p) => line(`MA${p}`));
    case 'ema':
      return params.map((p) => line(`EMA${p}`));
    case 'boll':
      return [line('MID'), line('UB'), line('LB')];
    case 'vol':
      return [{ name: 'VOL', style: 'bars' }, ...params.map((p) => line(`MA${p}`))];
    case 'macd':
      return [line('DIF'), line('DEA'), { name: 'MACD', style: 'bars' }];
    case 'rsi':
      return params.map((p) => line(`RSI${p}`));
    case 'kdj':
      return [line('K'), line('D'), line('J')];
  }
}

/** The step of an indicator with its parameters (validated by the settings). */
export function stepOf(kind: IndicatorKind, params: IndicatorParams): Step<unknown> {
  const p = params[kind];
  const at = (i: number) => p[i] ?? 1;
  switch (kind) {
    case 'ma':
      return maStep(p);
    case 'ema':
      return emaLinesStep(p);
    case 'boll':
      return bollStep(at(0), at(1));
    case 'vol':
      return volStep(p);
    case 'macd':
      return macdStep(at(0), at(1), at(2));
    case 'rsi':
      return rsiStep(p);
    case 'kdj':
      return kdjStep(at(0), at(1), at(2));
  }
}

/** The indicators switched on by the settings: the overlay first, then the panes in order. */
export function activeKinds(settings: IndicatorSettings): IndicatorKind[] {
  return [...(settings.overlay ? [settings.overlay] : []), ...settings.panes];
}

export type Change = 'push' | 'replace';

export class ChartIndicators {
  readonly bars: Bar[] = [];
  readonly kinds: readonly IndicatorKind[];
  private readonly tracks = new Map<IndicatorKind, IndicatorTrack<unknown>>();

  constructor(kinds: readonly IndicatorKind[], params: IndicatorParams, bars: readonly Bar[] = []) {
    this.kinds = kinds;
    for (const kind of kinds) this.tracks.set(kind, new IndicatorTrack(stepOf(kind, params)));
    for (const bar of bars) this.apply(bar);
  }

  /**
   * A bar from a live price: a later time adds a bar, the same time replaces the last one, an
   * older time is ignored (null). Returns what happened to the series.
   */
  apply(bar: Bar): Change | null {
    const last = this.bars[this.bars.length - 1];
    if (last !== undefined && bar.time < last.time) return null;
    const change: Change = last !== undefined && bar.time === last.time ? 'replace' : 'push';
    if (change === 'push') this.bars.push(bar);
    else this.bars[this.bars.length - 1] = bar;
    for (const track of this.tracks.values()) {
      if (change === 'push') track.push(this.bars);
      else track.replaceLast(this.bars);
    }
    return change;
  }

  /** The values of every bar of one indicator (empty when it is not switched on). */
  series(kind: IndicatorKind): readonly Values[] {
    return this.tracks.get(kind)?.values ?? [];
  }

  /** The values of one bar of one indicator. */
  valuesAt(kind: IndicatorKind, index: number): Values | undefined {
    return this.tracks.get(kind)?.values[index];
  }

  get length(): number {
    return this.bars.length;
  }
}
