/**
 * The review framework of the back office (docs/api.md §19.3, §3.3, §3.4), the ground floor every
 * product's review queue stands on.
 *
 * A small registry: each queue supplies a handler (list its rows, find and lock one, build the
 * ReviewItem, the approval and rejection effects, the user's messages, the list view). Each module
 * declares its queues in its ModuleSpec (`reviewQueues`); the app gathers them into the kernel's
 * registry, which `registerReviewAdminRoutes` serves; every queue of the contract has one.
 *
 * Every decision locks its record and checks `pending` under the lock, so a second decision
 * answers `review.not_pending` and moves nothing.
 */
import {
  nextState,
  reviewTransitions,
  type MessageOf,
  type ReviewItem,
  type ReviewItemOf,
  type ReviewItemQueue,
  type ReviewListItem,
  type ReviewQueue,
} from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError, invariant } from '../../platform/errors.js';
import { findUserById, type UserRow } from '../auth/index.js';
import { sendMessage } from '../messages/index.js';
import type { ReviewDecision, ReviewFilter, ReviewRecord, ReviewRows } from './review.repository.js';

/** The state every reviewed record starts in (`submit` of the review table, docs/api.md §3.3). */
export function initialReviewState(): ReviewState {
  const to = nextState(reviewTransitions, null, 'submit');
  invariant(to !== null, 'no initial review state');
  return to;
}

export type { ReviewQueue };
export type { ReviewDecision, ReviewFilter, ReviewRecord };
export type { ReviewRows };
export type ReviewState = ReviewItem['state'];

/**
 * One queue. `approve` and `reject` run inside the decision's transaction on the row `lock`
 * locked and checked `pending`; each writes the decision on its record and its effect, and
 * throws a DomainError to refuse (the whole decision rolls back).
 */
export interface ReviewQueueHandler<
  R extends ReviewRecord = ReviewRecord,
  I extends ReviewItem = ReviewItem,
> extends ReviewRows<R> {
  /** The item with its queue's details, typed by the contract (`ReviewItemOf<'kyc'>`, …). */
  item(db: Db, row: R): Promise<I>;
  approve(tx: Tx, row: R, decision: ReviewDecision): Promise<void>;
  reject(tx: Tx, row: R, decision: ReviewDecision): Promise<void>;
  /** The personal message (a code and its params, never a sentence) sent on each decision. */
  messages: ReviewMessages<R>;
  /**
   * The item as the queue list shows it (default: the item): no full ID or card numbers and no
   * image links there, those are in the detail, whose read is audited (§19.4).
   */
  listView?(item: I): ReviewListItem;
}

/** A rejection's message carries the reviewer's reason as its `reason` param (§1.11), plain text. */
export interface ReviewMessages<R extends ReviewRecord = ReviewRecord> {
  approved?(row: R): MessageOf;
  rejected(row: R, reason: string): MessageOf;
}

/** A handler per queue whose items the contract types; a queue of §2 without one lists empty. */
export type ReviewQueues = { [Q in ReviewItemQueue]?: ReviewQueueHandler<ReviewRecord, ReviewItemOf<Q>> };

/** The handler of a queue named by a request (any queue of §2), if it has one. */
function handlerOf(queues: ReviewQueues, queue: ReviewQueue): ReviewQueueHandler | undefined {
  const byQueue: Partial<Record<ReviewQueue, ReviewQueueHandler>> = queues;
  return byQueue[queue];
}

/* ---- helpers for queue handlers (exported for the queues of other modules) ---- */

export async function reviewUserOf(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError('account.not_found');
  return user;
}

/** The fields of a ReviewItem every queue shares. */
export function reviewBase<Q extends ReviewItemQueue>(
  queue: Q,
  id: string,
  user: UserRow,
  r: { state: string; reviewedBy: string | null; reviewedAt: Date | null; reason: string | null },
  submittedAt: Date,
) {
  return {
    id,
    queue,
    userId: user.id,
    account: user.phone,
    realname: user.realName, // the wire's name
    state: r.state as ReviewState,
    submittedAt: submittedAt.toISOString(),
    reviewedBy: r.reviewedBy,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    reason: r.reason,
  };
}

/* ---- the protocol ---- */

/** `pending` oldest first, other states newest first (§19.3). */
export async function reviewList(db: Db, queues: ReviewQueues, body: { queue: ReviewQueue } & ReviewFilter) {
  const { page, size } = body;
  const handler = handlerOrNotFound(queues, body.queue);
  const { rows, total } = await handler.list(db, body);
  const list: ReviewListItem[] = [];
  for (const r of rows) {
    const item = await handler.item(db, r);
    list.push(handler.listView ? handler.listView(item) : item);
  }
  return { list, total, page, size };
}

function handlerOrNotFound(queues: ReviewQueues, queue: ReviewQueue): ReviewQueueHandler {
  const handler = handlerOf(queues, queue);
  if (!handler) throw new DomainError('record.not_found');
  return handler;
}

async function findRow(db: Db, queues: ReviewQueues, queue: ReviewQueue, id: string) {
  const handler = handlerOrNotFound(queues, queue);
  const row = await handler.find(db, id);
  if (!row) throw new DomainError('record.not_found');
  return { handler, row };
}

/** The record locked for a decision, until the decision's transaction ends. */
async function lockRow(tx: Tx, queues: ReviewQueues, queue: ReviewQueue, id: string) {
  const handler = handlerOrNotFound(queues, queue);
  const row = await handler.lock(tx, id);
  if (!row) throw new DomainError('record.not_found');
  return { handler, row };
}

export async function reviewDetail(db: Db, queues: ReviewQueues, queue: ReviewQueue, id: string): Promise<ReviewItem> {
  const { handler, row } = await findRow(db, queues, queue, id);
  return handler.item(db, row);
}

/** Approve or reject one pending item; effects of §3.3/§3.4 in the same transaction. */
export async function decide(
  tx: Tx,
  queues: ReviewQueues,
  clock: Clock,
  adminId: string,
  body: { queue: ReviewQueue; id: string; reason: string },
  decision: 'approved' | 'rejected',
): Promise<{ before: ReviewItem; after: ReviewItem }> {
  const { handler, row } = await lockRow(tx, queues, body.queue, body.id);
  // §3.3: the contract's table decides; a second decision finds no transition from its state
  const to = nextState(reviewTransitions, row.state as ReviewState, decision === 'approved' ? 'approve' : 'reject');
  if (to === null) throw new DomainError('review.not_pending', { state: row.state });
  invariant(to === decision, `review ${body.id}: ${decision} led to ${to}`);
  const before = await handler.item(tx, row);
  const decided: ReviewDecision = { state: to, reviewedAt: clock.now(), reviewedBy: adminId, reason: body.reason };
  if (decision === 'approved') {
    await handler.approve(tx, row, decided);
    const message = handler.messages.approved?.(row);
    if (message) await sendMessage(tx, clock, row.userId, message);
  } else {
    await handler.reject(tx, row, decided);
    await sendMessage(tx, clock, row.userId, handler.messages.rejected(row, body.reason));
  }
  const { row: updated } = await findRow(tx, queues, body.queue, body.id);
  const after = await handler.item(tx, updated);
  return { before, after };
}
