/**
 * `bodyHash` is stored with every idempotent answer and compared when the call comes again, so
 * it must never change for a body (a replay across a deploy compares a stored hash). Its direct
 * path for flat bodies (issue 29) must give exactly what the general path gives.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bodyHash } from './idempotency.js';

/** The hash as first specified: canonical JSON (keys sorted at every level), SHA-256, base64url. */
function reference(body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('base64url');
}

/** A small deterministic generator (no flaky seeds). */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('bodyHash', () => {
  it('is pinned for a market buy, whatever the order of its keys', () => {
    const body = {
      instrumentId: 'i_crypto_BTC-USDT',
      side: 'long',
      orderType: 'market',
      lots: 1,
      leverage: 10,
      takeProfit: null,
      requestId: '6f1c2a52-7a1e-4c55-9d0e-2f6a3b7c8d90',
    };
    const pinned = reference(body);
    expect(bodyHash(body)).toBe(pinned);
    expect(bodyHash(Object.fromEntries(Object.entries(body).reverse()))).toBe(pinned);
    expect(pinned).toBe('N8jYmQ2rfrS-9NEPwtZtsiKhywAOUqOidYNeIm_GvLg');
  });

  it('gives what the general path gives for flat and nested bodies', () => {
    const random = lcg(29);
    const keys = [
      'a',
      'B',
      'amount',
      'requestId',
      'z',
      'ü',
      '"q"',
      '__proto__',
      '10',
      '2',
      '007',
      '4294967294',
      '4294967295',
      '12345678901',
      'é\u0000',
    ];
    const values: unknown[] = [
      'x',
      '',
      'línea\n"dos"',
      0,
      -0,
      1.5,
      -12345678901234,
      1e21,
      true,
      false,
      null,
      [1, 'two', null],
      { nested: { b: 1, a: [{ d: 2, c: 3 }] } },
      [],
      {},
    ];
    for (let n = 0; n < 2_000; n += 1) {
      const body: Record<string, unknown> = {};
      const size = Math.floor(random() * 7);
      for (let k = 0; k < size; k += 1) {
        const key = keys[Math.floor(random() * keys.length)] as string;
        // JSON.parse makes `__proto__` an own key: so do we
        Object.defineProperty(body, key, {
          value: values[Math.floor(random() * values.length)],
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      expect([JSON.stringify(body), bodyHash(body)]).toEqual([JSON.stringify(body), reference(body)]);
    }
    for (const other of [{}, [], [1, { b: 2, a: 1 }], 'text', 3, null]) expect(bodyHash(other)).toBe(reference(other));
  });
});
