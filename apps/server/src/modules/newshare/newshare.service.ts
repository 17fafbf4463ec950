/**
 * User calls of docs/api.md §12: the offerings, applying, paying, waiving, the records and the draw
 * proof. Refusals are checked in the contract's order; money moves through the ledger in the
 * caller's transaction (the one shared with the stored idempotent answer).
 *
 * Money: an application's amount is issuePrice × quantity and an allotment's amountPayable is
 * issuePrice × allotted, each rounded half-up to the currency's scale (docs/api.md §1.11, the rounding
 * every order amount gets; the user pays at most half a minor unit more, the house gains it).
 */
import {
  DRAW_ALGORITHM,
  Dec,
  Money,
  type Code,
  type Currency,
  type DrawProof,
  type NewShare,
  type NewSharePhase,
  type NewShareSummary,
  type SubscriptionRecord,
  type newShareListRequest,
  type newShareSubscribeRequest,
  type subscriptionRecordsRequest,
} from '@brokerage/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { verifyPassword } from '../../platform/passwords.js';
import type { Settings } from '../../platform/settings.js';
import type { ProductDeps } from '../../kernel/kernel.js';
import { findUserCached, requireKyc, requireNotTradeBlocked } from '../auth/index.js';
import { balancesOf, InsufficientFundsError } from '../ledger/index.js';
import type { MarketFeed } from '../market/index.js';
import * as repo from './newshare.repository.js';
import type { ShareRow, SubscriptionRow } from './newshare.repository.js';
import { canSubscription, initialSubscriptionState, transitionSubscription } from './newshare.states.js';

/** The product modules' one dependency type (kernel/kernel.ts). */
export type NewShareDeps = ProductDeps;

type ViewDeps = Pick<NewShareDeps, 'clock' | 'feed' | 'settings'>;

/** issuePrice × shares in the offering's currency, half-up to its scale (see the header). */
export function amountFor(share: Pick<ShareRow, 'issuePrice' | 'currency'>, shares: number): Money {
  return share.issuePrice.times(shares).rounded('half_up');
}

/** Whether the feed already trades the offering's instrument (from its listing date on). */
export function isListed(feed: MarketFeed, share: Pick<ShareRow, 'instrumentId'>): boolean {
  if (!feed.instrument(share.instrumentId)) return false;
  return feed.quote(share.instrumentId).status !== 'pre_listing';
}

export function phaseOf(feed: MarketFeed, share: ShareRow, now: Date): NewSharePhase {
  if (now < share.applyStart) return 'upcoming';
  if (now < share.applyEnd) return 'open';
  if (!share.drawnAt) return 'closed';
  return isListed(feed, share) ? 'listed' : 'drawn';
}

/** The IPO minimum is the offering's, never below the platform's (`subscription.ipoMinShares`, spec: 10,000). */
export function minSharesOf(settings: Settings, share: Pick<ShareRow, 'kind' | 'minShares'>): number {
  return share.kind === 'ipo' ? Math.max(share.minShares, settings.get('subscription.ipoMinShares')) : share.minShares;
}

function marketPriceOf(feed: MarketFeed, share: ShareRow): string | null {
  return isListed(feed, share) ? feed.quote(share.instrumentId).price : null;
}

export function toSummary(deps: ViewDeps, share: ShareRow): NewShareSummary {
  return {
    id: share.id,
    kind: share.kind,
    name: share.name,
    code: share.code,
    market: share.market,
    currency: share.currency,
    issuePrice: share.issuePrice.toString(),
    marketPrice: marketPriceOf(deps.feed, share),
    applyStart: share.applyStart.toISOString(),
    applyEnd: share.applyEnd.toISOString(),
    listingDate: share.listingDate,
    minShares: minSharesOf(deps.settings, share),
    channelOpen: share.channelOpen && deps.settings.get('subscription.enabled'),
    paymentMode: share.paymentMode,
    phase: phaseOf(deps.feed, share, deps.clock.now()),
  };
}

export function toDetail(deps: ViewDeps, share: ShareRow, totalSubscription: number, my: NewShare['my']): NewShare {
  const summary = toSummary(deps, share);
  const premiumSpread =
    summary.marketPrice === null
      ? null
      : Money.of(summary.marketPrice, share.currency).minus(share.issuePrice).amount.toString();
  return {
    ...summary,
    instrumentId: share.instrumentId,
    premiumSpread,
    sharesOffered: share.sharesOffered,
    totalSubscription,
    minInvestment: share.minInvestment.toString(),
    placementTiers:
      share.placementTiers?.map((t) => ({
        accountType: t.accountType,
        minAmount: Money.of(t.minAmount, share.currency).toString(),
      })) ?? null,
    maxApplicationsPerUser: share.maxApplicationsPerUser,
    drawDate: share.drawDate,
    paymentDeadline: share.paymentDeadline.toISOString(),
    distributionDate: share.distributionDate,
    issueMarket: share.issueMarket,
    sponsorBroker: share.sponsorBroker,
    channelPasswordRequired: share.channelPasswordRequired,
    lockDays: share.lockDays,
    drawnAt: share.drawnAt?.toISOString() ?? null,
    winningRate: share.winningRate,
    winnersCount: share.winnersCount,
    drawSeedHash: share.drawSeedHash,
    drawSeed: share.drawnAt ? share.drawSeed : null,
    my,
  };
}

export async function shareList(db: Db, deps: ViewDeps, body: z.output<typeof newShareListRequest>) {
  const { rows, total } = await repo.listShares(db, body.kind, body.page, body.size);
  return { list: rows.map((r) => toSummary(deps, r)), total, page: body.page, size: body.size };
}

export async function shareDetail(db: Db, deps: ViewDeps, userId: string | null, id: string): Promise<NewShare> {
  const share = await repo.findShare(db, id);
  if (!share) throw new DomainError('product.not_found');
  const totals = (await repo.subscribedOf(db, [id])).get(id);
  const my = userId ? await repo.myTotalsOf(db, userId, id, share.currency) : null;
  return toDetail(
    deps,
    share,
    share.totalSubscription ?? totals?.quantity ?? 0,
    my && {
      ...my,
      amountPayable: my.amountPayable.toString(),
      amountPaid: my.amountPaid.toString(),
    },
  );
}

export function toRecord(
  share: ShareRow,
  sub: SubscriptionRow,
  history: { state: SubscriptionRow['state']; at: Date }[],
): SubscriptionRecord {
  const c = share.currency;
  return {
    id: sub.id,
    newShareId: share.id,
    kind: share.kind,
    name: share.name,
    code: share.code,
    currency: c,
    state: sub.state,
    paymentMode: sub.paymentMode,
    quantity: sub.quantity,
    issuePrice: sub.issuePrice.toString(),
    amount: sub.amount.toString(),
    frozenAmount: sub.frozenAmount.toString(),
    allottedQuantity: sub.allottedQuantity,
    amountPayable: sub.amountPayable.toString(),
    amountPaid: sub.amountPaid.toString(),
    paymentDeadline: share.paymentDeadline.toISOString(),
    listingDate: share.listingDate,
    appliedAt: sub.appliedAt.toISOString(),
    history: history.map((h) => ({ state: h.state, at: h.at.toISOString() })),
  };
}

async function recordOf(db: Db, sub: SubscriptionRow, share?: ShareRow): Promise<SubscriptionRecord> {
  const s = share ?? (await repo.findShare(db, sub.newShareId));
  if (!s) throw new Error(`subscription ${sub.id} without its offering`);
  return toRecord(s, sub, (await repo.eventsOf(db, [sub.id])).get(sub.id) ?? []);
}

export async function recordList(db: Db, userId: string, body: z.output<typeof subscriptionRecordsRequest>) {
  const { rows, total } = await repo.recordsOfUser(
    db,
    userId,
    { kind: body.kind, states: body.states },
    body.page,
    body.size,
  );
  const events = await repo.eventsOf(
    db,
    rows.map((r) => r.sub.id),
  );
  return {
    list: rows.map((r) => toRecord(r.share, r.sub, events.get(r.sub.id) ?? [])),
    total,
    page: body.page,
    size: body.size,
  };
}

/** §12.3, in the contract's order. */
export async function subscribe(
  tx: Tx,
  deps: NewShareDeps,
  userId: string,
  body: z.output<typeof newShareSubscribeRequest>,
): Promise<{ record: SubscriptionRecord; code: Code }> {
  const now = deps.clock.now();
  const user = await findUserCached(tx, deps.authCache, userId);
  if (!user) throw new DomainError('auth.required');
  requireNotTradeBlocked(user);
  requireKyc(user);
  // shared lock: applications run side by side, but never across the draw or a terms change
  const share = await repo.shareShare(tx, body.id);
  if (!share) throw new DomainError('product.not_found');
  if (!share.channelOpen || !deps.settings.get('subscription.enabled'))
    throw new DomainError('subscription.channel_closed');
  if (now < share.applyStart)
    throw new DomainError('subscription.not_started', { start: share.applyStart.toISOString() });
  if (now >= share.applyEnd) throw new DomainError('subscription.ended', { end: share.applyEnd.toISOString() });
  if (share.channelPasswordRequired) {
    // counted before the hash runs (rate-limit.ts `guard`)
    const { channelPassword } = body;
    const hash = share.channelPasswordHash;
    const check = await deps.limits.guard(
      'channelPasswordFailures',
      userId,
      async () => channelPassword !== undefined && hash !== null && (await verifyPassword(hash, channelPassword)),
    );
    if (!check.ok) throw new DomainError('password.channel_wrong');
  }
  await repo.lockApplicant(tx, userId, share.id);
  if ((await repo.countApplications(tx, userId, share.id)) >= share.maxApplicationsPerUser) {
    throw new DomainError('subscription.limit_reached', { count: String(share.maxApplicationsPerUser) });
  }
  const c = share.currency;
  if (share.kind === 'ipo' && body.quantity < minSharesOf(deps.settings, share)) {
    throw new DomainError('subscription.min_shares', { min: String(minSharesOf(deps.settings, share)) });
  }
  const amount = amountFor(share, body.quantity);
  if (share.kind === 'placement') {
    const tier = share.placementTiers?.find((t) => t.accountType === user.accountType);
    const tierMin = tier ? Money.of(tier.minAmount, c) : null;
    if (tierMin && amount.isLessThan(tierMin)) {
      throw new DomainError('subscription.placement_min_amount', { min: tierMin.toString(), currency: c });
    }
  }
  if (amount.isLessThan(share.minInvestment)) {
    throw new DomainError('subscription.min_funds', { min: share.minInvestment.toString(), currency: c });
  }
  const insufficient = (available: Money) =>
    new DomainError('funds.insufficient_available', {
      available: available.toString(),
      required: amount.toString(),
      currency: c,
    });
  const prepaid = share.paymentMode === 'prepaid';
  if (!prepaid) {
    // checked for both modes (§12.3), frozen only for prepaid: the ledger checks prepaid under its lock
    const available = (await balancesOf(tx, userId)).get(c)?.available ?? Money.zero(c);
    if (available.isLessThan(amount)) throw insufficient(available);
  }
  const sub = await repo.insertSubscription(tx, {
    id: newId('sb'),
    userId,
    newShareId: share.id,
    state: initialSubscriptionState(),
    paymentMode: share.paymentMode,
    currency: c,
    quantity: body.quantity,
    issuePrice: share.issuePrice.amount,
    amount: amount.amount,
    frozenAmount: prepaid ? amount.amount : new Dec(0),
    appliedAt: now,
    updatedAt: now,
  });
  if (prepaid) {
    try {
      await deps.ledger.hold(tx, {
        userId,
        amount,
        kind: 'subscription_freeze',
        reference: sub.id,
        idempotencyKey: `subscription-freeze:${sub.id}`,
        memo: { newShareId: share.id, code: share.code },
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw insufficient(error.balance);
      throw error;
    }
  }
  return {
    record: toRecord(share, sub, [{ state: sub.state, at: now }]),
    code: share.kind === 'placement' ? 'result.placement.ok' : 'result.subscribe.ok',
  };
}

async function ownSubscription(tx: Tx, userId: string, id: string): Promise<SubscriptionRow> {
  const sub = await repo.lockSubscription(tx, id);
  if (!sub || sub.userId !== userId) throw new DomainError('record.not_found');
  return sub;
}

/** Awaiting payment and still before the deadline (the job marks late ones `payment_failed`). */
function requireAwaitingPayment(sub: SubscriptionRow, event: 'pay' | 'waive', share: ShareRow, now: Date): void {
  if (!canSubscription(sub, event)) throw new DomainError('subscription.not_awaiting_payment', { state: sub.state });
  if (now >= share.paymentDeadline)
    throw new DomainError('subscription.not_awaiting_payment', { state: 'payment_failed' });
}

/** §12.4 pay: [TB] → record.not_found → subscription.not_awaiting_payment → funds.insufficient_available. */
export async function pay(
  tx: Tx,
  deps: NewShareDeps,
  userId: string,
  subscriptionId: string,
): Promise<SubscriptionRecord> {
  const now = deps.clock.now();
  const user = await findUserCached(tx, deps.authCache, userId);
  if (!user) throw new DomainError('auth.required');
  requireNotTradeBlocked(user);
  const sub = await ownSubscription(tx, userId, subscriptionId);
  const share = await repo.findShare(tx, sub.newShareId);
  if (!share) throw new Error(`subscription ${sub.id} without its offering`);
  requireAwaitingPayment(sub, 'pay', share, now);
  const c = share.currency;
  const payable = sub.amountPayable;
  try {
    await deps.ledger.debit(tx, {
      userId,
      amount: payable,
      kind: 'subscription_pay',
      reference: sub.id,
      idempotencyKey: `subscription-pay:${sub.id}`,
      memo: { newShareId: share.id, code: share.code },
      to: 'ipo_escrow',
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new DomainError('funds.insufficient_available', {
        available: error.balance.toString(),
        required: payable.toString(),
        currency: c,
      });
    }
    throw error;
  }
  const paid = await transitionSubscription(tx, sub, 'pay', { amountPaid: payable.amount }, now);
  return recordOf(tx, paid, share);
}

/** §12.4 waive: record.not_found → subscription.not_awaiting_payment. Nothing was taken, so nothing moves. */
export async function waive(
  tx: Tx,
  deps: NewShareDeps,
  userId: string,
  subscriptionId: string,
): Promise<SubscriptionRecord> {
  const now = deps.clock.now();
  const sub = await ownSubscription(tx, userId, subscriptionId);
  const share = await repo.findShare(tx, sub.newShareId);
  if (!share) throw new Error(`subscription ${sub.id} without its offering`);
  requireAwaitingPayment(sub, 'waive', share, now);
  const waived = await transitionSubscription(tx, sub, 'waive', {}, now);
  return recordOf(tx, waived, share);
}

/** §12.2 `drawProof`: the seed and every application's numbers, no user data; before the draw `product.draw_not_allowed`. */
export async function drawProofOf(db: Db, id: string): Promise<DrawProof> {
  const share = await repo.findShare(db, id);
  if (!share) throw new DomainError('product.not_found');
  if (!share.drawnAt) throw new DomainError('product.draw_not_allowed');
  return {
    seed: share.drawSeed,
    seedHash: share.drawSeedHash,
    sharesOffered: share.sharesOffered,
    totalSubscription: share.totalSubscription ?? 0,
    algorithm: DRAW_ALGORITHM,
    applyEnd: share.applyEnd.toISOString(),
    applications: (await repo.proofRowsOf(db, id)).map((a) => ({ ...a, appliedAt: a.appliedAt.toISOString() })),
  };
}

/** The new-share part of `investValue` (§1.10): amountPaid of `paid`, not yet listed subscriptions, per currency. */
export async function newShareInvestValue(db: Db, userId: string): Promise<Map<Currency, Money>> {
  const totals = await repo.paidAmountOf(db, userId);
  return new Map(totals.map((total) => [total.currency, total]));
}

/** `newShareInvestValue` of a page of users in one query (the proof of liabilities' bulk read). */
export async function newShareInvestValues(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, Map<Currency, Money>>> {
  return repo.paidAmountOfUsers(db, userIds);
}
