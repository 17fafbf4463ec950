/**
 * The figures and rules of a subscription (docs/api.md §12.3), so the screen shows what would stop the
 * user before they press. Amounts are `Dec` (the contract's decimal.js), never floats; share
 * counts are integers. The rules come in the server's order, each as its catalogue code so the
 * text is the one the server would send, in the user's language.
 */
import { Dec, type AccountType } from '@brokerage/contract';
import { formatMoney } from '../../lib/format';
import { codeText, type Rule } from '../../components/MoneyParts';
import type { NewShareData, SubscriptionRecordData } from './newshare-queries';

const plainDecimal = /^-?\d+(\.\d+)?$/;

function decimalOrNull(value: string | null | undefined): Dec | null {
  if (value === null || value === undefined || !plainDecimal.test(value.trim())) return null;
  return new Dec(value.trim());
}

/** "10000" → "10,000": share counts with thousands separators. */
export function formatShares(count: number): string {
  return formatMoney(String(count));
}

/** Whole shares typed into the quantity field: digits only, no leading zeros, at most 9 digits (the contract's maximum is 10^9). */
export function sanitiseQuantityInput(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 9);
}

/** The typed quantity as an integer, or null when nothing (or zero) was typed. */
export function quantityOf(input: string): number | null {
  if (!/^\d+$/.test(input)) return null;
  const value = Number.parseInt(input, 10);
  return value > 0 ? value : null;
}

/** issuePrice × quantity, exact (a decimal string), or null while no quantity is typed. */
export function subscriptionAmount(issuePrice: string, quantity: number | null): string | null {
  const price = decimalOrNull(issuePrice);
  if (!price || quantity === null) return null;
  return price.times(quantity).toFixed();
}

/** -1, 0 or 1 for two decimal strings (text that is not a number counts as 0). */
export function compareAmounts(a: string, b: string): number {
  return (decimalOrNull(a) ?? new Dec(0)).comparedTo(decimalOrNull(b) ?? new Dec(0));
}

/** The placement minimum of an account type, or null (not a placement, or no tier for that type). */
export function placementMinimum(
  detail: Pick<NewShareData, 'kind' | 'placementTiers'>,
  accountType: AccountType | undefined,
): string | null {
  if (detail.kind !== 'placement' || !detail.placementTiers || !accountType) return null;
  return detail.placementTiers.find((tier) => tier.accountType === accountType)?.minAmount ?? null;
}

/** Applications the caller may still make; null without a session (`my` is null). */
export function applicationsLeft(detail: Pick<NewShareData, 'my' | 'maxApplicationsPerUser'>): number | null {
  if (!detail.my) return null;
  return Math.max(0, detail.maxApplicationsPerUser - detail.my.applications);
}

export interface SubscribeInput {
  quantity: number | null;
  channelPassword: string;
  /** Available balance in the offering's currency; undefined while unknown. */
  available: string | undefined;
  accountType: AccountType | undefined;
}

/**
 * What stops this application now, in the server's order after the gates (§12.3): channel, window,
 * channel password, applications left, IPO minimum shares, placement minimum, minimum investment,
 * then funds (checked for both payment modes).
 */
export function subscribeRules(detail: NewShareData, input: SubscribeInput): Rule[] {
  const rules: Rule[] = [];
  if (!detail.channelOpen) return [{ key: 'channel', text: codeText('subscription.channel_closed') }];
  if (detail.phase === 'upcoming')
    return [{ key: 'window', text: codeText('subscription.not_started', { start: detail.applyStart }) }];
  if (detail.phase !== 'open')
    return [{ key: 'window', text: codeText('subscription.ended', { end: detail.applyEnd }) }];
  const left = applicationsLeft(detail);
  if (left !== null && left <= 0) {
    return [{ key: 'limit', text: codeText('subscription.limit_reached', { count: detail.maxApplicationsPerUser }) }];
  }
  const { quantity } = input;
  if (quantity === null) return rules;
  if (detail.channelPasswordRequired) {
    const length = input.channelPassword.length;
    if (length < 4 || length > 64) rules.push({ key: 'password', text: codeText('password.channel_wrong') });
  }
  if (detail.kind === 'ipo' && quantity < detail.minShares) {
    rules.push({ key: 'min-shares', text: codeText('subscription.min_shares', { min: String(detail.minShares) }) });
  }
  const amount = subscriptionAmount(detail.issuePrice, quantity) ?? '0';
  const placementMin = placementMinimum(detail, input.accountType);
  if (placementMin !== null && compareAmounts(amount, placementMin) < 0) {
    rules.push({
      key: 'placement-min',
      text: codeText('subscription.placement_min_amount', { min: placementMin, currency: detail.currency }),
    });
  }
  if (compareAmounts(amount, detail.minInvestment) < 0) {
    rules.push({
      key: 'min-funds',
      text: codeText('subscription.min_funds', { min: detail.minInvestment, currency: detail.currency }),
    });
  }
  if (input.available !== undefined && compareAmounts(amount, input.available) > 0) {
    rules.push({
      key: 'balance',
      text: codeText('funds.insufficient_available', {
        available: input.available,
        required: amount,
        currency: detail.currency,
      }),
    });
  }
  return rules;
}

/** Whether the available balance covers an allotment awaiting payment. */
export function canPay(record: Pick<SubscriptionRecordData, 'amountPayable'>, available: string | undefined): boolean {
  return available !== undefined && compareAmounts(available, record.amountPayable) >= 0;
}
