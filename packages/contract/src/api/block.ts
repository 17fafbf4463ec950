/**
 * `block` calls of docs/api.md §13 (block trades and agreement bidding), the `block` review queue's
 * details (§19.3) and the back office's products (§19.5).
 */
import { z } from 'zod';
import { blockKinds, markets, reviewStates } from '../enums.js';
import { currencies } from '../money.js';
import { id, int, money, page, requestId, size, timestamp } from '../primitives.js';
import { reason } from './admin.js';
import { lots } from './trade.js';

const decimal = z.string();

export const blockProduct = z.object({
  id,
  kind: z.enum(blockKinds),
  instrumentId: id,
  code: z.string(),
  name: z.string(),
  market: z.enum(markets),
  currency: z.enum(currencies),
  /** the deal price */
  price: decimal,
  /** the live price from the feed, null without a usable quote */
  currentPrice: decimal.nullable(),
  /**
   * the price collar (config `block.priceCollar` around the previous close, at the currency's scale,
   * the band narrowed by the rounding): a deal price outside [priceLow, priceHigh] cannot be applied
   * for or approved (`block.price_out_of_range`); null without a usable quote (addition)
   */
  priceLow: decimal.nullable(),
  priceHigh: decimal.nullable(),
  minShares: z.number().int(),
  /** shares per user per day (the market's trading day); null = no limit */
  dailyLimit: z.number().int().nullable(),
  /** the caller's remainder today; null without a limit or without a session */
  remainingToday: z.number().int().nullable(),
  lockDays: z.number().int(),
  /** open for applications (the product's switch and the global `block.enabled`) */
  open: z.boolean(),
  /** the fee rate of the market applied to the amount (addition: the form shows amount + fee before the user presses) */
  buyFeeRate: decimal,
});
export type BlockProduct = z.infer<typeof blockProduct>;

export const blockApplication = z.object({
  id,
  productId: id,
  kind: z.enum(blockKinds),
  code: z.string(),
  name: z.string(),
  currency: z.enum(currencies),
  shares: z.number().int(),
  price: decimal,
  amount: decimal,
  fee: decimal,
  lockDays: z.number().int(),
  state: z.enum(reviewStates),
  submittedAt: timestamp,
  reviewedAt: timestamp.nullable(),
  /** the reviewer's reason, shown to the user as plain text (rejections) */
  reason: z.string().nullable(),
  /** the position created on approval */
  orderId: id.nullable(),
});
export type BlockApplication = z.infer<typeof blockApplication>;

/**
 * The format of a product secret (a block trade's secret key, a new share's channel password): the
 * server generates every one as 16 characters of this alphabet (capitals and digits without
 * look-alikes, docs/api.md §19.5). A client checks the format before the press; whether a key
 * matches is only ever answered by `/block/apply`, under its failure limit (docs/decisions.md).
 */
export const SECRET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const SECRET_LENGTH = 16;
const secretFormat = new RegExp(`^[${SECRET_ALPHABET}]{${SECRET_LENGTH}}$`);

/** Whether `value` has the format of a generated secret; says nothing about any product's key. */
export function isSecretFormat(value: string): boolean {
  return secretFormat.test(value);
}

export const blockListRequest = z.object({ market: z.enum(markets).optional(), page, size });
export const blockApplyRequest = z.object({
  productId: id,
  shares: lots,
  secretKey: z.string().min(4).max(64),
  requestId: requestId.optional(),
});
export const blockApplicationsRequest = z.object({
  states: z.array(z.enum(reviewStates)).min(1).optional(),
  page,
  size,
});

/** Details of a `block` review item (§19.3). */
export const blockReviewDetails = z.object({
  productId: id,
  kind: z.enum(blockKinds),
  code: z.string(),
  shares: z.number().int(),
  price: decimal,
  fee: decimal,
  lockDays: z.number().int(),
  /** the live price when the reviewer looks, for context only */
  currentPrice: decimal.nullable(),
  /** the price collar now (as on the product): an application whose deal price is outside cannot be approved */
  priceLow: decimal.nullable(),
  priceHigh: decimal.nullable(),
});

/* ---- back office (§19.5) ---- */

export const adminBlockCreateRequest = z.object({
  instrumentId: id,
  kind: z.enum(blockKinds),
  price: money(2),
  minShares: int.min(1).max(10_000_000),
  dailyLimit: int.min(1).max(10_000_000).nullable(),
  lockDays: int.min(0).max(3650),
  open: z.boolean(),
  reason,
});
export const adminBlockUpdateRequest = z.object({
  id,
  price: money(2).optional(),
  minShares: int.min(1).max(10_000_000).optional(),
  dailyLimit: int.min(1).max(10_000_000).nullable().optional(),
  lockDays: int.min(0).max(3650).optional(),
  open: z.boolean().optional(),
  reason,
});
export const adminBlockProduct = blockProduct.omit({ remainingToday: true }).extend({
  applicationsCount: z.number().int(),
  createdAt: timestamp,
  /** returned once, by create */
  secretKey: z.string().optional(),
});
export type AdminBlockProduct = z.infer<typeof adminBlockProduct>;
export const adminBlockIdRequest = z.object({ id, reason });
export const secretKeyResponse = z.object({ secretKey: z.string() });
