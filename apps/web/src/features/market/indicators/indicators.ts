/**
 * Technical indicators of the price chart (issue 25 item 4): moving averages, EMA, Bollinger
 * bands, volume, MACD, RSI and KDJ, as pure step functions.
 *
 * Floats on purpose: an indicator is a display value drawn on a canvas, never money, so its
 * maths runs on JavaScript numbers made from the candles' decimal strings by `toChartNumber`
 * (the chart library positions pixels with floats anyway). Nothing computed here is sent to
 * the server or compared with an amount, and values are rounded only when shown
 * (`formatIndicator`). docs/decisions.md "Chart indicators" records the choice and the exact
 * definitions.
 *
 * Each indicator is a `Step`: from the state after the previous bar and one bar it makes the
 * state after that bar and the bar's values. A step never mutates the state it is given, so the
 * state before the last bar can be kept and the last bar recomputed alone when a live price
 * moves it (`IndicatorTrack`): the tail is recomputed, never the whole series.
 */

/** One candle as numbers, for drawing only. `time` is the chart's time (UTC seconds). */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The values of one bar: one entry per line of the indicator, null where it is not defined yet. */
export type Values = readonly (number | null)[];

/**
 * One indicator. `step` computes bar `index` of `bars` from the state after bar `index − 1`
 * (the running sums and averages); windows are read from `bars` itself, so a state is a few
 * numbers and a step allocates almost nothing.
 */
export interface Step<S> {
  readonly initial: S;
  step(state: S, bars: readonly Bar[], index: number): readonly [S, Values];
}

type Pick = (bar: Bar) => number;
const close: Pick = (bar) => bar.close;
const volume: Pick = (bar) => bar.volume;

/* ---------- Building blocks ---------- */

/**
 * A simple moving average as a running sum: add the new input, drop the one `period` bars back.
 * Returns the new sum and the average (null before `period` inputs).
 */
export function smaStep(
  sum: number,
  bars: readonly Bar[],
  index: number,
  period: number,
  pick: Pick,
): readonly [number, number | null] {
  const dropped = index >= period ? pick(bars[index - period] as Bar) : 0;
  const next = sum + pick(bars[index] as Bar) - dropped;
  return [next, index >= period - 1 ? next / period : null];
}

/**
 * An exponential moving average with smoothing 2 / (period + 1), seeded with the simple average
 * of its first `period` inputs (so it is defined from the period-th input on). A null input (a
 * DIF not defined yet) leaves the state as it is.
 */
export interface EmaState {
  readonly count: number;
  readonly seedSum: number;
  readonly ema: number | null;
}

export const emaInitial: EmaState = { count: 0, seedSum: 0, ema: null };

export function emaStep(state: EmaState, x: number | null, period: number): readonly [EmaState, number | null] {
  if (x === null) return [state, state.ema];
  if (state.ema !== null) {
    const alpha = 2 / (period + 1);
    const ema = alpha * x + (1 - alpha) * state.ema;
    return [{ count: state.count + 1, seedSum: state.seedSum, ema }, ema];
  }
  const count = state.count + 1;
  const seedSum = state.seedSum + x;
  const ema = count === period ? seedSum / period : null;
  return [{ count, seedSum, ema }, ema];
}

/* ---------- Indicators ---------- */

function averagesStep(periods: readonly number[], pick: Pick, withInput: boolean): Step<readonly number[]> {
  return {
    initial: periods.map(() => 0),
    step(sums, bars, index) {
      const next: number[] = [];
      const values: (number | null)[] = withInput ? [pick(bars[index] as Bar)] : [];
      periods.forEach((period, i) => {
        const [sum, average] = smaStep(sums[i] ?? 0, bars, index, period, pick);
        next.push(sum);
        values.push(average);
      });
      return [next, values];
    },
  };
}

/** MA: simple moving averages of the close, one line per period. */
export function maStep(periods: readonly number[]): Step<readonly number[]> {
  return averagesStep(periods, close, false);
}

/** VOL: the volume itself and simple averages of the volume. Lines: volume, then one per period. */
export function volStep(periods: readonly number[]): Step<readonly number[]> {
  return averagesStep(periods, volume, true);
}

/** EMA: exponential moving averages of the close, one line per period. */
export function emaLinesStep(periods: readonly number[]): Step<readonly EmaState[]> {
  return {
    initial: periods.map(() => emaInitial),
    step(states, bars, index) {
      const x = (bars[index] as Bar).close;
      const next = periods.map((period, i) => emaStep(states[i] ?? emaInitial, x, period));
      return [next.map(([s]) => s), next.map(([, v]) => v)];
    },
  };
}

/**
 * BOLL: middle = simple average of the last `period` closes; upper and lower = middle ± `width`
 * population standard deviations of those closes. Lines: middle, upper, lower. No state: the
 * window is read from the bars (O(period) per bar).
 */
export function bollStep(period: number, width: number): Step<null> {
  return {
    initial: null,
    step(state, bars, index) {
      if (index < period - 1) return [state, [null, null, null]];
      let sum = 0;
      for (let j = index - period + 1; j <= index; j += 1) sum += (bars[j] as Bar).close;
      const mid = sum / period;
      let squares = 0;
      for (let j = index - period + 1; j <= index; j += 1) {
        const d = (bars[j] as Bar).close - mid;
        squares += d * d;
      }
      const deviation = Math.sqrt(squares / period);
      return [state, [mid, mid + width * deviation, mid - width * deviation]];
    },
  };
}

export interface MacdState {
  readonly fast: EmaState;
  readonly slow: EmaState;
  readonly signal: EmaState;
}

/**
 * MACD: DIF = EMA(fast) − EMA(slow) of the close; DEA = EMA(signal) of DIF; histogram =
 * DIF − DEA (Appel's histogram, not the doubled bar some charting packages draw). Lines: DIF,
 * DEA, histogram.
 */
export function macdStep(fast: number, slow: number, signal: number): Step<MacdState> {
  return {
    initial: { fast: emaInitial, slow: emaInitial, signal: emaInitial },
    step(state, bars, index) {
      const x = (bars[index] as Bar).close;
      const [fastState, fastEma] = emaStep(state.fast, x, fast);
      const [slowState, slowEma] = emaStep(state.slow, x, slow);
      const dif = fastEma !== null && slowEma !== null ? fastEma - slowEma : null;
      const [signalState, dea] = emaStep(state.signal, dif, signal);
      const histogram = dif !== null && dea !== null ? dif - dea : null;
      return [{ fast: fastState, slow: slowState, signal: signalState }, [dif, dea, histogram]];
    },
  };
}

/** Wilder's averages of one RSI period: sums of the first `period` moves, then the smoothed averages. */
export interface WilderState {
  readonly count: number;
  readonly gainSum: number;
  readonly lossSum: number;
  readonly avgGain: number | null;
  readonly avgLoss: number | null;
}

const wilderInitial: WilderState = { count: 0, gainSum: 0, lossSum: 0, avgGain: null, avgLoss: null };

function rsiOf(avgGain: number, avgLoss: number): number {
  if (avgLoss === 0) return avgGain === 0 ? 50 : 100;
  return 100 - 100 / (1 + avgGain / avgLoss);
}

function wilderStep(state: WilderState, change: number, period: number): readonly [WilderState, number | null] {
  const gain = change > 0 ? change : 0;
  const loss = change < 0 ? -change : 0;
  if (state.avgGain !== null && state.avgLoss !== null) {
    const avgGain = (state.avgGain * (period - 1) + gain) / period;
    const avgLoss = (state.avgLoss * (period - 1) + loss) / period;
    return [
      { count: state.count + 1, gainSum: state.gainSum, lossSum: state.lossSum, avgGain, avgLoss },
      rsiOf(avgGain, avgLoss),
    ];
  }
  const count = state.count + 1;
  const gainSum = state.gainSum + gain;
  const lossSum = state.lossSum + loss;
  if (count < period) return [{ count, gainSum, lossSum, avgGain: null, avgLoss: null }, null];
  const avgGain = gainSum / period;
  const avgLoss = lossSum / period;
  return [{ count, gainSum, lossSum, avgGain, avgLoss }, rsiOf(avgGain, avgLoss)];
}

export interface RsiState {
  readonly periods: readonly WilderState[];
}

/**
 * RSI with Wilder's smoothing: the first average gain and loss are the simple averages of the
 * first `period` close-to-close moves, then avg = (previous avg × (period − 1) + move) / period.
 * RSI = 100 − 100 / (1 + avgGain / avgLoss); 100 when there was no loss, 50 when the price did
 * not move at all. Defined from the bar after the first `period` moves. One line per period.
 */
export function rsiStep(periods: readonly number[]): Step<RsiState> {
  return {
    initial: { periods: periods.map(() => wilderInitial) },
    step(state, bars, index) {
      if (index === 0) return [state, periods.map(() => null)];
      const change = (bars[index] as Bar).close - (bars[index - 1] as Bar).close;
      const next = periods.map((period, i) => wilderStep(state.periods[i] ?? wilderInitial, change, period));
      return [{ periods: next.map(([s]) => s) }, next.map(([, v]) => v)];
    },
  };
}

export interface KdjState {
  readonly k: number;
  readonly d: number;
}

/**
 * KDJ (period n, smoothings m1 and m2): RSV = (close − lowest low of n) / (highest high of n −
 * lowest low of n) × 100 (50 when the n bars have no range); K = ((m1 − 1) × K' + RSV) / m1;
 * D = ((m2 − 1) × D' + K) / m2; J = 3K − 2D; K' and D' start at 50. Defined from the n-th bar.
 */
export function kdjStep(period: number, m1: number, m2: number): Step<KdjState> {
  return {
    initial: { k: 50, d: 50 },
    step(state, bars, index) {
      if (index < period - 1) return [state, [null, null, null]];
      let highest = -Infinity;
      let lowest = Infinity;
      for (let j = index - period + 1; j <= index; j += 1) {
        const bar = bars[j] as Bar;
        if (bar.high > highest) highest = bar.high;
        if (bar.low < lowest) lowest = bar.low;
      }
      const c = (bars[index] as Bar).close;
      const rsv = highest === lowest ? 50 : ((c - lowest) / (highest - lowest)) * 100;
      const k = ((m1 - 1) * state.k + rsv) / m1;
      const d = ((m2 - 1) * state.d + k) / m2;
      return [{ k, d }, [k, d, 3 * k - 2 * d]];
    },
  };
}

/**
 * The values of one indicator over a growing series. It keeps the state before and after the
 * last bar: a new bar steps once from the state after, a moved last bar steps once from the
 * state before. Either way only the tail is computed.
 */
export interface TrackSnapshot<S> {
  before: S;
  after: S;
  values: Values[];
}

export class IndicatorTrack<S> {
  private before: S;
  private after: S;
  readonly values: Values[] = [];

  constructor(
    private readonly calc: Step<S>,
    saved?: TrackSnapshot<S>,
  ) {
    this.before = saved ? saved.before : calc.initial;
    this.after = saved ? saved.after : calc.initial;
    if (saved) this.values = saved.values;
  }

  /** Everything but the step function: plain data, so a worker can compute it and post it back. */
  snapshot(): TrackSnapshot<S> {
    return { before: this.before, after: this.after, values: this.values };
  }

  /** `bars` has gained a bar at its end. */
  push(bars: readonly Bar[]): Values {
    this.before = this.after;
    const [state, values] = this.calc.step(this.before, bars, bars.length - 1);
    this.after = state;
    this.values.push(values);
    return values;
  }

  /** The last bar of `bars` has changed. */
  replaceLast(bars: readonly Bar[]): Values {
    if (this.values.length < bars.length) return this.push(bars);
    const [state, values] = this.calc.step(this.before, bars, bars.length - 1);
    this.after = state;
    this.values[this.values.length - 1] = values;
    return values;
  }
}
