import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { cleanUserId, decisionOutcome, isBuiltQueue, reviewListBody } from './review-queue';

describe('the list request of a queue page', () => {
  it('asks for pending items by default and every state for "all"', () => {
    expect(reviewListBody('kyc', 'pending', undefined, 1, 20)).toEqual({
      queue: 'kyc',
      states: ['pending'],
      page: 1,
      size: 20,
    });
    expect(reviewListBody('deposit', 'all', 'u_3kT9', 2, 50)).toEqual({
      queue: 'deposit',
      states: ['pending', 'approved', 'rejected'],
      userId: 'u_3kT9',
      page: 2,
      size: 50,
    });
  });

  it('keeps only user ids the server accepts', () => {
    expect(cleanUserId(' u_3kT9 ')).toBe('u_3kT9');
    expect(cleanUserId('u 1')).toBeUndefined();
    expect(cleanUserId(null)).toBeUndefined();
  });

  it('knows which queues are decided today', () => {
    expect(isBuiltQueue('withdraw')).toBe(true);
    expect(isBuiltQueue('loan')).toBe(true);
    expect(isBuiltQueue('quota')).toBe(true);
    expect(isBuiltQueue('nope')).toBe(false);
    expect(isBuiltQueue(undefined)).toBe(false);
  });
});

describe('reading the answer to a decision', () => {
  it('offers a retry only when the answer may not have been final', () => {
    expect(decisionOutcome(new ApiError('network.error', 'Cannot reach the server.', {}, null)).kind).toBe('retry');
    expect(decisionOutcome(new ApiError('server.error', 'System busy.', {}, 500)).kind).toBe('retry');
    expect(decisionOutcome(new ApiError('request.too_frequent', 'Too frequent.', { seconds: '1' }, 429)).kind).toBe(
      'retry',
    );
    expect(
      decisionOutcome(new ApiError('request.invalid', 'Invalid request.', { fields: { reason: 'too_short' } }, 400))
        .kind,
    ).toBe('refused');
  });

  it('names a decision someone else made first and a frozen account', () => {
    const stale = decisionOutcome(
      new ApiError('review.not_pending', 'This item is not under review.', { state: 'approved' }, 200),
    );
    expect(stale).toEqual({
      kind: 'stale',
      text: expect.stringContaining('Already decided by someone else (now approved)') as unknown,
    });
    const frozen = decisionOutcome(new ApiError('account.frozen', 'Account is frozen.', {}, 200));
    expect(frozen.kind).toBe('frozen');
    expect(frozen.text).toMatch(/frozen/);
    expect(decisionOutcome(new ApiError('record.not_found', 'Record not found.', {}, 200)).kind).toBe('gone');
  });
});
