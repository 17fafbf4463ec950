/**
 * The system steps of docs/api.md §3.2, run every 30 s beside the API (`newShareJob`):
 * - `apply_end`: applications of an offering whose window has closed enter `pending_draw`;
 * - `deadline_passes`: allotments still awaiting payment after the deadline become `payment_failed`;
 * - `list`: once the feed trades the offering's instrument (its listing date), each paid allotment
 *   becomes a position (trading's `openAllottedPosition`) and the subscription is `listed`.
 *
 * Every step locks its rows and re-checks their state in its own transaction, and every journal
 * entry carries an idempotency key, so two runs (or two instances) never act twice and a crash
 * between steps loses nothing.
 */
import type { Clock } from '../../platform/clock.js';
import { transaction, type Db } from '../../platform/db.js';
import type { JobSpec } from '../../platform/jobs.js';
import type { Settings } from '../../platform/settings.js';
import { sendMessage } from '../messages/index.js';
import type { Ledger } from '../ledger/index.js';
import type { MarketFeed } from '../market/index.js';
import { openAllottedPosition } from '../trading/index.js';
import { syncListings } from './listings.js';
import * as repo from './newshare.repository.js';
import { isListed } from './newshare.service.js';
import { canSubscription, transitionSubscription } from './newshare.states.js';

const BATCH = 500;

export interface NewShareJobDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  feed: MarketFeed;
  settings: Settings;
}

export interface NewShareJobReport {
  closed: number;
  lapsed: number;
  listed: number;
}

async function closeWindow(deps: NewShareJobDeps, shareId: string, now: Date): Promise<number> {
  return transaction(deps.db, async (tx) => {
    const share = await repo.lockShare(tx, shareId);
    if (!share || now < share.applyEnd || share.drawnAt) return 0;
    const applied = await repo.lockAppliedOf(tx, share.id);
    for (const sub of applied) await transitionSubscription(tx, sub, 'apply_end', {}, now);
    return applied.length;
  });
}

async function lapse(deps: NewShareJobDeps, id: string, now: Date): Promise<boolean> {
  return transaction(deps.db, async (tx) => {
    const sub = await repo.lockSubscription(tx, id);
    if (!sub || !canSubscription(sub, 'deadline_passes')) return false;
    const share = await repo.findShare(tx, sub.newShareId);
    if (!share || now < share.paymentDeadline) return false;
    await transitionSubscription(tx, sub, 'deadline_passes', {}, now);
    await sendMessage(tx, deps.clock, sub.userId, {
      code: 'message.subscription.payment_failed',
      params: { product: share.name },
    });
    return true;
  });
}

async function list(deps: NewShareJobDeps, id: string, now: Date): Promise<boolean> {
  return transaction(deps.db, async (tx) => {
    const sub = await repo.lockSubscription(tx, id);
    if (!sub || !canSubscription(sub, 'list') || sub.orderId) return false;
    const share = await repo.findShare(tx, sub.newShareId);
    if (!share || !isListed(deps.feed, share)) return false;
    const position = await openAllottedPosition(tx, deps, {
      userId: sub.userId,
      instrumentId: share.instrumentId,
      source: 'ipo',
      lots: sub.allottedQuantity,
      price: share.issuePrice,
      amount: sub.amountPaid,
      funding: { from: 'house', account: 'ipo_escrow' },
      lockDays: share.lockDays,
      reference: sub.id,
      at: now,
    });
    await transitionSubscription(tx, sub, 'list', { orderId: position.id }, now);
    await sendMessage(tx, deps.clock, sub.userId, {
      code: 'message.subscription.listed',
      params: { product: share.name, allotted: String(sub.allottedQuantity) },
    });
    return true;
  });
}

export async function runNewShareJobs(deps: NewShareJobDeps): Promise<NewShareJobReport> {
  const now = deps.clock.now();
  const report: NewShareJobReport = { closed: 0, lapsed: 0, listed: 0 };
  await syncListings(deps.db, deps.feed);
  for (const shareId of await repo.sharesPastApplyEnd(deps.db, now))
    report.closed += await closeWindow(deps, shareId, now);
  for (const id of await repo.dueUnpaid(deps.db, now, BATCH)) if (await lapse(deps, id, now)) report.lapsed += 1;
  for (const share of await repo.drawnWithPaid(deps.db)) {
    if (!isListed(deps.feed, share)) continue;
    for (const id of await repo.paidIdsOf(deps.db, share.id, BATCH)) if (await list(deps, id, now)) report.listed += 1;
  }
  return report;
}

/**
 * The window, deadline and listing steps as a job of the job runner (platform/jobs.ts): every 30 s
 * beside the API, on every instance (each step locks and re-checks its row).
 */
export function newShareJob(deps: NewShareJobDeps, intervalMs = 30_000): JobSpec {
  return { name: 'new-share jobs', intervalMs, run: () => runNewShareJobs(deps) };
}
