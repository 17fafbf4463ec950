/**
 * The Merkle sum tree (docs/api.md §25) against hashes computed here by hand, and the contract's
 * verifier against every path and against tampered ones.
 */
import { createHash } from 'node:crypto';
import { verifyPath, type Currency } from '@brokerage/contract';
import { describe, expect, it } from 'vitest';
import { buildTree, pathOf, type MerkleSumTree } from './proof.tree.js';

const h = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
/** a fixed nonce source: byte i of the stream is i mod 256 */
const counting = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => i % 256));
const sha = (s: string) => h(s);

async function pathFor(tree: MerkleSumTree, userId: string) {
  const leaf = tree.leaves.find((l) => l.userId === userId)!;
  const path = await pathOf(leaf.idx, tree.levels.length, tree.currency, async (level, i) => {
    const l = tree.levels[level]!;
    return { hash: l.hashes.toString('hex', 32 * i, 32 * i + 32), sum: l.sums[i]! };
  });
  const total = (Number(tree.total) / 100).toFixed(2);
  return {
    leaf: { nonce: leaf.nonce, balance: leaf.balance, hash: h(`leaf${leaf.nonce}${leaf.balance}`) },
    path,
    root: tree.root,
    total: tree.currency === 'KRW' ? tree.total.toString() : total,
  };
}

describe('Merkle sum tree', () => {
  it('builds the root of three leaves as computed by hand (sorted leaves, a padding node)', () => {
    const tree = buildTree(
      'MXN',
      [
        { userId: 'a', balance: 1050n },
        { userId: 'b', balance: 0n },
        { userId: 'c', balance: 200n },
      ],
      counting,
    );
    const nonce = (k: number) => counting(96).toString('hex', 32 * k, 32 * k + 32);
    const leaves = [
      { hash: h(`leaf${nonce(0)}10.50`), sum: '10.50' },
      { hash: h(`leaf${nonce(1)}0.00`), sum: '0.00' },
      { hash: h(`leaf${nonce(2)}2.00`), sum: '2.00' },
    ].sort((x, y) => (x.hash < y.hash ? -1 : 1));
    const pad = { hash: h('pad'), sum: '0.00' };
    const [l0, l1, l2] = leaves as [typeof pad, typeof pad, typeof pad];
    const n01 = h(`node${l0.hash}${l0.sum}${l1.hash}${l1.sum}`);
    const n2p = h(`node${l2.hash}${l2.sum}${pad.hash}${pad.sum}`);
    const s01 = (Number(l0.sum) + Number(l1.sum)).toFixed(2); // test arithmetic on cents only
    const s2p = l2.sum;
    const root = h(`node${n01}${s01}${n2p}${s2p}`);
    expect(tree.root).toBe(root);
    expect(tree.total).toBe(1250n);
    // the leaves in the inputs' order, each with its place among the sorted hashes
    expect(tree.leaves.map((l) => l.userId)).toEqual(['a', 'b', 'c']);
    const sortedAt = (k: number) =>
      leaves.findIndex((l) => l.hash === h(`leaf${nonce(k)}${['10.50', '0.00', '2.00'][k]}`));
    expect(tree.leaves.map((l) => l.idx)).toEqual([0, 1, 2].map(sortedAt));
  });

  it('pairs a single leaf with the padding node; KRW sums carry no decimals', () => {
    const tree = buildTree('KRW', [{ userId: 'a', balance: 5000n }], counting);
    const nonce = counting(32).toString('hex');
    const leaf = h(`leaf${nonce}5000`);
    expect(tree.root).toBe(h(`node${leaf}5000${h('pad')}0`));
    expect(tree.total).toBe(5000n);
  });

  it("verifies every user's path up to the root", async () => {
    const inputs = Array.from({ length: 37 }, (_, i) => ({ userId: `u${i}`, balance: BigInt(i * 1234 + (i % 3)) }));
    const tree = buildTree('USD', inputs);
    for (const { userId } of inputs) {
      const proof = await pathFor(tree, userId);
      expect(await verifyPath(proof, 'USD', sha), userId).toEqual({ ok: true, problem: null, step: null });
    }
  });

  describe('a tampered path fails', () => {
    const inputs = Array.from({ length: 9 }, (_, i) => ({ userId: `u${i}`, balance: BigInt(100 * (i + 1)) }));
    const tree = buildTree('EUR', inputs);
    const check = (p: Awaited<ReturnType<typeof pathFor>>, c: Currency = 'EUR', o = {}) => verifyPath(p, c, sha, o);

    it('a leaf changed by one cent', async () => {
      const p = await pathFor(tree, 'u3');
      p.leaf.balance = (Number(p.leaf.balance) + 0.01).toFixed(2);
      expect((await check(p)).problem).toBe('leaf_hash');
      // and with its hash recomputed, the root no longer matches
      p.leaf.hash = h(`leaf${p.leaf.nonce}${p.leaf.balance}`);
      expect((await check(p)).problem).toBe('root_hash');
    });

    it('a negative sum on the path', async () => {
      const p = await pathFor(tree, 'u3');
      p.path[1]!.sum = `-${p.path[1]!.sum}`;
      expect(await check(p)).toMatchObject({ ok: false, problem: 'negative_sum', step: 1 });
    });

    it('a swapped side', async () => {
      const p = await pathFor(tree, 'u3');
      p.path[0]!.side = p.path[0]!.side === 'left' ? 'right' : 'left';
      expect((await check(p)).problem).toBe('root_hash');
    });

    it('a reused nonce', async () => {
      const p = await pathFor(tree, 'u3');
      expect((await check(p, 'EUR', { seenNonces: [p.leaf.nonce] })).problem).toBe('nonce_reused');
    });

    it('a total that is not the root sum', async () => {
      const p = await pathFor(tree, 'u3');
      expect((await check(p, 'EUR', { total: '0.01' })).problem).toBe('root_sum');
    });
  });
});
