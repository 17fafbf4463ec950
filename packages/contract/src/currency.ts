/**
 * The currencies and their display scales (docs/api.md §1.4): the one table every app uses.
 * Kept apart from `money.ts` so that a screen that only needs a scale does not pull in
 * decimal.js (the web app's bundler drops contract modules nothing imports).
 */

export const currencies = [
  'MXN',
  'USD',
  'USDT',
  'EUR',
  'CNY',
  'TWD',
  'HKD',
  'THB',
  'JPY',
  'VND',
  'MYR',
  'KRW',
] as const;
export type Currency = (typeof currencies)[number];

/** Display scale of each currency: 0 decimals for JPY, KRW and VND, 2 for every other one including USDT. */
export const currencyScale: Record<Currency, number> = {
  MXN: 2,
  USD: 2,
  USDT: 2,
  EUR: 2,
  CNY: 2,
  TWD: 2,
  HKD: 2,
  THB: 2,
  MYR: 2,
  JPY: 0,
  VND: 0,
  KRW: 0,
};

/** Scale of every amount stored in the ledger. Changing it after launch would mean rewriting history. */
export const LEDGER_SCALE = 8;

export const decimalStringPattern = /^-?\d{1,15}(\.\d+)?$/;

export function isCurrency(value: string): value is Currency {
  return (currencies as readonly string[]).includes(value);
}

/** Number of digits after the decimal point of a decimal string. */
export function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** True when a decimal string has at most the currency's scale of decimals (`"1.5"` KRW is not: `too_many_decimals`). */
export function fitsCurrencyScale(value: string, currency: Currency): boolean {
  return decimalPlaces(value) <= currencyScale[currency];
}
