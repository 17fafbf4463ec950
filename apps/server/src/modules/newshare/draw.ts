/**
 * The new-share draw of docs/api.md §19.5 and §12.2, as a pure function anyone can re-run.
 *
 * - If Σ applied ≤ sharesOffered, every application gets its full quantity.
 * - Otherwise each gets floor(quantity × sharesOffered ÷ Σ applied) (exact integer arithmetic),
 *   and the shares left over go one by one to the applications ordered by
 *   HMAC-SHA256(key = seed, message = application id), hex, ascending.
 *
 * The seed is drawn when the offering is created and only its SHA-256 is published until the
 * draw, so neither the operator nor the server can pick the order after seeing the applications.
 * Σ of the floor parts loses less than one share per application, so the leftovers are fewer
 * than the applications and one pass hands them out; no application gets more than it asked for
 * (floor < quantity whenever the offering is oversubscribed).
 *
 * `scripts/verify-draw.mjs` does the same computation from `/newShare/drawProof`, with no code
 * shared with this file.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export interface DrawApplication {
  id: string;
  quantity: number;
}

export interface DrawResult {
  totalSubscription: number;
  allotted: Map<string, number>;
  winnersCount: number;
}

/** A fresh seed: 32 random bytes as 64 hex characters. */
export function newDrawSeed(): string {
  return randomBytes(32).toString('hex');
}

/** What is published before the draw: SHA-256 of the seed's characters, hex. */
export function seedHashOf(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

/** The leftover order key of one application. */
export function drawKeyOf(seed: string, applicationId: string): string {
  return createHmac('sha256', Buffer.from(seed, 'utf8')).update(applicationId, 'utf8').digest('hex');
}

export function allocate(applications: readonly DrawApplication[], sharesOffered: number, seed: string): DrawResult {
  const total = applications.reduce((sum, a) => sum + BigInt(a.quantity), 0n);
  const offered = BigInt(sharesOffered);
  const allotted = new Map<string, number>();
  if (total <= offered) {
    for (const a of applications) allotted.set(a.id, a.quantity);
  } else {
    let given = 0n;
    for (const a of applications) {
      const share = (BigInt(a.quantity) * offered) / total; // BigInt division truncates: floor for non-negatives
      allotted.set(a.id, Number(share));
      given += share;
    }
    let leftover = Number(offered - given);
    const order = applications
      .map((a) => ({ id: a.id, key: drawKeyOf(seed, a.id) }))
      .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    for (const { id } of order) {
      if (leftover === 0) break;
      allotted.set(id, (allotted.get(id) ?? 0) + 1);
      leftover -= 1;
    }
  }
  let winnersCount = 0;
  for (const n of allotted.values()) if (n > 0) winnersCount += 1;
  return { totalSubscription: Number(total), allotted, winnersCount };
}
