/**
 * The copy-trading fund form (docs/api.md §19.5 `/copy/create`, `/copy/update`): values, the problems the
 * contract would refuse (checked with its own schema so the operator sees them under the field), the
 * create body, and an update body with only what changed. An edit may change the name, the minimum,
 * the copy deadline and the switch; everything else is fixed once created. There is deliberately no
 * field for a result, profit or payout: those come only from the strategy engine (§19.6). Amounts
 * stay decimal strings (amounts compare as the contract's `Money`). Pure, so it is tested in node.
 */
import {
  adminCopyCreateRequest,
  copyCurrencies,
  Dec,
  Money,
  strategyNos,
  type AdminCopyFund,
  type AdminRequestOf,
  type CopyCurrency,
  type StrategyNo,
} from '@brokerage/contract';
import { sameDecimal } from '../../lib/decimal';
import { namesBody, namesValuesOf, sameNames, type NamesValues } from '../../components/product-names';

export interface CopyFormValues {
  name: string;
  /** the name in the other languages (empty: English); editable like the name */
  names: NamesValues;
  strategyNo: StrategyNo;
  currency: CopyCurrency;
  fundSize: string;
  minAmount: string;
  lockupDays: number | null;
  tradeCycleDays: number | null;
  copyDeadline: string;
  endTime: string;
  expectedReturnRate: string;
  open: boolean;
  reason: string;
}

export type CopyField = Exclude<keyof CopyFormValues, 'reason' | 'names'>;

/** The fields an edit may change (§19.5). */
export const editableFields = ['name', 'minAmount', 'copyDeadline', 'open'] as const satisfies readonly CopyField[];

export const strategyOptions: { value: StrategyNo; label: string }[] = strategyNos.map((value) => ({
  value,
  label:
    value === 'MOM-20'
      ? 'MOM-20 — momentum: holds the top of its market by 20-day return'
      : 'MR-5 — mean reversion: holds what fell most over 5 days',
}));

export const currencyOptions: { value: CopyCurrency; label: string }[] = copyCurrencies.map((value) => ({
  value,
  label:
    value === 'USDT'
      ? 'USDT (digital currencies, 24/7)'
      : value === 'MXN'
        ? 'MXN (Mexican stocks)'
        : value === 'USD'
          ? 'USD (US stocks)'
          : 'EUR (European stocks)',
}));

export const timestampHint = 'UTC time like 2025-03-31T21:00:00Z';

export function copyFormValuesOf(fund: AdminCopyFund | null): CopyFormValues {
  return {
    name: fund?.name ?? '',
    names: namesValuesOf(fund?.names),
    strategyNo: fund?.strategyNo ?? 'MOM-20',
    currency: fund?.currency ?? 'USD',
    fundSize: fund?.fundSize ?? '',
    minAmount: fund?.minAmount ?? '',
    lockupDays: fund?.lockupDays ?? 0,
    tradeCycleDays: fund?.tradeCycleDays ?? 30,
    copyDeadline: fund?.copyDeadline ?? '',
    endTime: fund?.endTime ?? '',
    expectedReturnRate: fund?.expectedReturnRate ?? '',
    open: fund?.open ?? true,
    reason: '',
  };
}

const trim = (value: string | null | undefined) => (value ?? '').trim();

function termsOf(values: CopyFormValues) {
  return {
    name: trim(values.name),
    names: namesBody(values.names),
    strategyNo: values.strategyNo,
    currency: values.currency,
    fundSize: trim(values.fundSize),
    minAmount: trim(values.minAmount),
    lockupDays: values.lockupDays,
    tradeCycleDays: values.tradeCycleDays,
    copyDeadline: trim(values.copyDeadline),
    endTime: trim(values.endTime),
    expectedReturnRate: trim(values.expectedReturnRate),
    open: values.open,
  };
}

const fieldTexts: Partial<Record<CopyField, string>> = {
  name: '1 to 100 characters',
  fundSize: 'A whole amount above 0, e.g. 5000000',
  minAmount: 'A whole amount above 0, e.g. 1000',
  lockupDays: 'Whole days from 0 to 3650',
  tradeCycleDays: 'Whole days from 1 to 3650',
  copyDeadline: timestampHint,
  endTime: timestampHint,
  expectedReturnRate: 'A fraction with at most 8 decimals, e.g. 0.12 for 12 %',
};

const isWhole = (value: string) => /^\d+(\.0+)?$/.test(value);

/** "0.12" → "12 %": how the expected return reads to a follower. */
export function percentText(rate: string): string | null {
  if (!/^\d{1,6}(\.\d{1,8})?$/.test(rate.trim())) return null;
  return `${new Dec(rate.trim()).times(100).toString()} %`;
}

/** The problem of each field the server would refuse, or whose combination makes no sense. */
export function copyProblems(values: CopyFormValues, now = Date.now()): Partial<Record<CopyField, string>> {
  const problems: Partial<Record<CopyField, string>> = {};
  const terms = termsOf(values);
  const parsed = adminCopyCreateRequest.omit({ reason: true }).safeParse(terms);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first] = issue.path;
      if (typeof first !== 'string') continue;
      const field = first as CopyField;
      problems[field] ??= fieldTexts[field] ?? (issue.code === 'invalid_type' ? 'Required' : 'Out of range');
    }
  }
  if (
    !problems.minAmount &&
    !problems.fundSize &&
    isWhole(terms.minAmount) &&
    isWhole(terms.fundSize) &&
    Money.of(terms.minAmount, terms.currency).isGreaterThan(Money.of(terms.fundSize, terms.currency))
  ) {
    problems.minAmount = 'The minimum cannot be above the fund size: nobody could subscribe';
  }
  const deadline = Date.parse(terms.copyDeadline);
  const end = Date.parse(terms.endTime);
  if (!problems.copyDeadline && !problems.endTime && deadline > end)
    problems.copyDeadline = 'The copy deadline must come before the end time';
  if (!problems.endTime && end <= now) problems.endTime = 'The end time must be in the future';
  return problems;
}

export function copyCreateBody(values: CopyFormValues): AdminRequestOf<'copyCreate'> {
  return adminCopyCreateRequest.parse({ ...termsOf(values), reason: trim(values.reason) });
}

/** The update body: `id`, `reason` and only what changed, or null when nothing did. */
export function copyUpdateBody(fund: AdminCopyFund, values: CopyFormValues): AdminRequestOf<'copyUpdate'> | null {
  const terms = termsOf(values);
  const changes: Record<string, unknown> = {};
  for (const key of editableFields) {
    const next = terms[key];
    const stored = fund[key];
    const same =
      key === 'minAmount' && typeof next === 'string' && isWhole(next)
        ? sameDecimal(next, stored as string)
        : key === 'copyDeadline' && typeof next === 'string'
          ? Date.parse(next) === Date.parse(stored as string)
          : next === stored;
    if (!same) changes[key] = next;
  }
  // the whole map: a language emptied is removed
  if (!sameNames(terms.names, fund.names)) changes.names = terms.names;
  if (Object.keys(changes).length === 0) return null;
  return { id: fund.id, ...changes, reason: trim(values.reason) } as AdminRequestOf<'copyUpdate'>;
}

/** The problems of an edit: only the fields an edit changes, plus the deadline against the fixed end time and the minimum against the size. */
export function copyEditProblems(fund: AdminCopyFund, values: CopyFormValues): Partial<Record<CopyField, string>> {
  const all = copyProblems(
    {
      ...copyFormValuesOf(fund),
      name: values.name,
      names: values.names,
      minAmount: values.minAmount,
      copyDeadline: values.copyDeadline,
      open: values.open,
      reason: '',
    },
    Number.NEGATIVE_INFINITY,
  );
  const problems: Partial<Record<CopyField, string>> = {};
  for (const key of editableFields) if (all[key]) problems[key] = all[key];
  return problems;
}
