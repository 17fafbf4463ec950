/**
 * Running the draw of one offering (docs/api.md §19.5, §3.2), in the back office's transaction:
 * once, after `applyEnd`; the operator names the offering and nothing else. Every application
 * still `applied` first enters `pending_draw`; `allocate` (draw.ts) decides every allotment from
 * the seed fixed at creation; then each application is won or lost, and a won one is paid from
 * its frozen funds (prepaid) or waits for payment (on allotment). The offering records the totals
 * and its seed becomes public.
 */
import { Dec, roundRate } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { SecretBox } from '../../platform/secret-box.js';
import type { Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { sendMessage } from '../messages/index.js';
import type { Ledger } from '../ledger/index.js';
import { openSeed } from './draw-seed.js';
import { allocate } from './draw.js';
import * as repo from './newshare.repository.js';
import type { ShareRow, SubscriptionRow } from './newshare.repository.js';
import { amountFor } from './newshare.service.js';
import { transitionSubscription } from './newshare.states.js';

export interface DrawDeps {
  clock: Clock;
  ledger: Ledger;
  /** opens the sealed draw seed (draw-seed.ts) */
  secrets: SecretBox;
}

export interface DrawOutcome {
  share: ShareRow;
  totalSubscription: number;
  winningRate: string;
  winnersCount: number;
  seed: string;
}

/** allotted ÷ applied, 8 decimals, rounded down (a rate is never overstated); 0 when nobody applied. */
function winningRateOf(allotted: number, applied: number): string {
  if (applied === 0) return '0';
  return roundRate(new Dec(allotted).dividedBy(applied), 'down').toString();
}

async function settleOne(
  tx: Tx,
  deps: DrawDeps,
  share: ShareRow,
  sub: SubscriptionRow,
  allotted: number,
  now: Date,
): Promise<void> {
  const c = share.currency;
  const memo = { newShareId: share.id, code: share.code };
  const frozen = sub.frozenAmount;
  const product = share.name;
  if (allotted === 0) {
    if (frozen.isPositive()) {
      await deps.ledger.release(tx, {
        userId: sub.userId,
        amount: frozen,
        kind: 'subscription_release',
        reference: sub.id,
        idempotencyKey: `subscription-release:${sub.id}`,
        memo,
      });
    }
    await transitionSubscription(tx, sub, 'draw_lost', { allottedQuantity: 0, frozenAmount: new Dec(0) }, now);
    await sendMessage(tx, deps.clock, sub.userId, {
      code: 'message.subscription.lost',
      params: { product, released: frozen.toString(), currency: c },
    });
    return;
  }
  const payable = amountFor(share, allotted);
  if (sub.paymentMode === 'prepaid') {
    // the frozen amount was issuePrice × quantity ≥ issuePrice × allotted: pay the allotment, release the rest
    await deps.ledger.settle(tx, {
      userId: sub.userId,
      amount: payable,
      kind: 'subscription_pay',
      reference: sub.id,
      idempotencyKey: `subscription-pay:${sub.id}`,
      memo,
      to: 'ipo_escrow',
    });
    const rest = frozen.minus(payable);
    if (rest.isPositive()) {
      await deps.ledger.release(tx, {
        userId: sub.userId,
        amount: rest,
        kind: 'subscription_release',
        reference: sub.id,
        idempotencyKey: `subscription-release:${sub.id}`,
        memo,
      });
    }
    await transitionSubscription(
      tx,
      sub,
      ['draw_won', 'prepaid_settle'],
      {
        allottedQuantity: allotted,
        amountPayable: payable.amount,
        amountPaid: payable.amount,
        frozenAmount: new Dec(0),
      },
      now,
    );
    await sendMessage(tx, deps.clock, sub.userId, {
      code: 'message.subscription.paid',
      params: {
        product,
        allotted: String(allotted),
        amount: payable.toString(),
        released: rest.toString(),
        currency: c,
      },
    });
    return;
  }
  await transitionSubscription(
    tx,
    sub,
    ['draw_won', 'await_payment'],
    { allottedQuantity: allotted, amountPayable: payable.amount },
    now,
  );
  await sendMessage(tx, deps.clock, sub.userId, {
    code: 'message.subscription.awaiting_payment',
    params: {
      product,
      allotted: String(allotted),
      amount: payable.toString(),
      currency: c,
      deadline: share.paymentDeadline.toISOString(),
    },
  });
}

export async function runDraw(tx: Tx, deps: DrawDeps, shareId: string): Promise<DrawOutcome> {
  const now = deps.clock.now();
  const share = await repo.lockShare(tx, shareId);
  if (!share) throw new DomainError('product.not_found');
  if (share.drawnAt || now < share.applyEnd) throw new DomainError('product.draw_not_allowed');
  const locked = await repo.lockApplicationsOf(tx, share.id, ['applied', 'pending_draw']);
  const applications: SubscriptionRow[] = [];
  for (const sub of locked) {
    applications.push(sub.state === 'applied' ? await transitionSubscription(tx, sub, 'apply_end', {}, now) : sub);
  }
  const seed = openSeed(deps.secrets, share);
  const result = allocate(
    applications.map((a) => ({ id: a.id, quantity: a.quantity })),
    share.sharesOffered,
    seed,
  );
  let allottedTotal = 0;
  for (const sub of applications) {
    const allotted = result.allotted.get(sub.id) ?? 0;
    allottedTotal += allotted;
    await settleOne(tx, deps, share, sub, allotted, now);
  }
  const winningRate = winningRateOf(allottedTotal, result.totalSubscription);
  // the draw publishes the seed: from now on it is stored in plain text, as the proof shows it
  const drawn = await repo.updateShare(tx, share.id, {
    drawSeed: seed,
    drawnAt: now,
    totalSubscription: result.totalSubscription,
    winnersCount: result.winnersCount,
    winningRate,
    updatedAt: now,
  });
  return {
    share: drawn,
    totalSubscription: result.totalSubscription,
    winningRate,
    winnersCount: result.winnersCount,
    seed,
  };
}
