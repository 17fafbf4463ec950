/**
 * The alert state machine of docs/api.md §22.1, as the contract's `alertTransitions` says it: an
 * alert's state is written only here, after the table allows the event, and always through the
 * conditional update (`state = 'active'`), so a firing, an expiry and a cancel never overlap.
 */
import { alertTransitions, canTransition, nextState, type AlertState, type EventOf } from '@brokerage/contract';
import type { Tx } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';
import * as repo from './alerts.repository.js';
import type { AlertRow, NewAlertRow } from './alerts.repository.js';

export type AlertEvent = EventOf<typeof alertTransitions>;

export function canAlert(row: Pick<AlertRow, 'state'>, event: AlertEvent): boolean {
  return canTransition(alertTransitions, row.state, event);
}

/** The state a new alert starts in (`create`). */
export function initialAlertState(): AlertState {
  const to = nextState(alertTransitions, null, 'create');
  invariant(to !== null, 'no initial alert state');
  return to;
}

/**
 * Moves an alert by `event` if it is still active (and, for `fire_daily`, not yet fired on
 * `tradingDay`); null when another step changed it first.
 */
export async function transitionAlert(
  tx: Tx,
  row: AlertRow,
  event: AlertEvent,
  patch: Partial<NewAlertRow>,
  tradingDay?: string,
): Promise<AlertRow | null> {
  const to = nextState(alertTransitions, row.state, event);
  invariant(to !== null, `alert ${row.id}: alertTransitions has no ${event} from ${row.state}`);
  return repo.updateIfActive(tx, row.id, { ...patch, state: to }, event === 'fire_daily' ? tradingDay : undefined);
}
