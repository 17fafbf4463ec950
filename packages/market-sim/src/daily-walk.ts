/**
 * The daily level of a price path: one step per trading day from the instrument's first day,
 * in integer log units.
 *
 *   open(d)  = close(d−1) + overnight gap
 *   close(d) = close(d−1) + ⌊(reference − close(d−1)) / 256⌋ + daily shock
 *
 * both clamped into the day's limit band (prevClose × (1 ± rate)) when the market has one. The
 * walk is the continuous series, in units of the price after every split (the reference level);
 * the raw price adds a log offset: the split ratios still to come plus the factors of the
 * actions effective so far. The state before every 32nd day is kept (a checkpoint), so any day is
 * reached by replaying at most 31 cheap integer steps, and the first call walks each day once.
 */
import { applyAction, type AppliedAction } from './corporate-actions.js';
import { dayNumberOf } from './day-number.js';
import { floorDiv, mulDivFloor } from './integer-math.js';
import type { WalkParams } from './instrument-params.js';
import { MAX_LOG, ticksOfLog } from './log-price.js';
import { drawScaledNormal, Stream } from './random.js';
import type { InstrumentDays } from './trading-days.js';
import type { CorporateAction, InstrumentDef } from './types.js';

const CHECKPOINT_EVERY = 32;
/** Mean reversion: each day closes 1/256 of the distance back to the reference level. */
const REVERSION_DIVISOR = 256;

/** What the minute path of a day is built from. */
export interface DayFrame {
  readonly index: number;
  readonly day: number;
  /** the day's reference price in ticks: the previous close, adjusted on an ex-date */
  readonly prevCloseTicks: number;
  readonly limitUpTicks: number | null;
  readonly limitDownTicks: number | null;
  /** raw log-prices: previous close (adjusted), open and close of the day */
  readonly prevLog: number;
  readonly openLog: number;
  readonly closeLog: number;
  /** raw log − continuous log, from the actions effective so far */
  readonly offsetLog: number;
  /** the band in raw log units, or null without a limit */
  readonly bandLog: { readonly low: number; readonly high: number } | null;
}

/** The published end of a day. */
export interface DayClose {
  readonly closeTicks: number;
  /** continuous log-price of the last minute (the close, or the frozen price under a halt) */
  readonly closeContLog: number;
}

interface WalkState {
  readonly contLog: number;
  readonly closeTicks: number;
  readonly offsetLog: number;
  readonly nextAction: number;
}

/** Builds the published close of a day when something (a halt) must look at its minutes. */
export type CloseOverride = (frame: DayFrame) => DayClose | null;

export function clampTicks(ticks: number, low: number | null, high: number | null): number {
  if (high !== null && ticks > high) return high;
  if (low !== null && ticks < low) return low;
  return ticks;
}

export function clampLog(log: number, band: DayFrame['bandLog']): number {
  let value = log;
  if (band !== null) value = Math.min(band.high, Math.max(band.low, value));
  return Math.min(MAX_LOG, Math.max(0, value));
}

export class DailyWalk {
  private readonly checkpoints: WalkState[];
  private readonly actions: { action: CorporateAction; exDay: number }[];
  private readonly applied: AppliedAction[] = [];
  /** the last day stepped, to continue from when the next day is asked */
  private cursor: { index: number; result: { frame: DayFrame; close: DayClose; next: WalkState } } | null = null;

  constructor(
    private readonly def: InstrumentDef,
    private readonly params: WalkParams,
    readonly days: InstrumentDays,
    actions: readonly CorporateAction[],
    private readonly closeOverride: CloseOverride,
  ) {
    this.actions = actions
      .map((action) => ({ action, exDay: dayNumberOf(action.exDate) }))
      .sort((a, b) => a.exDay - b.exDay);
    this.checkpoints = [
      {
        contLog: params.referenceLog,
        closeTicks: params.firstReferenceTicks,
        offsetLog: params.firstOffsetLog,
        nextAction: 0,
      },
    ];
  }

  /** The limit prices of a reference price, rounded inwards so the band never exceeds the rate. */
  limitsOf(referenceTicks: number): { up: number | null; down: number | null } {
    const limit = this.params.limit;
    if (limit === null) return { up: null, down: null };
    const up = mulDivFloor(referenceTicks, limit.denominator + limit.numerator, limit.denominator);
    const down = -mulDivFloor(-referenceTicks, limit.denominator - limit.numerator, limit.denominator);
    return { up, down: Math.max(1, down) };
  }

  private stepAction(actionIndex: number, index: number, day: number, previousTicks: number): AppliedAction {
    let applied = this.applied[actionIndex];
    if (applied === undefined) {
      const entry = this.actions[actionIndex] as { action: CorporateAction };
      applied = applyAction(entry.action, index, day, previousTicks, this.params.priceScale, this.def.instrumentId);
      this.applied[actionIndex] = applied;
    }
    return applied;
  }

  private step(state: WalkState, index: number): { frame: DayFrame; close: DayClose; next: WalkState } {
    const p = this.params;
    const day = this.days.dayAt(index);
    let offsetLog = state.offsetLog;
    let reference = state.closeTicks;
    let nextAction = state.nextAction;
    while (nextAction < this.actions.length && (this.actions[nextAction] as { exDay: number }).exDay <= day) {
      const applied = this.stepAction(nextAction, index, day, reference);
      offsetLog += applied.logOffset;
      reference = applied.referenceTicks;
      nextAction += 1;
    }
    const prevLog = state.contLog + offsetLog;
    const bandLog = p.limit === null ? null : { low: prevLog + p.limit.downLog, high: prevLog + p.limit.upLog };
    const limits = this.limitsOf(reference);
    const gap = p.gapSigmaLog === 0 ? 0 : drawScaledNormal(p.key, Stream.overnightGap, day, 0, p.gapSigmaLog);
    const reversion = floorDiv(p.referenceLog - state.contLog, REVERSION_DIVISOR);
    const shock = drawScaledNormal(p.key, Stream.dailyShock, day, 0, p.dailySigmaLog);
    const frame: DayFrame = {
      index,
      day,
      prevCloseTicks: reference,
      limitUpTicks: limits.up,
      limitDownTicks: limits.down,
      prevLog,
      openLog: clampLog(prevLog + gap, bandLog),
      closeLog: clampLog(prevLog + reversion + shock, bandLog),
      offsetLog,
      bandLog,
    };
    const close = this.closeOverride(frame) ?? {
      closeTicks: clampTicks(ticksOfLog(frame.closeLog), limits.down, limits.up),
      closeContLog: frame.closeLog - offsetLog,
    };
    return { frame, close, next: { contLog: close.closeContLog, closeTicks: close.closeTicks, offsetLog, nextAction } };
  }

  private checkpointBefore(index: number): WalkState {
    const wanted = Math.floor(index / CHECKPOINT_EVERY);
    while (this.checkpoints.length <= wanted) {
      const from = (this.checkpoints.length - 1) * CHECKPOINT_EVERY;
      let state = this.checkpoints[this.checkpoints.length - 1] as WalkState;
      for (let i = from; i < from + CHECKPOINT_EVERY; i += 1) state = this.step(state, i).next;
      this.checkpoints.push(state);
    }
    return this.checkpoints[wanted] as WalkState;
  }

  /**
   * Walks the checkpoints up to day `index` one checkpoint (32 days) at a time, yielding after
   * each: the first question about a late day then never walks years in one go.
   */
  *checkpointSteps(index: number): Generator<void, void, void> {
    const wanted = Math.floor(index / CHECKPOINT_EVERY);
    while (this.checkpoints.length <= wanted) {
      this.checkpointBefore(this.checkpoints.length * CHECKPOINT_EVERY);
      yield;
    }
  }

  private assertInLife(index: number): void {
    if (!this.days.contains(index))
      throw new RangeError(`market-sim: ${this.def.instrumentId} has no trading day #${index}`);
  }

  /**
   * Day `index`, replayed from the checkpoint before it (at most 31 steps), or stepped once from
   * the last day asked when that was the day before (candles walk days in order).
   */
  private dayResult(index: number): { frame: DayFrame; close: DayClose } {
    this.assertInLife(index);
    const cursor = this.cursor;
    if (cursor !== null && cursor.index === index) return cursor.result;
    let i = Math.floor(index / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
    let state = this.checkpointBefore(index);
    if (cursor !== null && cursor.index < index && cursor.index >= i) {
      i = cursor.index + 1;
      state = cursor.result.next;
    }
    for (; ; i += 1) {
      const result = this.step(state, i);
      if (i === index) {
        this.cursor = { index, result };
        return result;
      }
      state = result.next;
    }
  }

  frame(index: number): DayFrame {
    return this.dayResult(index).frame;
  }

  close(index: number): DayClose {
    return this.dayResult(index).close;
  }

  /** The actions that took effect on or before day `throughIndex`, in order. */
  appliedThrough(throughIndex: number): AppliedAction[] {
    const last = this.days.lastIndex === null ? throughIndex : Math.min(throughIndex, this.days.lastIndex);
    if (last >= 0) this.dayResult(last);
    const result: AppliedAction[] = [];
    for (let i = 0; i < this.actions.length; i += 1) {
      const applied = this.applied[i];
      if (applied === undefined || applied.effectiveIndex > last) break;
      result.push(applied);
    }
    return result;
  }

  /** The effective index of the last action that can ever apply (or −1): how far `adjustments()` must walk. */
  lastActionIndex(): number {
    const lastAction = this.actions[this.actions.length - 1];
    if (lastAction === undefined) return -1;
    const index = this.days.firstIndexOnOrAfter(lastAction.exDay);
    return this.days.lastIndex === null ? index : Math.min(index, this.days.lastIndex);
  }
}
