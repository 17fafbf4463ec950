/**
 * The only door to prices (docs/architecture.md "Market"): every module that needs a quote, a bar or
 * a calendar asks a `MarketFeed`. The simulator is the default implementation; a vendor adapter
 * can replace it by configuration (`MARKET_FEED`, README). Nobody else produces prices.
 */
import type {
  InstrumentDef,
  MarketCalendar,
  SimAdjust,
  SimBar,
  SimMarket,
  SimPeriod,
  SimQuote,
  SimStats,
  SimTimeSharePoint,
} from '@brokerage/market-sim';

export interface FeedQuote extends SimQuote {
  /** when the feed last produced data for this instrument */
  updatedAt: Date;
  /** true when `updatedAt` is older than the freshness window: orders on it are refused */
  stale: boolean;
}

export interface CandleQuery {
  from?: Date;
  to?: Date;
  limit?: number;
  adjust?: SimAdjust;
}

export interface MarketFeed {
  instruments(): readonly InstrumentDef[];
  instrument(instrumentId: string): InstrumentDef | undefined;
  quote(instrumentId: string): FeedQuote;
  candles(instrumentId: string, period: SimPeriod, query: CandleQuery): SimBar[];
  /**
   * The same bars as `candles`, as a computation that yields between small units of work (one
   * instrument-day of minutes at most), for the public chart route to run in slices (issue 18).
   * The instant is fixed when it is called.
   */
  candleSteps(instrumentId: string, period: SimPeriod, query: CandleQuery): Generator<void, SimBar[], void>;
  /**
   * Prepares in steps what a quote of the instrument needs now (its walk and today's minutes; an
   * index: every member's), so that a first quote of a cold instrument can be run in slices.
   */
  warmSteps(instrumentId: string): Generator<void, void, void>;
  /** `warmSteps` and, besides, the 52-week range `stats` reads (a stock: a year of day bars). */
  statsSteps(instrumentId: string): Generator<void, void, void>;
  /**
   * Whether `quote` and `timeShare` of the instrument cost a lookup now (nothing to warm);
   * computes nothing. False for an unknown instrument.
   */
  isWarm(instrumentId: string): boolean;
  /** Whether `stats` too costs a lookup now (see `statsSteps`). */
  isStatsWarm(instrumentId: string): boolean;
  timeShare(instrumentId: string): SimTimeSharePoint[];
  stats(instrumentId: string): SimStats;
  calendar(market: SimMarket): MarketCalendar;
  /**
   * Instruments the platform itself issues (new shares, docs/api.md §12): known from now on and
   * quoted `pre_listing` until their listing date, then traded like the rest. A def whose id is
   * known replaces the old one (a changed listing date); an identical one changes nothing.
   */
  addListings(defs: readonly InstrumentDef[]): void;
}

/** A quote older than this is stale (the client badge and order refusals use the same rule). */
export const STALE_AFTER_MS = 15_000;
