/**
 * Money in and out (docs/api.md §7.9–§7.10, §10, §11, §19.3): real name, cards and wallets,
 * deposits, withdrawals, exchange, fund records, plus two additions of ours recorded in
 * docs/decisions.md: the account statement and the withdrawal timeline.
 */
import { z } from 'zod';
import {
  accountTypes,
  channelTypes,
  fundRecordTabs,
  kycStatuses,
  languages,
  ledgerKinds,
  reviewQueues,
  reviewStates,
} from '../enums.js';
import { currencies, fitsCurrencyScale } from '../money.js';
import { date, id, money, page, requestId, size, timestamp } from '../primitives.js';
import { reason } from './admin.js';
import { refineSecondFactor, secondFactorFields } from './security.js';
import { blockReviewDetails } from './block.js';
import { loanReviewDetails, quotaReviewDetails } from './loan.js';

const currency = z.enum(currencies);
const decimal = z.string();
const window = z.object({ open: z.string(), close: z.string() });

/* ---- real name (§7.9–§7.10) ---- */

export const kycSubmitRequest = z.object({
  name: z.string().trim().min(2).max(60),
  idNumber: z
    .string()
    .trim()
    .min(5)
    .max(30)
    .regex(/^[A-Za-z0-9]+$/, 'format'),
  frontImageId: id,
  backImageId: id,
});
export const kycStatusResponse = z.object({
  kycStatus: z.enum(kycStatuses),
  name: z.string().nullable(),
  idNumberMasked: z.string().nullable(),
  submittedAt: timestamp.nullable(),
  reviewedAt: timestamp.nullable(),
  rejectReason: z.string().nullable(),
});
export type KycStatusResponse = z.infer<typeof kycStatusResponse>;

/* ---- cards and wallets (§11) ---- */

export const card = z.object({
  cardId: id,
  holder: z.string(),
  numberMasked: z.string(),
  bankName: z.string(),
  branch: z.string(),
  bankCode: z.string(),
  createdAt: timestamp,
});
export type Card = z.infer<typeof card>;
export const wallet = z.object({
  walletId: id,
  type: z.string(),
  address: z.string(),
  qrImageUrl: z.string().nullable(),
  createdAt: timestamp,
});
export type Wallet = z.infer<typeof wallet>;
export const cardListResponse = z.object({ cards: z.array(card), wallets: z.array(wallet) });
export const cardAddRequest = z
  .object({
    holder: z.string().trim().min(2).max(60),
    cardNumber: z
      .string()
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .pipe(
        z
          .string()
          .min(8)
          .max(34)
          .regex(/^[0-9A-Z]+$/, 'format'),
      ),
    bankName: z.string().trim().min(2).max(60),
    branch: z.string().trim().min(1).max(60),
    bankCode: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .regex(/^[A-Za-z0-9]+$/, 'format'),
    ...secondFactorFields,
  })
  .superRefine(refineSecondFactor);
export const cardDeleteRequest = z.object({ cardId: id });
export const walletAddRequest = z
  .object({
    type: z.string().min(1).max(30),
    address: z.string().trim().min(1).max(100),
    qrImageId: id,
    ...secondFactorFields,
  })
  .superRefine((b, ctx) => {
    refineSecondFactor(b, ctx);
    const pattern = b.type.endsWith('TRC20')
      ? /^T[1-9A-HJ-NP-Za-km-z]{33}$/
      : b.type.endsWith('ERC20')
        ? /^0x[0-9a-fA-F]{40}$/
        : null;
    if (pattern && !pattern.test(b.address)) ctx.addIssue({ code: 'custom', message: 'format', path: ['address'] });
  });
export const walletDeleteRequest = z.object({ walletId: id });

/* ---- deposits (§10.1–§10.2) ---- */

export const depositChannel = z.object({
  channelId: id,
  type: z.enum(channelTypes),
  currency,
  name: z.string(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  branch: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  qrImageUrl: z.string().nullable(),
  min: decimal,
  max: decimal,
  window,
  /** extension: the ISO weekdays of the window */
  days: z.array(z.number().int()),
  timezone: z.string(),
  /** extension: whether the window is open now */
  inWindow: z.boolean(),
});
export type DepositChannel = z.infer<typeof depositChannel>;
export const depositChannelsRequest = z.object({ currency: currency.optional() });
export const depositChannelsResponse = z.object({ list: z.array(depositChannel) });
export const depositRequest = z.object({
  channelId: id,
  amount: money(2),
  proofImageId: id,
  requestId: requestId.optional(),
});

export const depositRecord = z.object({
  id,
  orderNo: z.string(),
  channelId: z.string(),
  currency,
  amount: decimal,
  state: z.enum(reviewStates),
  createdAt: timestamp,
  reviewedAt: timestamp.nullable(),
  rejectReason: z.string().nullable(),
});
export type DepositRecord = z.infer<typeof depositRecord>;

/* ---- withdrawals (§10.3–§10.4) ---- */

export const withdrawInfoRequest = z.object({ currency: currency.default('MXN') });
/** Every rule that could hold a withdrawal, each with whether it holds now (our addition). */
export const withdrawRuleCheck = z.object({
  rule: z.enum([
    'withdraw_blocked',
    'kyc',
    'fund_password',
    'window',
    'min',
    'max',
    'unpaid_loan',
    'operation_pending',
    'withdrawable',
  ]),
  ok: z.boolean(),
  /** the code `/funds/withdraw` would answer when it does not hold */
  code: z.string(),
  params: z.record(z.string(), z.unknown()),
});
export const withdrawInfoResponse = z.object({
  currency,
  withdrawable: decimal,
  min: decimal,
  max: decimal,
  feeRate: decimal,
  window,
  days: z.array(z.number().int()),
  timezone: z.string(),
  inWindow: z.boolean(),
  hasFundPassword: z.boolean(),
  unpaidLoan: z.boolean(),
  pendingWithdrawal: z.boolean(),
  rules: z.array(withdrawRuleCheck),
});
export type WithdrawInfo = z.infer<typeof withdrawInfoResponse>;
export const withdrawRequest = z
  .object({
    amount: money(2),
    currency: currency.default('MXN'),
    fundPassword: z.string().min(1).max(64),
    cardId: id.optional(),
    walletId: id.optional(),
    requestId: requestId.optional(),
    ...secondFactorFields,
  })
  .superRefine((b, ctx) => {
    refineSecondFactor(b, ctx);
    // at most the currency's scale (docs/api.md §1.4): no fractional won or yen
    if (!fitsCurrencyScale(b.amount, b.currency))
      ctx.addIssue({ code: 'custom', message: 'too_many_decimals', path: ['amount'] });
    // exactly one of the two alternatives: both-or-neither is `exclusive` (docs/api.md §1.3)
    if ((b.cardId === undefined) === (b.walletId === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'exclusive', path: ['cardId'] });
      if (b.cardId !== undefined) ctx.addIssue({ code: 'custom', message: 'exclusive', path: ['walletId'] });
      return;
    }
    if (b.walletId !== undefined && b.currency !== 'USDT')
      ctx.addIssue({ code: 'custom', message: 'not_allowed', path: ['currency'] });
    if (b.cardId !== undefined && b.currency === 'USDT')
      ctx.addIssue({ code: 'custom', message: 'not_allowed', path: ['currency'] });
  });

export const withdrawStep = z.object({
  step: z.enum(['submitted', 'under_review', 'approved', 'rejected', 'paid']),
  at: timestamp.nullable(),
  reason: z.string().nullable(),
  done: z.boolean(),
});
export const withdrawRecord = z.object({
  id,
  orderNo: z.string(),
  currency,
  amount: decimal,
  fee: decimal,
  state: z.enum(reviewStates),
  destination: z.object({ kind: z.enum(['card', 'wallet']), label: z.string(), masked: z.string() }),
  createdAt: timestamp,
  reviewedAt: timestamp.nullable(),
  rejectReason: z.string().nullable(),
  /** our addition: submitted → under review → approved/rejected (reason) → paid */
  timeline: z.array(withdrawStep),
});
export type WithdrawRecord = z.infer<typeof withdrawRecord>;

/* ---- records (§10.5) ---- */

export const fundRecordsRequest = z.object({ tab: z.enum(fundRecordTabs), currency: currency.optional(), page, size });
export const ledgerRecord = z.object({
  id: z.string(),
  orderNo: z.string().nullable(),
  kind: z.enum([...ledgerKinds, 'deposit', 'withdraw', 'withdraw_freeze', 'withdraw_release']),
  currency,
  amount: decimal,
  frozenChange: decimal,
  balanceAfter: decimal,
  createdAt: timestamp,
  remark: z.string().nullable(),
});
export type LedgerRecord = z.infer<typeof ledgerRecord>;

/* ---- exchange (§10.6–§10.7) ---- */

export const ratesRequest = z.object({ base: currency.default('USD') });
export const rateItem = z.object({
  from: currency,
  to: currency,
  rate: decimal,
  exchangeable: z.boolean(),
  updatedAt: timestamp,
});
export const ratesResponse = z.object({ list: z.array(rateItem) });
export const exchangeRequest = z
  .object({ from: currency, to: currency, amount: money(2), requestId: requestId.optional() })
  .refine((b) => fitsCurrencyScale(b.amount, b.from), { message: 'too_many_decimals', path: ['amount'] })
  .refine((b) => b.from !== b.to, { message: 'same_currency', path: ['to'] });
export const exchangeResponse = z.object({
  orderNo: z.string(),
  from: currency,
  to: currency,
  fromAmount: decimal,
  toAmount: decimal,
  rate: decimal,
  createdAt: timestamp,
});

/* ---- statement of a date range (our addition, docs/decisions.md; moved to /funds/statementRange) ---- */

export const statementRangeRequest = z
  .object({ currency, from: date, to: date, format: z.enum(['json', 'csv']).default('json') })
  .refine((b) => b.from <= b.to, { message: 'out_of_range', path: ['to'] });
export const statementLine = z.object({
  at: timestamp,
  entryId: z.string(),
  kind: z.string(),
  orderNo: z.string().nullable(),
  remark: z.string().nullable(),
  availableChange: decimal,
  frozenChange: decimal,
  availableAfter: decimal,
  frozenAfter: decimal,
});
export const statementRangeResponse = z.object({
  currency,
  from: date,
  to: date,
  timezone: z.string(),
  opening: z.object({ available: decimal, frozen: decimal }),
  closing: z.object({ available: decimal, frozen: decimal }),
  lines: z.array(statementLine),
});
export type Statement = z.infer<typeof statementRangeResponse>;

/* ---- monthly statements (docs/api.md §10.8) ---- */

/** A calendar month of `funds.timezone`, `YYYY-MM`. */
export const statementMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'format');
export const statementFormats = ['csv', 'pdf'] as const;
export type StatementFormat = (typeof statementFormats)[number];
export const statementRequest = z.object({
  currency,
  month: statementMonth,
  format: z.enum(statementFormats),
  lang: z.enum(languages).optional(),
});
/** A bearer link valid 15 minutes (`STATEMENT_URL_TTL_MS`), served outside `/api/vue/`. */
export const statementResponse = z.object({ url: z.string(), expiresAt: timestamp });
export const STATEMENT_URL_TTL_MS = 15 * 60 * 1000;
/** The months a statement can be asked for (our addition): from the first ledger entry to this month. */
export const statementMonthsRequest = z.object({ currency });
export const statementMonthsResponse = z.object({ currency, months: z.array(statementMonth) });

/* ---- back office review queues (§19.3) ---- */

export const reviewListRequest = z.object({
  queue: z.enum(reviewQueues),
  states: z.array(z.enum(reviewStates)).min(1).default(['pending']),
  userId: id.optional(),
  page,
  size,
});
/* The details of each queue's items (§19.3): one schema per queue, the item a union on `queue`, so
 * `item.queue === 'withdraw'` narrows `item.details` to the withdrawal's fields. The detail
 * (`/review/detail`, audited) shows full ID and card numbers and signed image links; the list
 * (`/review/list`) masks the numbers and carries no image links (`reviewListItem`). */

/** Real name: the submitted name and full ID number, and signed links to both sides of the document. */
export const kycReviewDetails = z.object({
  name: z.string(),
  idNumber: z.string(),
  frontImageUrl: z.string(),
  backImageUrl: z.string(),
});
/** A deposit: the channel as the user saw it when submitting (a snapshot), and a signed link to the proof. */
export const depositReviewDetails = z.object({
  orderNo: z.string(),
  channelId: z.string(),
  channel: depositChannel,
  proofImageUrl: z.string(),
});
/** Where a withdrawal is paid: a bank card (full number) or a wallet (full address). */
export const withdrawReviewDestination = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('card'),
    holder: z.string(),
    cardNumber: z.string(),
    bankName: z.string(),
    branch: z.string(),
    bankCode: z.string(),
  }),
  z.object({ kind: z.literal('wallet'), type: z.string(), address: z.string() }),
]);
export type WithdrawReviewDestination = z.infer<typeof withdrawReviewDestination>;
/**
 * A withdrawal: the fee and the withdrawable balance fixed at submission (Money strings of the item's
 * currency); `destination` is null only if its card or wallet row is gone (they are soft-deleted).
 */
export const withdrawReviewDetails = z.object({
  orderNo: z.string(),
  destination: withdrawReviewDestination.nullable(),
  fee: decimal,
  withdrawableAtSubmit: decimal,
  unpaidLoan: z.boolean(),
});
/** A day-trading application: the user's account type and how many positions are open when read. */
export const dayTradeReviewDetails = z.object({
  accountType: z.enum(accountTypes),
  openPositions: z.number().int().min(0),
});

export type KycReviewDetails = z.infer<typeof kycReviewDetails>;
export type DepositReviewDetails = z.infer<typeof depositReviewDetails>;
export type WithdrawReviewDetails = z.infer<typeof withdrawReviewDetails>;
export type DayTradeReviewDetails = z.infer<typeof dayTradeReviewDetails>;

const reviewItemBase = z.object({
  id,
  userId: id,
  account: z.string(),
  realname: z.string(),
  state: z.enum(reviewStates),
  submittedAt: timestamp,
  reviewedBy: z.string().nullable(),
  reviewedAt: timestamp.nullable(),
  reason: z.string().nullable(),
});
/** Queues of money carry the amount and its currency; the others carry null in both. */
const withMoney = { amount: decimal, currency };
const withoutMoney = { amount: z.null(), currency: z.null() };

/** One review item, as `/review/detail`, `/review/approve` and `/review/reject` answer it. */
export const reviewItem = z.discriminatedUnion('queue', [
  reviewItemBase.extend({ queue: z.literal('kyc'), ...withoutMoney, details: kycReviewDetails }),
  reviewItemBase.extend({ queue: z.literal('deposit'), ...withMoney, details: depositReviewDetails }),
  reviewItemBase.extend({ queue: z.literal('withdraw'), ...withMoney, details: withdrawReviewDetails }),
  reviewItemBase.extend({ queue: z.literal('day_trade'), ...withoutMoney, details: dayTradeReviewDetails }),
  reviewItemBase.extend({ queue: z.literal('block'), ...withMoney, details: blockReviewDetails }),
  reviewItemBase.extend({ queue: z.literal('loan'), ...withMoney, details: loanReviewDetails }),
  reviewItemBase.extend({ queue: z.literal('quota'), ...withMoney, details: quotaReviewDetails }),
]);
export type ReviewItem = z.infer<typeof reviewItem>;
/** The queues whose items exist today; the other queues of §2 list empty. */
export type ReviewItemQueue = ReviewItem['queue'];
/** The item of one queue, e.g. `ReviewItemOf<'withdraw'>`. */
export type ReviewItemOf<Q extends ReviewItemQueue> = Extract<ReviewItem, { queue: Q }>;

/**
 * One row of `/review/list`: the same fields, but the ID number (kyc) and card number (withdraw) are
 * masked and there are no image links: those are in the detail, whose read is audited (§19.4 choice).
 */
export const reviewListItem = z.discriminatedUnion('queue', [
  reviewItemBase.extend({
    queue: z.literal('kyc'),
    ...withoutMoney,
    details: kycReviewDetails.omit({ frontImageUrl: true, backImageUrl: true }),
  }),
  reviewItemBase.extend({
    queue: z.literal('deposit'),
    ...withMoney,
    details: depositReviewDetails.omit({ proofImageUrl: true }),
  }),
  reviewItemBase.extend({ queue: z.literal('withdraw'), ...withMoney, details: withdrawReviewDetails }),
  reviewItemBase.extend({ queue: z.literal('day_trade'), ...withoutMoney, details: dayTradeReviewDetails }),
  reviewItemBase.extend({ queue: z.literal('block'), ...withMoney, details: blockReviewDetails }),
  reviewItemBase.extend({ queue: z.literal('loan'), ...withMoney, details: loanReviewDetails }),
  reviewItemBase.extend({ queue: z.literal('quota'), ...withMoney, details: quotaReviewDetails }),
]);
export type ReviewListItem = z.infer<typeof reviewListItem>;
export const reviewDetailRequest = z.object({ queue: z.enum(reviewQueues), id });
export const reviewDecisionRequest = z.object({
  queue: z.enum(reviewQueues),
  id,
  reason,
  requestId: requestId.optional(),
});
