/** `lending` calls of docs/api.md §15, the day-trading calls of §9.8 and their back-office side (§19.5). */
import { z } from 'zod';
import { lendingStates, reviewStates } from '../enums.js';
import { currencies } from '../money.js';
import { id, int, page, rate, requestId, size, timestamp, whole } from '../primitives.js';
import { productNames } from '../translations.js';
import { reason } from './admin.js';

const decimal = z.string();
const currency = z.enum(currencies);

/* ---- day trading (§9.8) ---- */

export const dayTradingApplication = z.object({
  id,
  state: z.enum(reviewStates),
  submittedAt: timestamp,
  reviewedAt: timestamp.nullable(),
  reason: z.string().nullable(),
});
export type DayTradingApplication = z.infer<typeof dayTradingApplication>;
export const dayTradingApplyResponse = dayTradingApplication.pick({ id: true, state: true, submittedAt: true });
export const dayTradingStatusResponse = z.object({
  enabled: z.boolean(),
  application: dayTradingApplication.nullable(),
});
export type DayTradingStatus = z.infer<typeof dayTradingStatusResponse>;

/* ---- lending (§15, §3.6) ---- */

export const lendingProduct = z.object({
  id,
  name: z.string(),
  /** addition: the name in the other languages, written in the back office; the client shows its language's, else `name` */
  names: productNames,
  currency,
  dailyRate: decimal,
  termDays: z.number().int(),
  minAmount: decimal,
  quota: decimal,
  quotaUsed: decimal,
  open: z.boolean(),
});
export type LendingProduct = z.infer<typeof lendingProduct>;

export const lendingRecord = z.object({
  id,
  productId: id,
  name: z.string(),
  /** addition: the product's `names` when applied for (copied like `name`) */
  names: productNames,
  currency,
  amount: decimal,
  dailyRate: decimal,
  termDays: z.number().int(),
  state: z.enum(lendingStates),
  appliedAt: timestamp,
  startedAt: timestamp.nullable(),
  endsAt: timestamp.nullable(),
  /** interest earned: amount × dailyRate × days elapsed (accrued while `succeeded`, final at completion) */
  interest: decimal,
  completedAt: timestamp.nullable(),
});
export type LendingRecord = z.infer<typeof lendingRecord>;

export const lendingProductsRequest = z.object({ page, size });
export const lendingApplyRequest = z.object({ productId: id, amount: whole(), requestId: requestId.optional() });
export const lendingRecordsRequest = z.object({ states: z.array(z.enum(lendingStates)).min(1).optional(), page, size });

/* ---- back office (§19.5) ---- */

const productName = z.string().trim().min(1).max(100);

export const adminLendingCreateRequest = z.object({
  name: productName,
  names: productNames.default({}),
  currency,
  dailyRate: rate,
  termDays: int.min(1).max(3650),
  minAmount: whole(),
  quota: whole(),
  open: z.boolean(),
  reason: reason,
});
export const adminLendingUpdateRequest = z.object({
  id,
  name: productName.optional(),
  /** the whole map: a language left out is removed */
  names: productNames.optional(),
  minAmount: whole().optional(),
  quota: whole().optional(),
  open: z.boolean().optional(),
  /** only before the first application (`product.terms_locked` afterwards) */
  dailyRate: rate.optional(),
  termDays: int.min(1).max(3650).optional(),
  reason: reason,
});
export const productKinds = ['new_share', 'block', 'copy', 'lending'] as const;
export const adminProductListRequest = z.object({ kind: z.enum(productKinds), page, size });
