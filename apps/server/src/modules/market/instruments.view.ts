/** Feed data → the wire shapes of docs/api.md §5.1 (InstrumentSummary, Instrument, rules of §8.2). */
import {
  Dec,
  formatPrice,
  isCurrency,
  type Currency,
  type Instrument,
  type InstrumentSummary,
  type MarketRules,
} from '@brokerage/contract';
import type { InstrumentDef } from '@brokerage/market-sim';
import { nextSessionOpen, sessionAt, type MarketCalendar } from '@brokerage/market-sim';
import type { Settings } from '../../platform/settings.js';
import type { FeedQuote, MarketFeed } from './feed.js';

/** `change = price − prevClose`, `changeRate = change / prevClose` (Rate, 4 decimals). */
export function changeOf(price: string, prevClose: string, priceScale: number): { change: string; changeRate: string } {
  const change = new Dec(price).minus(prevClose);
  const rate = new Dec(prevClose).isZero() ? new Dec(0) : change.dividedBy(prevClose);
  // half-up at the price scale and at the rate's 4 decimals (formatPrice names the mode)
  return { change: formatPrice(change, priceScale), changeRate: formatPrice(rate, 4) };
}

/** The instrument's currency, typed: the feed defines instruments in the contract's currencies only. */
export function currencyOfInstrument(def: Pick<InstrumentDef, 'instrumentId' | 'currency'>): Currency {
  if (!isCurrency(def.currency))
    throw new Error(`instrument ${def.instrumentId} in an unknown currency ${def.currency}`);
  return def.currency;
}

/**
 * Units of the traded quantity in one lot (docs/decisions.md, "Lot sizes"): the instrument's own
 * (a fraction of a coin, 1,000 units of a currency pair), or one share. A decimal string.
 */
export function lotSizeOf(def: Pick<InstrumentDef, 'lotSize'>): string {
  return def.lotSize ?? '1';
}

export function isTradable(def: InstrumentDef, quote: FeedQuote): boolean {
  return def.assetClass !== 'index' && quote.status !== 'delisted';
}

export function toSummary(def: InstrumentDef, quote: FeedQuote): InstrumentSummary {
  return {
    instrumentId: def.instrumentId,
    code: def.code,
    name: def.name,
    market: def.market,
    board: def.board,
    assetClass: def.assetClass,
    currency: currencyOfInstrument(def),
    tradable: isTradable(def, quote),
    status: quote.status,
    price: quote.price,
    ...changeOf(quote.price, quote.prevClose, def.priceScale),
    volume: quote.volume,
    turnover: quote.turnover,
    updatedAt: quote.updatedAt.toISOString(),
    stale: quote.stale,
  };
}

export function toInstrument(def: InstrumentDef, quote: FeedQuote, feed: MarketFeed): Instrument {
  const stats = feed.stats(def.instrumentId);
  return {
    ...toSummary(def, quote),
    priceScale: def.priceScale,
    lotSize: lotSizeOf(def),
    open: quote.open,
    prevClose: quote.prevClose,
    high: quote.high,
    low: quote.low,
    marketCap: stats.marketCap,
    high52w: stats.high52w,
    low52w: stats.low52w,
    foreignOwnershipRatio: def.foreignOwnershipRatio,
    industry: def.industry,
    sharesOutstanding: def.sharesOutstanding,
    limitUp: quote.limitUp,
    limitDown: quote.limitDown,
    listingDate: def.listingDate,
    bid: quote.bid,
    ask: quote.ask,
    inSession: quote.inSession,
    session: quote.session,
    tradingDay: quote.tradingDay,
  };
}

/**
 * The next opening after `now` of a session that takes the order (any session, or the regular one
 * for a market order, §9.2 rule 3), holidays included; null while such a session is open. A
 * market with no session named `regular` takes market orders in every session.
 */
function nextOpenOf(calendar: MarketCalendar, now: Date, regularOnly: boolean): string | null {
  const takes = (name: string | undefined) =>
    name !== undefined && (!regularOnly || name === 'regular' || !calendar.sessions.some((s) => s.name === 'regular'));
  if (takes(sessionAt(calendar, now)?.name)) return null;
  let at = now;
  // a day has at most a few sessions: the regular one is among the next handful of openings
  for (let i = 0; i < 8; i += 1) {
    at = nextSessionOpen(calendar, at);
    if (takes(sessionAt(calendar, at)?.name)) return at.toISOString();
  }
  return null;
}

/** The market's rules of §8.2 from config (§19.7), as new orders would see them now. */
export function rulesOf(def: InstrumentDef, settings: Settings, feed: MarketFeed, now: Date): MarketRules {
  const m = def.market;
  const calendar = feed.calendar(m);
  return {
    timezone: calendar.timezone,
    inSession: sessionAt(calendar, now) !== null,
    nextOpenAt: nextOpenOf(calendar, now, false),
    nextRegularOpenAt: nextOpenOf(calendar, now, true),
    sessions: calendar.sessions,
    leverageOptions: settings.get(`market.${m}.leverageOptions`),
    minOpeningAmount: settings.get(`market.${m}.minOpeningAmount`),
    buyFeeRate: settings.get(`market.${m}.buyFeeRate`),
    sellFeeRate: settings.get(`market.${m}.sellFeeRate`),
    stampDutyRate: settings.get(`market.${m}.stampDutyRate`),
    minHoldMinutes: settings.get(`market.${m}.minHoldMinutes`),
    tPlusNDays: settings.get(`market.${m}.tPlusNDays`),
    priceLimitRate: settings.get(`market.${m}.priceLimitRate`),
  };
}
