/**
 * Display formatting for money and dates (spec §9 "Money format", "Date display").
 *
 * Money arrives as decimal strings and is formatted with string and BigInt arithmetic only:
 * a JavaScript float never holds an amount, so "0.1 + 0.2" problems and precision loss on
 * large balances cannot occur.
 */
import dayjs from 'dayjs';

/** Currencies with a prefix symbol (spec §9: peso Mex$, dollar $); every other currency is suffixed with its code. */
const prefixSymbols: Record<string, string> = { MXN: 'Mex$', USD: '$' };

const decimalPattern = /^([+-]?)(\d*)(?:\.(\d*))?$/;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Rounds a decimal string half-up (half away from zero, like the server's ROUND_HALF_UP) to
 * `decimals` places. Returns the sign separately so that "-0.4" rounds to "0", not "-0".
 * Returns null when the text is not a plain decimal number.
 */
export function roundDecimalString(value: string, decimals: number): { negative: boolean; integer: string; fraction: string } | null {
  const match = decimalPattern.exec(value.trim());
  if (!match) return null;
  const [, sign = '', intRaw = '', fracRaw = ''] = match;
  if (intRaw === '' && fracRaw === '') return null;
  const places = Math.max(0, Math.floor(decimals));
  const padded = fracRaw.padEnd(places + 1, '0');
  const kept = padded.slice(0, places);
  const nextDigit = padded.charAt(places);
  let scaled = BigInt((intRaw || '0') + kept);
  if (nextDigit >= '5') scaled += 1n;
  const text = scaled.toString().padStart(places + 1, '0');
  const integer = text.slice(0, text.length - places);
  const fraction = text.slice(text.length - places);
  return { negative: sign === '-' && scaled !== 0n, integer, fraction };
}

/**
 * Formats an amount for display: thousands separators, `decimals` places (0 by default),
 * rounded half-up; `0.00` for empty input; the currency's symbol (Mex$, $) or suffix (USDT).
 * Text that is not a decimal number is returned unchanged.
 */
export function formatMoney(value: string | null | undefined, currency?: string, decimals = 0): string {
  const trimmed = value === null || value === undefined ? '' : value.trim();
  let body: string;
  let negative = false;
  if (trimmed === '') {
    body = '0.00';
  } else {
    const rounded = roundDecimalString(trimmed, decimals);
    if (!rounded) return trimmed;
    negative = rounded.negative;
    body = groupThousands(rounded.integer) + (rounded.fraction ? `.${rounded.fraction}` : '');
  }
  const sign = negative ? '-' : '';
  if (!currency) return sign + body;
  const prefix = prefixSymbols[currency];
  return prefix ? `${sign}${prefix}${body}` : `${sign}${body} ${currency}`;
}

/** Number of significant decimal places of a decimal string ("500.00" → 0, "10.50" → 1). */
export function significantDecimals(value: string): number {
  const dot = value.indexOf('.');
  if (dot === -1) return 0;
  return value.slice(dot + 1).replace(/0+$/, '').length;
}

/** `YYYY.MM.DD HH:mm:ss` in the user's local time; empty text for a missing or invalid time. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const parsed = dayjs(iso);
  return parsed.isValid() ? parsed.format('YYYY.MM.DD HH:mm:ss') : '';
}

/** An ISO-8601 timestamp as the API sends it (API.md §1.4). */
export function isTimestamp(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(value);
}
