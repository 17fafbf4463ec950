/**
 * The new-share offering form (docs/api.md §19.5 `/newShare/create`, `/newShare/update`): values, the
 * problems the contract would refuse (checked with its own schema so the operator sees them under
 * the field), the create body, an update body with only what changed and may change, and when the
 * draw may run. Amounts stay decimal strings (`sameDecimal` compares them); times are UTC ISO strings as on
 * the wire. Pure, so it is tested in node.
 */
import {
  accountTypes,
  adminNewShareCreateRequest,
  newShareFixedTerms,
  newShareLockedTerms,
  type AccountType,
  type AdminNewShare,
  type AdminRequestOf,
  type NewShareKind,
  type NewShareMarket,
  type PaymentMode,
} from '@brokerage/contract';
import { sameDecimal } from '../../lib/decimal';

export interface NewShareFormValues {
  kind: NewShareKind;
  name: string;
  code: string;
  market: NewShareMarket;
  issuePrice: string;
  sharesOffered: number | null;
  minShares: number | null;
  minInvestment: string;
  /** The placement minimum per account type; an empty text means no tier for that type. */
  tiers: Record<AccountType, string>;
  maxApplicationsPerUser: number | null;
  applyStart: string;
  applyEnd: string;
  drawDate: string;
  paymentDeadline: string;
  distributionDate: string;
  listingDate: string;
  issueMarket: string;
  sponsorBroker: string;
  paymentMode: PaymentMode;
  channelOpen: boolean;
  channelPasswordRequired: boolean;
  lockDays: number | null;
  reason: string;
}

export type NewShareField = Exclude<keyof NewShareFormValues, 'reason' | 'tiers'> | `tiers.${AccountType}`;

/** The spec §9 IPO minimum and the config defaults (`subscription.ipoMinShares`, `maxApplicationsPerUser`). */
export const IPO_MIN_SHARES_DEFAULT = 10000;

export type LockedTerm = (typeof newShareLockedTerms)[number];
const lockedTerms: readonly string[] = newShareLockedTerms;
const fixedTerms: readonly string[] = newShareFixedTerms;

/** Terms that cannot change now: kind, code and market always after creation; the §19.5 list once anyone applied. */
export function isTermDisabled(term: string, product: AdminNewShare | null): boolean {
  if (!product) return false;
  if (fixedTerms.includes(term)) return true;
  return product.applicationsCount > 0 && lockedTerms.includes(term);
}

function emptyTiers(): Record<AccountType, string> {
  return { standard: '', institutional: '', dma: '' };
}

export function newShareFormValuesOf(product: AdminNewShare | null): NewShareFormValues {
  const tiers = emptyTiers();
  for (const tier of product?.placementTiers ?? []) tiers[tier.accountType] = tier.minAmount;
  return {
    kind: product?.kind ?? 'ipo',
    name: product?.name ?? '',
    code: product?.code ?? '',
    market: product?.market ?? 'mxn',
    issuePrice: product?.issuePrice ?? '',
    sharesOffered: product?.sharesOffered ?? null,
    minShares: product?.minShares ?? IPO_MIN_SHARES_DEFAULT,
    minInvestment: product?.minInvestment ?? '',
    tiers,
    maxApplicationsPerUser: product?.maxApplicationsPerUser ?? 1,
    applyStart: product?.applyStart ?? '',
    applyEnd: product?.applyEnd ?? '',
    drawDate: product?.drawDate ?? '',
    paymentDeadline: product?.paymentDeadline ?? '',
    distributionDate: product?.distributionDate ?? '',
    listingDate: product?.listingDate ?? '',
    issueMarket: product?.issueMarket ?? '',
    sponsorBroker: product?.sponsorBroker ?? '',
    paymentMode: product?.paymentMode ?? 'prepaid',
    channelOpen: product?.channelOpen ?? true,
    channelPasswordRequired: product?.channelPasswordRequired ?? false,
    lockDays: product?.lockDays ?? 0,
    reason: '',
  };
}

const trim = (value: string | null | undefined) => (value ?? '').trim();

function tiersOf(values: NewShareFormValues): { accountType: AccountType; minAmount: string }[] | null {
  if (values.kind !== 'placement') return null;
  return accountTypes
    .filter((type) => trim(values.tiers[type]) !== '')
    .map((type) => ({ accountType: type, minAmount: trim(values.tiers[type]) }));
}

/** Everything but the reason, in wire shape (numbers left null when empty so the schema names them). */
function termsOf(values: NewShareFormValues) {
  return {
    kind: values.kind,
    name: trim(values.name),
    code: trim(values.code).toUpperCase(),
    market: values.market,
    issuePrice: trim(values.issuePrice),
    sharesOffered: values.sharesOffered,
    minShares: values.minShares,
    minInvestment: trim(values.minInvestment),
    placementTiers: tiersOf(values),
    maxApplicationsPerUser: values.maxApplicationsPerUser,
    applyStart: trim(values.applyStart),
    applyEnd: trim(values.applyEnd),
    drawDate: trim(values.drawDate),
    paymentDeadline: trim(values.paymentDeadline),
    distributionDate: trim(values.distributionDate),
    listingDate: trim(values.listingDate),
    issueMarket: trim(values.issueMarket),
    sponsorBroker: trim(values.sponsorBroker),
    paymentMode: values.paymentMode,
    channelOpen: values.channelOpen,
    channelPasswordRequired: values.channelPasswordRequired,
    lockDays: values.lockDays,
  };
}

const fieldTexts: Partial<Record<string, string>> = {
  code: 'Capitals and digits, starting with a letter, at most 10',
  issuePrice: 'An amount above 0 with at most 2 decimals, e.g. 18.50',
  minInvestment: 'A whole amount above 0, no decimals',
  applyStart: 'UTC time like 2025-03-10T14:30:00Z',
  applyEnd: 'UTC time like 2025-03-18T21:00:00Z',
  paymentDeadline: 'UTC time like 2025-03-21T21:00:00Z',
  drawDate: 'A date like 2025-03-20',
  distributionDate: 'A date like 2025-03-24',
  listingDate: 'A date like 2025-03-25',
};

/** The problem of each field the server would refuse, or whose order makes no sense. */
export function newShareProblems(values: NewShareFormValues): Partial<Record<NewShareField, string>> {
  const problems: Partial<Record<NewShareField, string>> = {};
  const parsed = adminNewShareCreateRequest.omit({ reason: true }).safeParse(termsOf(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, index, leaf] = issue.path;
      let field: NewShareField | null = null;
      if (first === 'placementTiers' && typeof index === 'number' && leaf === 'minAmount') {
        const tier = tiersOf(values)?.[index];
        if (tier) field = `tiers.${tier.accountType}`;
      } else if (typeof first === 'string') {
        field = first as NewShareField;
      }
      if (field && !problems[field])
        problems[field] =
          fieldTexts[field] ??
          (field.startsWith('tiers.') ? 'An amount above 0 with at most 2 decimals' : undefined) ??
          (issue.code === 'invalid_type' ? 'Required' : issue.message === 'format' ? 'Wrong format' : 'Out of range');
    }
  }
  if (values.kind === 'placement' && (tiersOf(values) ?? []).length === 0)
    problems['tiers.standard'] ??= 'A placement needs the minimum of at least one account type';
  const start = Date.parse(trim(values.applyStart));
  const end = Date.parse(trim(values.applyEnd));
  if (!problems.applyEnd && !Number.isNaN(start) && !Number.isNaN(end) && end <= start)
    problems.applyEnd = 'The deadline must be after the start';
  const deadline = Date.parse(trim(values.paymentDeadline));
  if (!problems.paymentDeadline && !Number.isNaN(end) && !Number.isNaN(deadline) && deadline < end)
    problems.paymentDeadline = 'The payment deadline cannot be before the application deadline';
  if (
    !problems.listingDate &&
    trim(values.listingDate) !== '' &&
    trim(values.drawDate) !== '' &&
    trim(values.listingDate) < trim(values.drawDate)
  ) {
    problems.listingDate = 'The listing cannot come before the draw';
  }
  if (
    !problems.minShares &&
    values.sharesOffered !== null &&
    values.minShares !== null &&
    values.minShares > values.sharesOffered
  ) {
    problems.minShares = 'The minimum cannot be above the shares offered';
  }
  return problems;
}

export function newShareCreateBody(values: NewShareFormValues): AdminRequestOf<'newShareCreate'> {
  return adminNewShareCreateRequest.parse({ ...termsOf(values), reason: trim(values.reason) });
}

function sameValue(key: string, next: unknown, stored: unknown): boolean {
  if (typeof next === 'string' && typeof stored === 'string' && (key === 'issuePrice' || key === 'minInvestment'))
    return sameDecimal(next, stored);
  if (key === 'placementTiers') {
    const a = (next as { accountType: string; minAmount: string }[] | null) ?? [];
    const b = (stored as { accountType: string; minAmount: string }[] | null) ?? [];
    return (
      a.length === b.length &&
      a.every((tier) =>
        b.some((other) => other.accountType === tier.accountType && sameDecimal(other.minAmount, tier.minAmount)),
      )
    );
  }
  return next === stored;
}

/** The update body: `id`, `reason` and only what changed and may change now, or null when nothing did. */
export function newShareUpdateBody(
  product: AdminNewShare,
  values: NewShareFormValues,
): AdminRequestOf<'newShareUpdate'> | null {
  const terms = termsOf(values);
  const changes: Record<string, unknown> = {};
  for (const [key, next] of Object.entries(terms)) {
    if (isTermDisabled(key, product)) continue;
    if (!sameValue(key, next, product[key as keyof AdminNewShare])) changes[key] = next;
  }
  if (Object.keys(changes).length === 0) return null;
  return { id: product.id, ...changes, reason: trim(values.reason) } as AdminRequestOf<'newShareUpdate'>;
}

/** The draw runs once, after the application deadline (§19.5). */
/** Why the draw cannot run now, from the server's own phase (the browser's clock may be wrong). */
export function drawBlockedReason(product: Pick<AdminNewShare, 'drawnAt' | 'phase'>): string | null {
  if (product.drawnAt) return 'Already drawn';
  if (product.phase === 'upcoming' || product.phase === 'open') return 'Applications are still open';
  return null;
}

export const kindOptions: { value: NewShareKind; label: string }[] = [
  { value: 'ipo', label: 'IPO' },
  { value: 'placement', label: 'Placement' },
  { value: 'capital_increase', label: 'Capital increase' },
];

export const accountTypeLabels: Record<AccountType, string> = {
  standard: 'Standard',
  institutional: 'Institutional',
  dma: 'DMA',
};
