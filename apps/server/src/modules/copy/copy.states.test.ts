import { describe, expect, it } from 'vitest';
import type { Tx } from '../../platform/db.js';
import type { FundRow, SubscriptionRow } from './copy.repository.js';
import { canCopy, canFund, initialCopyState, initialFundState, transitionCopy, transitionFund } from './copy.states.js';

// a step the table does not list fails before any query: no database needed
const noDb = {} as Tx;

describe('copy states', () => {
  it('start in the tables’ first states', () => {
    expect(initialFundState()).toBe('running');
    expect(initialCopyState()).toBe('active');
  });
  it('a fund moves only along its table', async () => {
    const closed = { id: 'cf_1', state: 'closed' } as FundRow;
    expect(canFund(closed, 'close')).toBe(false);
    await expect(transitionFund(noDb, closed, 'close', {})).rejects.toThrow(/no close from closed/);
    await expect(transitionFund(noDb, { ...closed, state: 'running' }, 'paid_out', {})).rejects.toThrow(
      /no paid_out from running/,
    );
  });
  it('a subscription moves only along its table', async () => {
    const ended = { id: 'cs_1', state: 'ended' } as SubscriptionRow;
    expect(canCopy(ended, 'redeem')).toBe(false);
    await expect(transitionCopy(noDb, ended, 'fund_ends', {})).rejects.toThrow(/no fund_ends from ended/);
  });
});
