/**
 * Display formatting for money and dates (spec §9 "Money format", "Date display").
 *
 * Money arrives as decimal strings. This file only formats: every rounding and comparison goes
 * through the contract's exact decimals (`Dec`, `roundPrice`, `formatPrice` with a named mode), so a
 * JavaScript float never holds an amount and "0.1 + 0.2" problems cannot occur.
 *
 * Numbers use the separators of the current language (issue 16 item 7): German and Spanish
 * write "1.234,56", English, Chinese and Korean "1,234.56". The digits are grouped by
 * `Intl.NumberFormat` on a BigInt (exact at any size), the decimal separator comes from the
 * same locale. The current language is the document's `lang`, which the i18n module keeps in
 * step with the user's choice; every function also takes an explicit BCP 47 tag.
 */
import {
  currencyScale,
  Dec,
  formatPrice as formatDecimalAt,
  isCurrency,
  roundPrice,
  type Language,
  type RoundingMode,
} from '@brokerage/contract';
import dayjs from 'dayjs';

/** Currencies with a prefix symbol (spec §9: peso Mex$, dollar $); every other currency is suffixed with its code. */
/** BCP 47 tag of an app language, for `Intl` and `lang` attributes. */
export const languageTags: Record<Language, string> = { en: 'en', de: 'de', zh: 'zh-Hant', esp: 'es', kor: 'ko' };

const prefixSymbols: Record<string, string> = { MXN: 'Mex$', USD: '$' };

const decimalPattern = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** The BCP 47 tag numbers are formatted in when none is given: the document's language, else English. */
export function currentNumberLocale(): string {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang || 'en';
}

interface NumberSymbols {
  /** Groups the digits of a non-negative BigInt in the locale's way. */
  group: (integer: bigint) => string;
  decimal: string;
  /** What follows a number in a percentage: "%" in English, "\u00a0%" in German and Spanish. */
  percent: string;
}

const symbolCache = new Map<string, NumberSymbols>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, { numberingSystem: 'latn', ...options });
  } catch {
    return new Intl.NumberFormat('en', options);
  }
}

/** Separators of a locale, read once from Intl and cached. */
export function numberSymbols(locale: string = currentNumberLocale()): NumberSymbols {
  const cached = symbolCache.get(locale);
  if (cached) return cached;
  // `useGrouping: true` groups always (ECMA-402 "always"), so Spanish writes "1.234" as banks print
  // it, rather than CLDR's "1234" for four-digit numbers that would break a column's alignment.
  const integers = numberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 });
  const decimal =
    numberFormat(locale, { minimumFractionDigits: 1 })
      .formatToParts(1.5)
      .find((p) => p.type === 'decimal')?.value ?? '.';
  const percentParts = numberFormat(locale, { style: 'percent' }).formatToParts(0.5);
  const numberEnd = percentParts.findIndex((p) => p.type === 'percentSign');
  const before =
    numberEnd > 0 && percentParts[numberEnd - 1]?.type === 'literal' ? (percentParts[numberEnd - 1]?.value ?? '') : '';
  const percentLeads = numberEnd === 0;
  const symbols: NumberSymbols = {
    // Intl.NumberFormat formats a BigInt exactly, whatever its size (no float in between).
    group: (integer) => integers.format(integer),
    decimal,
    percent: percentLeads ? '%' : `${before.replace(/\s/g, '\u00a0')}%`,
  };
  symbolCache.set(locale, symbols);
  return symbols;
}

/** An unsigned integer and fraction in the locale's separators: ("1234", "56") → "1.234,56" in German. */
function joinDecimal(integer: string, fraction: string, locale?: string): string {
  const symbols = numberSymbols(locale);
  return symbols.group(BigInt(integer || '0')) + (fraction ? `${symbols.decimal}${fraction}` : '');
}

/**
 * Rounds a decimal string half-up (half away from zero, like the server's ROUND_HALF_UP) to
 * `decimals` places. Returns the sign separately so that "-0.4" rounds to "0", not "-0".
 * Returns null when the text is not a plain decimal number.
 */
export function roundDecimalString(
  value: string,
  decimals: number,
): { negative: boolean; integer: string; fraction: string } | null {
  const match = decimalPattern.exec(value.trim());
  if (!match) return null;
  const [, sign = '', intRaw = '', fracRaw = ''] = match;
  if (intRaw === '' && fracRaw === '') return null;
  const places = Math.max(0, Math.floor(decimals));
  const rounded = roundPrice(new Dec(`${intRaw || '0'}.${fracRaw || '0'}`), places, 'half_up');
  const [integer = '0', fraction = ''] = formatDecimalAt(rounded, places).split('.');
  return { negative: sign === '-' && !rounded.isZero(), integer, fraction };
}

/**
 * Formats an amount for display: thousands separators, `decimals` places (0 by default),
 * rounded half-up; `0.00` for empty input; the currency's symbol (Mex$, $) or suffix (USDT).
 * Text that is not a decimal number is returned unchanged.
 */
export function formatMoney(
  value: string | null | undefined,
  currency?: string,
  decimals = 0,
  locale?: string,
): string {
  const trimmed = value === null || value === undefined ? '' : value.trim();
  let body: string;
  let negative = false;
  if (trimmed === '') {
    body = joinDecimal('0', '00', locale);
  } else {
    const rounded = roundDecimalString(trimmed, decimals);
    if (!rounded) return trimmed;
    negative = rounded.negative;
    body = joinDecimal(rounded.integer, rounded.fraction, locale);
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

/**
 * An exact decimal at `places` decimals, rounded in the named mode (the contract's `roundPrice`):
 * ratios, percentages and rates on screen name their rounding like the server does.
 */
export function formatDecimal(value: Dec, places: number, mode: RoundingMode): string {
  return formatDecimalAt(roundPrice(value, places, mode), places);
}

/* ---------- Dates and times in the language's conventions (docs/ui.md "Languages") ---------- */

type DateStyle =
  'dateTime' | 'dateMinutes' | 'day' | 'clock' | 'monthDayMinutes' | 'monthDay' | 'yearMonth' | 'year' | 'minutes';

const dateOptions: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  },
  dateMinutes: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
  clock: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  monthDayMinutes: { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  monthDay: { month: '2-digit', day: '2-digit' },
  yearMonth: { year: 'numeric', month: '2-digit' },
  year: { year: 'numeric' },
  minutes: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

/** Building an `Intl.DateTimeFormat` is costly next to using one: one per locale, style and time zone. */
const dateFormatCache = new Map<string, Intl.DateTimeFormat>();

function dateFormat(style: DateStyle, locale: string, timeZone?: string): Intl.DateTimeFormat {
  const cacheKey = `${locale}|${style}|${timeZone ?? ''}`;
  const cached = dateFormatCache.get(cacheKey);
  if (cached) return cached;
  const options: Intl.DateTimeFormatOptions = { ...dateOptions[style], numberingSystem: 'latn', timeZone };
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat(locale, options);
  } catch {
    formatter = new Intl.DateTimeFormat('en', options);
  }
  dateFormatCache.set(cacheKey, formatter);
  return formatter;
}

function formatInstant(iso: string | null | undefined, style: DateStyle, locale: string | undefined): string {
  if (!iso) return '';
  const parsed = dayjs(iso);
  return parsed.isValid() ? dateFormat(style, locale ?? currentNumberLocale()).format(parsed.toDate()) : '';
}

/**
 * A date and time with seconds in the user's local time, in the language's conventions
 * ("20.11.2026, 17:26:05" in German, "2026. 11. 20. 17:26:05" in Korean); empty text for a
 * missing or invalid time.
 */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  return formatInstant(iso, 'dateTime', locale);
}

/** An ISO-8601 timestamp as the API sends it (docs/api.md §1.4). */
export function isTimestamp(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(value);
}

/* ---------- Market figures (prices, changes, rates, volumes) ---------- */

/** A decimal split into sign, integer digits and fraction digits, or null when it is not a plain decimal. */
interface DecimalParts {
  negative: boolean;
  integer: string;
  fraction: string;
}

function decimalParts(value: string): DecimalParts | null {
  const match = decimalPattern.exec(value.trim());
  if (!match) return null;
  const [, sign = '', intRaw = '', fracRaw = ''] = match;
  if (intRaw === '' && fracRaw === '') return null;
  const integer = intRaw.replace(/^0+(?=\d)/, '') || '0';
  const isZero = /^0*$/.test(integer + fracRaw);
  return { negative: sign === '-' && !isZero, integer, fraction: fracRaw };
}

/**
 * Multiplies a decimal string by 10^exponent by moving the decimal point (exact, no float):
 * `shiftDecimal("0.0074", 2)` is "0.74", `shiftDecimal("18234500", -6)` is "18.234500".
 */
export function shiftDecimal(value: string, exponent: number): string | null {
  const parts = decimalParts(value);
  if (!parts) return null;
  let digits = parts.integer + parts.fraction;
  let point = parts.integer.length + exponent;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const fraction = digits.slice(point);
  return `${parts.negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`;
}

/** Compares two decimal strings exactly: -1, 0 or 1. Text that is not a number counts as 0. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const pa = decimalParts(a) ?? { negative: false, integer: '0', fraction: '' };
  const pb = decimalParts(b) ?? { negative: false, integer: '0', fraction: '' };
  const signed = (p: DecimalParts) => new Dec(`${p.negative ? '-' : ''}${p.integer}.${p.fraction || '0'}`);
  const order = signed(pa).comparedTo(signed(pb));
  return order < 0 ? -1 : order > 0 ? 1 : 0;
}

export type Direction = 'up' | 'down' | 'flat';

/** The direction of a change ("0.12" up, "-0.12" down, "0.00" flat); it picks the up/down colour. */
export function direction(change: string | null | undefined): Direction {
  if (!change) return 'flat';
  const parts = decimalParts(change);
  if (!parts || /^0*$/.test(parts.integer + parts.fraction)) return 'flat';
  return parts.negative ? 'down' : 'up';
}

const PLACEHOLDER = '--';

/**
 * A price for display: thousands separators, `scale` decimals rounded half-up when given,
 * otherwise the decimals the server sent (the API already quotes at the instrument's scale).
 * Missing values show "--".
 */
export function formatPrice(value: string | null | undefined, scale?: number, locale?: string): string {
  if (value === null || value === undefined || value.trim() === '') return PLACEHOLDER;
  if (scale !== undefined) return formatMoney(value, undefined, scale, locale);
  const parts = decimalParts(value);
  if (!parts) return value;
  return `${parts.negative ? '-' : ''}${joinDecimal(parts.integer, parts.fraction, locale)}`;
}

/**
 * The direction of a figure as it is shown, after rounding half-up to `decimals` (all its
 * decimals when undefined): "0.004" at 2 decimals is flat, so "+0.00" never shows.
 */
export function shownDirection(value: string | null | undefined, decimals?: number): Direction {
  if (value === null || value === undefined || decimals === undefined) return direction(value);
  const rounded = roundDecimalString(value, decimals);
  if (!rounded || /^0*$/.test(rounded.integer + rounded.fraction)) return 'flat';
  return rounded.negative ? 'down' : 'up';
}

/** The direction of a change rate as its percentage with 2 decimals shows it. */
export function rateDirection(rate: string | null | undefined, decimals = 2): Direction {
  if (rate === null || rate === undefined || rate.trim() === '') return 'flat';
  return shownDirection(shiftDecimal(rate, 2), decimals);
}

/** A price change with its sign: "+0.12", "-0.12", "0.00". */
export function formatChange(value: string | null | undefined, scale?: number, locale?: string): string {
  if (value === null || value === undefined || value.trim() === '') return PLACEHOLDER;
  const text = formatPrice(value, scale, locale);
  return shownDirection(value, scale) === 'up' ? `+${text}` : text;
}

/** A rate (fraction) as a percentage with 2 decimals, rounded half-up: "0.3120" → "31.20%" ("31,20 %" in German). */
export function formatPercent(rate: string | null | undefined, decimals = 2, locale?: string): string {
  if (rate === null || rate === undefined || rate.trim() === '') return PLACEHOLDER;
  const percent = shiftDecimal(rate, 2);
  if (percent === null) return rate;
  return `${formatMoney(percent, undefined, decimals, locale)}${numberSymbols(locale).percent}`;
}

/** A change rate with its sign: "0.0074" → "+0.74%", "-0.0123" → "-1.23%", "0" → "0.00%". */
export function formatChangeRate(rate: string | null | undefined, locale?: string): string {
  if (rate === null || rate === undefined || rate.trim() === '') return PLACEHOLDER;
  const text = formatPercent(rate, 2, locale);
  return rateDirection(rate) === 'up' ? `+${text}` : text;
}

/** Units of compact numbers per language: powers of ten, largest first. Separators follow the locale, like prices. */
type UnitTable = readonly { exponent: number; suffix: string }[];

const compactUnits: Record<Language, UnitTable> = {
  en: [
    { exponent: 12, suffix: 'T' },
    { exponent: 9, suffix: 'B' },
    { exponent: 6, suffix: 'M' },
    { exponent: 3, suffix: 'K' },
  ],
  de: [
    { exponent: 12, suffix: ' Bio.' },
    { exponent: 9, suffix: ' Mrd.' },
    { exponent: 6, suffix: ' Mio.' },
    { exponent: 3, suffix: ' Tsd.' },
  ],
  esp: [
    { exponent: 12, suffix: ' B' },
    { exponent: 9, suffix: ' mil M' },
    { exponent: 6, suffix: ' M' },
    { exponent: 3, suffix: ' mil' },
  ],
  // Chinese and Korean count in myriads: 萬/만 = 10^4, 億/억 = 10^8, 兆/조 = 10^12.
  zh: [
    { exponent: 12, suffix: '兆' },
    { exponent: 8, suffix: '億' },
    { exponent: 4, suffix: '萬' },
  ],
  kor: [
    { exponent: 12, suffix: '조' },
    { exponent: 8, suffix: '억' },
    { exponent: 4, suffix: '만' },
  ],
};

/** Below this many digits in the integer part, numbers are shown in full (9,999 rather than 10.00K). */
const COMPACT_FROM_DIGITS = 5;

/**
 * A large quantity in compact form with 2 decimals, rounded half-up, in the language's units:
 * 18234500 → "18.23M" (en), "18.23 Mio." (de), "1,823.45萬" (zh). Values under 10,000 are shown in
 * full with up to `smallDecimals` decimals.
 */
export function formatCompact(
  value: string | number | null | undefined,
  language: Language = 'en',
  smallDecimals = 2,
): string {
  const locale = languageTags[language];
  if (value === null || value === undefined) return PLACEHOLDER;
  const text = typeof value === 'number' ? String(value) : value;
  const parts = decimalParts(text);
  if (!parts) return text.trim() === '' ? PLACEHOLDER : text;
  const sign = parts.negative ? '-' : '';
  const digits = parts.integer === '0' ? 0 : parts.integer.length;
  if (digits >= COMPACT_FROM_DIGITS) {
    for (const unit of compactUnits[language]) {
      if (digits > unit.exponent) {
        const scaled = shiftDecimal(`${parts.integer}.${parts.fraction || '0'}`, -unit.exponent) ?? '0';
        return `${sign}${formatMoney(scaled, undefined, 2, locale)}${unit.suffix}`;
      }
    }
  }
  const magnitude = `${parts.integer}${parts.fraction ? `.${parts.fraction}` : ''}`;
  const decimals = Math.min(significantDecimals(magnitude), smallDecimals);
  return `${sign}${formatMoney(magnitude, undefined, decimals, locale)}`;
}

/** An amount in compact form with the currency's symbol or suffix: "Mex$299.44M", "1.20K USDT". */
export function formatCompactMoney(
  value: string | null | undefined,
  currency: string | undefined,
  language: Language = 'en',
): string {
  const body = formatCompact(value, language);
  if (body === PLACEHOLDER || !currency) return body;
  const negative = body.startsWith('-');
  const unsigned = negative ? body.slice(1) : body;
  const prefix = prefixSymbols[currency];
  return `${negative ? '-' : ''}${prefix ? `${prefix}${unsigned}` : `${unsigned} ${currency}`}`;
}

/**
 * A calendar day the API sends as `YYYY-MM-DD`, in the language's conventions ("09.03.2026" in
 * German); it names a day, not an instant, so no time zone moves it. "--" when missing.
 */
export function formatDay(date: string | null | undefined, locale?: string): string {
  if (!date) return PLACEHOLDER;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return date;
  const utc = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  // Date.UTC rolls "2026-13-45" over into another day: such a text is shown as it came.
  if (utc.getUTCMonth() !== Number(match[2]) - 1 || utc.getUTCDate() !== Number(match[3])) return date;
  return dateFormat('day', locale ?? currentNumberLocale(), 'UTC').format(utc);
}

/** A date and time to the minute in local time, for news and time stamps where minutes are enough. */
export function formatDateMinutes(iso: string | null | undefined, locale?: string): string {
  return formatInstant(iso, 'dateMinutes', locale);
}

/** `HH:mm:ss` (24-hour, the language's separators) in local time, for "updated at" of a quote. */
export function formatClock(iso: string | null | undefined, locale?: string): string {
  return formatInstant(iso, 'clock', locale);
}

/** What a chart writes for a moment: a bar, a crosshair, a tick of its time axis. */
export type ChartTimeStyle = 'bar' | 'barIntraday' | 'year' | 'month' | 'day' | 'time';

const chartStyles: Record<ChartTimeStyle, DateStyle> = {
  bar: 'day',
  barIntraday: 'monthDayMinutes',
  year: 'year',
  month: 'yearMonth',
  day: 'monthDay',
  time: 'minutes',
};

/**
 * A chart's time (a `Date` in local time, as the chart has always shown it) in the language's
 * conventions: a daily bar "13.03.2025" in German, an intraday bar "03/13, 14:30" in English.
 */
export function formatChartTime(at: Date, style: ChartTimeStyle, locale?: string): string {
  if (Number.isNaN(at.getTime())) return '';
  return dateFormat(chartStyles[style], locale ?? currentNumberLocale()).format(at);
}

/* ---------- Money screens: currency scales, signed amounts, typed input ---------- */

/**
 * Display scale of a currency (docs/api.md §1.4): the contract's one table. It lives in a contract
 * module without decimal.js, so money screens that only format do not pull the library in.
 */
export function scaleOf(currency: string): number {
  return isCurrency(currency) ? currencyScale[currency] : 2;
}

/** An amount at its currency's scale with symbol or suffix: "Mex$1,250.50", "10.00 USDT", "1,452 KRW". */
export function formatAmount(value: string | null | undefined, currency: string, locale?: string): string {
  return formatMoney(value, currency, scaleOf(currency), locale);
}

/** A signed movement: "+Mex$1,250.50", "-$342.55", and no sign for zero. */
export function formatSignedAmount(value: string | null | undefined, currency: string, locale?: string): string {
  const text = formatAmount(value, currency, locale);
  return shownDirection(value, scaleOf(currency)) === 'up' ? `+${text}` : text;
}

const MAX_INTEGER_DIGITS = 15;

/**
 * Cleans what the user types into an amount field: digits and one decimal point (a comma
 * counts as the point, as German and Spanish keypads type it), at most `scale` decimals and
 * 15 integer digits (the wire limit), no leading zeros. A number pasted with both marks reads the
 * last kind as the decimal point and drops the other as digit grouping: "1.234,56" (German) and
 * "1,234.56" (English) are both "1234.56".
 */
export function sanitiseAmountInput(raw: string, scale: number): string {
  const lastComma = raw.lastIndexOf(',');
  const lastDot = raw.lastIndexOf('.');
  const grouping = lastComma !== -1 && lastDot !== -1 ? (lastComma > lastDot ? '.' : ',') : null;
  const ungrouped = grouping === null ? raw : raw.split(grouping).join('');
  const text = ungrouped.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  let integer = dot === -1 ? text : text.slice(0, dot);
  let fraction = dot === -1 ? '' : text.slice(dot + 1).replace(/\./g, '');
  integer = integer.replace(/^0+(?=\d)/, '').slice(0, MAX_INTEGER_DIGITS);
  fraction = fraction.slice(0, Math.max(0, scale));
  if (dot === -1 || scale <= 0) return integer;
  return `${integer === '' ? '0' : integer}.${fraction}`;
}

/**
 * A typed amount as its field shows it: the cleaned text of `sanitiseAmountInput` (its point a
 * ".") with the language's decimal mark, "61.5" → "61,5" in German and Spanish. Digits are not
 * grouped while typing. The field's value stays the cleaned text, which `toWireAmount` sends.
 */
export function localiseAmountInput(value: string, locale: string = currentNumberLocale()): string {
  const { decimal } = numberSymbols(locale);
  return decimal === '.' ? value : value.replace('.', decimal);
}

/** The wire form of a typed amount ("100." → "100", ".5" → "0.5"), or '' when nothing was typed. */
export function toWireAmount(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed === '.') return '';
  const [integer = '', fraction = ''] = trimmed.split('.');
  const int = integer === '' ? '0' : integer;
  return fraction === '' ? int : `${int}.${fraction}`;
}

/** True for a decimal string greater than zero. */
export function isPositiveAmount(value: string): boolean {
  return /^\d+(\.\d+)?$/.test(value) && compareDecimal(value, '0') > 0;
}

/** A card number as it is typed: letters upper-cased, only [0-9A-Z] kept (at most 34), a space after every 4. */
export function formatCardNumberInput(raw: string): string {
  const compact = raw
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 34);
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Where the caret belongs in a grouped card number after `charsBefore` significant characters. */
export function caretAfter(formatted: string, charsBefore: number): number {
  if (charsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (formatted[i] !== ' ') seen += 1;
    if (seen === charsBefore) return i + 1;
  }
  return formatted.length;
}

/** ISO weekdays (1 = Monday … 7 = Sunday) in the language: runs joined ("Mon–Fri"), others listed ("Mon, Wed"). */
export function formatWeekdays(days: readonly number[], locale: string): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return '';
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  } catch {
    formatter = new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' });
  }
  // 2024-01-01 was a Monday.
  const name = (day: number) => formatter.format(new Date(Date.UTC(2024, 0, day)));
  const runs: string[] = [];
  let start = sorted[0];
  let previous = sorted[0];
  const close = () => {
    if (start === undefined || previous === undefined) return;
    runs.push(
      previous - start >= 2
        ? `${name(start)}–${name(previous)}`
        : previous === start
          ? name(start)
          : `${name(start)}, ${name(previous)}`,
    );
  };
  for (const day of sorted.slice(1)) {
    if (previous !== undefined && day === previous + 1) {
      previous = day;
      continue;
    }
    close();
    start = day;
    previous = day;
  }
  close();
  return runs.join(', ');
}
