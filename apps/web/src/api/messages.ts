/**
 * Turns a server answer's `code` and `params` into the toast text (spec §8): the code's
 * translation in the chosen language with money params formatted as money and time windows
 * shown as a range; the server's English `msg` when the code has no translation; the
 * language's error word when there is nothing at all.
 */
import { paramsIn, type Language } from '@brokerage/contract';
import { formatAmount, formatDate, formatMoney, formatPrice, isTimestamp, significantDecimals } from '../lib/format';

export interface Translator {
  t: (key: string, params?: Record<string, string>) => string;
  exists: (key: string) => boolean;
}

/** Params that carry an amount of money (docs/api.md §4). */
export const moneyParamKeys: readonly string[] = [
  'amount',
  'profit',
  'min',
  'max',
  'available',
  'required',
  'withdrawable',
  'outstanding',
  'interest',
];

function isWindow(value: unknown): value is { open: string; close: string } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.open === 'string' && typeof record.close === 'string';
}

export function formatWindow(open: string, close: string): string {
  return `${open}–${close}`;
}

/**
 * Formats an amount param with the formatter the screens use (`formatAmount`): the currency's
 * display scale and symbol, so a message says "Mex$500,000.00" like the Mine page. Without a
 * currency the scale is unknown: 0 decimals when whole, else 2.
 */
export function formatMoneyParam(value: string, currency: string | undefined): string {
  if (currency) return formatAmount(value, currency);
  return formatMoney(value, undefined, significantDecimals(value) === 0 ? 0 : 2);
}

export interface FormattedParams {
  values: Record<string, string>;
  /** True when the currency went into a money value, so a separate `{currency}` is dropped. */
  currencyConsumed: boolean;
}

export function formatParams(params: Record<string, unknown> | undefined): FormattedParams {
  const values: Record<string, string> = {};
  let currencyConsumed = false;
  if (!params) return { values, currencyConsumed };
  const currency = typeof params.currency === 'string' && params.currency !== '' ? params.currency : undefined;
  for (const [key, value] of Object.entries(params)) {
    if (key === 'fields') continue;
    if (isWindow(value)) {
      values[key] = formatWindow(value.open, value.close);
    } else if (typeof value === 'string') {
      if (moneyParamKeys.includes(key)) {
        values[key] = formatMoneyParam(value, currency);
        if (currency) currencyConsumed = true;
      } else if (/price$/i.test(key) && /^-?\d+(\.\d+)?$/.test(value)) {
        // a price keeps the decimals the server quoted, in the language's separators
        values[key] = formatPrice(value);
      } else if (isTimestamp(value)) {
        values[key] = formatDate(value);
      } else {
        values[key] = value;
      }
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      values[key] = String(value);
    }
  }
  if (typeof params.open === 'string' && typeof params.close === 'string' && values.window === undefined) {
    values.window = formatWindow(params.open, params.close);
  }
  if (currencyConsumed) values.currency = '';
  return { values, currencyConsumed };
}

/** Removes the gap an emptied `{currency}` leaves ("Mex$500 ." → "Mex$500."). */
function tidy(text: string): string {
  return text
    .replace(/[ \u00a0]+(?=[.,;:!?)。，．、）])/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export interface FailureLike {
  code?: string;
  msg?: string;
  params?: Record<string, unknown>;
}

function firstInvalidField(params: Record<string, unknown> | undefined): [string, string] | null {
  const fields = params?.fields;
  if (typeof fields !== 'object' || fields === null) return null;
  const first = Object.entries(fields as Record<string, unknown>)[0];
  if (!first) return null;
  return [first[0], typeof first[1] === 'string' ? first[1] : 'format'];
}

function fieldLabel(tr: Translator, path: string): string {
  const candidates = [path, path.split('.').pop() ?? path];
  // `field.name.*` comes with the server's catalogue; `ui.fieldName.*` names the fields of the
  // money screens (real name, cards, deposits), which only this app sends.
  for (const candidate of candidates) {
    if (tr.exists(`field.name.${candidate}`)) return tr.t(`field.name.${candidate}`);
    if (tr.exists(`ui.fieldName.${candidate}`)) return tr.t(`ui.fieldName.${candidate}`);
  }
  return path;
}

function translateKey(tr: Translator, key: string, params?: Record<string, unknown>): string | null {
  if (!tr.exists(key)) return null;
  const formatted = formatParams(params);
  const text = tr.t(key, formatted.values);
  return formatted.currencyConsumed ? tidy(text) : text;
}

/** The text of a code with its params, or null when the language has no translation for it. */
export function translateCode(tr: Translator, code: string, params?: Record<string, unknown>): string | null {
  return translateKey(tr, `code.${code}`, params);
}

export interface NoticeLike {
  title: string;
  content: string;
  code?: string | null;
  params?: Record<string, string> | null;
}

/**
 * A personal message's title and body in the chosen language (`<code>.title`, `<code>.body`),
 * money params formatted like the toasts: plain text, for rendering as text only. A product's
 * name is the reader's language's when the message carries it (`product.de`, the contract's
 * `paramsIn`), else the English one. A code this app does not know falls back to the server's
 * English `title` and `content`, also as text.
 */
export function messageText(tr: Translator, notice: NoticeLike, language: Language): { title: string; body: string } {
  if (notice.code) {
    const params = paramsIn(notice.code, notice.params ?? {}, language);
    const title = translateKey(tr, `${notice.code}.title`, params);
    const body = translateKey(tr, `${notice.code}.body`, params);
    if (title !== null && body !== null) return { title, body };
  }
  return { title: notice.title, body: notice.content };
}

/** The toast for a rejection (status 0). */
export function failureMessage(tr: Translator, failure: FailureLike): string {
  if (failure.code === 'request.invalid') {
    const field = firstInvalidField(failure.params);
    if (field) {
      const [path, reason] = field;
      const reasonText = tr.exists(`field.${reason}`) ? tr.t(`field.${reason}`) : reason;
      return tr.t('ui.error.fieldInvalid', { field: fieldLabel(tr, path), reason: reasonText });
    }
  }
  if (failure.code) {
    const translated = translateCode(tr, failure.code, failure.params);
    if (translated) return translated;
  }
  if (failure.msg && failure.msg.trim() !== '') return failure.msg;
  return tr.t('error.word');
}

/** The toast for a success key (`result.*.ok`), or null when there is none to show. */
export function successMessage(tr: Translator, code: string | undefined): string | null {
  if (!code || !code.startsWith('result.')) return null;
  return translateCode(tr, code);
}
