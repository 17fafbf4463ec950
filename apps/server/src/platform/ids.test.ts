import { describe, expect, it } from 'vitest';
import { isSecretFormat } from '@brokerage/contract';
import { hashToken, newOrderNo, newSecret } from './ids.js';

describe('newOrderNo', () => {
  it('never repeats within a process, even for many numbers in one millisecond', () => {
    const at = new Date('2026-03-02T15:00:00.123Z');
    const numbers = Array.from({ length: 5_000 }, () => newOrderNo('D', at));
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n).toMatch(/^D20260302150000123\d{4}$/);
  });
});

describe('hashToken', () => {
  it('is the hex SHA-256 of the token', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('newSecret', () => {
  it('always has the format the contract tells clients to check before the press', () => {
    for (let i = 0; i < 500; i += 1) expect(isSecretFormat(newSecret())).toBe(true);
    // the format refuses what a generated key never is: lower case, look-alikes, another length
    expect(isSecretFormat('K7M2Q9XWPR4TDV8H')).toBe(true);
    expect(isSecretFormat('k7m2q9xwpr4tdv8h')).toBe(false);
    expect(isSecretFormat('K7M2Q9XWPR4TDV8O')).toBe(false);
    expect(isSecretFormat('K7M2Q9XWPR4TDV8')).toBe(false);
  });
});
