/**
 * The order / position state machine of docs/api.md §3.1, as the contract's `orderTransitions` table
 * says it: every state an order enters is looked up there and written with its history event
 * (`order_events`, the §9.7 `history`) by the functions below, and nowhere else. The rules that
 * answer a user (`order.not_pending`, `order.not_holding`…) ask `canOrder` which refusal applies.
 */
import { canTransition, nextState, orderTransitions, type OrderEvent, type OrderState } from '@brokerage/contract';
import type { Tx } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';
import * as repo from './orders.repository.js';
import type { NewOrderRow, OrderRow } from './orders.repository.js';

/** Whether §3.1 allows `event` from the order's current state. */
export function canOrder(row: Pick<OrderRow, 'state'>, event: OrderEvent): boolean {
  return canTransition(orderTransitions, row.state, event);
}

/** The state a new order starts in: `buy_limit` → pending, `buy_market` → holding. */
export function initialOrderState(event: 'buy_limit' | 'buy_market' | 'allot' | 'allot_locked'): OrderState {
  const to = nextState(orderTransitions, null, event);
  invariant(to !== null, `no initial order state for ${event}`);
  return to;
}

/**
 * Moves the locked row along `events` (one or more steps of §3.1, e.g. `close` then `fill_close`
 * when the quote is at hand), writes the final state with `patch` in one update, and one history
 * event per state entered. A step the table does not list is a bug, not a refusal.
 */
export async function transitionOrder(
  tx: Tx,
  row: OrderRow,
  events: OrderEvent | readonly OrderEvent[],
  patch: Partial<NewOrderRow>,
  at: Date,
  reason: string | null,
): Promise<OrderRow> {
  let state = row.state;
  const entered: OrderState[] = [];
  for (const event of typeof events === 'string' ? [events] : events) {
    const to = nextState(orderTransitions, state, event);
    invariant(to !== null, `order ${row.id}: §3.1 has no ${event} from ${state}`);
    entered.push(to);
    state = to;
  }
  const updated = await repo.updateOrder(tx, row.id, { ...patch, state });
  for (const s of entered) await repo.addEvent(tx, row.id, s, at, reason);
  return updated;
}
