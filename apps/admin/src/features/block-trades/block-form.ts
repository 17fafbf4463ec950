/**
 * The block-trade product form (docs/api.md §19.5 `/block/create`, `/block/update`): values, the problems
 * the contract would refuse (checked with its own schema so the operator sees them under the field),
 * the create body, and an update body with only what changed. The instrument and the kind are fixed
 * once created; a change applies to new applications only. Prices stay decimal strings (`sameDecimal`
 * compares them). Pure, so it is tested in node.
 */
import {
  adminBlockCreateRequest,
  type AdminBlockProduct,
  type AdminRequestOf,
  type BlockKind,
} from '@brokerage/contract';
import { sameDecimal } from '../../lib/decimal';

export interface BlockFormValues {
  instrumentId: string;
  kind: BlockKind;
  price: string;
  minShares: number | null;
  /** Empty: no daily limit. */
  dailyLimit: number | null;
  lockDays: number | null;
  open: boolean;
  reason: string;
}

export type BlockField = Exclude<keyof BlockFormValues, 'reason'>;

/** The fields an edit may change (§19.5); the instrument and the kind are fixed once created. */
export const editableFields = ['price', 'minShares', 'dailyLimit', 'lockDays', 'open'] as const;

export const kindOptions: { value: BlockKind; label: string }[] = [
  { value: 'block', label: 'Block trade' },
  { value: 'agreement', label: 'Agreement bidding' },
];

export const instrumentIdHint = 'The instrument id: i_<market>_<code>, e.g. i_mxn_WALMEX';

export function blockFormValuesOf(product: AdminBlockProduct | null): BlockFormValues {
  return {
    instrumentId: product?.instrumentId ?? '',
    kind: product?.kind ?? 'block',
    price: product?.price ?? '',
    minShares: product?.minShares ?? null,
    dailyLimit: product?.dailyLimit ?? null,
    lockDays: product?.lockDays ?? 0,
    open: product?.open ?? true,
    reason: '',
  };
}

const trim = (value: string | null | undefined) => (value ?? '').trim();

function termsOf(values: BlockFormValues) {
  return {
    instrumentId: trim(values.instrumentId),
    kind: values.kind,
    price: trim(values.price),
    minShares: values.minShares,
    dailyLimit: values.dailyLimit ?? null,
    lockDays: values.lockDays,
    open: values.open,
  };
}

const fieldTexts: Partial<Record<BlockField, string>> = {
  instrumentId: instrumentIdHint,
  price: 'A price above 0 with at most 2 decimals, e.g. 58.20',
  minShares: 'Whole shares from 1 to 10,000,000',
  dailyLimit: 'Empty for no limit, or whole shares from 1 to 10,000,000',
  lockDays: 'Whole days from 0 to 3650',
};

/** The problem of each field the server would refuse, or whose combination makes no sense. */
export function blockProblems(values: BlockFormValues): Partial<Record<BlockField, string>> {
  const problems: Partial<Record<BlockField, string>> = {};
  const parsed = adminBlockCreateRequest.omit({ reason: true }).safeParse(termsOf(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first] = issue.path;
      if (typeof first !== 'string') continue;
      const field = first as BlockField;
      problems[field] ??= fieldTexts[field] ?? (issue.code === 'invalid_type' ? 'Required' : 'Out of range');
    }
  }
  if (
    !problems.dailyLimit &&
    values.dailyLimit !== null &&
    values.minShares !== null &&
    values.dailyLimit < values.minShares
  ) {
    problems.dailyLimit = 'The daily limit cannot be below the minimum: nobody could apply';
  }
  return problems;
}

export function blockCreateBody(values: BlockFormValues): AdminRequestOf<'blockCreate'> {
  return adminBlockCreateRequest.parse({ ...termsOf(values), reason: trim(values.reason) });
}

/** The update body: `id`, `reason` and only what changed, or null when nothing did. */
export function blockUpdateBody(
  product: AdminBlockProduct,
  values: BlockFormValues,
): AdminRequestOf<'blockUpdate'> | null {
  const terms = termsOf(values);
  const changes: Record<string, unknown> = {};
  for (const key of editableFields) {
    const next = terms[key];
    const stored = product[key];
    const same =
      key === 'price' && typeof next === 'string' && /^\d+(\.\d+)?$/.test(next)
        ? sameDecimal(next, stored as string)
        : next === stored;
    if (!same) changes[key] = next;
  }
  if (Object.keys(changes).length === 0) return null;
  return { id: product.id, ...changes, reason: trim(values.reason) } as AdminRequestOf<'blockUpdate'>;
}
