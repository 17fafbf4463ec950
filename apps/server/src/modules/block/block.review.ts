/**
 * The `block` review queue (docs/api.md §3.3, §19.3), declared in the block ModuleSpec (modules/review).
 * Approval opens a long position at the deal price (trading's `openAllottedPosition`: the frozen
 * amount becomes the position's margin, the fee is booked as its open fee), `locked` for the
 * product's lock days (§3.1 `allot_locked`), else `holding`. Rejection releases amount + fee and
 * tells the user why. Both run in the decision's transaction on the locked, still pending row.
 */
import type { ReviewItemOf } from '@brokerage/contract';
import type { Settings } from '../../platform/settings.js';
import { reviewBase, reviewTableRows, reviewUserOf, type ReviewQueueHandler } from '../review/index.js';
import type { Ledger } from '../ledger/index.js';
import type { MarketFeed } from '../market/index.js';
import { openAllottedPosition } from '../trading/index.js';
import * as repo from './block.repository.js';
import type { ApplicationRow } from './block.repository.js';
import { priceBandOf, requireInCollar } from './block.service.js';
import { blockApplications } from './block.tables.js';

export interface BlockReviewDeps {
  ledger: Ledger;
  feed: MarketFeed;
  settings: Settings;
}

export function blockReviewQueue(deps: BlockReviewDeps): ReviewQueueHandler<ApplicationRow, ReviewItemOf<'block'>> {
  const t = blockApplications;
  return {
    ...reviewTableRows<ApplicationRow>(
      t,
      { id: t.id, userId: t.userId, state: t.state, submittedAt: t.submittedAt },
      t.id,
      repo.applicationOf,
    ),
    async item(db, r) {
      const user = await reviewUserOf(db, r.userId);
      const c = r.currency;
      const q = deps.feed.instrument(r.instrumentId) ? deps.feed.quote(r.instrumentId) : null;
      const band = priceBandOf(deps, r);
      return {
        ...reviewBase('block', r.id, user, r, r.submittedAt),
        amount: r.amount.toString(),
        currency: c,
        details: {
          productId: r.productId,
          kind: r.kind,
          code: r.code,
          shares: r.shares,
          price: r.price.toString(),
          fee: r.fee.toString(),
          lockDays: r.lockDays,
          currentPrice: q && q.status !== 'pre_listing' ? q.price : null,
          priceLow: band?.low.toString() ?? null,
          priceHigh: band?.high.toString() ?? null,
        },
      };
    },
    async approve(tx, r, decided) {
      // the collar again: a price that was inside when the user applied may be outside now
      requireInCollar(deps, r, r.price);
      const position = await openAllottedPosition(tx, deps, {
        userId: r.userId,
        instrumentId: r.instrumentId,
        source: 'block',
        lots: r.shares,
        price: r.price,
        amount: r.amount,
        funding: { from: 'frozen', fee: r.fee },
        lockDays: r.lockDays,
        reference: r.id,
        at: decided.reviewedAt,
      });
      await repo.decide(tx, r.id, { ...decided, orderId: position.id });
    },
    async reject(tx, r, decided) {
      await deps.ledger.release(tx, {
        userId: r.userId,
        amount: r.amount.plus(r.fee),
        kind: 'block_release',
        reference: r.id,
        idempotencyKey: `block-release:${r.id}`,
        memo: { productId: r.productId, code: r.code },
      });
      await repo.decide(tx, r.id, decided);
    },
    messages: {
      approved: (r) => ({
        code: 'message.block.approved',
        params: {
          code: r.code,
          shares: String(r.shares),
          price: r.price.toString(),
          currency: r.currency,
        },
      }),
      rejected: (r, reason) => ({
        code: 'message.block.rejected',
        params: { code: r.code, shares: String(r.shares), reason },
      }),
    },
  };
}
