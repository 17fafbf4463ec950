/**
 * The default `MarketFeed`: the deterministic simulator of `@brokerage/market-sim`, fed with the
 * calendars of the back-office config (§19.7) and the app clock. Every instance computes the
 * same numbers from the same seed; no coordination is needed.
 *
 * `stall()` freezes the feed at the current instant, as a dead vendor connection would: quotes
 * keep their old timestamp and turn stale. Tests and the operator's chaos drill use it.
 */
import { markets, type Market } from '@brokerage/contract';
import {
  MarketSimulator,
  type InstrumentDef,
  type MarketCalendar,
  type SimMarket,
  type SimPeriod,
  type SimQuote,
} from '@brokerage/market-sim';
import { universe } from '@brokerage/market-sim/universe';
import type { Clock } from '../../platform/clock.js';
import type { Settings } from '../../platform/settings.js';
import { STALE_AFTER_MS, type CandleQuery, type FeedQuote, type MarketFeed } from './feed.js';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const WEEKDAYS = [1, 2, 3, 4, 5];

export function calendarsFromSettings(settings: Settings): Record<SimMarket, MarketCalendar> {
  const entries = markets.map(
    (m: Market) =>
      [
        m,
        {
          timezone: settings.get(`market.${m}.timezone`),
          sessions: settings.get(`market.${m}.sessions`),
          days: m === 'crypto' ? EVERY_DAY : WEEKDAYS,
          holidays: settings.get(`market.${m}.holidays`),
          priceLimitRate: settings.get(`market.${m}.priceLimitRate`),
        },
      ] as const,
  );
  return Object.fromEntries(entries) as Record<SimMarket, MarketCalendar>;
}

export class SimulatedFeed implements MarketFeed {
  private simulator: MarketSimulator | null = null;
  private calendars: Record<SimMarket, MarketCalendar> | null = null;
  private calendarsJson = '';
  private seenVersion = -1;
  private stalledAt: Date | null = null;
  /** Per instrument, the simulator's last quote and the instant and simulator it is of (`quote`). */
  private readonly lastQuotes = new Map<string, { sim: MarketSimulator; ms: number; quote: SimQuote }>();

  constructor(
    private readonly settings: Settings,
    private readonly clock: Clock,
    private readonly seed: string,
    private defs: readonly InstrumentDef[] = universe,
  ) {}

  addListings(defs: readonly InstrumentDef[]): void {
    const byId = new Map(this.defs.map((d) => [d.instrumentId, d]));
    const changed = defs.filter((d) => JSON.stringify(byId.get(d.instrumentId)) !== JSON.stringify(d));
    if (changed.length === 0) return;
    for (const d of changed) byId.set(d.instrumentId, d);
    this.defs = [...byId.values()];
    // the simulator is a pure function of its universe: rebuilt, every other instrument's prices stay the same
    this.simulator = null;
  }

  /**
   * Rebuilt only when the operator changes a calendar (timezone, sessions, holidays, limit):
   * the simulator's caches belong to one calendar set, and other config changes keep them.
   */
  private sim(): MarketSimulator {
    if (this.seenVersion !== this.settings.version) {
      this.seenVersion = this.settings.version;
      const calendars = calendarsFromSettings(this.settings);
      const json = JSON.stringify(calendars);
      if (json !== this.calendarsJson) {
        this.calendars = calendars;
        this.calendarsJson = json;
        this.simulator = null;
      }
    }
    this.simulator ??= new MarketSimulator(this.defs, {
      seed: this.seed,
      calendars: this.calendars ?? calendarsFromSettings(this.settings),
    });
    return this.simulator;
  }

  private at(): Date {
    return this.stalledAt ?? this.clock.now();
  }

  stall(): void {
    this.stalledAt = this.clock.now();
  }

  resume(): void {
    this.stalledAt = null;
  }

  instruments(): readonly InstrumentDef[] {
    return this.sim().instruments();
  }

  instrument(instrumentId: string): InstrumentDef | undefined {
    return this.sim().instrument(instrumentId);
  }

  /**
   * The simulator's quote is a pure function of the instrument and the instant (to the
   * millisecond), so the last one per instrument is kept and given again for the same instant of
   * the same simulator: the orders of a batch, answered together, cost one computation instead
   * of one each (about 14 µs: a crypto day's bar is folded from its minutes). Each call still
   * gets an object of its own.
   */
  quote(instrumentId: string): FeedQuote {
    const at = this.at();
    const sim = this.sim();
    const ms = at.getTime();
    let last = this.lastQuotes.get(instrumentId);
    if (!last || last.sim !== sim || last.ms !== ms) {
      const quote = sim.quote(instrumentId, at);
      if (last) {
        last.sim = sim;
        last.ms = ms;
        last.quote = quote;
      } else {
        last = { sim, ms, quote };
        this.lastQuotes.set(instrumentId, last);
      }
    }
    return { ...last.quote, updatedAt: at, stale: this.clock.now().getTime() - ms > STALE_AFTER_MS };
  }

  candles(instrumentId: string, period: SimPeriod, query: CandleQuery) {
    return this.sim().candles(instrumentId, period, { at: this.at(), ...query });
  }

  candleSteps(instrumentId: string, period: SimPeriod, query: CandleQuery) {
    return this.sim().candleSteps(instrumentId, period, { at: this.at(), ...query });
  }

  warmSteps(instrumentId: string) {
    return this.sim().warmSteps(instrumentId, this.at());
  }

  statsSteps(instrumentId: string) {
    return this.sim().statsSteps(instrumentId, this.at());
  }

  isWarm(instrumentId: string): boolean {
    return this.sim().isWarm(instrumentId, this.at());
  }

  isStatsWarm(instrumentId: string): boolean {
    return this.sim().isStatsWarm(instrumentId, this.at());
  }

  timeShare(instrumentId: string) {
    return this.sim().timeShare(instrumentId, this.at());
  }

  stats(instrumentId: string) {
    return this.sim().stats(instrumentId, this.at());
  }

  calendar(market: SimMarket): MarketCalendar {
    this.sim();
    return (this.calendars ?? calendarsFromSettings(this.settings))[market];
  }
}
