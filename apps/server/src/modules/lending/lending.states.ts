/**
 * The lending state machine of docs/api.md §3.6, as the contract's `lendingTransitions` says it: a
 * record's state is written only here, after the table allows the event.
 */
import { canTransition, lendingTransitions, nextState, type LendingEvent } from '@brokerage/contract';
import type { Tx } from '../../platform/db.js';
import { invariant } from '../../platform/errors.js';
import * as repo from './lending.repository.js';
import type { NewRecordRow, RecordRow } from './lending.repository.js';

export function canLending(row: Pick<RecordRow, 'state'>, event: LendingEvent): boolean {
  return canTransition(lendingTransitions, row.state, event);
}

/** The state a new application starts in (`apply`). */
export function initialLendingState(): RecordRow['state'] {
  const to = nextState(lendingTransitions, null, 'apply');
  invariant(to !== null, 'no initial lending state');
  return to;
}

/** Moves the locked record by `event` and writes `patch` with its new state in one update. */
export async function transitionLending(
  tx: Tx,
  row: RecordRow,
  event: LendingEvent,
  patch: Partial<NewRecordRow>,
): Promise<RecordRow> {
  const to = nextState(lendingTransitions, row.state, event);
  invariant(to !== null, `lending record ${row.id}: §3.6 has no ${event} from ${row.state}`);
  return repo.updateRecord(tx, row.id, { ...patch, state: to });
}
