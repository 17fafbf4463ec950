/**
 * The indicators of one chart over its bars: a full computation when the candles arrive (in a
 * worker, see `compute.ts`), then only the tail as live prices move the last bar or open a new
 * one (on the main thread: one step per indicator).
 */
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
  type TrackSnapshot,
  type Values,
} from './indicators';
import type { IndicatorKind, IndicatorParams, IndicatorSettings } from './settings';

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

/** A computed `ChartIndicators` as plain data (structured-cloneable), e.g. from the worker. */
export interface IndicatorsSnapshot {
  bars: Bar[];
  tracks: Partial<Record<IndicatorKind, TrackSnapshot<unknown>>>;
}

export class ChartIndicators {
  readonly bars: Bar[] = [];
  readonly kinds: readonly IndicatorKind[];
  private readonly tracks = new Map<IndicatorKind, IndicatorTrack<unknown>>();

  /**
   * Computes the indicators over `bars`, or, given `saved` (a snapshot computed elsewhere with the
   * same kinds and parameters, e.g. by the worker), continues from it without computing again.
   */
  constructor(
    kinds: readonly IndicatorKind[],
    params: IndicatorParams,
    bars: readonly Bar[] = [],
    saved?: IndicatorsSnapshot,
  ) {
    this.kinds = kinds;
    for (const kind of kinds) {
      const track = saved?.tracks[kind];
      if (saved && !track) throw new Error(`indicator snapshot without ${kind}`);
      this.tracks.set(kind, new IndicatorTrack(stepOf(kind, params), track));
    }
    if (saved) this.bars.push(...saved.bars);
    else for (const bar of bars) this.apply(bar);
  }

  snapshot(): IndicatorsSnapshot {
    const tracks: IndicatorsSnapshot['tracks'] = {};
    for (const [kind, track] of this.tracks) tracks[kind] = track.snapshot();
    return { bars: this.bars, tracks };
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
