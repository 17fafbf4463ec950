/** `market` calls of docs/api.md §8, news of §6.2–§6.3 and the quote WebSocket frames of §18. */
import { z } from 'zod';
import {
  adjustModes,
  assetClasses,
  boards,
  instrumentStatuses,
  marketTabs,
  markets,
  languages,
  newsCategories,
  periods,
} from '../enums.js';
import { currencies } from '../money.js';
import { id, int, page, size, timestamp } from '../primitives.js';
import { translationsOf } from '../translations.js';
import { reason } from './admin.js';

const decimal = z.string();
const nullableDecimal = decimal.nullable();

/** InstrumentSummary of §5.1: the row of every list. */
export const instrumentSummary = z.object({
  instrumentId: id,
  code: z.string(),
  name: z.string(),
  market: z.enum(markets),
  board: z.enum(boards),
  assetClass: z.enum(assetClasses),
  currency: z.enum(currencies),
  tradable: z.boolean(),
  status: z.enum(instrumentStatuses),
  price: decimal,
  change: decimal,
  changeRate: decimal,
  volume: decimal,
  turnover: decimal,
  /** extension: the instant of the price, so a client can show a stale badge (docs/decisions.md) */
  updatedAt: timestamp,
  /** extension: true when the feed has not refreshed the price within its freshness window */
  stale: z.boolean(),
});
export type InstrumentSummary = z.infer<typeof instrumentSummary>;

/** Instrument of §5.1, plus bid/ask, session state and staleness (extensions, docs/decisions.md). */
export const instrument = instrumentSummary.extend({
  priceScale: z.number().int(),
  /**
   * extension: units of the instrument in one lot, a decimal string ("1" share, "0.001" BTC,
   * "1000" units of a currency pair); an order's quantity is `lots × lotSize` (docs/decisions.md)
   */
  lotSize: decimal,
  open: decimal,
  prevClose: decimal,
  high: decimal,
  low: decimal,
  marketCap: nullableDecimal,
  high52w: nullableDecimal,
  low52w: nullableDecimal,
  foreignOwnershipRatio: nullableDecimal,
  industry: z.string().nullable(),
  sharesOutstanding: z.number().int().nullable(),
  limitUp: nullableDecimal,
  limitDown: nullableDecimal,
  listingDate: z.string().nullable(),
  bid: decimal,
  ask: decimal,
  inSession: z.boolean(),
  session: z.string().nullable(),
  tradingDay: z.string(),
});
export type Instrument = z.infer<typeof instrument>;

export const marketRules = z.object({
  timezone: z.string(),
  inSession: z.boolean(),
  /**
   * extension: while no session is open, when the next one opens (holidays counted), which is when
   * a limit order is taken again; null while a session is open (docs/decisions.md)
   */
  nextOpenAt: timestamp.nullable(),
  /** extension: the same for market orders, taken in the regular session only (§9.2 rule 3) */
  nextRegularOpenAt: timestamp.nullable(),
  sessions: z.array(z.object({ name: z.string(), open: z.string(), close: z.string() })),
  leverageOptions: z.array(z.number().int()),
  minOpeningAmount: decimal,
  buyFeeRate: decimal,
  sellFeeRate: decimal,
  stampDutyRate: decimal,
  minHoldMinutes: z.number().int(),
  tPlusNDays: z.number().int(),
  priceLimitRate: nullableDecimal,
});
export type MarketRules = z.infer<typeof marketRules>;

export const marketListRequest = z.object({
  tab: z.enum(marketTabs),
  market: z.enum(['mxn', 'usd', 'eur']).default('mxn'),
  sort: z.enum(['changeRate_desc', 'changeRate_asc', 'turnover_desc', 'code_asc']).default('changeRate_desc'),
  page,
  size,
});
export type MarketListRequest = z.input<typeof marketListRequest>;

export const instrumentRequest = z.object({ instrumentId: id });
export const quoteResponse = instrument.extend({ watched: z.boolean(), rules: marketRules });
export type QuoteResponse = z.infer<typeof quoteResponse>;

export const candlesRequest = z
  .object({
    instrumentId: id,
    period: z.enum(periods),
    adjust: z.enum(adjustModes).default('none'),
    from: timestamp.optional(),
    to: timestamp.optional(),
    limit: int.min(1).max(1000).default(300),
  })
  .refine((b) => b.from === undefined || b.to === undefined || b.from <= b.to, { message: 'range', path: ['to'] });
export type CandlesRequest = z.input<typeof candlesRequest>;

export const candle = z.object({
  t: timestamp,
  o: decimal,
  h: decimal,
  l: decimal,
  c: decimal,
  v: decimal,
  turnover: decimal,
});
export type Candle = z.infer<typeof candle>;
export const timeSharePoint = z.object({ t: timestamp, price: decimal, avgPrice: decimal, v: decimal });
export type TimeSharePoint = z.infer<typeof timeSharePoint>;
export const candlesResponse = z.object({
  instrumentId: id,
  period: z.enum(periods),
  adjust: z.enum(adjustModes),
  /** `time_share`: TimeSharePoint items; every other period: Candle items */
  list: z.array(z.union([candle, timeSharePoint])),
});
export type CandlesResponse = z.infer<typeof candlesResponse>;

export const searchRequest = z.object({ keyword: z.string().trim().min(1).max(32), page, size });
export const searchHistoryItem = z.object({ keyword: z.string(), at: timestamp });
export const watchlistItem = instrumentSummary.extend({ addedAt: timestamp });
export type WatchlistItem = z.infer<typeof watchlistItem>;
export const watchRemoveManyRequest = z.object({ instrumentIds: z.array(id).min(1).max(300, 'too_many') });
export const watchRemoveManyResponse = z.object({ removed: z.number().int() });

/** `lang` is our addition (docs/decisions.md): each item in that language, English when it has none. */
export const newsListRequest = z.object({
  category: z.enum(newsCategories),
  page,
  size,
  lang: z.enum(languages).optional(),
});
export const newsItem = z.object({
  id,
  category: z.enum(newsCategories),
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string().nullable(),
  source: z.string(),
  publishedAt: timestamp,
  /** addition: the language of `title`, `summary` (and `content`): the one asked for, or `en` */
  lang: z.enum(languages),
});
export type NewsItem = z.infer<typeof newsItem>;
export const newsDetailRequest = z.object({ id, lang: z.enum(languages).optional() });
export const newsDetail = newsItem.extend({ content: z.string(), instrumentIds: z.array(id) });
export type NewsDetail = z.infer<typeof newsDetail>;

/* ---- WebSocket of §18 ---- */

const wsId = z.string().min(1).max(32);
export const wsClientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('subscribe'),
    id: wsId,
    channel: z.literal('quote'),
    instrumentIds: z.array(id).min(1).max(100, 'too_many'),
  }),
  z.object({
    op: z.literal('unsubscribe'),
    id: wsId,
    channel: z.literal('quote'),
    instrumentIds: z.array(id).min(1).max(100, 'too_many'),
  }),
  z.object({ op: z.literal('ping'), id: wsId }),
  /** this connection also receives the events of the signed-in user's account (issue 17 item 3, docs/decisions.md) */
  z.object({
    op: z.literal('account'),
    id: wsId,
    token: z.string().min(1).max(200),
    account: z.string().min(1).max(64),
  }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;

export const wsQuote = z.object({
  instrumentId: id,
  price: decimal,
  change: decimal,
  changeRate: decimal,
  open: decimal,
  prevClose: decimal,
  high: decimal,
  low: decimal,
  volume: decimal,
  turnover: decimal,
  status: z.enum(instrumentStatuses),
  ts: timestamp,
  /** extensions (docs/decisions.md) */
  bid: decimal,
  ask: decimal,
  inSession: z.boolean(),
  stale: z.boolean(),
});
export type WsQuote = z.infer<typeof wsQuote>;

export type WsServerMessage =
  | {
      op: 'ack';
      id: string;
      status: 1;
      data: { subscribed: string[]; rejected: { instrumentId: string; code: string }[] };
    }
  /** docs/api.md §18's single quote: still understood by clients, no longer sent by this server */
  | { op: 'quote'; data: WsQuote }
  /** every quote of the connection that changed in one tick, or its snapshot on subscribe (docs/decisions.md) */
  | { op: 'quotes'; data: WsQuote[] }
  | { op: 'error'; id?: string; status: 0; code: string; msg: string; params?: Record<string, unknown> }
  | { op: 'pong'; id: string }
  /** an event of the account the connection signed in with (`op: "account"` from the client) */
  | { op: 'account'; data: WsAccountEvent };

/**
 * What changed in a user's account, pushed to the WebSocket connections signed in as that user on
 * any instance (docs/decisions.md): an order's state change (placed, filled, closed, cancelled…),
 * or a ledger entry that moved the user's money (amounts signed, per currency and account kind).
 * `id` is unique per event; a client may see an event twice after a leader change and skips it.
 */
export type WsAccountEvent =
  | {
      kind: 'order';
      id: string;
      orderId: string;
      instrumentId: string;
      state: string;
      reason: string | null;
      at: string;
    }
  | {
      kind: 'money';
      id: string;
      entryKind: string;
      reference: string | null;
      at: string;
      changes: { currency: string; account: string; amount: string }[];
    }
  /** a price alert fired, expired or was cancelled (docs/api.md §22.3) */
  | {
      kind: 'alert';
      id: string;
      alertId: string;
      instrumentId: string;
      state: string;
      /** the price that fired it; null for an expiry or a cancel */
      price: string | null;
      at: string;
    };

/** Limits of §18. */
export const wsLimits = {
  idsPerMessage: 100,
  subscriptionsPerConnection: 200,
  updatesPerSecondPerInstrument: 4,
  messagesPerSecond: 20,
  idleCloseMs: 60_000,
  pingEveryMs: 30_000,
  closeTooFrequent: 4429,
  closeIdle: 4000,
} as const;

/* ---- Back office: news and notices management (our addition, docs/decisions.md) ---- */

/**
 * A news cover's address: an `https:` URL or a same-origin path (`/…`). Nothing a browser could run
 * or load from elsewhere unencrypted: no `javascript:`, `data:` or `http:`, no protocol-relative `//…`
 * (nor `/\…`), no whitespace or control characters (browsers drop tabs and newlines inside URLs).
 */
export function isCoverUrl(value: string): boolean {
  for (const ch of value) if (ch <= ' ' || ch === '\x7f' || ch === '\\') return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const title = z.string().trim().min(1).max(200);
const content = z.string().min(1).max(100_000);
const summary = z.string().trim().min(1).max(500);
/** One language's version of a news item (the item's own fields are the English one). */
export const newsTranslation = z.object({ title, summary, content });
export type NewsTranslation = z.infer<typeof newsTranslation>;
/** addition: the item in German, Chinese, Spanish and Korean; a language left out is served in English */
export const newsTranslations = translationsOf(newsTranslation);
export type NewsTranslations = z.infer<typeof newsTranslations>;
export const adminNewsListRequest = z.object({ category: z.enum(newsCategories).optional(), page, size });
/** The back office sees the English text (`lang` is always `en`) and every translation. */
export const adminNewsItem = newsDetail.extend({
  translations: newsTranslations,
  published: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AdminNewsItem = z.infer<typeof adminNewsItem>;
export const adminNewsCreateRequest = z.object({
  category: z.enum(newsCategories),
  title,
  summary,
  content,
  /** the other languages' versions; in an update, the whole map (a language left out is removed) */
  translations: newsTranslations.default({}),
  source: z.string().trim().min(1).max(100),
  coverUrl: z.string().max(500).refine(isCoverUrl, 'format').nullable().optional(),
  instrumentIds: z.array(id).max(20, 'too_many').default([]),
  reason,
});
export const adminNewsUpdateRequest = adminNewsCreateRequest
  .partial()
  .extend({ id, reason, translations: newsTranslations.optional() });
export const adminPublishRequest = z.object({ id, reason });

export const adminNoticeListRequest = z.object({ page, size });
export const adminNoticeItem = z.object({
  id,
  kind: z.literal('notice'),
  title: z.string(),
  content: z.string(),
  published: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AdminNoticeItem = z.infer<typeof adminNoticeItem>;
export const adminNoticeCreateRequest = z.object({ title, content, reason });
export const adminNoticeUpdateRequest = z.object({ id, title: title.optional(), content: content.optional(), reason });
