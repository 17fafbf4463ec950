/**
 * What the "set alert" sheet checks before the user presses (docs/api.md §22.1, docs/ui.md "the
 * rule that would stop the user is shown before they press"): the value itself, then the server's
 * refusals in its order — `alert.too_many` → `alert.duplicate` → `alert.already_met` — from the
 * user's active alerts and the live quote. Every figure is an exact decimal string; a percentage
 * becomes the contract's rate by moving the decimal point, never through a float.
 */
import { Dec, priceAlertKinds, type Alert, type AlertKind, type AlertRepeat } from '@brokerage/contract';
import { compareDecimal, shiftDecimal } from '../../lib/format';

/** `alert.maxActive` when the client cannot read the configured value (docs/api.md §22.3). */
export const DEFAULT_MAX_ACTIVE = 50;
/** Decimals of a percentage: a rate has at most 8 (the request's value pattern), so a percent 6. */
export const PERCENT_DECIMALS = 6;

export function isPriceKind(kind: AlertKind): boolean {
  return priceAlertKinds.includes(kind);
}

/** A decimal string without trailing fraction zeros ("0.0250" → "0.025", "1.00" → "1"). */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * A typed percentage as the contract's rate in (0, 1]: "5" → "0.05", "2.5" → "0.025", "100" →
 * "1". Null when it is not a number above 0 and at most 100 with up to 6 decimals.
 */
export function percentToRate(percent: string): string | null {
  const text = percent.trim();
  if (!/^\d{1,3}(\.\d{1,6})?$/.test(text)) return null;
  const shifted = shiftDecimal(text, -2);
  if (shifted === null) return null;
  const rate = trimDecimal(shifted);
  return /^(0\.\d*[1-9]\d*|1)$/.test(rate) ? rate : null;
}

/** A rate as a percentage for display in the field ("0.025" → "2.5"). */
export function rateToPercent(rate: string): string {
  return trimDecimal(shiftDecimal(rate, 2) ?? rate);
}

/** The rule keys, in the order they are checked; the refusal codes carry the server's text. */
export type AlertRuleKey =
  | 'valueRequired'
  | 'percentRequired'
  | 'pricePositive'
  | 'priceDecimals'
  | 'percentRange'
  | 'checking'
  | 'too_many'
  | 'duplicate'
  | 'already_met';

export interface AlertRuleInput {
  instrumentId: string;
  kind: AlertKind;
  repeat: AlertRepeat;
  /** what the user typed: a price, or a percentage for the change kinds ('' when empty) */
  input: string;
  priceScale: number;
  /** the live quote: last price and the day's change rate */
  price: string;
  changeRate: string;
  /** every active alert of the user; undefined while they load */
  active: readonly Alert[] | undefined;
  maxActive: number;
}

export interface AlertRuleResult {
  /** the contract's `value` when the input is valid (a price, or a rate for the change kinds) */
  value: string | null;
  rules: AlertRuleKey[];
}

/** Whether the condition is already true at the quote, like the server's check (§22.1). */
export function alreadyMet(kind: AlertKind, value: string, price: string, changeRate: string): boolean {
  switch (kind) {
    case 'price_above':
      return compareDecimal(price, value) >= 0;
    case 'price_below':
      return compareDecimal(price, value) <= 0;
    case 'change_up':
      return compareDecimal(changeRate, value) >= 0;
    case 'change_down':
      return compareDecimal(changeRate, new Dec(value).negated().toString()) <= 0;
  }
}

/**
 * The same instrument, kind and value (numerically: "1.5" is "1.50") among the active alerts,
 * whatever the repeat (docs/api.md §22.1).
 */
export function isDuplicate(
  active: readonly Alert[],
  candidate: { instrumentId: string; kind: AlertKind; value: string },
): boolean {
  return active.some(
    (alert) =>
      alert.state === 'active' &&
      alert.instrumentId === candidate.instrumentId &&
      alert.kind === candidate.kind &&
      compareDecimal(alert.value, candidate.value) === 0,
  );
}

function valueOf(input: AlertRuleInput): { value: string | null; rule: AlertRuleKey | null } {
  const text = input.input.trim();
  if (isPriceKind(input.kind)) {
    if (text === '') return { value: null, rule: 'valueRequired' };
    if (!/^\d{1,15}(\.\d+)?$/.test(text)) return { value: null, rule: 'pricePositive' };
    const value = trimDecimal(text.replace(/^0+(?=\d)/, ''));
    if (compareDecimal(value, '0') <= 0) return { value: null, rule: 'pricePositive' };
    const decimals = value.includes('.') ? (value.split('.')[1]?.length ?? 0) : 0;
    if (decimals > input.priceScale) return { value: null, rule: 'priceDecimals' };
    return { value, rule: null };
  }
  if (text === '') return { value: null, rule: 'percentRequired' };
  const rate = percentToRate(text);
  return rate === null ? { value: null, rule: 'percentRange' } : { value: rate, rule: null };
}

/** What would stop this alert now, in the server's order; an empty list lets the user press. */
export function alertRules(input: AlertRuleInput): AlertRuleResult {
  const { value, rule } = valueOf(input);
  if (rule !== null || value === null) return { value: null, rules: rule ? [rule] : [] };
  if (input.active === undefined) return { value, rules: ['checking'] };
  const rules: AlertRuleKey[] = [];
  if (input.active.filter((alert) => alert.state === 'active').length >= input.maxActive) rules.push('too_many');
  else if (isDuplicate(input.active, { ...input, value })) rules.push('duplicate');
  else if (alreadyMet(input.kind, value, input.price, input.changeRate)) rules.push('already_met');
  return { value, rules };
}

/** Expiry choices in days (30 is the server's default; 180 the longest, §22.1). */
export const expiryChoices = [1, 7, 30, 90, 180] as const;
export type ExpiryDays = (typeof expiryChoices)[number];

/**
 * The `expiresAt` of a choice, from `now`. The longest choice stays a few minutes inside the
 * 180 days, so a phone clock slightly ahead of the server's is not refused as `out_of_range`.
 */
export function expiresAtOf(days: ExpiryDays, now: number): string {
  const margin = days === 180 ? 10 * 60_000 : 0;
  return new Date(now + days * 86_400_000 - margin).toISOString();
}

/** `alert.maxActive` from `/common/config` when the server sends it (`alert_max_active`), else the default. */
export function maxActiveOf(config: Record<string, string> | undefined): number {
  const raw = config?.alert_max_active;
  const parsed = raw === undefined ? Number.NaN : Number.parseInt(raw, 10);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : DEFAULT_MAX_ACTIVE;
}
