/**
 * The intraday level: one price per simulated minute of a trading day, built as a discrete
 * Brownian bridge in integer log units from the day's open to its close:
 *
 *   z_1 … z_m   minute increments (m = minutes − 1), S = Σ z
 *   L_i = open + Σ_{j≤i} z_j − ⌊i·(S − (close − open)) / m⌋      so L_0 = open and L_m = close
 *
 * Each minute is clamped into the limit band, converted to ticks (see log-price.ts) and clamped
 * again in ticks, so every minute lies within [limitDown, limitUp]. Volumes come from the
 * volume profile and turnover from volume × price. A day is computed in one pass and cached by
 * the simulator; nothing depends on other days except through the DayFrame.
 */
import { clampLog, clampTicks, type DayFrame } from './daily-walk.js';
import type { DayLayout } from './day-layout.js';
import { haltedMinutes, haltsOnDay } from './halts.js';
import { floorDiv, isqrt } from './integer-math.js';
import type { WalkParams } from './instrument-params.js';
import { ticksOfLog } from './log-price.js';
import { COARSE_NORMAL_STD, drawCoarseNormal, Stream } from './random.js';
import { turnoverConverter } from './turnover.js';
import { fillMinuteVolumes } from './volume-profile.js';
import type { Halt } from './types.js';

export interface MinutePath {
  readonly layout: DayLayout;
  /** price of each minute in ticks */
  readonly price: Float64Array;
  /** volume of each minute in volume units */
  readonly volume: Float64Array;
  /** turnover of each minute in cents */
  readonly turnover: Float64Array;
  /** continuous (action-free) log-price of each minute, which a halt freezes; null for indexes */
  readonly contLog: Int32Array | null;
  readonly prevCloseTicks: number;
  readonly limitUpTicks: number | null;
  readonly limitDownTicks: number | null;
}

const SIGMA_SHIFT = 65_536; // 2^16

let scratch = new Int32Array(1440);

/** A reusable buffer for one day's raw log-prices (paths are built one at a time). */
function scratchLogs(n: number): Int32Array {
  if (scratch.length < n) scratch = new Int32Array(n);
  return scratch.subarray(0, n);
}

/** One minute's standard deviation so the bridge's m steps add up to about one day's. */
function minuteSigma(dailySigmaLog: number, steps: number): number {
  return floorDiv(dailySigmaLog * SIGMA_SHIFT, isqrt(steps * SIGMA_SHIFT * SIGMA_SHIFT));
}

function fillBridge(frame: DayFrame, params: WalkParams, logs: Int32Array): void {
  const n = logs.length;
  if (n === 0) return;
  if (n === 1) {
    logs[0] = frame.closeLog;
    return;
  }
  const steps = n - 1;
  const sigma = minuteSigma(params.dailySigmaLog, steps);
  let sum = 0;
  for (let i = 1; i <= steps; i += 1) {
    // ÷ 2^10 is exact in floating point, so Math.floor is the integer floor
    const z = Math.floor((drawCoarseNormal(params.key, Stream.minuteShock, frame.day, i) * sigma) / COARSE_NORMAL_STD);
    logs[i] = z;
    sum += z;
  }
  // ⌊i·drift / steps⌋ kept as quotient + remainder and advanced by ⌊drift / steps⌋ each minute
  const drift = sum - (frame.closeLog - frame.openLog);
  const driftStep = floorDiv(drift, steps);
  const driftRest = drift - driftStep * steps;
  let correction = 0;
  let rest = 0;
  let cumulative = 0;
  logs[0] = frame.openLog;
  for (let i = 1; i <= steps; i += 1) {
    correction += driftStep;
    rest += driftRest;
    if (rest >= steps) {
      correction += 1;
      rest -= steps;
    }
    cumulative += logs[i] as number;
    logs[i] = clampLog(frame.openLog + cumulative - correction, frame.bandLog);
  }
}

/** The minute path of a stock, crypto or forex day. */
export function buildWalkPath(
  frame: DayFrame,
  layout: DayLayout,
  params: WalkParams,
  halts: readonly Halt[],
): MinutePath {
  const n = layout.length;
  const logs = scratchLogs(n);
  fillBridge(frame, params, logs);
  const price = new Float64Array(n);
  const contLog = new Int32Array(n);
  const volume = new Float64Array(n);
  const turnover = new Float64Array(n);
  fillMinuteVolumes(params, layout, volume);
  const dayHalts = haltsOnDay(halts, layout);
  const halted = dayHalts.length === 0 ? null : haltedMinutes(dayHalts, layout);
  const toCents = turnoverConverter(params.volumeScale, params.priceScale);
  for (let i = 0; i < n; i += 1) {
    if (halted !== null && halted[i]) {
      price[i] = i > 0 ? (price[i - 1] as number) : frame.prevCloseTicks;
      contLog[i] = i > 0 ? (contLog[i - 1] as number) : frame.prevLog - frame.offsetLog;
      volume[i] = 0;
    } else {
      const log = logs[i] as number;
      price[i] = clampTicks(ticksOfLog(log), frame.limitDownTicks, frame.limitUpTicks);
      contLog[i] = log - frame.offsetLog;
    }
    turnover[i] = toCents(volume[i] as number, price[i] as number);
  }
  return {
    layout,
    price,
    volume,
    turnover,
    contLog,
    prevCloseTicks: frame.prevCloseTicks,
    limitUpTicks: frame.limitUpTicks,
    limitDownTicks: frame.limitDownTicks,
  };
}
