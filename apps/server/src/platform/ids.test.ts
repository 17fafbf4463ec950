import { describe, expect, it } from 'vitest';
import { isSecretFormat } from '@brokerage/contract';
import { hashToken, newId, newOrderNo, newSecret } from './ids.js';

describe('newId', () => {
  it('gives 16 URL-safe characters after the prefix, never the same twice across refills of its pool', () => {
    // 512 ids per refill of the pool: several refills
    const ids = Array.from({ length: 2_000 }, () => newId('o'));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^o_[A-Za-z0-9_-]{16}$/);
    // consecutive ids share no bytes (each 12-byte slice is used once)
    const bytes = ids.map((id) => Buffer.from(id.slice(2), 'base64url'));
    for (let i = 1; i < bytes.length; i += 1) expect(bytes[i]?.equals(bytes[i - 1] as Buffer)).toBe(false);
  });
});

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
