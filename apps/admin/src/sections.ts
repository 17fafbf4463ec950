/**
 * The back office's screens and the right each needs (docs/api.md §19.2); the menu and login use it.
 * Sections with a `group` are listed under that heading in the menu, in the order given here.
 */
import type { AdminRight, ReviewQueue } from '@brokerage/contract';

export interface Section {
  path: string;
  label: string;
  right: AdminRight;
  group?: string;
}

/** The review queues the server decides today, in menu order (docs/api.md §19.3). */
export const builtReviewQueues = [
  'kyc',
  'deposit',
  'withdraw',
  'loan',
  'quota',
  'block',
  'day_trade',
] as const satisfies readonly ReviewQueue[];
export type BuiltReviewQueue = (typeof builtReviewQueues)[number];

/** The other queues of `reviewQueue` (§2): shown in the menu, disabled, until their feature exists. */
export const upcomingReviewQueues = [] as const satisfies readonly ReviewQueue[];

export const reviewQueueLabels: Record<ReviewQueue, string> = {
  kyc: 'Real name',
  deposit: 'Deposits',
  withdraw: 'Withdrawals',
  loan: 'Loans',
  quota: 'Credit raises',
  block: 'Block trades',
  day_trade: 'Day trading',
};

export const reviewsGroup = 'Reviews';
export const upcomingQueueNote = 'arrives with its feature';

export function reviewQueuePath(queue: ReviewQueue): string {
  return `/reviews/${queue}`;
}

export const depositChannelsPath = '/config/deposit-channels';
export const lendingProductsPath = '/products/lending';
export const newSharesPath = '/products/new-shares';
export const blockTradesPath = '/products/block-trades';
export const copyFundsPath = '/products/copy-funds';
export const proofsPath = '/proofs';

export const sections: readonly Section[] = [
  { path: '/users', label: 'Users', right: 'user.read' },
  ...builtReviewQueues.map((queue) => ({
    path: reviewQueuePath(queue),
    label: reviewQueueLabels[queue],
    right: 'review.read' as const,
    group: reviewsGroup,
  })),
  { path: lendingProductsPath, label: 'Lending products', right: 'product.manage' },
  { path: newSharesPath, label: 'New shares', right: 'product.manage' },
  { path: blockTradesPath, label: 'Block trades', right: 'product.manage' },
  { path: copyFundsPath, label: 'Copy-trading funds', right: 'product.manage' },
  { path: '/news', label: 'News', right: 'product.manage' },
  { path: '/notices', label: 'Notices', right: 'product.manage' },
  { path: proofsPath, label: 'Proof of liabilities', right: 'product.manage' },
  { path: '/config', label: 'Config', right: 'config.manage' },
  { path: depositChannelsPath, label: 'Deposit channels', right: 'config.manage' },
  { path: '/audit', label: 'Audit log', right: 'audit.read' },
];

export const homePath = '/users';

function matches(path: string, section: Section): boolean {
  return path === section.path || path.startsWith(`${section.path}/`) || path.startsWith(`${section.path}?`);
}

/** The section a path belongs to; the most specific one when sections nest (`/config/deposit-channels`). */
export function sectionOfPath(path: string): Section | undefined {
  let best: Section | undefined;
  for (const section of sections) {
    if (matches(path, section) && (!best || section.path.length > best.path.length)) best = section;
  }
  return best;
}
