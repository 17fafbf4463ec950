import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeAllotments, hmacKeys, sha256Hex, verifyDraw } from './draw-verify';

const byGivenOrder = (order: string[]) => (id: string) => String(order.indexOf(id)).padStart(4, '0');

describe('the allotment of a draw', () => {
  it('gives everyone their quantity when the offering is not oversubscribed', () => {
    const result = computeAllotments(
      [
        { id: 'a', quantity: 4 },
        { id: 'b', quantity: 6 },
      ],
      10,
      byGivenOrder(['a', 'b']),
    );
    expect([...result]).toEqual([
      ['a', 4],
      ['b', 6],
    ]);
  });

  it('floors pro rata and hands the leftovers one by one in the key order', () => {
    // 10 shares for 7 + 5 + 3 = 15 applied: 70/15 = 4.67 → 4, 50/15 = 3.33 → 3, 30/15 = 2 → 2; 9 given, 1 left.
    // Ordered c, b, a: the one leftover share goes to c.
    const apps = [
      { id: 'a', quantity: 7 },
      { id: 'b', quantity: 5 },
      { id: 'c', quantity: 3 },
    ];
    expect(Object.fromEntries(computeAllotments(apps, 10, byGivenOrder(['c', 'b', 'a'])))).toEqual({
      a: 4,
      b: 3,
      c: 3,
    });
    // 11 shares: 77/15 → 5, 55/15 → 3, 33/15 → 2; 10 given, 1 left, now first in order is a.
    expect(Object.fromEntries(computeAllotments(apps, 11, byGivenOrder(['a', 'c', 'b'])))).toEqual({
      a: 6,
      b: 3,
      c: 2,
    });
  });

  it('keeps exact integers where a float product would lose them', () => {
    // 999999999 × 9999999999 is above 2^53: a float floor would be off.
    const apps = [
      { id: 'a', quantity: 999_999_999 },
      { id: 'b', quantity: 10_000_000_001 },
    ];
    const result = computeAllotments(apps, 9_999_999_999, byGivenOrder(['a', 'b']));
    const a = (999_999_999n * 9_999_999_999n) / 11_000_000_000n;
    const b = (10_000_000_001n * 9_999_999_999n) / 11_000_000_000n;
    const left = 9_999_999_999n - a - b;
    expect(result.get('a')).toBe(Number(a + (left > 0n ? 1n : 0n)));
    expect(result.get('b')).toBe(Number(b + (left > 1n ? 1n : 0n)));
  });
});

describe('verifying a published draw', () => {
  const seed = 'draw-seed-ns_12';
  const seedHash = createHash('sha256').update(seed, 'utf8').digest('hex');
  const key = (id: string) => createHmac('sha256', Buffer.from(seed, 'utf8')).update(id, 'utf8').digest('hex');
  const apps = [
    { id: 'sb_1', quantity: 7 },
    { id: 'sb_2', quantity: 5 },
    { id: 'sb_3', quantity: 3 },
  ];
  // The one leftover share goes to the smallest HMAC, computed here with node's own crypto.
  const first = [...apps].sort((x, y) => (key(x.id) < key(y.id) ? -1 : 1))[0]?.id;
  const base: Record<string, number> = { sb_1: 4, sb_2: 3, sb_3: 2 };
  const published = apps.map((app) => ({ ...app, allotted: (base[app.id] ?? 0) + (app.id === first ? 1 : 0) }));
  const proof = { seed, seedHash, sharesOffered: 10, totalSubscription: 15, applications: published };

  it('hashes with WebCrypto as node does', async () => {
    expect(await sha256Hex(seed)).toBe(seedHash);
    expect((await hmacKeys(seed, ['sb_1'])).get('sb_1')).toBe(key('sb_1'));
  });

  it('confirms a draw whose seed and allotments match', async () => {
    const result = await verifyDraw(proof, seedHash);
    expect(result).toEqual({
      isSeedValid: true,
      isTotalValid: true,
      applications: 3,
      mismatches: [],
      isVerified: true,
    });
  });

  it('names the application whose published allotment differs', async () => {
    const other = apps.find((app) => app.id !== first)?.id ?? '';
    const tampered = {
      ...proof,
      applications: published.map((app) =>
        app.id === first
          ? { ...app, allotted: app.allotted - 1 }
          : app.id === other
            ? { ...app, allotted: app.allotted + 1 }
            : app,
      ),
    };
    const result = await verifyDraw(tampered, seedHash);
    expect(result.isVerified).toBe(false);
    expect(result.mismatches.map((row) => row.id).sort()).toEqual([first, other].sort());
  });

  it('refuses a seed whose hash is not the one published', async () => {
    const result = await verifyDraw(proof, '0'.repeat(64));
    expect(result.isSeedValid).toBe(false);
    expect(result.isVerified).toBe(false);
  });
});
