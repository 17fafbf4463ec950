/**
 * The trading days of one market from HISTORY_START on, numbered 0, 1, 2, … so the daily walk
 * can step by index. The list grows on demand as later dates are asked for; it never needs a
 * clock. `InstrumentDays` is one instrument's slice of it, between listing and delisting.
 */
import { isTradingDayNumber, SEARCH_DAYS_MAX } from './calendar-days.js';
import { dayNumberOf } from './day-number.js';
import { HISTORY_START } from './history.js';
import type { InstrumentDef, MarketCalendar } from './types.js';

const HISTORY_START_DAY = dayNumberOf(HISTORY_START);

export class MarketDays {
  private readonly days: number[] = [];
  private checkedThrough = HISTORY_START_DAY - 1;

  constructor(readonly calendar: MarketCalendar) {}

  private extendThrough(day: number): void {
    while (this.checkedThrough < day) {
      this.checkedThrough += 1;
      if (isTradingDayNumber(this.calendar, this.checkedThrough)) this.days.push(this.checkedThrough);
    }
  }

  /** Finds the trading days through `day` 64 calendar days at a time, yielding after each batch. */
  *extendSteps(day: number): Generator<void, void, void> {
    while (this.checkedThrough < day) {
      this.extendThrough(Math.min(day, this.checkedThrough + 64));
      yield;
    }
  }

  /** Whether the trading days through `day` are known already (nothing to extend). */
  covers(day: number): boolean {
    return this.checkedThrough >= day;
  }

  /** Day number of the market's index-th trading day. */
  dayAt(index: number): number {
    while (this.days.length <= index) {
      const lastFound = this.days[this.days.length - 1] ?? HISTORY_START_DAY;
      if (this.checkedThrough - lastFound > SEARCH_DAYS_MAX)
        throw new RangeError('market-sim: the calendar has no trading day');
      this.extendThrough(this.checkedThrough + 64);
    }
    return this.days[index] as number;
  }

  /** Index of the last trading day ≤ day, −1 when none. */
  lastIndexOnOrBefore(day: number): number {
    this.extendThrough(day);
    let low = 0;
    let high = this.days.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if ((this.days[middle] as number) <= day) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found;
  }

  /** Index of the first trading day ≥ day. */
  firstIndexOnOrAfter(day: number): number {
    const before = this.lastIndexOnOrBefore(day - 1);
    return before + 1;
  }
}

/** One instrument's trading days: from max(HISTORY_START, listing) to its delisting date. */
export class InstrumentDays {
  readonly firstDay: number;
  /** the listing and delisting dates as day numbers (null when not set) */
  readonly listingDay: number | null;
  readonly delistingDay: number | null;
  private readonly firstIndex: number;
  /** instrument index of the last trading day, or null while it is listed */
  readonly lastIndex: number | null;

  constructor(
    readonly market: MarketDays,
    def: InstrumentDef,
  ) {
    this.listingDay = def.listingDate ? dayNumberOf(def.listingDate) : null;
    this.delistingDay = def.delistingDate ? dayNumberOf(def.delistingDate) : null;
    this.firstIndex = market.firstIndexOnOrAfter(Math.max(this.listingDay ?? HISTORY_START_DAY, HISTORY_START_DAY));
    this.firstDay = market.dayAt(this.firstIndex);
    this.lastIndex =
      this.delistingDay === null ? null : market.lastIndexOnOrBefore(this.delistingDay) - this.firstIndex;
  }

  /** Whether the instrument traded at all (a delisting before its first day leaves it empty). */
  get isEmpty(): boolean {
    return this.lastIndex !== null && this.lastIndex < 0;
  }

  dayAt(index: number): number {
    return this.market.dayAt(this.firstIndex + index);
  }

  /** Instrument index of the last trading day ≤ day (capped at delisting), −1 before the first day. */
  lastIndexOnOrBefore(day: number): number {
    const index = this.market.lastIndexOnOrBefore(day) - this.firstIndex;
    if (index < 0) return -1;
    return this.lastIndex !== null && index > this.lastIndex ? this.lastIndex : index;
  }

  /** Instrument index of the first trading day ≥ day (may be past the last index). */
  firstIndexOnOrAfter(day: number): number {
    return Math.max(0, this.market.firstIndexOnOrAfter(day) - this.firstIndex);
  }

  contains(index: number): boolean {
    return index >= 0 && (this.lastIndex === null || index <= this.lastIndex);
  }
}
