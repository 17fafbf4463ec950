/**
 * The proof of liabilities' Merkle sum tree (docs/api.md §25, docs/proof-of-liabilities.md): the
 * preimages every hash is taken over, and the check of one user's path. Pure: the caller passes
 * SHA-256 (node:crypto on the server, `crypto.subtle.digest` in the browser), so the server's
 * builder, the web page and the tests share one definition. scripts/verify-liabilities.mjs carries
 * its own small copy (it runs with plain Node, no build).
 *
 * Sums are exact: Money at the currency's scale, never a float.
 */
import { currencyScale, type Currency } from './currency.js';
import { Money } from './money.js';

/** SHA-256 of a UTF-8 string, as 64 lowercase hex characters. */
export type Sha256Hex = (text: string) => string | Promise<string>;

/** `"leaf" ‖ nonce ‖ balance` */
export function leafPreimage(nonce: string, balance: string): string {
  return `leaf${nonce}${balance}`;
}

/** `"node" ‖ left.hash ‖ left.sum ‖ right.hash ‖ right.sum` */
export function nodePreimage(leftHash: string, leftSum: string, rightHash: string, rightSum: string): string {
  return `node${leftHash}${leftSum}${rightHash}${rightSum}`;
}

/** The padding node's hash is SHA-256 of this; its sum is 0 at the currency's scale. */
export const PAD_PREIMAGE = 'pad';

const HEX64 = /^[0-9a-f]{64}$/;

/** A sum as the tree writes it: a non-negative decimal with exactly the currency's scale. */
function sumPattern(currency: Currency): RegExp {
  const scale = currencyScale[currency];
  return scale === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.\\d{${scale}}$`);
}

export interface PathToVerify {
  leaf: { nonce: string; balance: string; hash: string };
  path: { side: 'left' | 'right'; hash: string; sum: string }[];
  root: string;
  total: string;
}

export type PathProblem =
  'nonce_format' | 'nonce_reused' | 'leaf_hash' | 'sum_format' | 'negative_sum' | 'root_hash' | 'root_sum';

export interface PathCheck {
  ok: boolean;
  /** the first problem found, null when the path verifies */
  problem: PathProblem | null;
  /** the step (0 = the leaf's sibling) where it was found */
  step: number | null;
}

/**
 * Checks one user's path up to the published root: the leaf's hash from its nonce and balance; at
 * each step both sums are non-negative amounts at the currency's scale and the parent's sum is
 * exactly their sum; the last hash and sum equal the root and the published total. `seenNonces`
 * are the user's nonces from earlier proofs: a nonce seen before fails (nonces are new per proof).
 */
export async function verifyPath(
  proof: PathToVerify,
  currency: Currency,
  sha256: Sha256Hex,
  options: { total?: string; root?: string; seenNonces?: Iterable<string> } = {},
): Promise<PathCheck> {
  const fail = (problem: PathProblem, step: number | null = null): PathCheck => ({ ok: false, problem, step });
  const pattern = sumPattern(currency);
  const { leaf } = proof;
  if (!HEX64.test(leaf.nonce)) return fail('nonce_format');
  for (const seen of options.seenNonces ?? []) if (seen === leaf.nonce) return fail('nonce_reused');
  if (!pattern.test(leaf.balance)) return fail(leaf.balance.startsWith('-') ? 'negative_sum' : 'sum_format');
  let hash = await sha256(leafPreimage(leaf.nonce, leaf.balance));
  if (hash !== leaf.hash) return fail('leaf_hash');
  let sum = Money.of(leaf.balance, currency);
  for (const [i, step] of proof.path.entries()) {
    if (!HEX64.test(step.hash)) return fail('sum_format', i);
    if (step.sum.startsWith('-')) return fail('negative_sum', i);
    if (!pattern.test(step.sum)) return fail('sum_format', i);
    const sibling = Money.of(step.sum, currency);
    const parent = sum.plus(sibling);
    // exact at the scale: the sum of two amounts at the scale is at the scale
    const parentSum = parent.toString();
    const mine = sum.toString();
    hash =
      step.side === 'left'
        ? await sha256(nodePreimage(step.hash, step.sum, hash, mine))
        : await sha256(nodePreimage(hash, mine, step.hash, step.sum));
    sum = Money.of(parentSum, currency);
  }
  const root = options.root ?? proof.root;
  const total = options.total ?? proof.total;
  if (hash !== root || proof.root !== root) return fail('root_hash');
  if (!pattern.test(total) || sum.toString() !== total || proof.total !== total) return fail('root_sum');
  return { ok: true, problem: null, step: null };
}

/** Minor units of an amount at the currency's scale ("12.34" → 1234n): exact integers for the builder. */
export function toMinorUnits(amount: string, currency: Currency): bigint {
  const scale = currencyScale[currency];
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  if (fraction.length > scale) throw new RangeError(`more than ${scale} decimals: ${amount}`);
  const units = BigInt(whole + fraction.padEnd(scale, '0'));
  return negative ? -units : units;
}

/** The amount string at the currency's scale of a count of minor units (1234n → "12.34"). */
export function fromMinorUnits(units: bigint, currency: Currency): string {
  const scale = currencyScale[currency];
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}
