import { describe, expect, it } from 'vitest';
import { blockCreateBody, blockFormValuesOf, blockProblems, blockUpdateBody } from './block-form';
import { blockProduct } from './test-fixtures';

describe('the block-trade product form', () => {
  it('builds a create body that the contract accepts, with no daily limit as null', () => {
    const values = {
      ...blockFormValuesOf(null),
      instrumentId: ' i_usd_AAPL ',
      price: '180.50',
      minShares: 100,
      dailyLimit: null,
      reason: 'New desk product',
    };
    expect(blockProblems(values)).toEqual({});
    expect(blockCreateBody(values)).toEqual({
      instrumentId: 'i_usd_AAPL',
      kind: 'block',
      price: '180.50',
      minShares: 100,
      dailyLimit: null,
      lockDays: 0,
      open: true,
      reason: 'New desk product',
    });
  });

  it('names the fields the server would refuse, under the field', () => {
    const problems = blockProblems({
      ...blockFormValuesOf(null),
      instrumentId: 'WALMEX MX',
      price: '0',
      minShares: null,
      lockDays: 4000,
    });
    expect(problems.instrumentId).toMatch(/i_mxn_WALMEX/);
    expect(problems.price).toMatch(/above 0/);
    expect(problems.minShares).toBe('Whole shares from 1 to 10,000,000');
    expect(problems.lockDays).toBe('Whole days from 0 to 3650');
    expect(blockProblems({ ...blockFormValuesOf(blockProduct), price: '58.205' }).price).toMatch(/at most 2 decimals/);
    expect(blockProblems({ ...blockFormValuesOf(blockProduct), minShares: 5000, dailyLimit: 4000 }).dailyLimit).toMatch(
      /below the minimum/,
    );
  });

  it('sends only what changed on an edit, and nothing when nothing did', () => {
    expect(
      blockUpdateBody(blockProduct, { ...blockFormValuesOf(blockProduct), price: '58.2', reason: 'No change' }),
    ).toBeNull();
    expect(
      blockUpdateBody(blockProduct, {
        ...blockFormValuesOf(blockProduct),
        price: '57.90',
        dailyLimit: null,
        open: false,
        reason: 'Repriced',
      }),
    ).toEqual({
      id: 'bp_3',
      price: '57.90',
      dailyLimit: null,
      open: false,
      reason: 'Repriced',
    });
  });
});
