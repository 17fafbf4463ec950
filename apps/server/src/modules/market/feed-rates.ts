/**
 * Conversion rates for summary figures (the `/user/assets` total in one currency), read from
 * the feed's forex pairs: every currency is priced against USD (USDT counts as USD). Nothing
 * that moves money uses these; the exchange (funds issue) prices its own trades from the feed.
 */
import { Dec, roundRate, type Currency } from '@brokerage/contract';
import type { FxRates } from '../../platform/fx.js';
import type { MarketFeed } from './feed.js';

/** Units of `currency` per 1 USD, from the USD-based pair or the inverse of EURUSD. */
function perUsd(feed: MarketFeed, currency: Currency): Dec | null {
  if (currency === 'USD' || currency === 'USDT') return new Dec(1);
  if (currency === 'EUR') {
    const eurusd = feed.instrument('i_forex_EURUSD') ? feed.quote('i_forex_EURUSD').price : null;
    return eurusd ? new Dec(1).dividedBy(eurusd) : null;
  }
  const id = `i_forex_USD${currency}`;
  return feed.instrument(id) ? new Dec(feed.quote(id).price) : null;
}

export class FeedRates implements FxRates {
  constructor(
    private readonly feed: MarketFeed,
    private readonly now: () => Date,
  ) {}

  midRate(from: Currency, to: Currency): Dec | null {
    if (from === to) return new Dec(1);
    const a = perUsd(this.feed, from);
    const b = perUsd(this.feed, to);
    if (!a || !b || a.isZero()) return null;
    // half-up: a mid rate is a reading, neither side's price; the customer's rate rounds down from it (exchange)
    return roundRate(b.dividedBy(a), 'half_up');
  }

  asOf(): Date {
    return this.now();
  }
}
