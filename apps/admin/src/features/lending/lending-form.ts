/**
 * The lending product form (docs/api.md §19.5 `/lending/create`, `/lending/update`): values, the problems
 * the contract would refuse (checked here with its own schemas so the operator sees them under the
 * field), the create body and an update body with only what changed, and the rate shown as
 * percentages. Amounts and rates stay decimal strings; amounts compare as the contract's `Money`, rates as `Dec`. Pure, so it is
 * tested in node.
 */
import {
  Dec,
  Money,
  adminLendingCreateRequest,
  currencies,
  isCurrency,
  rate,
  whole,
  type AdminRequestOf,
  type Currency,
  type LendingProduct,
} from '@brokerage/contract';
import { percentOf, sameDecimal } from '../../lib/decimal';
import { namesBody, namesValuesOf, sameNames, type NamesValues } from '../../components/product-names';

export interface LendingFormValues {
  name: string;
  /** the name in the other languages (empty: English) */
  names: NamesValues;
  currency: Currency;
  dailyRate: string;
  termDays: number | null;
  minAmount: string;
  quota: string;
  open: boolean;
  reason: string;
}

export type LendingField = 'name' | 'currency' | 'dailyRate' | 'termDays' | 'minAmount' | 'quota';

export const termDaysMax = 3650;
export const nameMax = 100;
/** A daily rate above this (≈ 365 % a year) is allowed but flagged: it is most likely a typo for a percentage. */
export const highDailyRate = '0.01';

const wholeAmount = whole();

/** Whether the rate and term can no longer change: applications exist (quota used), or the server said so. */
export function termsLockedOf(product: LendingProduct | null, refusedIds: ReadonlySet<string>): boolean {
  if (!product) return false;
  if (refusedIds.has(product.id)) return true;
  try {
    return Money.of(product.quotaUsed, product.currency).isPositive();
  } catch {
    return false;
  }
}

export function lendingFormValuesOf(product: LendingProduct | null): LendingFormValues {
  return {
    name: product?.name ?? '',
    names: namesValuesOf(product?.names),
    currency: product?.currency ?? 'MXN',
    dailyRate: product?.dailyRate ?? '',
    termDays: product?.termDays ?? null,
    minAmount: product ? wholeText(product.minAmount, product.currency) : '',
    quota: product ? wholeText(product.quota, product.currency) : '',
    open: product?.open ?? true,
    reason: '',
  };
}

/** "10000.00" → "10000" for the form (whole amounts only). */
function wholeText(value: string, currency: Currency): string {
  try {
    const amount = Money.of(value, currency).amount;
    return amount.isInteger() ? amount.toString() : value;
  } catch {
    return value;
  }
}

function trimmed(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/** The problem of each field the server would refuse, or that makes no sense (minimum above the quota). */
export function lendingProblems(values: LendingFormValues): Partial<Record<LendingField, string>> {
  const problems: Partial<Record<LendingField, string>> = {};
  const name = trimmed(values.name);
  if (name === '') problems.name = 'Enter the name users see';
  else if (name.length > nameMax) problems.name = `At most ${nameMax} characters`;
  if (!isCurrency(values.currency)) problems.currency = 'Choose a currency';
  const dailyRate = trimmed(values.dailyRate);
  if (dailyRate === '') problems.dailyRate = 'Enter the daily rate';
  else if (!rate.safeParse(dailyRate).success)
    problems.dailyRate = 'A decimal fraction with at most 8 decimals, e.g. 0.0003 for 0.03 % a day';
  else if (!new Dec(dailyRate).greaterThan(0)) problems.dailyRate = 'The daily rate must be above 0';
  const term = values.termDays;
  if (term === null || !Number.isInteger(term) || term < 1 || term > termDaysMax)
    problems.termDays = `A whole number of days, 1–${termDaysMax}`;
  const minAmount = trimmed(values.minAmount);
  const quota = trimmed(values.quota);
  if (!wholeAmount.safeParse(minAmount).success) problems.minAmount = 'A whole amount above 0, no decimals';
  if (!wholeAmount.safeParse(quota).success) problems.quota = 'A whole amount above 0, no decimals';
  if (
    !problems.minAmount &&
    !problems.quota &&
    isCurrency(values.currency) &&
    Money.of(minAmount, values.currency).isGreaterThan(Money.of(quota, values.currency))
  ) {
    problems.minAmount = 'The minimum cannot be above the quota';
  }
  return problems;
}

export function lendingCreateBody(values: LendingFormValues): AdminRequestOf<'lendingCreate'> {
  return adminLendingCreateRequest.parse({
    name: trimmed(values.name),
    names: namesBody(values.names),
    currency: values.currency,
    dailyRate: trimmed(values.dailyRate),
    termDays: values.termDays,
    minAmount: trimmed(values.minAmount),
    quota: trimmed(values.quota),
    open: values.open,
    reason: trimmed(values.reason),
  });
}

/**
 * The update body: `id`, `reason` and only the fields that changed (rate and term only while they
 * are not locked), or null when nothing changed.
 */
export function lendingUpdateBody(
  product: LendingProduct,
  values: LendingFormValues,
  termsLocked: boolean,
): AdminRequestOf<'lendingUpdate'> | null {
  const body: AdminRequestOf<'lendingUpdate'> = { id: product.id, reason: trimmed(values.reason) };
  let isChanged = false;
  const name = trimmed(values.name);
  if (name !== product.name) {
    body.name = name;
    isChanged = true;
  }
  const names = namesBody(values.names);
  if (!sameNames(names, product.names)) {
    // the whole map: a language emptied is removed
    body.names = names;
    isChanged = true;
  }
  const minAmount = trimmed(values.minAmount);
  if (!sameDecimal(minAmount, product.minAmount)) {
    body.minAmount = minAmount;
    isChanged = true;
  }
  const quota = trimmed(values.quota);
  if (!sameDecimal(quota, product.quota)) {
    body.quota = quota;
    isChanged = true;
  }
  if (values.open !== product.open) {
    body.open = values.open;
    isChanged = true;
  }
  if (!termsLocked) {
    const dailyRate = trimmed(values.dailyRate);
    if (!sameDecimal(dailyRate, product.dailyRate)) {
      body.dailyRate = dailyRate;
      isChanged = true;
    }
    if (values.termDays !== null && values.termDays !== product.termDays) {
      body.termDays = values.termDays;
      isChanged = true;
    }
  }
  return isChanged ? body : null;
}

/** "0.0003" → "0.03 % a day, ≈ 10.95 % a year" (simple: daily × 365); null when the text is not a rate. */
export function rateDescription(dailyRate: string): string | null {
  const text = dailyRate.trim();
  if (!rate.safeParse(text).success) return null;
  const places = Math.min(6, Math.max(2, new Dec(text).times(100).decimalPlaces()));
  const annual = percentOf(new Dec(text).times(365), 2, 'half_up');
  return `${percentOf(text, places, 'half_up')} % a day, ≈ ${annual} % a year`;
}

export function isHighRate(dailyRate: string): boolean {
  const text = dailyRate.trim();
  return rate.safeParse(text).success && new Dec(text).greaterThan(highDailyRate);
}

/** quotaUsed / quota as a percentage with 1 decimal, for the table; "—" when the quota is 0 or unreadable. */
export function quotaShare(quota: string, quotaUsed: string): string {
  try {
    const total = new Dec(quota);
    if (total.isZero()) return '—';
    return `${percentOf(new Dec(quotaUsed).dividedBy(total), 1, 'down')} %`;
  } catch {
    return '—';
  }
}

export const currencyOptions = currencies.map((value) => ({ value, label: value }));
