// Personal messages (docs/api.md §7.5, `kind: "message"`): review results, lending settlement...
// The server stores and sends a message as one of these codes plus its params, never as a
// sentence; the client translates `<code>.title` and `<code>.body` in the user's language
// (packages/i18n) and renders the result as text. The English texts here are the defaults
// (and the `title`/`content` the wire still carries for older clients).
//
// Params are strings: decimal strings for money (with `currency`), Timestamps for times,
// and plain text for what an operator or a product supplies (`reason`, `product`), which a
// client shows as literal text and never interprets as markup.
// A param listed in `translated` (a product's name, which the operator writes per language) may
// come with its text in the other languages as `<param>.<language>` (`product.de`, `product.zh`,
// …), taken when the message is sent; a reader's language picks its text (`paramsIn`), English
// (the param itself) when there is none. Messages sent before carry only the English.
// Codes never change meaning: to change one, add a new code and retire the old.
import type { Language } from './enums.js';

export const messageCatalogue = {
  'message.kyc.approved': {
    params: ['name'],
    title: 'Real-name verification approved',
    en: 'Your real-name verification as {name} was approved. You can now deposit, trade and withdraw.',
  },
  'message.kyc.rejected': {
    params: ['reason'],
    title: 'Real-name verification rejected',
    en: 'Your real-name verification was rejected. Reason: {reason}',
  },
  'message.deposit.approved': {
    params: ['orderNo', 'amount', 'currency'],
    title: 'Deposit approved',
    en: 'Your deposit {orderNo} of {amount} {currency} was approved and credited to your available balance.',
  },
  'message.deposit.rejected': {
    params: ['orderNo', 'amount', 'currency', 'reason'],
    title: 'Deposit rejected',
    en: 'Your deposit {orderNo} of {amount} {currency} was rejected. Reason: {reason}',
  },
  'message.withdraw.approved': {
    params: ['orderNo', 'amount', 'currency'],
    title: 'Withdrawal approved',
    en: 'Your withdrawal {orderNo} of {amount} {currency} was approved and paid out.',
  },
  'message.withdraw.rejected': {
    params: ['orderNo', 'amount', 'currency', 'reason'],
    title: 'Withdrawal rejected',
    en: 'Your withdrawal {orderNo} of {amount} {currency} was rejected and the amount is available again. Reason: {reason}',
  },
  'message.day_trade.approved': {
    params: [],
    title: 'Day trading enabled',
    en: 'Your day-trading application was approved: T+N no longer applies to your closes. The minimum holding time still does.',
  },
  'message.day_trade.rejected': {
    params: ['reason'],
    title: 'Day-trading application rejected',
    en: 'Your day-trading application was rejected. Reason: {reason}',
  },
  'message.lending.matched': {
    params: ['product', 'amount', 'currency', 'startedAt', 'endsAt'],
    translated: ['product'],
    title: 'Lending matched',
    en: '{product}: {amount} {currency} lent from {startedAt} until {endsAt}.',
  },
  'message.lending.failed': {
    params: ['product', 'amount', 'currency'],
    translated: ['product'],
    title: 'Lending not matched',
    en: '{product}: the product closed before the settlement; {amount} {currency} is available again.',
  },
  'message.lending.completed': {
    params: ['product', 'amount', 'interest', 'currency'],
    translated: ['product'],
    title: 'Lending completed',
    en: '{product}: {amount} {currency} and interest of {interest} {currency} credited to your available balance.',
  },
  'message.subscription.awaiting_payment': {
    params: ['product', 'allotted', 'amount', 'currency', 'deadline'],
    title: 'New shares allotted',
    en: '{product}: {allotted} shares allotted. Pay {amount} {currency} by {deadline} to keep them.',
  },
  'message.subscription.paid': {
    params: ['product', 'allotted', 'amount', 'released', 'currency'],
    title: 'New shares allotted and paid',
    en: '{product}: {allotted} shares allotted, {amount} {currency} paid from your frozen funds; {released} {currency} is available again.',
  },
  'message.subscription.lost': {
    params: ['product', 'released', 'currency'],
    title: 'New shares not allotted',
    en: '{product}: no shares were allotted to you. {released} {currency} is available again.',
  },
  'message.subscription.payment_failed': {
    params: ['product'],
    title: 'New-share payment missed',
    en: '{product}: the payment deadline passed without payment; the allotment has lapsed.',
  },
  'message.subscription.listed': {
    params: ['product', 'allotted'],
    title: 'New shares listed',
    en: '{product} is listed: your {allotted} shares are now a position in your portfolio.',
  },
  'message.block.approved': {
    params: ['code', 'shares', 'price', 'currency'],
    title: 'Block trade approved',
    en: 'Your block trade of {shares} {code} at {price} {currency} was approved; the position is in your portfolio.',
  },
  'message.block.rejected': {
    params: ['code', 'shares', 'reason'],
    title: 'Block trade rejected',
    en: 'Your block trade of {shares} {code} was rejected and the frozen amount is available again. Reason: {reason}',
  },
  'message.copy.ended': {
    params: ['product', 'payout', 'currency'],
    translated: ['product'],
    title: 'Copy trade ended',
    en: '{product} has ended: your payout of {payout} {currency} is in your available balance.',
  },
  'message.loan.approved': {
    params: ['orderNo', 'amount', 'currency'],
    title: 'Loan approved',
    en: 'Your loan {orderNo} of {amount} {currency} was approved and credited to your available balance. Interest accrues daily on the unpaid principal.',
  },
  'message.loan.rejected': {
    params: ['orderNo', 'amount', 'currency', 'reason'],
    title: 'Loan rejected',
    en: 'Your loan application {orderNo} of {amount} {currency} was rejected. Reason: {reason}',
  },
  'message.quota.approved': {
    params: ['amount', 'currency'],
    title: 'Credit raise approved',
    en: 'Your request was approved: your loan quota was raised by {amount} {currency}.',
  },
  'message.quota.rejected': {
    params: ['amount', 'currency', 'reason'],
    title: 'Credit raise rejected',
    en: 'Your request to raise your loan quota by {amount} {currency} was rejected. Reason: {reason}',
  },
  'message.order.filled': {
    params: ['orderNo', 'code', 'name', 'lots', 'price', 'currency'],
    title: 'Limit order filled',
    en: 'Your limit order {orderNo} for {lots} lots of {name} ({code}) was filled at {price} {currency}. The position is in your portfolio.',
  },
  'message.position.take_profit': {
    params: ['orderNo', 'code', 'name', 'lots', 'price', 'profit', 'amount', 'currency'],
    title: 'Take-profit reached',
    en: 'Your position {orderNo} ({lots} lots of {name}, {code}) reached its take-profit and was closed at {price}. Profit and loss: {profit} {currency}; {amount} {currency} went back to your account.',
  },
  'message.position.stop_loss': {
    params: ['orderNo', 'code', 'name', 'lots', 'price', 'profit', 'amount', 'currency'],
    title: 'Stop-loss reached',
    en: 'Your position {orderNo} ({lots} lots of {name}, {code}) reached its stop-loss and was closed at {price}. Profit and loss: {profit} {currency}; {amount} {currency} went back to your account.',
  },
  'message.position.stop_out': {
    params: ['orderNo', 'code', 'name', 'lots', 'price', 'profit', 'amount', 'currency'],
    title: 'Position stopped out',
    en: 'The loss of your position {orderNo} ({lots} lots of {name}, {code}) reached the stop-out level, so it was closed at {price}. Profit and loss: {profit} {currency}; {amount} {currency} went back to your account.',
  },
  'message.position.delisted': {
    params: ['orderNo', 'code', 'name', 'lots', 'price', 'profit', 'amount', 'currency'],
    title: 'Position closed: delisted',
    en: '{name} ({code}) was delisted, so your position {orderNo} ({lots} lots) was closed at its last price {price}. Profit and loss: {profit} {currency}; {amount} {currency} went back to your account.',
  },
  /**
   * A price alert fired (docs/api.md §22.3), one code per kind so every language can say it well.
   * `percent` and `changePercent` are rates × 100 as exact decimal strings (`"5"` for 0.05).
   */
  'message.alert.price_above': {
    params: ['code', 'name', 'value', 'price'],
    title: '{code} reached your alert',
    en: '{name} ({code}) is at {price}, at or above your alert level of {value}.',
  },
  'message.alert.price_below': {
    params: ['code', 'name', 'value', 'price'],
    title: '{code} reached your alert',
    en: '{name} ({code}) is at {price}, at or below your alert level of {value}.',
  },
  'message.alert.change_up': {
    params: ['code', 'name', 'percent', 'changePercent', 'price'],
    title: '{code} is up {changePercent}% today',
    en: '{name} ({code}) is up {changePercent}% today at {price}, past your alert of +{percent}%.',
  },
  'message.alert.change_down': {
    params: ['code', 'name', 'percent', 'changePercent', 'price'],
    title: '{code} is down {changePercent}% today',
    en: '{name} ({code}) is down {changePercent}% today at {price}, past your alert of −{percent}%.',
  },
  /** An operator turned off the user's two-step verification (docs/api.md §23.1). */
  'message.security.totp_reset': {
    params: [],
    title: 'Two-step verification turned off',
    en: 'Two-step verification was turned off by customer service.',
  },
  /** A sign-in from a device (browser, system and /24) not seen on the account for 90 days (§23.8). */
  'message.security.new_login': {
    params: ['device', 'ip', 'time'],
    title: 'New sign-in to your account',
    en: 'New sign-in from {device} ({ip}) at {time}. If this was not you, change your password and end that session under Security.',
  },
  /** A passkey sign-in was refused because its signature counter did not move forward (docs/api.md §23.7). */
  'message.security.passkey_clone': {
    params: [],
    title: 'Passkey refused',
    en: 'A passkey of your account was refused: it may have been copied.',
  },
  /**
   * A message stored before messages were codes (migration 0009): its old English title and
   * content, kept as plain-text params and shown as text, untranslated.
   */
  'message.legacy': {
    params: ['title', 'content'],
    title: '{title}',
    en: '{content}',
  },
} as const satisfies Record<
  string,
  { params: readonly string[]; translated?: readonly string[]; title: string; en: string }
>;

export type MessageCode = keyof typeof messageCatalogue;
export const messageCodes = Object.keys(messageCatalogue) as [MessageCode, ...MessageCode[]];

/** The languages a translated param may carry besides its English text (the param itself). */
const otherLanguages = ['de', 'zh', 'esp', 'kor'] as const satisfies readonly Exclude<Language, 'en'>[];
type OtherLanguage = (typeof otherLanguages)[number];

/** The params of a code whose text may come in other languages too (a product's name). */
export type TranslatedParam<C extends MessageCode> = (typeof messageCatalogue)[C] extends {
  translated: readonly (infer P extends string)[];
}
  ? P
  : never;

/**
 * The params a message code takes, as an object type: every declared param is a string; a
 * translated one may add its text in other languages (`product.de`).
 */
export type MessageParams<C extends MessageCode> = Record<(typeof messageCatalogue)[C]['params'][number], string> &
  Partial<Record<`${TranslatedParam<C>}.${OtherLanguage}`, string>>;

/** The params of `code` that may carry other languages (`[]` for most). */
export function translatedParams(code: string): readonly string[] {
  if (!isMessageCode(code)) return [];
  const entry: { params: readonly string[]; translated?: readonly string[] } = messageCatalogue[code];
  return entry.translated ?? [];
}

/**
 * `param` with its texts in other languages, as a message stores them: `{product: "MXN 7-day",
 * "product.de": "MXN 7 Tage", …}` from the English name and the operator's translations (a
 * language without one is left out; its readers get the English).
 */
export function withTranslations<P extends string>(
  param: P,
  english: string,
  translations: Partial<Record<OtherLanguage, string>> | null | undefined,
): Record<P, string> & Partial<Record<`${P}.${OtherLanguage}`, string>> {
  const out: Record<string, string> = { [param]: english };
  for (const language of otherLanguages) {
    const text = translations?.[language];
    if (typeof text === 'string' && text.trim() !== '') out[`${param}.${language}`] = text;
  }
  return out as Record<P, string> & Partial<Record<`${P}.${OtherLanguage}`, string>>;
}

/**
 * A message's params for a reader of `language`: each translated param in that language when the
 * message carries it, else in English; the other languages' texts left out, so only the params
 * of the code remain. Other params as they are.
 */
export function paramsIn(
  code: string,
  params: Readonly<Record<string, string>>,
  language: Language,
): Record<string, string> {
  const translated = translatedParams(code);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const dot = key.lastIndexOf('.');
    if (dot > 0 && translated.includes(key.slice(0, dot))) continue;
    out[key] = value;
  }
  if (language === 'en') return out;
  for (const param of translated) {
    const text = params[`${param}.${language}`];
    if (typeof text === 'string' && text !== '') out[param] = text;
  }
  return out;
}

/** A personal message as stored and sent: a code and its params. */
export type MessageOf<C extends MessageCode = MessageCode> = C extends MessageCode
  ? { code: C; params: MessageParams<C> }
  : never;

/** Longest plain-text param (an operator's reason, a product name) a message keeps. */
export const MESSAGE_TEXT_MAX = 500;

function fill(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The English title and content of a message (the defaults above, params filled in as they are). */
export function renderMessageEnglish(
  code: MessageCode,
  params: Readonly<Record<string, string>>,
): { title: string; content: string } {
  const entry = messageCatalogue[code];
  return { title: fill(entry.title, params), content: fill(entry.en, params) };
}

export function isMessageCode(code: string): code is MessageCode {
  return Object.prototype.hasOwnProperty.call(messageCatalogue, code);
}
