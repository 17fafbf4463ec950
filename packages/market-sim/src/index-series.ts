/**
 * The prices of an index: each day's minute path is computed from its members' minute paths of
 * the same day (same market, same minutes); its close from the members' closes. Indexes have no
 * limit band, no spread and no corporate actions of their own.
 */
import type { AppliedAction } from './corporate-actions.js';
import { DAY_MS } from './day-number.js';
import { dayLayoutOf } from './day-layout.js';
import { haltsOnDay } from './halts.js';
import { levelTicks, type IndexFormula } from './index-level.js';
import { buildIndexPath } from './index-path.js';
import type { MinutePath } from './minute-path.js';
import type { PathCache, PriceSeries } from './price-series.js';
import type { InstrumentDays } from './trading-days.js';
import type { WalkSeries } from './walk-series.js';
import type { Halt, InstrumentDef, MarketCalendar } from './types.js';

export class IndexSeries implements PriceSeries {
  constructor(
    readonly def: InstrumentDef,
    readonly calendar: MarketCalendar,
    readonly days: InstrumentDays,
    readonly halts: readonly Halt[],
    private readonly members: readonly WalkSeries[],
    private readonly formula: IndexFormula,
    private readonly cache: PathCache,
  ) {}

  private levelAtClose(day: number): number {
    return levelTicks(
      this.formula,
      this.members.map((m) => m.memberCloseTicks(day)),
    );
  }

  referenceTicks(): number {
    return this.levelAtClose(this.days.firstDay - 1);
  }

  private hasHaltNear(day: number): boolean {
    const start = day * DAY_MS - DAY_MS;
    const end = day * DAY_MS + 2 * DAY_MS;
    return this.halts.some((h) => h.from.getTime() < end && h.to.getTime() > start);
  }

  /** The published close of day `index`: the members' closes, or the frozen level under a halt. */
  closeTicks(index: number): number {
    const day = this.days.dayAt(index);
    if (this.hasHaltNear(day) && haltsOnDay(this.halts, dayLayoutOf(this.calendar, day)).length > 0) {
      const path = this.path(index);
      return path.price[path.price.length - 1] as number;
    }
    return this.levelAtClose(day);
  }

  path(index: number): MinutePath {
    const key = `${this.def.instrumentId}#${index}`;
    let path = this.cache.get(key);
    if (path === undefined) {
      const day = this.days.dayAt(index);
      const prevClose = index === 0 ? this.referenceTicks() : this.closeTicks(index - 1);
      path = buildIndexPath(
        dayLayoutOf(this.calendar, day),
        this.members.map((m) => m.memberDay(day)),
        this.formula,
        prevClose,
        this.def.volumeScale,
        this.halts,
      );
      this.cache.set(key, path);
    }
    return path;
  }

  hasPath(index: number): boolean {
    return this.cache.has(`${this.def.instrumentId}#${index}`);
  }

  *pathSteps(index: number): Generator<void, void, void> {
    if (this.cache.get(`${this.def.instrumentId}#${index}`) !== undefined) return;
    const day = this.days.dayAt(index);
    for (const member of this.members) {
      yield* member.walkSteps(day);
      const memberIndex = member.memberIndexOn(day);
      if (memberIndex !== null) yield* member.pathSteps(memberIndex);
    }
    this.path(index);
    yield;
  }

  limitsOf(): { up: null; down: null } {
    return { up: null, down: null };
  }

  bidAsk(priceTicks: number): { bid: number; ask: number } {
    return { bid: priceTicks, ask: priceTicks };
  }

  appliedThrough(): readonly AppliedAction[] {
    return [];
  }

  lastActionIndex(): number {
    return -1;
  }
}
