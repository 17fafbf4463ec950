/**
 * Exact integer volumes. A day's volume is drawn around the instrument's average, then shared
 * out over its minutes by integer weights: a U shape over the regular session (busy at the open
 * and the close), a thin flat level in pre-market and after-hours, a flat level for markets
 * that trade round the clock, each weight jittered ±50 %. The split uses
 *   v_i = q·w_i + ⌊r·w_i / W⌋   where V = q·W + r,
 * which equals ⌊V·w_i / W⌋ exactly without leaving the safe-integer range.
 */
import type { DayLayout, VolumeShape } from './day-layout.js';
import { floorDiv, mulDivFloor } from './integer-math.js';
import type { WalkParams } from './instrument-params.js';
import { draw32, drawScaledNormal, Stream } from './random.js';

const U_FLOOR = 512;
const U_RISE = 1536;
const FLAT_WEIGHT = 1024;
/** about 1/20 of the regular session's average weight */
const THIN_WEIGHT = 48;
/** the day's volume varies by ±35 % (one standard deviation), never below a quarter of average */
const DAY_SPREAD = 22_938;
const ONE = 65_536;
const DAY_FLOOR = 16_384;

/** The instrument's total volume of a day, in volume units. */
export function dailyVolume(params: WalkParams, day: number): number {
  const factor = Math.max(DAY_FLOOR, ONE + drawScaledNormal(params.key, Stream.dailyVolume, day, 0, DAY_SPREAD));
  return mulDivFloor(params.averageDailyVolume, factor, ONE);
}

function baseWeight(shape: VolumeShape, position: number, count: number): number {
  if (shape === 'flat') return FLAT_WEIGHT;
  if (shape === 'thin') return THIN_WEIGHT;
  const last = count - 1;
  if (last <= 0) return U_FLOOR + U_RISE;
  const distance = 2 * position - last;
  return U_FLOOR + floorDiv(U_RISE * distance * distance, last * last);
}

const shapes = new Map<string, Int32Array>();
/** reusable weights buffer (days are filled one at a time) */
let scratch = new Float64Array(1440);

/** The base weights of a session's minutes (few distinct session lengths, so cached). */
function baseWeights(shape: VolumeShape, count: number): Int32Array {
  const key = `${shape}:${count}`;
  let weights = shapes.get(key);
  if (weights === undefined) {
    weights = new Int32Array(count);
    for (let j = 0; j < count; j += 1) weights[j] = baseWeight(shape, j, count);
    shapes.set(key, weights);
  }
  return weights;
}

/** Fills `volumes` with the day's minute volumes (units); returns their sum. */
export function fillMinuteVolumes(params: WalkParams, layout: DayLayout, volumes: Float64Array): number {
  if (scratch.length < layout.length) scratch = new Float64Array(layout.length);
  const weights = scratch;
  let total = 0;
  let bits = 0;
  for (const s of layout.sessions) {
    const base = baseWeights(s.shape, s.count);
    for (let j = 0; j < s.count; j += 1) {
      const i = s.first + j;
      // one 32-bit draw jitters three minutes (9 bits each)
      if (i % 3 === 0) bits = draw32(params.key, Stream.minuteVolume, layout.day, i / 3);
      const jitter = 256 + ((bits >>> (9 * (i % 3))) & 511);
      // ÷ 512 is exact in floating point, so Math.floor is the integer floor
      const weight = Math.floor(((base[j] as number) * jitter) / 512);
      weights[i] = weight;
      total += weight;
    }
  }
  if (total === 0) return 0;
  const day = dailyVolume(params, layout.day);
  const quotient = floorDiv(day, total);
  const remainder = day - quotient * total;
  let sum = 0;
  for (let i = 0; i < layout.length; i += 1) {
    const w = weights[i] as number;
    const v = quotient * w + floorDiv(remainder * w, total);
    volumes[i] = v;
    sum += v;
  }
  return sum;
}
