/**
 * Money is exact. Amounts travel as decimal strings and are computed with decimal.js;
 * no JavaScript float ever holds an amount (docs/architecture.md principle 5).
 *
 * Each currency has one display scale (docs/api.md §1.4): 0 decimals for JPY, KRW and VND,
 * 2 for every other currency including USDT. The ledger stores 8 decimal places.
 */
import Decimal from 'decimal.js';
import { currencyScale, decimalStringPattern, LEDGER_SCALE, type Currency } from './currency.js';

/** An isolated Decimal constructor: 40 significant digits, half-up unless a call names another mode. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Dec = Decimal;

export {
  currencies,
  currencyScale,
  decimalPlaces,
  decimalStringPattern,
  fitsCurrencyScale,
  isCurrency,
  LEDGER_SCALE,
  type Currency,
} from './currency.js';

export type RoundingMode = 'half_up' | 'down' | 'up';
const roundingModes: Record<RoundingMode, Decimal.Rounding> = {
  half_up: Decimal.ROUND_HALF_UP,
  down: Decimal.ROUND_DOWN,
  up: Decimal.ROUND_UP,
};

/** An amount in one currency. Immutable; mixing currencies is a bug and throws. */
export class Money {
  private constructor(
    readonly currency: Currency,
    readonly amount: Decimal,
  ) {}

  static of(amount: string | Decimal, currency: Currency): Money {
    if (typeof amount === 'string' && !decimalStringPattern.test(amount)) {
      throw new TypeError(`Not a decimal string: ${amount}`);
    }
    return new Money(currency, new Dec(amount));
  }

  /**
   * An amount as the database returns it (a `numeric` column or a ledger balance, up to 8
   * decimals), kept exact: nothing is rounded until the caller names a mode.
   */
  static fromLedger(value: string, currency: Currency): Money {
    return Money.of(value, currency);
  }

  static zero(currency: Currency): Money {
    return new Money(currency, new Dec(0));
  }

  private same(other: Money): void {
    if (other.currency !== this.currency) {
      throw new TypeError(`Currency mismatch: ${this.currency} and ${other.currency}`);
    }
  }

  plus(other: Money): Money {
    this.same(other);
    return new Money(this.currency, this.amount.plus(other.amount));
  }

  minus(other: Money): Money {
    this.same(other);
    return new Money(this.currency, this.amount.minus(other.amount));
  }

  /**
   * Divides by a divisor (a leverage, a count), unrounded at 40 significant digits: round the
   * result with `rounded(mode)` before it is stored or posted.
   */
  dividedBy(divisor: number | string | Decimal): Money {
    const d = new Dec(divisor);
    if (d.isZero()) throw new RangeError('Money.dividedBy zero');
    return new Money(this.currency, this.amount.dividedBy(d));
  }

  /** Multiplies by an exact factor (a rate or a quantity), unrounded. */
  times(factor: string | number | Decimal): Money {
    if (typeof factor === 'number' && !Number.isInteger(factor)) {
      throw new TypeError('Money.times takes integers or decimal strings, never fractional numbers');
    }
    return new Money(this.currency, this.amount.times(factor));
  }

  /**
   * This amount converted at `rate` (units of `to` per unit of this currency), rounded to the
   * target currency's scale with the named mode; the caller says who gains the remainder.
   */
  convert(rate: string | Decimal, to: Currency, mode: RoundingMode): Money {
    return new Money(to, this.amount.times(rate)).rounded(mode);
  }

  negated(): Money {
    return new Money(this.currency, this.amount.negated());
  }

  /** Rounds to the currency's display scale; the caller names the mode and says who gains. */
  rounded(mode: RoundingMode): Money {
    return new Money(this.currency, this.amount.toDecimalPlaces(currencyScale[this.currency], roundingModes[mode]));
  }

  /** True when the amount has at most the ledger's 8 decimals, so `toLedgerString()` is exact. */
  fitsLedgerScale(): boolean {
    return this.amount.decimalPlaces() <= LEDGER_SCALE;
  }

  isNegative(): boolean {
    return this.amount.isNegative() && !this.amount.isZero();
  }

  isZero(): boolean {
    return this.amount.isZero();
  }

  isPositive(): boolean {
    return this.amount.isPositive() && !this.amount.isZero();
  }

  compare(other: Money): number {
    this.same(other);
    return this.amount.comparedTo(other.amount);
  }

  isGreaterThan(other: Money): boolean {
    return this.compare(other) > 0;
  }

  isLessThan(other: Money): boolean {
    return this.compare(other) < 0;
  }

  /** The larger of two amounts of one currency (e.g. a balance floored at zero). */
  static max(a: Money, b: Money): Money {
    return a.compare(b) >= 0 ? a : b;
  }

  /** The wire form: exactly the currency's scale, half-up (docs/api.md §1.4). */
  toString(): string {
    return this.amount.toFixed(currencyScale[this.currency], Decimal.ROUND_HALF_UP);
  }

  /** The ledger form: 8 decimal places. */
  toLedgerString(): string {
    return this.amount.toFixed(LEDGER_SCALE, Decimal.ROUND_HALF_UP);
  }

  toJSON(): string {
    return this.toString();
  }
}

/**
 * Prices are not money (they have an instrument's price scale, not a currency's): a price is a
 * Decimal, rounded and formatted only here, at the scale the instrument defines.
 */
export function roundPrice(price: Decimal, priceScale: number, mode: RoundingMode): Decimal {
  return price.toDecimalPlaces(priceScale, roundingModes[mode]);
}

/** A price on the wire: exactly the instrument's price scale, half-up (docs/api.md §1.4). */
export function formatPrice(price: Decimal, priceScale: number): string {
  return price.toFixed(priceScale, Decimal.ROUND_HALF_UP);
}

/** Scale of a rate (an exchange rate, docs/api.md §10.7, or a ratio such as a winning rate): 8 decimals, like the ledger. */
export const RATE_SCALE = 8;

/** A rate or ratio at RATE_SCALE (e.g. units of one currency per unit of another); the caller names the mode and says who gains. */
export function roundRate(rate: Decimal, mode: RoundingMode): Decimal {
  return rate.toDecimalPlaces(RATE_SCALE, roundingModes[mode]);
}

/** Formats a decimal string at a currency's scale for the wire. */
export function formatAmount(amount: string | Decimal, currency: Currency): string {
  return new Dec(amount).toFixed(currencyScale[currency], Decimal.ROUND_HALF_UP);
}
