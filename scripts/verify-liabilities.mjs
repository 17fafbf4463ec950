#!/usr/bin/env node
/**
 * Checks that your balance is included in a proof of liabilities (docs/api.md §25,
 * docs/proof-of-liabilities.md), for every currency of the proof.
 *
 *   TOKEN=… ACCOUNT=… node scripts/verify-liabilities.mjs BASE PROOFID
 *
 * BASE is the server's origin (e.g. http://localhost:8080), PROOFID a proof's id (`/proof/latest`
 * or `/proof/list`); TOKEN and ACCOUNT are your session's `token` and `account` headers.
 *
 * For each currency of the proof it fetches your leaf and path (`/proof/mine`) and checks, with
 * exact integer arithmetic on minor units (no floats):
 *   1. the nonce is 64 lowercase hex characters, new in this proof (not your nonce of the proof before);
 *   2. SHA-256("leaf" ‖ nonce ‖ balance) is the leaf's hash;
 *   3. at each step up, both sums are non-negative amounts at the currency's scale and the parent is
 *      SHA-256("node" ‖ left.hash ‖ left.sum ‖ right.hash ‖ right.sum) with sum left.sum + right.sum,
 *      the sibling standing on the path's `side`;
 *   4. the last hash and sum are the published root and total of `/proof/list`.
 * A currency where you hold no account ("record.not_found") is skipped. Node ≥ 20, no dependencies.
 * Exit 0 when every currency's path verifies, 1 otherwise (or on any error).
 */
import { createHash } from 'node:crypto';

const SCALE0 = new Set(['JPY', 'KRW', 'VND']);
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** "12.34" at scale 2 → 1234n; null when not a non-negative amount at exactly the scale. */
function minor(text, scale) {
  const re = scale === 0 ? /^(0|[1-9]\d*)$/ : new RegExp(`^(0|[1-9]\\d*)\\.\\d{${scale}}$`);
  return re.test(text) ? BigInt(text.replace('.', '')) : null;
}
function format(units, scale) {
  const digits = units.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** The first problem of one path, or null when it verifies. */
export function verifyPath(mine, currency, published, seenNonces = []) {
  const scale = SCALE0.has(currency) ? 0 : 2;
  const { leaf } = mine;
  if (!/^[0-9a-f]{64}$/.test(leaf.nonce)) return 'the nonce is not 64 lowercase hex characters';
  if (seenNonces.includes(leaf.nonce)) return 'the nonce was used in an earlier proof';
  let sum = minor(leaf.balance, scale);
  if (sum === null) return `the balance ${leaf.balance} is not a non-negative amount at scale ${scale}`;
  let hash = sha256(`leaf${leaf.nonce}${leaf.balance}`);
  if (hash !== leaf.hash) return 'the leaf hash does not match its nonce and balance';
  for (const [i, step] of mine.path.entries()) {
    const sibling = minor(step.sum, scale);
    if (sibling === null) return `step ${i}: the sum ${step.sum} is negative or not at scale ${scale}`;
    const mineSum = format(sum, scale);
    hash =
      step.side === 'left'
        ? sha256(`node${step.hash}${step.sum}${hash}${mineSum}`)
        : step.side === 'right'
          ? sha256(`node${hash}${mineSum}${step.hash}${step.sum}`)
          : null;
    if (hash === null) return `step ${i}: side is neither left nor right`;
    sum += sibling;
  }
  if (hash !== published.root) return 'the path does not lead to the published root';
  if (format(sum, scale) !== published.total)
    return `the root sum ${format(sum, scale)} is not the published total ${published.total}`;
  return null;
}

async function call(base, path, body, headers = {}) {
  const res = await fetch(new URL(`/api/vue${path}`, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function main() {
  const [base, proofId] = process.argv.slice(2);
  const { TOKEN: token, ACCOUNT: account } = process.env;
  if (!base || !proofId || !token || !account) {
    console.error('usage: TOKEN=… ACCOUNT=… node scripts/verify-liabilities.mjs BASE PROOFID');
    return 1;
  }
  const auth = { token, account };
  // find the proof (and the one before it, for the nonce check) among the published ones
  let proof = null;
  let previous = null;
  for (let page = 1; !proof && page <= 20; page++) {
    const r = await call(base, '/proof/list', { page, size: 20 });
    if (r.status !== 1) throw new Error(`/proof/list: ${r.code}`);
    const at = r.data.list.findIndex((p) => p.proofId === proofId);
    if (at >= 0) {
      proof = r.data.list[at];
      previous = r.data.list[at + 1] ?? null;
    }
    if (r.data.list.length < 20) break;
  }
  if (!proof) {
    console.error(`proof ${proofId} is not published`);
    return 1;
  }
  let failed = 0;
  let checked = 0;
  for (const published of proof.currencies) {
    const { currency } = published;
    const r = await call(base, '/proof/mine', { proofId, currency }, auth);
    if (r.code === 'record.not_found') {
      console.log(`${currency}: no account, skipped`);
      continue;
    }
    if (r.status !== 1) throw new Error(`/proof/mine ${currency}: ${r.code}`);
    const seen = [];
    if (previous) {
      const before = await call(base, '/proof/mine', { proofId: previous.proofId, currency }, auth);
      if (before.status === 1) seen.push(before.data.leaf.nonce);
    }
    const problem = verifyPath(r.data, currency, published, seen);
    checked++;
    if (problem) {
      failed++;
      console.log(`${currency}: FAILED: ${problem}`);
    } else {
      console.log(`${currency}: your balance ${r.data.leaf.balance} is included in the total ${published.total}`);
    }
  }
  if (checked === 0) console.log('no account in any currency of this proof');
  return failed === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
