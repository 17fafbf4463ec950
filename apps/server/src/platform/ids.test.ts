import { describe, expect, it } from 'vitest';
import { hashToken, newOrderNo } from './ids.js';

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
