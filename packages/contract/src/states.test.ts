import { describe, expect, it } from 'vitest';
import {
  canTransition,
  copyFundStates,
  copyFundTransitions,
  copyStates,
  copyTransitions,
  kycStatuses,
  kycTransitions,
  loanStates,
  loanTransitions,
  nextState,
  reviewTransitions,
  terminalStates,
} from './index.js';

describe('the copy fund table', () => {
  it('launches running, closes once, and is closed only after closing', () => {
    expect(nextState(copyFundTransitions, null, 'launch')).toBe('running');
    expect(nextState(copyFundTransitions, 'running', 'close')).toBe('closing');
    expect(nextState(copyFundTransitions, 'running', 'end_time')).toBe('closing');
    expect(nextState(copyFundTransitions, 'closing', 'paid_out')).toBe('closed');
    expect(terminalStates(copyFundTransitions, copyFundStates)).toEqual(['closed']);
  });
  it('refuses what it does not list', () => {
    expect(canTransition(copyFundTransitions, 'running', 'paid_out')).toBe(false);
    expect(canTransition(copyFundTransitions, 'closing', 'close')).toBe(false);
    expect(canTransition(copyFundTransitions, 'closed', 'end_time')).toBe(false);
    expect(nextState(copyFundTransitions, null, 'close')).toBeNull();
  });
});

describe('the copy subscription table', () => {
  it('starts active and ends once', () => {
    expect(nextState(copyTransitions, null, 'subscribe')).toBe('active');
    expect(terminalStates(copyTransitions, copyStates)).toEqual(['ended']);
  });
  it('refuses what it does not list', () => {
    expect(canTransition(copyTransitions, 'ended', 'redeem')).toBe(false);
    expect(canTransition(copyTransitions, 'ended', 'fund_ends')).toBe(false);
    expect(canTransition(copyTransitions, 'active', 'subscribe')).toBe(false);
  });
});

describe('the real-name table', () => {
  it('refuses what it does not list', () => {
    expect(canTransition(kycTransitions, 'none', 'approve')).toBe(false);
    expect(canTransition(kycTransitions, 'verified', 'reject')).toBe(false);
    expect(canTransition(kycTransitions, 'pending', 'submit')).toBe(false);
    expect(terminalStates(kycTransitions, kycStatuses)).toEqual(['verified']);
  });
});

describe('the loan table', () => {
  it('is reviewed with the steps of the review table, then settled once', () => {
    // the review framework decides a loan with reviewTransitions: each of its steps is a loan step too
    for (const t of reviewTransitions) expect(nextState(loanTransitions, t.from, t.event)).toBe(t.to);
    expect(nextState(loanTransitions, 'approved', 'repay_in_full')).toBe('settled');
    expect(terminalStates(loanTransitions, loanStates)).toEqual(['rejected', 'settled']);
  });
  it('refuses what it does not list', () => {
    expect(canTransition(loanTransitions, 'pending', 'repay_in_full')).toBe(false);
    expect(canTransition(loanTransitions, 'settled', 'repay_in_full')).toBe(false);
    expect(canTransition(loanTransitions, 'settled', 'approve')).toBe(false);
    expect(nextState(loanTransitions, null, 'approve')).toBeNull();
  });
});
