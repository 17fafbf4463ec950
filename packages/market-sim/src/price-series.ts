/**
 * What the simulator needs from one instrument's prices, whether they come from its own random
 * walk (stocks, crypto, forex) or from its members (indexes).
 */
import type { AppliedAction } from './corporate-actions.js';
import type { LruCache } from './lru-cache.js';
import type { MinutePath } from './minute-path.js';
import type { InstrumentDays } from './trading-days.js';
import type { Halt, InstrumentDef, MarketCalendar } from './types.js';

export interface PriceSeries {
  readonly def: InstrumentDef;
  readonly calendar: MarketCalendar;
  readonly days: InstrumentDays;
  readonly halts: readonly Halt[];
  /** the price before the first day (its reference price), in ticks */
  referenceTicks(): number;
  /** the minute path of instrument day `index` */
  path(index: number): MinutePath;
  /**
   * Builds the minute path of day `index` in small steps (an index: each member's path first),
   * yielding after each one built; nothing when it is cached. For callers that spread a cold
   * request over several turns of their event loop.
   */
  pathSteps(index: number): Generator<void, void, void>;
  /** whether the minute path of day `index` is cached (`path` then costs a lookup) */
  hasPath(index: number): boolean;
  /** the limit prices for a reference price (nulls without a limit) */
  limitsOf(referenceTicks: number): { up: number | null; down: number | null };
  /** bid and ask around a price, inside the limit band */
  bidAsk(priceTicks: number, limitDown: number | null, limitUp: number | null): { bid: number; ask: number };
  /** the corporate actions effective on or before day `index` */
  appliedThrough(index: number): readonly AppliedAction[];
  /** the day index of the last action that can ever apply, −1 when none */
  lastActionIndex(): number;
}

/** Minute paths of every instrument, bounded by their total minutes. */
export type PathCache = LruCache<string, MinutePath>;
