/**
 * The simulator's public shapes. Everything here is plain data: the simulator is a pure
 * function of (seed, universe, calendars, instant) and never reads a clock or does I/O.
 * Prices, amounts and rates are decimal strings; instants are `Date`s (UTC).
 */

export type SimMarket = 'mxn' | 'usd' | 'eur' | 'crypto' | 'forex';
export type SimBoard = 'listed' | 'otc';
export type SimAssetClass = 'stock' | 'index' | 'crypto' | 'forex';
/** Bar periods the simulator aggregates; `1m` is the base grain every other period is built from. */
export type SimPeriod = '1m' | '5m' | '15m' | '30m' | '1d' | '1w' | '1M';
export type SimAdjust = 'none' | 'forward' | 'backward';
export type SimStatus = 'trading' | 'halted' | 'pre_listing' | 'delisted';

/** A corporate action on its ex-date (a date of the instrument's market calendar). */
export type CorporateAction =
  | {
      kind: 'split';
      exDate: string;
      /** new shares per old share, e.g. "2" for 2-for-1, "0.1" for 1-for-10 */ ratio: string;
    }
  | { kind: 'dividend'; exDate: string; /** cash per share in the instrument's currency */ cash: string };

/** One index constituent. Index level = Σ price × weight / divisor (weights fixed, choice). */
export interface IndexConstituent {
  instrumentId: string;
  /** shares in the index basket ("1" for price-weighted indexes such as the Dow) */
  weight: string;
}

export interface InstrumentDef {
  instrumentId: string;
  code: string;
  name: string;
  market: SimMarket;
  board: SimBoard;
  assetClass: SimAssetClass;
  currency: string;
  /** decimals of the quoted price (2 for most stocks, 4–5 for forex, up to 8 for small coins) */
  priceScale: number;
  /**
   * realistic price level after every split listed in `corporateActions` (a recent price): the
   * walk mean-reverts to it, and before a split the quoted price is higher by the split ratios
   * still to come (so on the first simulated day it is referencePrice × Π later split ratios).
   * For an IPO (listingDate after HISTORY_START) it is the price before the first trading day.
   */
  referencePrice: string;
  /** annualised volatility of the walk, e.g. "0.28" */
  annualVolatility: string;
  /** half of the bid/ask spread in basis points of the price, e.g. "2.5" */
  halfSpreadBps: string;
  /** typical traded quantity per trading day (shares, coins or base-currency units) */
  averageDailyVolume: string;
  /** decimals of the traded quantity (0 for shares, 4–8 for crypto) */
  volumeScale: number;
  /**
   * units of the traded quantity in one lot, a decimal string (orders are whole lots; the quantity
   * is lots × lotSize). Absent means one unit: a share of a stock. Never more decimals than `volumeScale`.
   */
  lotSize?: string;
  industry: string | null;
  sharesOutstanding: number | null;
  foreignOwnershipRatio: string | null;
  /** first trading day; before it the instrument is `pre_listing` */
  listingDate: string | null;
  /** last trading day; after it the instrument is `delisted` */
  delistingDate?: string | null;
  corporateActions?: CorporateAction[];
  /** indexes only: the basket and divisor */
  constituents?: IndexConstituent[];
  divisor?: string;
}

export interface SessionDef {
  name: string;
  /** local wall clock "HH:mm", close may be "24:00" */
  open: string;
  close: string;
}

export interface MarketCalendar {
  timezone: string;
  sessions: SessionDef[];
  /** ISO weekdays on which the market trades (1 = Monday … 7 = Sunday) */
  days: number[];
  /** local dates "YYYY-MM-DD" with no trading */
  holidays: string[];
  /** daily rise/fall limit as a rate, e.g. "0.10"; null: no limit */
  priceLimitRate: string | null;
}

/** A trading halt of one instrument over [from, to). */
export interface Halt {
  instrumentId: string;
  from: Date;
  to: Date;
}

export interface SimConfig {
  /** any string; same seed → same market everywhere */
  seed: string;
  calendars: Record<SimMarket, MarketCalendar>;
  halts?: Halt[];
}

export interface SimQuote {
  instrumentId: string;
  status: SimStatus;
  /** true when `at` falls in one of the market's sessions on a trading day */
  inSession: boolean;
  /** name of the session `at` falls in (e.g. "pre", "regular", "after"), or null */
  session: string | null;
  /** local date "YYYY-MM-DD" of the trading day the figures belong to (the current or the last one) */
  tradingDay: string;
  price: string;
  /** price ∓ the half-spread, rounded outwards to the tick and kept inside the limit band (= price for indexes) */
  bid: string;
  ask: string;
  /**
   * open/high/low/volume/turnover of the trading day cover its regular session when the market
   * also has extended hours (docs/api.md §1.11), else the whole day; before the regular session opens
   * they are prevClose and zero
   */
  open: string;
  /** previous trading day's close, adjusted for a corporate action taking effect today */
  prevClose: string;
  high: string;
  low: string;
  volume: string;
  turnover: string;
  /** prevClose × (1 ± priceLimitRate) rounded inwards to the price scale; null without a limit */
  limitUp: string | null;
  limitDown: string | null;
  /** the minute the figures were computed for (start of the last simulated minute ≤ at) */
  ts: Date;
}

export interface SimBar {
  /** bar open time (for 1d/1w/1M: 00:00 UTC of the local trading date the bar starts on) */
  t: Date;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
  turnover: string;
}

export interface SimTimeSharePoint {
  t: Date;
  price: string;
  avgPrice: string;
  v: string;
}

export interface SimStats {
  high52w: string;
  low52w: string;
  /** price × sharesOutstanding, null without a share count */
  marketCap: string | null;
}

export interface AdjustmentEvent {
  exDate: string;
  action: CorporateAction;
  /** exact multiplicative factor applied to prices before `exDate` (price after = price before × factor) */
  factor: string;
  /** the same factor as an exact fraction of integers (the decimal may not terminate, e.g. 1/3) */
  factorFraction: { numerator: string; denominator: string };
}
