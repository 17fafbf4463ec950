/**
 * The Merkle sum tree of one currency (docs/api.md §25, docs/proof-of-liabilities.md), built in
 * memory with node:crypto. The preimages come from the contract (`leafPreimage`, `nodePreimage`,
 * `PAD_PREIMAGE`), which the web page and the tests verify with, so the builder and the verifiers
 * cannot drift apart.
 *
 * Layout, chosen for a million leaves in well under a gigabyte: each level is one Buffer of 32-byte
 * hashes end to end and one BigInt64Array of sums in minor units (exact integers at the currency's
 * scale; a Σ past 2^63 minor units throws). Levels are stored padded: a level with an odd count
 * gets the padding node at its end, so every node but the root has a sibling.
 */
import { createHash, hash as oneShot, randomBytes } from 'node:crypto';
import { fromMinorUnits, leafPreimage, nodePreimage, PAD_PREIMAGE, type Currency } from '@brokerage/contract';

export interface LeafInput {
  userId: string;
  /** the liability in minor units, already floored at 0 */
  balance: bigint;
}

export interface TreeLeaf {
  userId: string;
  /** place in level 0 (leaves sorted by hash) */
  idx: number;
  nonce: string;
  /** at the currency's scale */
  balance: string;
}

export interface TreeLevel {
  /** count × 32 bytes */
  hashes: Buffer;
  /** count sums, minor units */
  sums: BigInt64Array;
  count: number;
}

export interface MerkleSumTree {
  currency: Currency;
  /** one per input, in the inputs' order (the reading's user order: proof_leaves' key order); `idx` is its place in level 0 */
  leaves: TreeLeaf[];
  /** level 0 (the leaves, padded) … the root (one node) */
  levels: TreeLevel[];
  root: string;
  total: bigint;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();
export const PAD_HASH = sha256(PAD_PREIMAGE);
const MAX_INT64 = (1n << 63n) - 1n;

/** Builds the tree; `random` gives the nonces' bytes (tests pass a fixed source). */
export function buildTree(
  currency: Currency,
  inputs: readonly LeafInput[],
  random: (size: number) => Buffer = randomBytes,
): MerkleSumTree {
  const n = inputs.length;
  const nonceBytes = random(32 * n);
  const nonces: string[] = new Array<string>(n);
  const balances: string[] = new Array<string>(n);
  const hashes: string[] = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const input = inputs[i]!;
    if (input.balance < 0n) throw new RangeError('a leaf is floored at 0 before the tree');
    nonces[i] = nonceBytes.toString('hex', 32 * i, 32 * i + 32);
    balances[i] = fromMinorUnits(input.balance, currency);
    hashes[i] = oneShot('sha256', leafPreimage(nonces[i]!, balances[i]!), 'hex');
  }
  // sorted by hash: the default string sort (no comparator: much faster in V8) on "hash:index"
  const keyed = hashes.map((h, i) => `${h}:${i}`).sort();
  const order = keyed.map((k) => Number(k.slice(65)));

  const padded = (count: number, levelIndex: number) =>
    count % 2 === 1 && (count > 1 || levelIndex === 0) ? count + 1 : count;
  const count0 = padded(n, 0);
  const level0: TreeLevel = { hashes: Buffer.alloc(32 * count0), sums: new BigInt64Array(count0), count: count0 };
  const leaves: TreeLeaf[] = new Array<TreeLeaf>(n);
  for (let idx = 0; idx < n; idx++) {
    const i = order[idx]!;
    level0.hashes.write(hashes[i]!, 32 * idx, 'hex');
    level0.sums[idx] = inputs[i]!.balance;
    leaves[i] = { userId: inputs[i]!.userId, idx, nonce: nonces[i]!, balance: balances[i]! };
  }
  if (count0 > n) PAD_HASH.copy(level0.hashes, 32 * n);
  const levels: TreeLevel[] = [level0];
  let below = level0;
  while (below.count > 1) {
    const raw = below.count / 2;
    const count = padded(raw, levels.length);
    const level: TreeLevel = { hashes: Buffer.alloc(32 * count), sums: new BigInt64Array(count), count };
    for (let k = 0; k < raw; k++) {
      const l = 2 * k;
      const r = l + 1;
      const sum = below.sums[l]! + below.sums[r]!;
      if (sum > MAX_INT64) throw new RangeError('a sum passed 2^63 minor units');
      const preimage = nodePreimage(
        below.hashes.toString('hex', 32 * l, 32 * l + 32),
        fromMinorUnits(below.sums[l]!, currency),
        below.hashes.toString('hex', 32 * r, 32 * r + 32),
        fromMinorUnits(below.sums[r]!, currency),
      );
      level.hashes.write(oneShot('sha256', preimage, 'hex'), 32 * k, 'hex');
      level.sums[k] = sum;
    }
    if (count > raw) PAD_HASH.copy(level.hashes, 32 * raw);
    levels.push(level);
    below = level;
  }
  const top = levels[levels.length - 1]!;
  return { currency, leaves, levels, root: top.hashes.toString('hex', 0, 32), total: top.sums[0] ?? 0n };
}

export interface PathStep {
  side: 'left' | 'right';
  hash: string;
  sum: string;
}

/** The siblings of node `idx` of level 0 from the leaf up; `nodeAt(level, i)` reads one node. */
export async function pathOf(
  idx: number,
  height: number,
  currency: Currency,
  nodeAt: (level: number, i: number) => Promise<{ hash: string; sum: bigint }>,
): Promise<PathStep[]> {
  const path: PathStep[] = [];
  let i = idx;
  for (let level = 0; level < height - 1; level++) {
    const sibling = i ^ 1;
    const node = await nodeAt(level, sibling);
    path.push({ side: sibling < i ? 'left' : 'right', hash: node.hash, sum: fromMinorUnits(node.sum, currency) });
    i >>= 1;
  }
  return path;
}

/** The nodes of level `level` in chunks of `size`: what proof_nodes stores. */
export function* chunksOf(level: TreeLevel, size: number): Generator<{ chunk: number; hashes: Buffer; sums: Buffer }> {
  for (let chunk = 0; chunk * size < level.count; chunk++) {
    const from = chunk * size;
    const to = Math.min(level.count, from + size);
    const sums = Buffer.alloc(8 * (to - from));
    for (let i = from; i < to; i++) sums.writeBigInt64BE(level.sums[i]!, 8 * (i - from));
    yield { chunk, hashes: Buffer.from(level.hashes.subarray(32 * from, 32 * to)), sums };
  }
}
