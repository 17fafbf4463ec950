/**
 * Conversion rates for summary figures (`/user/assets` totals in one currency).
 *
 * The `MarketFeed` of the market issue will provide live mid rates; until it exists this
 * provider serves fixed reference mid rates against USD so the summary is well defined.
 * Nothing that moves money uses these rates (exchange is built on the feed).
 */
import { Dec, type Currency } from '@brokerage/contract';

export interface FxRates {
  /** Units of `to` per one unit of `from`, or null when no rate is known. */
  midRate(from: Currency, to: Currency): Dec | null;
  asOf(): Date;
}

/** Units of each currency per 1 USD (reference values, 2026). */
const perUsd: Record<Currency, string> = {
  USD: '1', USDT: '1', MXN: '18.20', EUR: '0.92', CNY: '7.20', TWD: '32.10', HKD: '7.80', THB: '35.50',
  JPY: '150.00', VND: '25400', MYR: '4.45', KRW: '1380.00',
};

export class ReferenceRates implements FxRates {
  constructor(private readonly at: () => Date) {}

  midRate(from: Currency, to: Currency): Dec | null {
    if (from === to) return new Dec(1);
    return new Dec(perUsd[to]).dividedBy(perUsd[from]).toDecimalPlaces(8);
  }

  asOf(): Date {
    return this.at();
  }
}
