/**
 * A posting's accounts are written in ascending id (the lock order): compared as text by length,
 * then character by character, which must be the order of the numbers (issue 29).
 */
import { describe, expect, it } from 'vitest';
import { byAccountId } from './ledger.service.js';

describe('byAccountId', () => {
  it('orders ids as the numbers they are', () => {
    let state = 7;
    const next = () => {
      state = (state * 48271) % 2147483647;
      return state;
    };
    const ids = ['1', '2', '9', '10', '11', '99', '100', '9223372036854775807', '9223372036854775806'];
    for (let i = 0; i < 500; i += 1) ids.push(String(next() % 10 ** (1 + (next() % 9))));
    const unique = [...new Set(ids)];
    const expected = [...unique].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
    expect([...unique].reverse().sort(byAccountId)).toEqual(expected);
    expect(byAccountId('42', '42')).toBe(0);
  });
});
