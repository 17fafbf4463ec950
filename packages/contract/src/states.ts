/**
 * The state machines of API.md §3 as explicit transition tables. Any transition not
 * listed is impossible; services ask `canTransition` before they write a new state.
 */
import type {
  CopyState, InstrumentStatus, KycStatus, LendingState, OrderState, ReviewState, SubscriptionState,
} from './enums.js';

export type Actor = 'user' | 'system' | 'back_office';

export interface Transition<S extends string> {
  from: S | null;
  event: string;
  actor: Actor;
  to: S;
}

export const orderTransitions: readonly Transition<OrderState>[] = [
  { from: null, event: 'buy_limit', actor: 'user', to: 'pending' },
  { from: null, event: 'buy_market', actor: 'user', to: 'holding' },
  { from: null, event: 'allot_locked', actor: 'system', to: 'locked' },
  { from: null, event: 'allot', actor: 'system', to: 'holding' },
  { from: 'pending', event: 'limit_reached', actor: 'system', to: 'holding' },
  { from: 'pending', event: 'cancel', actor: 'user', to: 'cancelled' },
  { from: 'pending', event: 'expire', actor: 'system', to: 'cancelled' },
  { from: 'locked', event: 'lock_ends', actor: 'system', to: 'holding' },
  { from: 'holding', event: 'close', actor: 'user', to: 'closing' },
  { from: 'holding', event: 'tp_sl', actor: 'system', to: 'closing' },
  { from: 'holding', event: 'stop_out', actor: 'system', to: 'closing' },
  { from: 'locked', event: 'stop_out', actor: 'system', to: 'closing' },
  { from: 'holding', event: 'delist', actor: 'system', to: 'closing' },
  { from: 'locked', event: 'delist', actor: 'system', to: 'closing' },
  { from: 'closing', event: 'fill_close', actor: 'system', to: 'closed' },
  { from: 'closing', event: 'session_ends', actor: 'system', to: 'holding' },
];

export const subscriptionTransitions: readonly Transition<SubscriptionState>[] = [
  { from: null, event: 'subscribe', actor: 'user', to: 'applied' },
  { from: 'applied', event: 'apply_end', actor: 'system', to: 'pending_draw' },
  { from: 'pending_draw', event: 'draw_won', actor: 'back_office', to: 'won' },
  { from: 'pending_draw', event: 'draw_lost', actor: 'back_office', to: 'lost' },
  { from: 'won', event: 'prepaid_settle', actor: 'system', to: 'paid' },
  { from: 'won', event: 'await_payment', actor: 'system', to: 'awaiting_payment' },
  { from: 'awaiting_payment', event: 'pay', actor: 'user', to: 'paid' },
  { from: 'awaiting_payment', event: 'waive', actor: 'user', to: 'waived' },
  { from: 'awaiting_payment', event: 'deadline_passes', actor: 'system', to: 'payment_failed' },
  { from: 'paid', event: 'list', actor: 'system', to: 'listed' },
];

export const reviewTransitions: readonly Transition<ReviewState>[] = [
  { from: null, event: 'submit', actor: 'user', to: 'pending' },
  { from: 'pending', event: 'approve', actor: 'back_office', to: 'approved' },
  { from: 'pending', event: 'reject', actor: 'back_office', to: 'rejected' },
];

export const kycTransitions: readonly Transition<KycStatus>[] = [
  { from: 'none', event: 'submit', actor: 'user', to: 'pending' },
  { from: 'rejected', event: 'submit', actor: 'user', to: 'pending' },
  { from: 'pending', event: 'approve', actor: 'back_office', to: 'verified' },
  { from: 'pending', event: 'reject', actor: 'back_office', to: 'rejected' },
];

export const copyTransitions: readonly Transition<CopyState>[] = [
  { from: null, event: 'subscribe', actor: 'user', to: 'active' },
  { from: 'active', event: 'redeem', actor: 'user', to: 'ended' },
  { from: 'active', event: 'fund_ends', actor: 'system', to: 'ended' },
];

export const lendingTransitions: readonly Transition<LendingState>[] = [
  { from: null, event: 'apply', actor: 'user', to: 'active' },
  { from: 'active', event: 'matched', actor: 'system', to: 'succeeded' },
  { from: 'active', event: 'not_matched', actor: 'system', to: 'failed' },
  { from: 'succeeded', event: 'term_ends', actor: 'system', to: 'completed' },
];

export const instrumentTransitions: readonly Transition<InstrumentStatus>[] = [
  { from: 'pre_listing', event: 'listing_date', actor: 'system', to: 'trading' },
  { from: 'trading', event: 'halt', actor: 'system', to: 'halted' },
  { from: 'halted', event: 'resume', actor: 'system', to: 'trading' },
  { from: 'trading', event: 'delist', actor: 'system', to: 'delisted' },
  { from: 'halted', event: 'delist', actor: 'system', to: 'delisted' },
];

/** The target state of `event` from `from`, or null when the table has no such transition. */
export function nextState<S extends string>(
  table: readonly Transition<S>[], from: S | null, event: string,
): S | null {
  const row = table.find((t) => t.from === from && t.event === event);
  return row ? row.to : null;
}

export function canTransition<S extends string>(table: readonly Transition<S>[], from: S | null, event: string): boolean {
  return nextState(table, from, event) !== null;
}

/** States with no outgoing transition. */
export function terminalStates<S extends string>(table: readonly Transition<S>[], all: readonly S[]): S[] {
  return all.filter((s) => !table.some((t) => t.from === s));
}
