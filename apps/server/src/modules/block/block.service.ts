/**
 * User calls of docs/api.md §13: the products with the caller's remaining daily limit, applying with
 * the secret key, and the applications. An application freezes amount + fee (§3.3) and waits in
 * the `block` review queue (block.review.ts).
 *
 * Money: amount = deal price × shares (the price has the currency's scale, so it is exact); fee =
 * amount × the market's buyFeeRate, rounded half-up to the currency's scale like every order fee
 * (docs/api.md §1.11; the user pays at most half a minor unit more, the house gains it).
 */
import {
  Dec,
  Money,
  type BlockApplication,
  type BlockProduct,
  type blockApplicationsRequest,
  type blockApplyRequest,
  type blockListRequest,
} from '@brokerage/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { verifyPassword } from '../../platform/passwords.js';
import type { Settings } from '../../platform/settings.js';
import type { ProductDeps } from '../../kernel/kernel.js';
import { findUserCached, requireKyc, requireNotTradeBlocked } from '../auth/index.js';
import { InsufficientFundsError } from '../ledger/index.js';
import type { MarketFeed } from '../market/index.js';
import * as repo from './block.repository.js';
import type { ApplicationRow, ProductRow } from './block.repository.js';
import { initialReviewState } from '../review/index.js';

/** The product modules' one dependency type (kernel/kernel.ts). */
export type BlockDeps = ProductDeps;

type ViewDeps = Pick<BlockDeps, 'feed' | 'settings'>;

export function buyFeeRateOf(settings: Settings, market: ProductRow['market']): string {
  return settings.get(`market.${market}.buyFeeRate`);
}

/** amount and fee of `shares` at the product's deal price (see the header for the rounding). */
export function costOf(settings: Settings, product: Pick<ProductRow, 'price' | 'currency' | 'market'>, shares: number) {
  const amount = product.price.times(shares);
  const fee = amount.times(buyFeeRateOf(settings, product.market)).rounded('half_up');
  return { amount, fee, total: amount.plus(fee) };
}

/** The market's trading day the product trades on now (the daily limit's day). */
export function tradingDayOf(feed: MarketFeed, product: Pick<ProductRow, 'instrumentId'>): string {
  return feed.quote(product.instrumentId).tradingDay;
}

function currentPriceOf(feed: MarketFeed, product: ProductRow): string | null {
  if (!feed.instrument(product.instrumentId)) return null;
  const q = feed.quote(product.instrumentId);
  return q.status === 'trading' || q.status === 'halted' ? q.price : null;
}

/**
 * The price collar (config `block.priceCollar`, a rate): the band a deal price must lie in, around
 * the instrument's previous close, at the currency's scale. The low end is rounded up and the high
 * end down, so the band only narrows (the house and the other users gain the fraction). Null
 * without a usable quote: nothing can be applied for or approved then.
 */
export function priceBandOf(
  deps: ViewDeps,
  product: Pick<ProductRow, 'instrumentId' | 'currency'>,
): { low: Money; high: Money } | null {
  if (!deps.feed.instrument(product.instrumentId)) return null;
  const q = deps.feed.quote(product.instrumentId);
  const reference = new Dec(q.prevClose);
  if (q.status === 'pre_listing' || q.status === 'delisted' || !reference.gt(0)) return null;
  const collar = new Dec(deps.settings.get('block.priceCollar'));
  return {
    low: Money.of(reference.times(new Dec(1).minus(collar)), product.currency).rounded('up'),
    high: Money.of(reference.times(new Dec(1).plus(collar)), product.currency).rounded('down'),
  };
}

/** Refuses a deal price outside the collar (`block.price_out_of_range` {low, high}). */
export function requireInCollar(deps: ViewDeps, product: Pick<ProductRow, 'instrumentId' | 'currency'>, price: Money) {
  const band = priceBandOf(deps, product);
  if (!band) throw new DomainError('block.instrument_closed');
  if (price.isLessThan(band.low) || price.isGreaterThan(band.high))
    throw new DomainError('block.price_out_of_range', { low: band.low.toString(), high: band.high.toString() });
}

export function isOpen(settings: Settings, product: Pick<ProductRow, 'open'>): boolean {
  return product.open && settings.get('block.enabled');
}

export function toProduct(deps: ViewDeps, product: ProductRow, remainingToday: number | null): BlockProduct {
  const band = priceBandOf(deps, product);
  return {
    id: product.id,
    kind: product.kind,
    instrumentId: product.instrumentId,
    code: product.code,
    name: product.name,
    market: product.market,
    currency: product.currency,
    price: product.price.toString(),
    currentPrice: currentPriceOf(deps.feed, product),
    priceLow: band?.low.toString() ?? null,
    priceHigh: band?.high.toString() ?? null,
    minShares: product.minShares,
    dailyLimit: product.dailyLimit,
    remainingToday,
    lockDays: product.lockDays,
    open: isOpen(deps.settings, product),
    buyFeeRate: buyFeeRateOf(deps.settings, product.market),
  };
}

export function toApplication(row: ApplicationRow): BlockApplication {
  const c = row.currency;
  return {
    id: row.id,
    productId: row.productId,
    kind: row.kind,
    code: row.code,
    name: row.name,
    currency: c,
    shares: row.shares,
    price: row.price.toString(),
    amount: row.amount.toString(),
    fee: row.fee.toString(),
    lockDays: row.lockDays,
    state: row.state,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reason: row.state === 'rejected' ? row.reason : null,
    orderId: row.orderId,
  };
}

export async function productList(db: Db, deps: ViewDeps, userId: string, body: z.output<typeof blockListRequest>) {
  const { rows, total } = await repo.listProducts(db, body.market ?? null, body.page, body.size);
  const limited = rows.filter((r) => r.dailyLimit !== null);
  const used = await repo.usedTodayOf(db, userId, new Map(limited.map((r) => [r.id, tradingDayOf(deps.feed, r)])));
  const list = rows.map((r) =>
    toProduct(deps, r, r.dailyLimit === null ? null : Math.max(0, r.dailyLimit - (used.get(r.id) ?? 0))),
  );
  return { list, total, page: body.page, size: body.size };
}

/** §13.2, in the contract's order. */
export async function apply(
  tx: Tx,
  deps: BlockDeps,
  userId: string,
  body: z.output<typeof blockApplyRequest>,
): Promise<BlockApplication> {
  const now = deps.clock.now();
  const user = await findUserCached(tx, deps.authCache, userId);
  if (!user) throw new DomainError('auth.required');
  requireNotTradeBlocked(user);
  requireKyc(user);
  if (!deps.settings.get('block.enabled')) throw new DomainError('block.closed');
  // shared: applications run side by side, never across a key rotation or a terms change
  const product = await repo.shareProduct(tx, body.productId);
  if (!product || !deps.feed.instrument(product.instrumentId)) throw new DomainError('product.not_found');
  if (!product.open) throw new DomainError('block.instrument_closed');
  requireInCollar(deps, product, product.price);
  // counted before the hash runs (rate-limit.ts `guard`)
  const keyCheck = await deps.limits.guard('secretKeyFailures', userId, () =>
    verifyPassword(product.secretKeyHash, body.secretKey),
  );
  if (!keyCheck.ok) throw new DomainError('block.secret_key_mismatch');
  if (body.shares < product.minShares) throw new DomainError('block.min_shares', { min: String(product.minShares) });
  const tradingDay = tradingDayOf(deps.feed, product);
  await repo.lockApplicant(tx, userId, product.id);
  if (product.dailyLimit !== null) {
    const used = (await repo.usedTodayOf(tx, userId, new Map([[product.id, tradingDay]]))).get(product.id) ?? 0;
    const remaining = Math.max(0, product.dailyLimit - used);
    if (body.shares > remaining)
      throw new DomainError('block.daily_limit', { limit: String(product.dailyLimit), remaining: String(remaining) });
  }
  const { amount, fee, total } = costOf(deps.settings, product, body.shares);
  const row = await repo.insertApplication(tx, {
    id: newId('ba'),
    userId,
    productId: product.id,
    kind: product.kind,
    instrumentId: product.instrumentId,
    code: product.code,
    name: product.name,
    currency: product.currency,
    shares: body.shares,
    price: product.price.amount,
    amount: amount.amount,
    fee: fee.amount,
    lockDays: product.lockDays,
    tradingDay,
    state: initialReviewState(),
    submittedAt: now,
  });
  try {
    await deps.ledger.hold(tx, {
      userId,
      amount: total,
      kind: 'block_freeze',
      reference: row.id,
      idempotencyKey: `block-freeze:${row.id}`,
      memo: { productId: product.id, code: product.code },
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new DomainError('funds.insufficient_available', {
        available: error.balance.toString(),
        required: total.toString(),
        currency: product.currency,
      });
    }
    throw error;
  }
  return toApplication(row);
}

export async function applicationList(db: Db, userId: string, body: z.output<typeof blockApplicationsRequest>) {
  const { rows, total } = await repo.applicationsOfUser(db, userId, body.states, body.page, body.size);
  return { list: rows.map(toApplication), total, page: body.page, size: body.size };
}
