/**
 * Renders docs/api.md from the contract: the endpoint registry, the zod schemas, the code and message
 * catalogues, the enumerations, the transition tables and the configuration keys. The prose parts
 * (§1 conventions, §20 and §21) are hand-written markdown passed in by the caller, so this function
 * stays pure: `npm run docs:api` reads them and writes the file, and a test fails when the file is stale.
 */
import { z } from 'zod';
import { codeCatalogue, type Code } from './codes.js';
import { configKeys } from './config-keys.js';
import * as enums from './enums.js';
import { messageCatalogue, translatedParams } from './messages.js';
import { currencies } from './money.js';
import { clock, date, id, money, rate, requestId, timestamp } from './primitives.js';
import * as states from './states.js';
import { adminEndpoints, userEndpoints, type AdminEndpoint, type UserEndpoint } from './api/endpoints.js';
import { adminRights, rightsOfRole } from './api/admin.js';
import { instrument, wsClientMessage, wsLimits, wsQuote } from './api/market.js';
import { order, price } from './api/trade.js';
import { UPLOAD_MAX_BYTES, uploadContentTypes, uploadPurposeField, uploadResponse } from './api/upload.js';

/** The hand-written parts: §1 (conventions) and the closing sections §20–§21. */
export interface ApiDocProse {
  conventions: string;
  closing: string;
}

type Json = Record<string, unknown>;

/** A module's exports by name: a namespace's own order differs between loaders. */
function sortedEntries(ns: object): [string, unknown][] {
  return Object.entries(ns).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/* ---------------------------------------------------------------- schemas as compact types */

/** Wire types of §1.4, recognised by their pattern so a field reads `Money` instead of a regex. */
const namedPatterns = new Map<string, string>();
for (const [name, schema] of [
  ['Timestamp', timestamp],
  ['Clock', clock],
  ['Date', date],
  ['Id', id],
  ['RequestId', requestId],
  ['Rate', rate],
  ['Money', money()],
  ['Price', price],
] as const) {
  const pattern = (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json).pattern;
  if (typeof pattern === 'string' && !namedPatterns.has(pattern)) namedPatterns.set(pattern, name);
}

/** Enumerations of §2 (and the currency list), recognised by their values so a field reads `Market`. */
const namedEnums = new Map<string, string>();
function typeName(list: string): string {
  const singular = list.endsWith('uses')
    ? list.slice(0, -2)
    : list.endsWith('ies')
      ? list.slice(0, -3) + 'y'
      : list.slice(0, -1);
  return singular[0]!.toUpperCase() + singular.slice(1);
}
for (const [name, values] of [['currencies', currencies], ...sortedEntries(enums)] as [string, unknown][]) {
  if (!Array.isArray(values) || values.length < 2 || name === 'sessionRevokingRestrictions') continue;
  const key = values.join('|');
  if (!namedEnums.has(key)) namedEnums.set(key, typeName(name));
}

function literal(v: unknown): string {
  return typeof v === 'string' ? `'${v}'` : JSON.stringify(v);
}

function range(s: Json, lo: string, hi: string): string {
  // the safe-integer bounds zod puts on every int say nothing
  const min = s[lo] === Number.MIN_SAFE_INTEGER ? undefined : s[lo];
  const max = s[hi] === Number.MAX_SAFE_INTEGER ? undefined : s[hi];
  if (min === undefined && max === undefined) return '';
  if (min !== undefined && max !== undefined) return ` (${String(min)}…${String(max)})`;
  return min !== undefined ? ` (≥ ${String(min)})` : ` (≤ ${String(max)})`;
}

/** One JSON-schema node as a TypeScript-like type; `indent` is the depth of nested objects. */
function typeOf(s: unknown, indent: number): string {
  if (s === true || s === undefined || s === null || typeof s !== 'object') return 'unknown';
  const node = s as Json;
  if ('const' in node) return literal(node.const);
  if (Array.isArray(node.enum)) return namedEnums.get(node.enum.join('|')) ?? node.enum.map(literal).join(' | ');
  const alternatives = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) {
    const parts = [...new Set(alternatives.map((a) => typeOf(a, indent)))];
    return parts.join(' | ');
  }
  if (Array.isArray(node.allOf)) return node.allOf.map((a) => typeOf(a, indent)).join(' & ');
  const t = node.type;
  if (Array.isArray(t)) return t.map((x) => typeOf({ ...node, type: x }, indent)).join(' | ');
  switch (t) {
    case 'string': {
      const named = typeof node.pattern === 'string' ? namedPatterns.get(node.pattern) : undefined;
      if (named) return named;
      if (node.pattern) return `string /${String(node.pattern)}/`;
      return `string${range(node, 'minLength', 'maxLength')}`;
    }
    case 'number':
      return `number${range(node, 'minimum', 'maximum')}`;
    case 'integer':
      return `Int${range(node, 'minimum', 'maximum')}`;
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = typeOf(node.items, indent);
      const wrapped = /[ |&]/.test(item) && !item.startsWith('{') ? `(${item})` : item;
      return `${wrapped}[]${range(node, 'minItems', 'maxItems')}`;
    }
    case 'object':
      return objectOf(node, indent);
    default:
      return 'unknown';
  }
}

function objectOf(node: Json, indent: number): string {
  const props = (node.properties ?? {}) as Record<string, unknown>;
  const names = Object.keys(props);
  if (names.length === 0) {
    const extra = node.additionalProperties;
    return extra && typeof extra === 'object' ? `Record<string, ${typeOf(extra, indent)}>` : '{}';
  }
  const required = new Set((node.required ?? []) as string[]);
  const pad = '  '.repeat(indent + 1);
  const lines = names.map((name) => {
    const prop = props[name] as Json;
    const def = prop && typeof prop === 'object' && 'default' in prop ? ` = ${JSON.stringify(prop.default)}` : '';
    return `${pad}${name}${required.has(name) ? '' : '?'}: ${typeOf(prop, indent + 1)}${def};`;
  });
  return `{\n${lines.join('\n')}\n${'  '.repeat(indent)}}`;
}

/** A zod schema as a fenced block of compact type notation. */
export function renderSchema(schema: z.ZodType, io: 'input' | 'output'): string {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return '```ts\n' + typeOf(json, 0) + '\n```';
}

/* ---------------------------------------------------------------- helpers */

function table(head: string[], rows: string[][]): string {
  const esc = (c: string) => c.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

const code = (s: string) => '`' + s + '`';

/* ---------------------------------------------------------------- §2 – §5 */

function enumerations(): string {
  const rows = sortedEntries(enums)
    .filter((entry): entry is [string, readonly string[]] => Array.isArray(entry[1]))
    .map(([name, values]) => [code(name), values.map(code).join(', ')]);
  return [
    '## 2. Enumerations',
    '',
    'Every enumeration the wire uses, as the contract lists it (`packages/contract/src/enums.ts`). A value never changes meaning; new values are added at the end.',
    '',
    table(['Name', 'Values'], rows),
    '',
    'Restrict actions set these restrictions (§19.4): ' +
      Object.entries(enums.restrictionOfAction)
        .map(([a, r]) => `${code(a)} → ${code(r)}`)
        .join(', ') +
      '; `unblock` lifts the restriction it names. ' +
      `The restrictions ${enums.sessionRevokingRestrictions.map(code).join(', ')} refuse login and end every session of the user.`,
  ].join('\n');
}

/**
 * The numbers of §3 are fixed, because code cites them (`docs/api.md §3.5`): each known machine keeps its number
 * under any of its names. Add a new table at the end of this list (a table missing from it still gets a number after
 * the list, in name order, but that number moves when another table is added).
 */
const machines: { tables: string[]; title: string; note?: string }[] = [
  { tables: ['orderTransitions'], title: 'Order and position (`orderStates`)' },
  { tables: ['subscriptionTransitions'], title: 'New-share subscription (`subscriptionStates`)' },
  {
    tables: ['reviewTransitions'],
    title: 'Review item (`reviewStates`)',
    note: 'Shared by every review queue (`reviewQueues`): deposits, withdrawals, real name, loans, credit raises, block-trade and day-trading applications.',
  },
  { tables: ['kycTransitions', 'kycStatusTransitions'], title: 'Real-name verification (`kycStatuses`)' },
  {
    tables: ['copyTransitions', 'copySubscriptionTransitions'],
    title: 'Copy subscription (`copyStates`)',
  },
  { tables: ['lendingTransitions', 'lendingApplicationTransitions'], title: 'Lending application (`lendingStates`)' },
  {
    tables: [],
    title: 'Check-in day',
    note: 'Not a stored machine: a user checks in at most once per calendar day of `funds.timezone` (again the same day: `checkin.already_today`). The count of check-ins in the last 30 days feeds the credit-raise rule (§16.4).',
  },
  {
    tables: ['instrumentTransitions'],
    title: 'Instrument (`instrumentStatuses`)',
    note: 'Driven by the market-data feed and the listing calendar, never by an operator.',
  },
  { tables: ['copyFundTransitions'], title: 'Copy fund (`copyFundStates`)' },
  { tables: ['loanTransitions'], title: 'Loan (`loanStates`)' },
  { tables: ['alertTransitions'], title: 'Price alert (`alertStates`)' },
];

function stateMachines(): string {
  const all = states as unknown as Record<string, unknown>;
  const tables = Object.keys(all)
    .sort()
    .filter((k) => k.endsWith('Transitions') && Array.isArray(all[k]));
  const known = new Set(machines.flatMap((m) => m.tables));
  const numbered = [
    ...machines.map((m, i) => ({ n: i + 1, table: m.tables.find((t) => tables.includes(t)), ...m })),
    ...tables
      .filter((t) => !known.has(t))
      .map((t, i) => ({ n: machines.length + i + 1, table: t, title: code(t), note: '' })),
  ].filter((m) => m.table !== undefined || ('tables' in m && m.tables.length === 0));
  const parts = [
    '## 3. State machines',
    '',
    'Each stateful record moves only along its table. A transition that is not listed cannot happen; the server looks every change up in the table and writes the event to the record’s history. `from` empty means the record is created in that state. Actors: `user` (a call of the user), `system` (a job, the feed or the engine), `back_office` (an operator’s decision).',
  ];
  for (const m of numbered) {
    parts.push('', `### 3.${m.n} ${m.title}`);
    if (m.note) parts.push('', m.note);
    if (m.table === undefined) continue;
    const rows = (all[m.table] as states.Transition<string>[]).map((t) => [
      t.from === null ? '—' : code(t.from),
      code(t.event),
      t.actor,
      code(t.to),
    ]);
    parts.push('', table(['From', 'Event', 'Actor', 'To'], rows));
  }
  return parts.join('\n');
}

function codeSection(): string {
  const rows = Object.entries(codeCatalogue).map(([c, d]) => [
    code(c),
    String(d.http),
    d.params.map(code).join(', '),
    d.en,
  ]);
  const messages = Object.entries(messageCatalogue).map(([c, d]) => [
    code(c),
    d.params
      .map((p) => (translatedParams(c).includes(p) ? `${code(p)} (+ ${code(`${p}.<language>`)})` : code(p)))
      .join(', '),
    d.title,
    d.en,
  ]);
  return [
    '## 4. Code catalogue',
    '',
    'A code keeps its meaning forever: to change what one says, add a new code and retire the old one. Clients translate the code (packages/i18n) and fill its params; the English text is the fallback the server puts in `msg`.',
    '',
    '### 4.1 Answer codes',
    '',
    'HTTP 200 codes are business answers inside the envelope (`status` 0, or `status` 1 for `result.*.ok` and `list.empty`); the others come with their HTTP status.',
    '',
    table(['Code', 'HTTP', 'Params', 'English'], rows),
    '',
    '### 4.2 Message codes',
    '',
    'Personal messages (§7.5, `kind: "message"`) are stored and sent as a code plus params, never as a sentence. The client translates `<code>.title` and `<code>.body`; the English title and text below are the defaults carried in `title` and `content`. A param marked `(+ product.<language>)` is a product name the operator writes per language (§14, §15): the message carries it in English and, for each of `de`, `zh`, `esp`, `kor` the product has a name in, as `product.de`, `product.zh`, …, taken when the message is sent; a reader gets their language, else the English (the contract’s `paramsIn`). Messages sent before carry the English only.',
    '',
    table(['Code', 'Params', 'Title', 'English'], messages),
  ].join('\n');
}

function sharedObjects(): string {
  return [
    '## 5. Shared objects',
    '',
    '### 5.1 Instrument',
    '',
    'What the market calls answer for one instrument (lists carry its summary, `/market/quote` adds the trading rules).',
    '',
    renderSchema(instrument, 'output'),
    '',
    '### 5.2 Order',
    '',
    'An order and the position it opens are one object: a limit order is `pending` until its price is reached, then `holding` like a market order, and `closed` once sold. `yingkui` is the wire name of the gross profit or loss (§1.10).',
    '',
    renderSchema(order, 'output'),
  ].join('\n');
}

/* ---------------------------------------------------------------- §6 – §19: endpoints */

interface Sub {
  title: string;
  /** The codes a call refuses with, in the order its checks run (typed: a code that does not exist does not compile). */
  refusals?: Code[];
  /** Paths of the registry, user or back office according to the section. */
  paths?: string[];
  prose?: string;
  extra?: () => string;
}

interface Section {
  n: number;
  title: string;
  admin?: boolean;
  /** Path prefixes this section owns: endpoints no sub lists land in a last "Other calls" sub. */
  prefixes: string[];
  intro?: string;
  subs: Sub[];
}

const one = (path: string): Sub => ({ title: code(`POST ${path}`), paths: [path] });

const sections: Section[] = [
  {
    n: 6,
    title: 'common',
    prefixes: ['/common'],
    intro: 'Public data every screen may need before login.',
    subs: [one('/common/config'), one('/common/newsList'), one('/common/newsDetail'), one('/common/legal')],
  },
  {
    n: 7,
    title: 'user',
    prefixes: ['/user'],
    intro: 'Registration, sessions, passwords, real-name verification and the balance overview.',
    subs: [
      one('/user/register'),
      one('/user/login'),
      one('/user/logout'),
      one('/user/getUserinfo'),
      {
        title: code('POST /user/notice'),
        paths: ['/user/notice'],
        prose:
          'Notices are public (`kind: "notice"`); personal messages (`kind: "message"`) carry a message code of §4.2 with its params.',
      },
      one('/user/changePassword'),
      one('/user/setFundPassword'),
      one('/user/changeFundPassword'),
      one('/user/kycSubmit'),
      one('/user/kycStatus'),
      {
        title: code('POST /user/assets'),
        paths: ['/user/assets'],
        prose: 'One row per currency account, with the fields of the money model (§1.10).',
      },
    ],
  },
  {
    n: 8,
    title: 'market',
    prefixes: ['/market'],
    intro:
      'Prices come from the market-data feed only. Calls with auth `opt` answer the same for everyone, plus the caller’s watchlist flag when a valid session is sent.',
    subs: [
      one('/market/list'),
      one('/market/quote'),
      one('/market/candles'),
      one('/market/search'),
      { title: 'Search history', paths: ['/market/searchHistory', '/market/searchHistoryClear'] },
      {
        title: 'Watchlist',
        paths: ['/market/watchlist', '/market/watchAdd', '/market/watchRemove', '/market/watchRemoveMany'],
      },
    ],
  },
  {
    n: 9,
    title: 'trade',
    prefixes: ['/trade'],
    intro: 'Orders and positions (one object, §5.2). The market rules that apply are the ones of §19.7.',
    subs: [
      one('/trade/preview'),
      {
        ...one('/trade/buy'),
        prose:
          'Checks, first failure answers: the account may trade and its real name is verified; the instrument exists, is tradable and listed (`product.not_found`, `product.not_listed`); the market is in session (market orders in the regular session only; `order.not_trading_time`); a price is available; the leverage is offered; a limit price is inside the daily band; take-profit above and stop-loss below the reference for a long, the other way for a short (`order.tp_sl_invalid`); the contract amount reaches the minimum; `available` covers margin plus opening fee. A limit order is `pending` with that money frozen, a market order `holding` (§3.1). Success `result.buy.ok` for a long, `result.sell.ok` for a short.',
      },
      { ...one('/trade/cancel'), refusals: ['order.not_found', 'order.not_pending'] },
      {
        ...one('/trade/close'),
        prose:
          'Always the whole position (no partial close). The answer shows `closed`, or `closing` while the fill is in flight.',
        refusals: [
          'order.not_found',
          'order.locked',
          'order.not_holding',
          'order.not_trading_time',
          'order.min_hold',
          'order.t_plus_n',
          'order.price_unavailable',
        ],
      },
      one('/trade/setTpSl'),
      one('/trade/userstocklist'),
      one('/trade/detail'),
      {
        title: 'Day trading',
        paths: ['/trade/dayTradingApply', '/trade/dayTradingStatus'],
        prose:
          'An approved application (review queue `day_trade`) lifts T+N for the user’s closes; the minimum holding time still applies.',
      },
    ],
  },
  {
    n: 10,
    title: 'funds',
    prefixes: ['/funds'],
    intro: 'Money in and out of the platform, the fund records and currency exchange.',
    subs: [
      one('/funds/depositChannels'),
      one('/funds/deposit'),
      one('/funds/withdrawInfo'),
      {
        ...one('/funds/withdraw'),
        prose:
          'The complete list of what can refuse a withdrawal, checked in this order (the credit score is not on it): the account is not withdraw-blocked and its real name is verified; the fund password is set and right; the card or wallet exists and is the user’s own; the window is open; the amount is within the currency’s minimum and maximum; no loan is unpaid; no other fund operation is pending; the amount is withdrawable (`available − inTransit`). The amount is then frozen and the withdrawal waits in the `withdraw` review queue; the fee is taken on payout.',
        refusals: [
          'account.withdraw_blocked',
          'kyc.required',
          'kyc.not_passed',
          'password.fund_not_set',
          'password.fund_wrong',
          'card.not_found',
          'wallet.not_found',
          'card.not_owned',
          'withdraw.outside_window',
          'withdraw.below_min',
          'withdraw.above_max',
          'loan.unpaid',
          'funds.operation_pending',
          'funds.insufficient_withdrawable',
        ],
      },
      one('/funds/records'),
      one('/funds/rates'),
      one('/funds/exchange'),
      {
        ...one('/funds/statement'),
        prose:
          'A monthly statement as a signed bearer link `GET /files/statements/<ticket>?exp=…&sig=…` valid 15 minutes (signed like uploads, §17: HMAC-SHA256); a tampered ticket or signature, or an expired link, answers 403 `auth.forbidden`. `month` is a month of `funds.timezone`: the current one (up to the signing time) or an earlier one; a later month is 400 `fields.month: "out_of_range"`. The statement is of the account’s cash, `available + frozen`: the opening balance, each ledger entry of the month that changes the cash (moves between available and frozen change nothing and are not listed), and the closing balance, the ledger’s cash at the end of the month. CSV: UTF-8, header `time,kind,reference,amount,balance`, first row kind `opening`, last row kind `closing` (empty time, reference and amount). PDF: A4 in `lang` (default: the language of the user’s latest push subscription, else `en`), every text translated, amounts in the language’s separators, fonts for Chinese (Traditional) and Korean shipped with the server; it names the company (`display.title`), the account, the period, “page x of y”, and on every page the SHA-256 of the CSV of the same statement. A month without entries gives a statement whose opening equals its closing.',
      },
      {
        ...one('/funds/statementMonths'),
        prose:
          'Our addition: the months `/funds/statement` can give, newest first: from the month of the account’s first ledger entry in `currency` (this month when there is none) to the current month.',
      },
      {
        ...one('/funds/statementRange'),
        prose:
          'Our addition (was `/funds/statement` before the monthly statement took that path): every movement of one currency between two local dates, as JSON or CSV.',
      },
    ],
  },
  {
    n: 11,
    title: 'cards and wallets',
    prefixes: ['/card', '/wallet'],
    intro:
      'Withdrawal destinations. Card numbers are masked in every answer (§1.8); a destination in use by a pending withdrawal cannot be deleted.',
    subs: [
      { title: 'Bank cards', paths: ['/card/list', '/card/add', '/card/delete'] },
      { title: 'Crypto wallets', paths: ['/wallet/add', '/wallet/delete'] },
    ],
  },
  {
    n: 12,
    title: 'newShare (IPO, placement, capital increase)',
    prefixes: ['/newShare'],
    intro: 'New shares: a subscription is drawn after the application period, then paid and listed (§3.2).',
    subs: [
      one('/newShare/list'),
      one('/newShare/detail'),
      one('/newShare/subscribe'),
      { title: 'Payment, waiver, records', paths: ['/newShare/pay', '/newShare/waive', '/newShare/records'] },
      {
        title: 'Draw proof',
        paths: ['/newShare/drawProof'],
        prose: 'Anyone can check an allotment: the seed and the inputs of the draw are published once it ran.',
      },
    ],
  },
  {
    n: 13,
    title: 'block (block trade and agreement bidding)',
    prefixes: ['/block'],
    intro:
      'Block trades open a position at a deal price set by the house, after a review (queue `block`). Applying needs the product’s secret key. The deal price must lie within the product’s collar (`priceLow`…`priceHigh`: config `block.priceCollar`, ± 10 % of the previous close by default, the band narrowed to the currency’s scale): outside it `/block/apply` answers `block.price_out_of_range` {low, high} (checked after `block.instrument_closed`, before the secret key), and the back office cannot approve an application (the same code), so a stale deal price cannot pay out the difference to the market.',
    subs: [one('/block/list'), one('/block/apply'), one('/block/applications')],
  },
  {
    n: 14,
    title: 'copy (copy funds)',
    prefixes: ['/copy'],
    intro:
      'A copy fund follows a house strategy; a subscription (§3.5) holds the user’s share until it is redeemed or the fund ends. Daily results come from the strategy engine only.',
    subs: [one('/copy/list'), one('/copy/detail'), one('/copy/subscribe'), one('/copy/mine'), one('/copy/redeem')],
  },
  {
    n: 15,
    title: 'lending (securities lending)',
    prefixes: ['/lending'],
    intro:
      'The user lends money to the house for a term at a daily rate (§3.6): frozen while the application waits to be matched, paid back with interest when the term ends.',
    subs: [one('/lending/products'), one('/lending/apply'), one('/lending/records')],
  },
  {
    n: 16,
    title: 'loan (credit loan), check-in, invitation',
    prefixes: ['/loan', '/checkin', '/invite'],
    intro:
      'The user borrows from the house against a credit score and quota; each borrowing is reviewed (queue `loan`).',
    subs: [
      one('/loan/rating'),
      one('/loan/borrow'),
      one('/loan/repay'),
      one('/loan/raiseQuota'),
      one('/loan/records'),
      { title: 'Check-in and invitation', paths: ['/checkin/do', '/checkin/status', '/invite/info'] },
    ],
  },
];

/** Sections added after the back office (§22 on), rendered after the closing §20–§21. */
const laterSections: Section[] = [
  {
    n: 22,
    title: 'Price alerts and push notifications',
    prefixes: ['/alert', '/push'],
    intro:
      'A price alert watches one instrument for the user and tells them when its condition is met: a personal message, an account event on the WebSocket (§18) and, where the user allowed it, a Web Push notification to each of their devices. Evaluation is server-side, on the same price stream as the trading engine: an alert fires whether or not the app is open.',
    subs: [
      {
        ...one('/alert/create'),
        prose:
          '`price_above` fires when the last price ≥ `value`, `price_below` when it is ≤ `value`, `change_up` when the day’s change rate ≥ `value`, `change_down` when it is ≤ −`value`. `value` is a Price with at most the instrument’s `priceScale` decimals (`too_many_decimals`) for `price_*`, a Rate in (0, 1] for `change_*`. `repeat` `once` ends the alert `triggered`; `daily` keeps it `active` and fires at most once per trading day of the instrument’s market. `expiresAt` must be in the future and at most 180 days ahead (`out_of_range`), 30 days by default; `note` is plain text of at most 60 characters. States: §3 (`alertTransitions`).',
        refusals: ['product.not_found', 'alert.too_many', 'alert.duplicate', 'alert.already_met'],
      },
      {
        title: code('POST /alert/list') + ', ' + code('POST /alert/cancel'),
        paths: ['/alert/list', '/alert/cancel'],
        refusals: ['record.not_found', 'alert.not_active'],
      },
      {
        title: 'Triggering',
        prose:
          'An alert is checked on every price the feed publishes for its instrument; the first price that meets the condition fires it within 2 seconds of that price. Firing writes, in one transaction, the state change (or `triggeredAt` for `daily`), the personal message `message.alert.<kind>` (§4.2) and the account event `{"op":"account","data":{"kind":"alert","alertId",…}}`. Two instances, a restart or a replayed price never fire the same alert twice for the same crossing (`once`) or the same trading day (`daily`). 1,000,000 active alerts cost less than 50 ms per tick. At most `alert.maxActive` (50) active alerts per user.',
      },
      {
        title: 'Web Push',
        paths: ['/push/config', '/push/subscribe', '/push/unsubscribe', '/push/prefs'],
        prose:
          'Notifications are RFC 8291 (aes128gcm) encrypted with RFC 8292 VAPID authentication; the payload is JSON `{title, body, url, tag}` written in the subscription’s `lang` from the app’s own translations, `url` the app route to open. Kinds: `alerts` (an alert fired), `orders` (a limit order filled, take-profit, stop-loss, stop-out), `money` (a deposit or withdrawal reviewed, a loan reviewed or due), `products` (a new-share allotment, a block-trade review, a copy-fund payout); `/push/prefs` turns each off (all on by default). Account-security notices (`message.security.new_login`, `message.security.totp_reset`, `message.security.passkey_clone`) go out under `security`, which is not a preference: they reach every subscription of the account. The endpoint is untrusted: anything but `https:` on a public host name is refused with `request.invalid` `fields.endpoint: "not_allowed"` (no IP literals, no loopback, private, link-local or metadata addresses, checked again after DNS resolution). Test servers may allow `http:`/`https:` endpoints on `127.0.0.1` only with `PUSH_TEST_ENDPOINTS=1`, refused in production. At most 10 subscriptions per user (the oldest goes); a push service answering 404 or 410 removes the subscription, 429 and 5xx are retried with back-off for up to an hour; a push never delays the event that caused it. Without `VAPID_PUBLIC_KEY` and `VAPID_PRIVATE_KEY` the server generates a key pair on first start and keeps it in the database.',
      },
    ],
  },
  {
    n: 23,
    title: 'Account security',
    prefixes: [],
    intro:
      'Two-step verification with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s steps) and passkeys (WebAuthn Level 2). Auth yes unless stated.',
    subs: [
      {
        ...one('/user/totpSetup'),
        prose:
          'A new pending secret (160 bits, base32) replaces any earlier pending one; `otpauthUrl` is the `otpauth://totp/…` URI for a QR code. The secret is stored encrypted at rest (AES-256-GCM, key from `SECRETS_KEY` or generated into the data directory on first start) and never returned after this answer. A wrong `password` counts like a wrong login password (§1.7).',
        refusals: ['totp.already_enabled', 'password.original_wrong'],
      },
      {
        ...one('/user/totpEnable'),
        prose:
          'Confirms the pending secret with a code of it; from now on the account has two-step verification. The 10 recovery codes are shown once: the server keeps only their SHA-256.',
        refusals: ['totp.already_enabled', 'totp.not_enabled', 'auth.second_factor_wrong'],
      },
      {
        ...one('/user/totpDisable'),
        prose: '`code` and `recoveryCode` together: 400 `exclusive`; neither: `auth.second_factor_required`.',
        refusals: [
          'totp.not_enabled',
          'password.original_wrong',
          'auth.second_factor_required',
          'auth.second_factor_wrong',
        ],
      },
      {
        ...one('/user/recoveryCodes'),
        prose: '10 new recovery codes; the old ones stop working.',
        refusals: ['totp.not_enabled', 'password.original_wrong', 'auth.second_factor_wrong'],
      },
      {
        title: 'Login in two steps',
        paths: ['/user/loginVerify'],
        prose:
          'With two-step verification on, `/user/login` with the right password answers status 0 `auth.second_factor_required` `{challengeId}` and no token. `POST /user/loginVerify` (auth no) with `{challengeId}` and exactly one of `code`, `recoveryCode` (else 400 `exclusive`) answers as `/user/login` did before. A challenge lives 5 minutes and takes at most 5 wrong codes, however many arrive at once (the 5th answers `auth.second_factor_wrong` `{attemptsLeft: "0"}`); after that, after 5 minutes or once used, `auth.challenge_expired`. Wrong codes count toward the login lock-out of §1.7 like wrong passwords.',
        refusals: ['auth.challenge_expired', 'auth.second_factor_wrong'],
      },
      {
        title: 'Codes and protected calls',
        prose:
          'A code is accepted once: the same code in the same 30 s step again answers `auth.second_factor_wrong`; codes of the previous and next step are accepted. A recovery code works once. With two-step verification on, `/funds/withdraw`, `/user/changePassword`, `/user/changeFundPassword`, `/card/add`, `/wallet/add` and `/user/totpDisable` also need `code` or `recoveryCode` (both: 400 `exclusive`): without it `auth.second_factor_required`, wrong `auth.second_factor_wrong` `{attemptsLeft}`, counted toward the login lock-out. The check is the call’s last rule, after its own, so a call refused for another reason uses no code. `/user/getUserinfo`’s `totpEnabled` tells the client to show the code field before the user confirms.',
      },
      {
        title: 'Passkeys (WebAuthn Level 2)',
        paths: [
          '/user/passkeyOptions',
          '/user/passkeyAdd',
          '/user/passkeys',
          '/user/passkeyRemove',
          '/user/passkeyLoginOptions',
          '/user/passkeyLogin',
        ],
        prose:
          'The relying party is the app’s public origin `PUBLIC_ORIGIN` (default `http://localhost:<PORT>`); its host is the RP ID (`localhost` by default, which browsers treat as secure). `/user/passkeyOptions` answers `PublicKeyCredentialCreationOptionsJSON` (resident key preferred, user verification required, attestation `none`, the account’s passkeys in `excludeCredentials`); `/user/passkeyAdd` `{response, name}` takes the browser’s `RegistrationResponseJSON` and a name of 1–40 characters (trimmed) and answers the passkey `{id, name, createdAt, lastUsedAt}`. `/user/passkeys` lists them, oldest first; `/user/passkeyRemove` `{passkeyId, password}` needs the login password (a wrong one answers `password.original_wrong` and counts like a wrong login password, §1.7); a passkey of another account answers `record.not_found`. `/user/passkeyLoginOptions` (auth no) answers `{challengeId, options}`: `PublicKeyCredentialRequestOptionsJSON` with no `allowCredentials` (discoverable credentials: no account is named) and user verification required. `/user/passkeyLogin` (auth no) `{challengeId, response}` with the browser’s `AuthenticationResponseJSON` answers exactly as `/user/login` (a passkey with user verification counts as both factors, so two-step verification asks no code). Every challenge lives 5 minutes and is used once, even by parallel requests: an unknown, used or expired sign-in challenge answers `auth.challenge_expired`; an adding challenge is found from the answer’s `clientDataJSON`, and an unknown, used, expired or another account’s one answers `auth.passkey_invalid`. The signature counter must move forward whenever it or the stored one is non-zero: the same or a lower counter refuses the sign-in (`auth.passkey_invalid`) and sends the account the personal message `message.security.passkey_clone`. A refused assertion counts toward the address’s login lock-out (`loginFailuresPerAddress`, §1.7), and a locked-out address gets no sign-in challenge (429). At most 10 passkeys per account (`passkey.too_many` `{max}`, checked on the options and again when adding).',
        refusals: [
          'passkey.too_many',
          'auth.passkey_invalid',
          'password.original_wrong',
          'record.not_found',
          'auth.challenge_expired',
        ],
      },
      {
        title: 'Sessions and devices',
        paths: ['/user/sessions', '/user/sessionRevoke', '/user/sessionRevokeOthers'],
        prose:
          '`/user/sessions` lists every live session of the account (not ended, within the 24 h idle and 30 day absolute limits of §1.2), the caller’s own marked `current`. A session keeps only a short device name read from the User-Agent when it started, browser and system joined by a middle dot (`Chrome · Android`; empty when neither is recognised, and the client shows its own “unknown device”), and the address masked to its /24 (IPv4) or /48 (IPv6); the full address and User-Agent are not stored. `/user/sessionRevoke` `{sessionId}` ends one of the caller’s own sessions (the current one too); another account’s id, an unknown or an ended one answers `record.not_found`. `/user/sessionRevokeOthers` ends all but the current one. A password change still ends every other session (§1.2). A sign-in (password, second step or passkey) from a device name and network the account has not opened a session from in the last 90 days sends the personal message `message.security.new_login` `{device, ip, time}`; the session made at registration counts as seen. That message is pushed under the `security` kind of §22.4, which cannot be turned off.',
        refusals: ['record.not_found'],
      },
      {
        title: 'Back office',
        prose:
          'The user detail (§19.4) shows `totpEnabled`. `POST /api/admin/user/totpReset` `{userId, reason}` (right `user.manage`) turns it off, deletes the secret and the recovery codes, writes an audit entry and sends the user the personal message `message.security.totp_reset`.',
      },
    ],
  },
  {
    n: 24,
    title: 'Performance and allocation',
    prefixes: [],
    intro:
      'All figures are computed from the ledger and the market feed, never stored as typed numbers. Valuation day = a calendar day of `funds.timezone`; the value of day d is the `totalAssets` (§1.10) of the user’s account **in the asked currency** at 24:00 of d (for today: now), less what pending withdrawals still hold (a withdrawal leaves when it is requested), positions marked at the last price at that instant. Values and flows are Money at the currency’s scale, rounded half-up once per day; every figure after that is exact and rounded once, at the end. Closed days come from daily snapshots written by a job after each day’s close (unique per user, currency and day); days before the first snapshot are rebuilt from the journal (positions at margin, investments at principal). Auth yes.',
    subs: [
      {
        ...one('/user/performance'),
        prose:
          '`series[0]` is the base day, the day before the period’s first day; the period’s days are `series[1…]`, T = their count. Bounds: `1w` from `to` − 7 days; `1m`, `3m`, `1y` from the same date 1, 3, 12 months earlier (clamped to the month’s last day); `ytd` from 31 December of the previous year; `all` from the day before the account’s first ledger entry. `to` = today. `startValue` = value of `series[0]`, `endValue` = value of the last day, `netFlow` = Σ flow of `series[1…]`; `series[0]` has flow, profit and twr 0. `flow` of day d: approved deposits, withdrawals when requested (refunds of rejected ones count back), loan principal credited or repaid, exchanges in or out; everything else (trading, fees, interest, new shares, block trades, copy funds, lending) is return. `profit` of day d = value(d) − value(d−1) − flow(d). `twr` = Π (1 + r_d) − 1 with r_d = profit(d) / value(d−1) (0 where value(d−1) = 0), exact, rounded once; `series[].twr` is cumulative. `mwr`: modified Dietz, `profit / (startValue + Σ flow_d × (T − t_d) / T)`, 0 when the denominator is 0. Rates have 8 decimals, half-up. `benchmark`: the index of config `performance.benchmark.<CUR>` (null when empty), its cumulative close-to-close return on the same days (today: the last price).',
      },
      {
        title: code('POST /user/pnlCalendar') + ', ' + code('POST /user/allocation'),
        paths: ['/user/pnlCalendar', '/user/allocation'],
        prose:
          '`/user/pnlCalendar`: the days of the month up to today (none for a future month), `profit` as in `/user/performance`, `rate` = profit / value(d−1) (0 when value(d−1) = 0), `profit` their sum. `/user/allocation`: today’s value of every account of the user (`totalAssets`), cash (`available + frozen`) under key `cash` in the asset-class, market and instrument splits and under its currency in `byCurrency`, investments (`investValue`) under `invest`, each open position under its instrument, asset class and market; every item converted into `currency` at mid rates and rounded once, so each split sums to `total`; `weight` a Rate, the weights of each split summing to exactly 1 (largest remainders).',
      },
    ],
  },
  {
    n: 25,
    title: 'Proof of liabilities',
    prefixes: ['/proof'],
    intro:
      'Each day the platform publishes what it owes its users, in a form every user can check for their own account without learning anyone else’s balance. The algorithm, for third-party verifiers: [proof-of-liabilities.md](proof-of-liabilities.md).',
    subs: [
      {
        title: 'The tree',
        prose:
          'At 00:00 UTC (a leader-only job; one proof per scheduled instant under any number of instances) and when an operator asks (`/api/admin/proof/publish` `{reason}`, right `product.manage`, audited `proof/publish`, answers the new proof as `/proof/latest` with `result.update.ok`), for each currency the server builds a **Merkle sum tree** over every user currency account (a user holding any ledger account in it), zero balances included: the account’s `totalAssets` (§1.10) at the currency’s scale (half-up), floored at 0; `flooredAccounts` counts the accounts below 0. Leaf: `hash = SHA-256("leaf" ‖ nonce ‖ balance)`, `sum = balance`, `nonce` 32 random bytes as 64 lowercase hex characters, new for each proof and user. Node: `hash = SHA-256("node" ‖ left.hash ‖ left.sum ‖ right.hash ‖ right.sum)`, `sum = left.sum + right.sum`; sums are decimal strings at the currency’s scale, hashes lowercase hex, `‖` concatenation of UTF-8 strings. Leaves sorted by hash; a level with an odd count (and a single leaf) pairs its last node with `{hash: SHA-256("pad"), sum: 0}`. A proof is written in one transaction and never updated; proofs are kept 400 days. `/api/admin/proof/list` `{page, size}` (addition) lists them for the back office.',
      },
      {
        ...one('/proof/latest'),
        prose:
          '`data: null` before the first proof. `total` is the root’s sum; `reserves` the house’s bank and crypto cash per currency by its ledger (deposits received − withdrawals paid + the house’s capital), published as it is: where reserves fall below the total, the app says so.',
      },
      { ...one('/proof/list'), prose: 'Past proofs shaped as `/proof/latest`, newest first, kept 400 days.' },
      {
        ...one('/proof/mine'),
        prose:
          'The caller’s leaf and the siblings from the leaf up; `side` is where the **sibling** stands. A verifier checks the leaf hash, that both sums are non-negative at every step and the parent’s sum is exactly their sum, the published root and total, and that the nonce is not one seen in an earlier proof. The app checks on the device (Web Crypto); `TOKEN=… ACCOUNT=… node scripts/verify-liabilities.mjs BASE PROOFID` checks from a terminal (exit 0 when every currency’s path verifies, 1 otherwise).',
        refusals: ['record.not_found'],
      },
    ],
  },
];

/** User paths a later section documents: an earlier section that owns their prefix leaves them out. */
const laterPaths = new Set(laterSections.flatMap((s) => s.subs.flatMap((sub) => sub.paths ?? [])));

const adminSection: Section = {
  n: 19,
  title: 'Back office: `/api/admin/`',
  admin: true,
  prefixes: ['/'],
  intro:
    'The back office speaks the conventions of §1 under its own base path, with its own login and roles. Every call that changes data needs a `reason` (3–500 characters), writes an audit entry (§19.8) and answers `result.update.ok`.',
  subs: [
    {
      title: 'Conventions and login',
      paths: ['/auth/login', '/auth/logout'],
      prose:
        'Authorisation: `Authorization: Bearer <adminToken>`. User tokens are refused here and admin tokens on `/api/vue/`. No token or an expired one: 401 `auth.required`; a role without the right: 403 `auth.forbidden`. Admin accounts are created by the operator tooling, not by this API.',
    },
    {
      title: 'Roles',
      extra: () =>
        table(
          ['Right', ...Object.keys(rightsOfRole)],
          adminRights.map((r) => [
            code(r),
            ...Object.values(rightsOfRole).map((rights) => (rights.includes(r) ? 'yes' : '—')),
          ]),
        ) +
        '\n\nFreeze and login ban need `user.freeze`; the other restrict actions, account type and credit score need `user.manage`.',
    },
    {
      title: 'Review queues',
      paths: ['/review/list', '/review/detail', '/review/approve', '/review/reject'],
      prose:
        'One framework for every queue (`reviewQueues`), one state machine (§3.3). A rejection’s reason is shown to the user and sent as a personal message; an approval or rejection of an item no longer pending answers `review.not_pending`.',
    },
    {
      title: 'Users',
      paths: [
        '/user/list',
        '/user/detail',
        '/user/restrict',
        '/user/setAccountType',
        '/user/setCreditScore',
        '/user/totpReset',
        '/user/orders',
      ],
      prose:
        'Reading a user’s detail is audited (it shows full card and ID numbers). Setting a restriction already set, or lifting one not set, succeeds without change.',
    },
    {
      title: 'Products, news and notices',
      paths: [
        '/product/list',
        '/newShare/create',
        '/newShare/update',
        '/newShare/rotateChannelPassword',
        '/newShare/draw',
        '/block/create',
        '/block/update',
        '/block/rotateKey',
        '/copy/create',
        '/copy/update',
        '/copy/close',
        '/lending/create',
        '/lending/update',
        '/news/list',
        '/news/create',
        '/news/update',
        '/news/publish',
        '/news/unpublish',
        '/notice/list',
        '/notice/create',
        '/notice/update',
        '/notice/publish',
        '/notice/unpublish',
      ],
      prose:
        'Secrets (a block product’s key, a new share’s channel password) are generated by the server, shown once in the create or rotate answer and stored hashed. Terms that users relied on lock after the first application (`product.terms_locked`). The draw runs once, after the application period, from a random seed chosen at creation: no operator picks winners. Until the draw only the seed’s SHA-256 is published and the seed itself is stored sealed (AES-256-GCM with the server’s secret key, as two-step secrets), so a database read or a backup does not tell who gets the leftover shares; the draw stores and publishes it in plain text.',
    },
    {
      title: 'What the back office cannot do',
      prose:
        'No call, for any role, sets prices, candles or exchange rates (the feed does), fills, positions or profit and loss (the engine does), balances (money moves only through user flows and review decisions; there is no manual adjustment), copy-fund results, or new-share allotments. Operators set offering terms, limits and fees.',
    },
    {
      title: 'Config',
      paths: ['/config/get', '/config/set'],
      extra: () =>
        'Changes apply to new operations only: an open order keeps the fees and holding rules it opened with. The keys, with their defaults:\n\n' +
        table(
          ['Key', 'Default'],
          configKeys.map((k) => [code(k.key), code(JSON.stringify(k.default))]),
        ),
    },
    {
      title: 'Audit log',
      paths: ['/audit/list'],
      prose:
        'Append-only: every back-office login, logout, data change and audited read, refused attempts included (`result` holds the code). Secrets never appear. System transitions are recorded in each record’s history instead.',
    },
  ],
};

function authOf(e: UserEndpoint): string {
  return e.auth === 'yes' ? 'auth yes' : e.auth === 'opt' ? 'auth opt' : 'auth no';
}

interface Rendered {
  head: string;
  summary: string;
  body: string;
}

function userEndpointText(e: UserEndpoint): Rendered {
  const tags = [authOf(e), ...(e.usesRequestId ? ['requestId'] : [])].join(' · ');
  return {
    head: `${code('POST ' + e.path)} · ${tags}`,
    summary: e.summary + '.',
    body: [
      `Success code: ${e.success ? code(e.success) : 'none'}. Takes a \`requestId\` (§1.6): ${e.usesRequestId ? 'yes' : 'no'}.`,
      '',
      'Request:',
      '',
      renderSchema(e.request, 'input'),
      '',
      'Answer `data`:',
      '',
      renderSchema(e.response, 'output'),
    ].join('\n'),
  };
}

function adminEndpointText(e: AdminEndpoint): Rendered {
  const right = e.right === null ? 'no session' : `right ${code(e.right)}`;
  return {
    head: `${code('POST /api/admin' + e.path)} · ${right}${e.mutating ? ' · changes data' : ''}`,
    summary: e.summary + '.',
    body: [
      e.mutating
        ? 'Success code: `result.update.ok`; needs `reason`; audited.'
        : 'Changes no data; no `reason` needed.',
      '',
      'Request:',
      '',
      renderSchema(e.request, 'input'),
      '',
      'Answer `data`:',
      '',
      renderSchema(e.response, 'output'),
    ].join('\n'),
  };
}

function refusalLine(refusals: Code[]): string {
  return 'Refusals, in the order the checks run: ' + refusals.map(code).join(' → ') + '.';
}

function endpointSection(s: Section): string {
  const registry = (s.admin ? Object.values(adminEndpoints) : Object.values(userEndpoints)) as (
    UserEndpoint | AdminEndpoint
  )[];
  const byPath = new Map(registry.map((e) => [e.path, e]));
  const placed = new Set(s.subs.flatMap((sub) => sub.paths ?? []));
  const owns = (p: string) => s.prefixes.some((pre) => pre === '/' || p === pre || p.startsWith(pre + '/'));
  const rest = registry
    .filter((e) => owns(e.path) && !placed.has(e.path) && (s.admin || !laterPaths.has(e.path)))
    .map((e) => e.path);
  const subs = rest.length > 0 ? [...s.subs, { title: 'Other calls', paths: rest }] : s.subs;
  const render = (e: UserEndpoint | AdminEndpoint) =>
    s.admin ? adminEndpointText(e as AdminEndpoint) : userEndpointText(e as UserEndpoint);
  const parts = [`## ${s.n}. ${s.title}`];
  if (s.intro) parts.push('', s.intro);
  subs.forEach((sub, i) => {
    const endpoints = (sub.paths ?? []).flatMap((p) => byPath.get(p) ?? []);
    const n = `${s.n}.${i + 1}`;
    // a sub that is one endpoint is headed by it; a sub of several gives each its own heading
    if (endpoints.length === 1 && sub.paths?.length === 1) {
      const r = render(endpoints[0]!);
      parts.push('', `### ${n} ${r.head}`, '', r.summary);
      if (sub.prose) parts.push('', sub.prose);
      if (sub.refusals) parts.push('', refusalLine(sub.refusals));
      if (sub.extra) parts.push('', sub.extra());
      parts.push('', r.body);
      return;
    }
    parts.push('', `### ${n} ${sub.title}`);
    if (sub.prose) parts.push('', sub.prose);
    if (sub.extra) parts.push('', sub.extra());
    for (const e of endpoints) {
      const r = render(e);
      parts.push('', `#### ${r.head}`, '', r.summary, '', r.body);
    }
  });
  return parts.join('\n');
}

function uploadSection(): string {
  return [
    '## 17. upload',
    '',
    `### 17.1 ${code('POST /upload/image')} · auth yes · multipart/form-data`,
    '',
    `The one call that is not JSON: full path \`/api/vue/upload/image\`, parts \`file\` and \`purpose\`. The image is checked by its content (${uploadContentTypes.map(code).join(', ')}), at most ${UPLOAD_MAX_BYTES} bytes, re-encoded and stripped of metadata. The answer's \`imageId\` is what a later call (real-name submission, deposit proof, wallet QR) refers to; each id is used once, by its owner, for its purpose (else \`unknown_upload\`).`,
    '',
    '`purpose`:',
    '',
    renderSchema(uploadPurposeField, 'input'),
    '',
    'Answer `data`:',
    '',
    renderSchema(uploadResponse, 'output'),
  ].join('\n');
}

function socketSection(): string {
  const limits = Object.entries(wsLimits).map(([k, v]) => [code(k), String(v)]);
  return [
    '## 18. WebSocket quotes: `/api/vue/ws`',
    '',
    'A same-origin WebSocket upgrade; quotes are public, so a connection needs no login. Frames are JSON text. Reconnecting clients subscribe again.',
    '',
    '### 18.1 Client frames',
    '',
    renderSchema(wsClientMessage, 'input'),
    '',
    'An `account` frame signs the connection in (browsers cannot set headers on a socket); it then also receives `{op: "account", data}` events telling the client what changed in the account (an order, a money movement) so that it re-reads.',
    '',
    '### 18.2 Server frames',
    '',
    '`ack` (echoes `id`, lists the subscribed and the rejected ids with their code), `quotes` (an array of quotes: the snapshot right after the `ack`, then every quote of the connection that changed in one tick), `quote` (a single quote, still understood by clients), `error` (a code of §4 with `msg` and `params`, echoing `id` when the frame could be read), `pong`, `account`. A quote:',
    '',
    renderSchema(wsQuote, 'output'),
    '',
    '### 18.3 Limits',
    '',
    'Too many client frames: an `error` `request.too_frequent`, then the close code below; no frame for the idle time: closed.',
    '',
    table(['Limit', 'Value'], limits),
  ].join('\n');
}

/* ---------------------------------------------------------------- the document */

export function buildApiDoc(prose: ApiDocProse): string {
  const userCount = Object.keys(userEndpoints).length;
  const adminCount = Object.keys(adminEndpoints).length;
  const parts = [
    '<!-- Generated by `npm run docs:api` from packages/contract (src/api-doc.ts and src/api-doc/*.md). Do not edit by hand. -->',
    '',
    '# HTTP API',
    '',
    `The contract between the server, the web app and the back office: ${userCount} user calls under \`/api/vue/\`, ${adminCount} back-office calls under \`/api/admin/\`, one upload and one WebSocket. Everything below §1 is generated from the zod schemas in \`packages/contract\`, the same ones the server validates with and the clients type their calls with; \`GET /api/docs\` serves the same contract as OpenAPI 3.1. Code comments cite this file as \`docs/api.md §N.M\`.`,
    '',
    'Schemas are shown in a compact TypeScript-like notation: `?` marks an optional field, `= x` its default, `(a…b)` a range of length, size or value; `Money`, `Price`, `Rate`, `Id`, `Timestamp`, `Date`, `Clock` and `RequestId` are the wire types of §1.4, and a capitalised name such as `Market` or `OrderState` is the enumeration of §2 with that name (`markets`, `orderStates`; `Currency` is the currency list of §1.9).',
    '',
    prose.conventions.trim(),
    '',
    enumerations(),
    '',
    stateMachines(),
    '',
    codeSection(),
    '',
    sharedObjects(),
    '',
    ...sections.flatMap((s) => [endpointSection(s), '']),
    uploadSection(),
    '',
    socketSection(),
    '',
    endpointSection(adminSection),
    '',
    prose.closing.trim(),
    ...laterSections.flatMap((s) => ['', endpointSection(s)]),
  ];
  return parts.join('\n') + '\n';
}
