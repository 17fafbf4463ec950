/**
 * The state machines of docs/api.md §3 as explicit transition tables. Any transition not listed is
 * impossible. The server writes a state only through `transition` helpers that look the event
 * up here (`nextState`), and its rules ask `canTransition` to pick the refusal a user sees; the
 * event names are typed, so a misspelt event does not compile.
 */
import type {
  CopyState,
  InstrumentStatus,
  KycStatus,
  LendingState,
  OrderState,
  ReviewState,
  SubscriptionState,
} from './enums.js';
import type { CopyFundState } from './api/copy.js';
import type { AlertState } from './api/alerts.js';
import type { LoanState } from './api/loan.js';

export type Actor = 'user' | 'system' | 'back_office';

export interface Transition<S extends string, E extends string = string> {
  from: S | null;
  event: E;
  actor: Actor;
  to: S;
}

export const orderTransitions = [
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
] as const satisfies readonly Transition<OrderState>[];

export const subscriptionTransitions = [
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
] as const satisfies readonly Transition<SubscriptionState>[];

export const reviewTransitions = [
  { from: null, event: 'submit', actor: 'user', to: 'pending' },
  { from: 'pending', event: 'approve', actor: 'back_office', to: 'approved' },
  { from: 'pending', event: 'reject', actor: 'back_office', to: 'rejected' },
] as const satisfies readonly Transition<ReviewState>[];

export const kycTransitions = [
  { from: null, event: 'register', actor: 'user', to: 'none' },
  { from: 'none', event: 'submit', actor: 'user', to: 'pending' },
  { from: 'rejected', event: 'submit', actor: 'user', to: 'pending' },
  { from: 'pending', event: 'approve', actor: 'back_office', to: 'verified' },
  { from: 'pending', event: 'reject', actor: 'back_office', to: 'rejected' },
] as const satisfies readonly Transition<KycStatus>[];

export const copyTransitions = [
  { from: null, event: 'subscribe', actor: 'user', to: 'active' },
  { from: 'active', event: 'redeem', actor: 'user', to: 'ended' },
  { from: 'active', event: 'fund_ends', actor: 'system', to: 'ended' },
] as const satisfies readonly Transition<CopyState>[];

/** A copy fund (§14): launched running; closed by an operator or at its end time; closed once everyone is paid out. */
export const copyFundTransitions = [
  { from: null, event: 'launch', actor: 'back_office', to: 'running' },
  { from: 'running', event: 'close', actor: 'back_office', to: 'closing' },
  { from: 'running', event: 'end_time', actor: 'system', to: 'closing' },
  { from: 'closing', event: 'paid_out', actor: 'system', to: 'closed' },
] as const satisfies readonly Transition<CopyFundState>[];

/**
 * A credit loan (§16): reviewed like every queue item (the events of `reviewTransitions`, §3.3), then
 * settled by the repayment that brings what is owed to zero.
 */
export const loanTransitions = [
  { from: null, event: 'submit', actor: 'user', to: 'pending' },
  { from: 'pending', event: 'approve', actor: 'back_office', to: 'approved' },
  { from: 'pending', event: 'reject', actor: 'back_office', to: 'rejected' },
  { from: 'approved', event: 'repay_in_full', actor: 'user', to: 'settled' },
] as const satisfies readonly Transition<LoanState>[];

export const lendingTransitions = [
  { from: null, event: 'apply', actor: 'user', to: 'active' },
  { from: 'active', event: 'matched', actor: 'system', to: 'succeeded' },
  { from: 'active', event: 'not_matched', actor: 'system', to: 'failed' },
  { from: 'succeeded', event: 'term_ends', actor: 'system', to: 'completed' },
] as const satisfies readonly Transition<LendingState>[];

/**
 * A price alert (§22.1): set by the user; a `once` alert ends `triggered` when its condition is met
 * (a `daily` one fires through `fire_daily` and stays `active`); past `expiresAt` the system ends it.
 */
export const alertTransitions = [
  { from: null, event: 'create', actor: 'user', to: 'active' },
  { from: 'active', event: 'fire', actor: 'system', to: 'triggered' },
  { from: 'active', event: 'fire_daily', actor: 'system', to: 'active' },
  { from: 'active', event: 'expire', actor: 'system', to: 'expired' },
  { from: 'active', event: 'cancel', actor: 'user', to: 'cancelled' },
] as const satisfies readonly Transition<AlertState>[];

export const instrumentTransitions = [
  { from: 'pre_listing', event: 'listing_date', actor: 'system', to: 'trading' },
  { from: 'trading', event: 'halt', actor: 'system', to: 'halted' },
  { from: 'halted', event: 'resume', actor: 'system', to: 'trading' },
  { from: 'trading', event: 'delist', actor: 'system', to: 'delisted' },
  { from: 'halted', event: 'delist', actor: 'system', to: 'delisted' },
] as const satisfies readonly Transition<InstrumentStatus>[];

/** Orders still alive (not terminal): pending, holding, locked, closing. */
export const liveOrderStates: readonly OrderState[] = [
  ...new Set(orderTransitions.flatMap((t) => (t.from === null ? [] : [t.from]))),
];

/** Orders that hold a position (margin committed): those a stop-out can close, and `closing`. */
export const openOrderStates: readonly OrderState[] = [
  ...new Set(orderTransitions.filter((t) => t.event === 'stop_out' || t.event === 'fill_close').map((t) => t.from)),
];

/** The events of a table: `EventOf<typeof orderTransitions>` is `'buy_limit' | 'cancel' | …`. */
export type EventOf<T extends readonly Transition<string>[]> = T[number]['event'];
export type OrderEvent = EventOf<typeof orderTransitions>;
export type SubscriptionEvent = EventOf<typeof subscriptionTransitions>;
export type ReviewEvent = EventOf<typeof reviewTransitions>;
export type KycEvent = EventOf<typeof kycTransitions>;
export type CopyEvent = EventOf<typeof copyTransitions>;
export type CopyFundEvent = EventOf<typeof copyFundTransitions>;
export type LendingEvent = EventOf<typeof lendingTransitions>;
export type LoanEvent = EventOf<typeof loanTransitions>;
export type InstrumentEvent = EventOf<typeof instrumentTransitions>;

/** The target state of `event` from `from`, or null when the table has no such transition. */
export function nextState<S extends string, E extends string>(
  table: readonly Transition<S, E>[],
  from: S | null,
  event: E,
): S | null {
  for (const t of table) if (t.from === from && t.event === event) return t.to;
  return null;
}

export function canTransition<S extends string, E extends string>(
  table: readonly Transition<S, E>[],
  from: S | null,
  event: E,
): boolean {
  return nextState(table, from, event) !== null;
}

/** States with no outgoing transition. */
export function terminalStates<S extends string, E extends string>(
  table: readonly Transition<S, E>[],
  all: readonly S[],
): S[] {
  return all.filter((s) => !table.some((t) => t.from === s));
}
