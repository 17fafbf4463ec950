#!/usr/bin/env node
/**
 * Recomputes a new-share draw from its public proof and says whether every allotment matches.
 *
 *   node scripts/verify-draw.mjs <server URL> <new share id> [expected seed hash]
 *   node scripts/verify-draw.mjs --file proof.json [expected seed hash]
 *
 * The proof is the answer of `POST /api/vue/newShare/drawProof {"id": …}` (docs/api.md §12.2). Pass the
 * `drawSeedHash` you saw on the offering before its draw as the last argument to check that the
 * seed was fixed in advance; without it the script compares with the hash in the proof.
 *
 * The algorithm (the proof's `algorithm` field says the same):
 *   1. SHA-256 of the seed's characters (UTF-8), hex, must equal the published hash.
 *   2. If Σ quantity ≤ sharesOffered, every application gets its quantity.
 *   3. Otherwise each gets floor(quantity × sharesOffered ÷ Σ quantity), and the leftover shares go
 *      one each to the applications sorted by HMAC-SHA256(key = seed, message = application id), hex,
 *      ascending, until none is left.
 *   4. Every application's `appliedAt` is before the proof's `applyEnd` (no late application drawn).
 *
 * Node ≥ 20, no dependencies. Exit code 0 when everything matches, 1 otherwise.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';

export function recompute(proof) {
  const total = proof.applications.reduce((sum, a) => sum + BigInt(a.quantity), 0n);
  const offered = BigInt(proof.sharesOffered);
  const expected = new Map();
  if (total <= offered) {
    for (const a of proof.applications) expected.set(a.id, BigInt(a.quantity));
  } else {
    let left = offered;
    for (const a of proof.applications) {
      const floor = (BigInt(a.quantity) * offered) / total;
      expected.set(a.id, floor);
      left -= floor;
    }
    const hmac = (id) => createHmac('sha256', Buffer.from(proof.seed, 'utf8')).update(id, 'utf8').digest('hex');
    const order = proof.applications
      .map((a) => [hmac(a.id), a.id])
      .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
    for (const [, id] of order) {
      if (left === 0n) break;
      expected.set(id, expected.get(id) + 1n);
      left -= 1n;
    }
  }
  return { total, expected };
}

/** Every problem found in the proof; an empty list means the draw checks out. */
export function verify(proof, publishedHash = proof.seedHash) {
  const problems = [];
  const hash = createHash('sha256').update(proof.seed, 'utf8').digest('hex');
  if (hash !== publishedHash) problems.push(`SHA-256(seed) is ${hash}, the published hash is ${publishedHash}`);
  const { total, expected } = recompute(proof);
  if (total !== BigInt(proof.totalSubscription))
    problems.push(`Σ quantity is ${total}, the proof says ${proof.totalSubscription}`);
  for (const a of proof.applications) {
    if (BigInt(a.allotted) !== expected.get(a.id))
      problems.push(`${a.id}: allotted ${a.allotted}, recomputed ${expected.get(a.id)}`);
    // every application drawn must have come in before the window closed
    if (proof.applyEnd !== undefined && !(Date.parse(a.appliedAt) < Date.parse(proof.applyEnd)))
      problems.push(`${a.id}: applied at ${a.appliedAt}, after the window closed at ${proof.applyEnd}`);
  }
  return problems;
}

async function main(argv) {
  let proof;
  let rest;
  if (argv[0] === '--file') {
    proof = JSON.parse(await readFile(argv[1], 'utf8'));
    rest = argv.slice(2);
  } else if (argv.length >= 2) {
    const response = await fetch(new URL('/api/vue/newShare/drawProof', argv[0]), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: argv[1] }),
    });
    const body = await response.json();
    if (body.status !== 1) throw new Error(`drawProof answered ${body.code ?? response.status}: ${body.msg ?? ''}`);
    proof = body.data;
    rest = argv.slice(2);
  } else {
    console.error('usage: verify-draw.mjs <server URL> <new share id> [seed hash] | --file proof.json [seed hash]');
    return 2;
  }
  if (proof.data && proof.data.seed) proof = proof.data; // a saved envelope works too
  const problems = verify(proof, rest[0] ?? proof.seedHash);
  if (problems.length > 0) {
    for (const p of problems) console.log(`MISMATCH ${p}`);
    return 1;
  }
  console.log(
    `OK: seed matches its hash; ${proof.applications.length} applications, ${proof.sharesOffered} shares offered, every allotment recomputed and equal`,
  );
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
