/** Conversion rates for summary figures; implemented from the market feed (market/feed-rates). */
import type { Dec, Currency } from '@brokerage/contract';

export interface FxRates {
  /** Units of `to` per one unit of `from`, or null when no rate is known. */
  midRate(from: Currency, to: Currency): Dec | null;
  asOf(): Date;
}
