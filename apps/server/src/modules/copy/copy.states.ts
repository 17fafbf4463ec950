/**
 * The copy state machines of docs/api.md §3, as the contract's `copyFundTransitions` (a fund) and
 * `copyTransitions` (a follower's subscription, §3.5) say them: a fund's or a subscription's state
 * is written only here, after the table allows the event. Neither record keeps a history table: the
 * fund's `closeReason` / `closedAt` and the subscription's `endReason` / `endedAt` are its history.
 */
import {
  canTransition,
  copyFundTransitions,
  copyTransitions,
  nextState,
  type CopyEvent,
  type CopyFundEvent,
  type CopyFundState,
  type CopyState,
} from '@brokerage/contract';
import type { Tx } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';
import * as repo from './copy.repository.js';
import type { FundRow, NewFundRow, NewSubscriptionRow, SubscriptionRow } from './copy.repository.js';

/** Whether the fund table allows `event` from the fund's current state. */
export function canFund(row: Pick<FundRow, 'state'>, event: CopyFundEvent): boolean {
  return canTransition(copyFundTransitions, row.state, event);
}

/** The state a new fund starts in (`launch`). */
export function initialFundState(): CopyFundState {
  const to = nextState(copyFundTransitions, null, 'launch');
  invariant(to !== null, 'no initial copy fund state');
  return to;
}

/** Moves the locked fund by `event` and writes `patch` with its new state in one update. */
export async function transitionFund(
  tx: Tx,
  row: FundRow,
  event: CopyFundEvent,
  patch: Partial<NewFundRow>,
): Promise<FundRow> {
  const to = nextState(copyFundTransitions, row.state, event);
  invariant(to !== null, `copy fund ${row.id}: the fund table has no ${event} from ${row.state}`);
  return repo.updateFund(tx, row.id, { ...patch, state: to });
}

/** Whether §3.5 allows `event` from the subscription's current state. */
export function canCopy(row: Pick<SubscriptionRow, 'state'>, event: CopyEvent): boolean {
  return canTransition(copyTransitions, row.state, event);
}

/** The state a new subscription starts in (`subscribe`). */
export function initialCopyState(): CopyState {
  const to = nextState(copyTransitions, null, 'subscribe');
  invariant(to !== null, 'no initial copy subscription state');
  return to;
}

/** Moves the locked subscription by `event` and writes `patch` with its new state in one update. */
export async function transitionCopy(
  tx: Tx,
  row: SubscriptionRow,
  event: CopyEvent,
  patch: Partial<NewSubscriptionRow>,
): Promise<SubscriptionRow> {
  const to = nextState(copyTransitions, row.state, event);
  invariant(to !== null, `copy subscription ${row.id}: §3.5 has no ${event} from ${row.state}`);
  return repo.updateSubscription(tx, row.id, { ...patch, state: to });
}
