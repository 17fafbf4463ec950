/**
 * The subscription state machine of docs/api.md §3.2, as the contract's `subscriptionTransitions`
 * says it: a subscription's state is written only here, with one history event per state it
 * enters (`won` is entered and left in the draw's transaction, and still recorded).
 */
import {
  canTransition,
  nextState,
  subscriptionTransitions,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@brokerage/contract';
import type { Tx } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';
import * as repo from './newshare.repository.js';
import type { NewSubscriptionRow, SubscriptionRow } from './newshare.repository.js';

export function canSubscription(row: Pick<SubscriptionRow, 'state'>, event: SubscriptionEvent): boolean {
  return canTransition(subscriptionTransitions, row.state, event);
}

/** The state a new application starts in (`subscribe`). */
export function initialSubscriptionState(): SubscriptionState {
  const to = nextState(subscriptionTransitions, null, 'subscribe');
  invariant(to !== null, 'no initial subscription state');
  return to;
}

/** Moves the locked row along `events`, writes the final state with `patch`, and one history event per state entered. */
export async function transitionSubscription(
  tx: Tx,
  row: SubscriptionRow,
  events: SubscriptionEvent | readonly SubscriptionEvent[],
  patch: Partial<NewSubscriptionRow>,
  at: Date,
): Promise<SubscriptionRow> {
  let state = row.state;
  const entered: SubscriptionState[] = [];
  for (const event of typeof events === 'string' ? [events] : events) {
    const to = nextState(subscriptionTransitions, state, event);
    invariant(to !== null, `subscription ${row.id}: §3.2 has no ${event} from ${state}`);
    entered.push(to);
    state = to;
  }
  const updated = await repo.updateSubscription(tx, row.id, { ...patch, state, updatedAt: at });
  await repo.addEvents(tx, row.id, entered, at);
  return updated;
}
