/**
 * Money is exact. Amounts travel as decimal strings and are computed with decimal.js;
 * no JavaScript float ever holds an amount (ARCHITECTURE.md principle 5).
 *
 * Each currency has one display scale (API.md §1.4): 0 decimals for JPY, KRW and VND,
 * 2 for every other currency including USDT. The ledger stores 8 decimal places.
 */
import Decimal from 'decimal.js';

/** An isolated Decimal constructor: 40 significant digits, half-up unless a call names another mode. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Dec = Decimal;

export const currencies = ['MXN', 'USD', 'USDT', 'EUR', 'CNY', 'TWD', 'HKD', 'THB', 'JPY', 'VND', 'MYR', 'KRW'] as const;
export type Currency = (typeof currencies)[number];

export const currencyScale: Record<Currency, number> = {
  MXN: 2, USD: 2, USDT: 2, EUR: 2, CNY: 2, TWD: 2, HKD: 2, THB: 2, MYR: 2, JPY: 0, VND: 0, KRW: 0,
};

/** Scale of every amount stored in the ledger. Changing it after launch would mean rewriting history. */
export const LEDGER_SCALE = 8;

export const decimalStringPattern = /^-?\d{1,15}(\.\d+)?$/;

export function isCurrency(value: string): value is Currency {
  return (currencies as readonly string[]).includes(value);
}

export type RoundingMode = 'half_up' | 'down' | 'up';
const roundingModes: Record<RoundingMode, Decimal.Rounding> = {
  half_up: Decimal.ROUND_HALF_UP,
  down: Decimal.ROUND_DOWN,
  up: Decimal.ROUND_UP,
};

/** An amount in one currency. Immutable; mixing currencies is a bug and throws. */
export class Money {
  private constructor(readonly currency: Currency, readonly amount: Decimal) {}

  static of(amount: string | Decimal, currency: Currency): Money {
    if (typeof amount === 'string' && !decimalStringPattern.test(amount)) {
      throw new TypeError(`Not a decimal string: ${amount}`);
    }
    return new Money(currency, new Dec(amount));
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

  /** Multiplies by an exact factor (a rate or a quantity), unrounded. */
  times(factor: string | number | Decimal): Money {
    if (typeof factor === 'number' && !Number.isInteger(factor)) {
      throw new TypeError('Money.times takes integers or decimal strings, never fractional numbers');
    }
    return new Money(this.currency, this.amount.times(factor));
  }

  negated(): Money {
    return new Money(this.currency, this.amount.negated());
  }

  /** Rounds to the currency's display scale; the caller names the mode and says who gains. */
  rounded(mode: RoundingMode): Money {
    return new Money(this.currency, this.amount.toDecimalPlaces(currencyScale[this.currency], roundingModes[mode]));
  }

  isNegative(): boolean {
    return this.amount.isNegative() && !this.amount.isZero();
  }

  isZero(): boolean {
    return this.amount.isZero();
  }

  compare(other: Money): number {
    this.same(other);
    return this.amount.comparedTo(other.amount);
  }

  /** The wire form: exactly the currency's scale, half-up (API.md §1.4). */
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

/** Formats a decimal string at a currency's scale for the wire. */
export function formatAmount(amount: string | Decimal, currency: Currency): string {
  return new Dec(amount).toFixed(currencyScale[currency], Decimal.ROUND_HALF_UP);
}

/** Number of digits after the decimal point of a decimal string. */
export function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}
