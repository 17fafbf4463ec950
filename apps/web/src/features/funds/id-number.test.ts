import { describe, expect, it } from 'vitest';
import { isIdComplete, joinIdNumber, splitIdNumber } from './id-number';

describe('the ID number split (first 6, middle, last 1)', () => {
  it('joins the three boxes into the full number', () => {
    expect(joinIdNumber({ first: 'LOPA85', middle: '0101HDFRRN0', last: '7' })).toBe('LOPA850101HDFRRN07');
  });

  it('splits a pasted number over the three boxes', () => {
    expect(splitIdNumber('lopa850101hdfrrn07')).toEqual({ first: 'LOPA85', middle: '0101HDFRRN0', last: '7' });
    expect(splitIdNumber('ABC-123 4')).toEqual({ first: 'ABC123', middle: '', last: '4' });
    expect(splitIdNumber('ABC')).toEqual({ first: 'ABC', middle: '', last: '' });
  });

  it('is complete with 6 leading and 1 trailing character, up to 30 in all', () => {
    expect(isIdComplete({ first: 'LOPA85', middle: '', last: '7' })).toBe(true);
    expect(isIdComplete({ first: 'LOPA8', middle: '5', last: '7' })).toBe(false);
    expect(isIdComplete({ first: 'LOPA85', middle: 'X', last: '' })).toBe(false);
    expect(isIdComplete({ first: 'LOPA85', middle: 'X'.repeat(24), last: '7' })).toBe(false);
  });
});
