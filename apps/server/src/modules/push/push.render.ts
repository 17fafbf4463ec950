/**
 * The text of a push (docs/api.md §22.4): a personal message's title and body in the subscription's
 * language, from the app's own catalogue (`@brokerage/i18n`, the texts the web app shows for
 * `<code>.title` / `<code>.body`), with numbers in the language's separators and a product's name
 * in the language when the message carries it. Plain text: the browser's notification shows it as
 * text.
 */
import { paramsIn, type Language, type MessageCode } from '@brokerage/contract';
import { codeMessages } from '@brokerage/i18n';

export interface PushText {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** Most bytes of the JSON payload: well inside one 4 KB record (push.crypto.ts MAX_PLAINTEXT). */
export const PAYLOAD_MAX_BYTES = 3000;

const languageTags: Record<Language, string> = { en: 'en', de: 'de', zh: 'zh-Hant', esp: 'es', kor: 'ko' };

/** Params that are amounts of money or prices: shown with the language's separators, their decimals kept. */
const numericKeys =
  /^(amount|profit|min|max|available|required|withdrawable|outstanding|interest|value|lots|percent|changePercent)$|price$/i;
const decimalPattern = /^-?\d+(\.\d+)?$/;
const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

function separatorsOf(language: Language): { decimal: string } {
  const parts = new Intl.NumberFormat(languageTags[language]).formatToParts(1.5);
  return { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
}

/**
 * "1234567.50" → "1.234.567,50" in de: the digits as given (no float), the whole part grouped by
 * `Intl` on a BigInt as the web app does (so es leaves "1234" ungrouped, as it shows it).
 */
export function formatDecimal(value: string, language: Language): string {
  const { decimal } = separatorsOf(language);
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const grouped = new Intl.NumberFormat(languageTags[language]).format(BigInt(whole || '0'));
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

function formatParam(key: string, value: string, language: Language): string {
  if (numericKeys.test(key) && decimalPattern.test(value)) return formatDecimal(value, language);
  if (timestampPattern.test(value))
    return `${new Intl.DateTimeFormat(languageTags[language], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(value))} UTC`;
  return value;
}

function fill(text: string, params: Record<string, string>, language: Language): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : formatParam(name, value, language);
  });
}

function textOf(language: Language, key: string): string | undefined {
  const text = codeMessages[language][key];
  return text !== undefined && text.trim() !== '' ? text : codeMessages.en[key];
}

/** What the notification groups under: one per instrument for alerts, per order, else per message. */
function tagOf(code: string, params: Record<string, string>, messageId: string): string {
  if (code.startsWith('message.alert.') && params.code) return `alert:${params.code}`;
  if (params.orderNo) return `${code.split('.')[1] ?? 'message'}:${params.orderNo}`;
  return `message:${messageId}`;
}

const byteLength = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** The payload of a personal message for one subscription; the body is shortened to keep it under the limit. */
export function renderPush(
  message: { id: string; code: MessageCode | string; params: Record<string, string> },
  language: Language,
): PushText {
  // a product's name in the subscription's language when the message carries it
  const params = paramsIn(message.code, message.params, language);
  const title = fill(textOf(language, `${message.code}.title`) ?? '', params, language);
  const body = fill(textOf(language, `${message.code}.body`) ?? '', params, language);
  const payload: PushText = {
    title: [...title].slice(0, 120).join(''),
    body,
    url: `/information/msgInfo?id=${encodeURIComponent(message.id)}`,
    tag: tagOf(message.code, message.params, message.id).slice(0, 100),
  };
  const chars = [...payload.body];
  while (byteLength(payload) > PAYLOAD_MAX_BYTES && chars.length > 0) {
    chars.splice(Math.max(0, chars.length - Math.ceil((byteLength(payload) - PAYLOAD_MAX_BYTES) / 3) - 1));
    payload.body = `${chars.join('')}…`;
  }
  return payload;
}
