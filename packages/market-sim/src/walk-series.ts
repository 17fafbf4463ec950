/**
 * The prices of a stock, a digital currency or a forex pair: its own daily walk (memoised with
 * checkpoints) and, per day, a minute path built from that day's frame and cached. As an index
 * member it lends its quoted prices adjusted for later splits only (see index-level.ts).
 */
import { factorOf, ONE, times, type AppliedAction, type Fraction } from './corporate-actions.js';
import { DailyWalk, type DayClose, type DayFrame } from './daily-walk.js';
import { DAY_MS, dayNumberOf } from './day-number.js';
import { dayLayoutOf } from './day-layout.js';
import { haltsOnDay } from './halts.js';
import type { MemberDay } from './index-path.js';
import { mulDivFloor, mulDivHalfUp } from './integer-math.js';
import type { WalkParams } from './instrument-params.js';
import { buildWalkPath, type MinutePath } from './minute-path.js';
import type { PathCache, PriceSeries } from './price-series.js';
import type { InstrumentDays } from './trading-days.js';
import type { CorporateAction, Halt, InstrumentDef, MarketCalendar } from './types.js';

/** Split-adjusted minute prices of a cached path (for indexes), computed once per path. */
const scaledPrices = new WeakMap<MinutePath, Float64Array>();

/** ticks × a small fraction, rounded half-up, in safe integers where possible. */
function scaleTicksHalfUp(ticks: number, scale: Fraction): number {
  if (scale.numerator === scale.denominator) return ticks;
  return Math.max(1, mulDivHalfUp(ticks, Number(scale.numerator), Number(scale.denominator)));
}

export class WalkSeries implements PriceSeries {
  private readonly walk: DailyWalk;
  private readonly splits: { exDay: number; factor: Fraction }[];

  constructor(
    readonly def: InstrumentDef,
    readonly calendar: MarketCalendar,
    readonly days: InstrumentDays,
    readonly halts: readonly Halt[],
    private readonly params: WalkParams,
    actions: readonly CorporateAction[],
    private readonly cache: PathCache,
  ) {
    this.walk = new DailyWalk(def, params, days, actions, (frame) => this.closeUnderHalt(frame));
    this.splits = actions.flatMap((a) =>
      a.kind === 'split'
        ? [{ exDay: dayNumberOf(a.exDate), factor: factorOf(a, 1, def.priceScale, def.instrumentId) }]
        : [],
    );
  }

  referenceTicks(): number {
    return this.params.firstReferenceTicks;
  }

  private cacheKey(index: number): string {
    return `${this.def.instrumentId}#${index}`;
  }

  private pathOfFrame(frame: DayFrame): MinutePath {
    const key = this.cacheKey(frame.index);
    let path = this.cache.get(key);
    if (path === undefined) {
      path = buildWalkPath(frame, dayLayoutOf(this.calendar, frame.day), this.params, this.halts);
      this.cache.set(key, path);
    }
    return path;
  }

  /** A halt that reaches the end of a day freezes its close, so the walk asks for that day's minutes. */
  private closeUnderHalt(frame: DayFrame): DayClose | null {
    const start = frame.day * DAY_MS - DAY_MS;
    const end = frame.day * DAY_MS + 2 * DAY_MS;
    if (!this.halts.some((h) => h.from.getTime() < end && h.to.getTime() > start)) return null;
    if (haltsOnDay(this.halts, dayLayoutOf(this.calendar, frame.day)).length === 0) return null;
    const path = this.pathOfFrame(frame);
    const last = path.price.length - 1;
    return { closeTicks: path.price[last] as number, closeContLog: (path.contLog as Int32Array)[last] as number };
  }

  path(index: number): MinutePath {
    const path = this.cache.get(this.cacheKey(index));
    return path ?? this.pathOfFrame(this.walk.frame(index));
  }

  hasPath(index: number): boolean {
    return this.cache.has(this.cacheKey(index));
  }

  *pathSteps(index: number): Generator<void, void, void> {
    if (this.cache.get(this.cacheKey(index)) !== undefined) return;
    yield* this.walk.checkpointSteps(index);
    this.path(index);
    yield;
  }

  /** Walks the daily closes up to market day `day` in steps (what an index's level of that day reads). */
  *walkSteps(day: number): Generator<void, void, void> {
    if (this.days.isEmpty || day < this.days.firstDay) return;
    yield* this.walk.checkpointSteps(this.days.lastIndexOnOrBefore(day));
  }

  /** The instrument day index the member trades on market day `day`, or null (not listed yet, delisted, no session). */
  memberIndexOn(day: number): number | null {
    if (this.days.isEmpty || day < this.days.firstDay) return null;
    const index = this.days.lastIndexOnOrBefore(day);
    return this.days.dayAt(index) === day ? index : null;
  }

  limitsOf(referenceTicks: number): { up: number | null; down: number | null } {
    return this.walk.limitsOf(referenceTicks);
  }

  /** price ∓ price × halfSpread, rounded outwards to the tick (at least one tick), kept inside the band. */
  bidAsk(priceTicks: number, limitDown: number | null, limitUp: number | null): { bid: number; ask: number } {
    const p = this.params;
    const half = Math.max(1, -mulDivFloor(-priceTicks, p.spreadNumerator, p.spreadDenominator));
    const bid = Math.max(1, limitDown ?? 1, Math.min(priceTicks, priceTicks - half));
    const ask = Math.min(limitUp ?? Number.MAX_SAFE_INTEGER, priceTicks + half);
    return { bid: Math.min(bid, priceTicks), ask: Math.max(ask, priceTicks) };
  }

  appliedThrough(index: number): readonly AppliedAction[] {
    return this.walk.appliedThrough(index);
  }

  lastActionIndex(): number {
    return this.walk.lastActionIndex();
  }

  /**
   * Π 1/ratio of the splits with an ex-date after `day`: brings a raw price of that day to the
   * price level after every split, the level index weights refer to.
   */
  private splitScaleAfter(day: number): Fraction {
    let scale = ONE;
    for (const split of this.splits) if (split.exDay > day) scale = times(scale, split.factor);
    return scale;
  }

  /** The member's close (ticks, split-adjusted to today's share count) at the end of a market day, for index levels. */
  memberCloseTicks(day: number): number {
    if (this.days.isEmpty || day < this.days.firstDay) return this.params.referenceTicks;
    const index = this.days.lastIndexOnOrBefore(day);
    return scaleTicksHalfUp(this.walk.close(index).closeTicks, this.splitScaleAfter(day));
  }

  /** The member's minute prices of a market day, split-adjusted (fixed when it does not trade that day). */
  memberDay(day: number): MemberDay {
    const fixed = { volume: null, turnover: null, volumeScale: this.def.volumeScale };
    if (this.days.isEmpty || day < this.days.firstDay) return { ticks: this.params.referenceTicks, ...fixed };
    const index = this.days.lastIndexOnOrBefore(day);
    if (this.days.dayAt(index) !== day) return { ticks: this.memberCloseTicks(day), ...fixed };
    const path = this.path(index);
    const scale = this.splitScaleAfter(day);
    let ticks = path.price;
    if (scale.numerator !== scale.denominator) {
      ticks = scaledPrices.get(path) ?? path.price.map((p) => scaleTicksHalfUp(p, scale));
      scaledPrices.set(path, ticks);
    }
    return { ticks, volume: path.volume, turnover: path.turnover, volumeScale: this.def.volumeScale };
  }
}
