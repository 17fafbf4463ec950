/**
 * Recomputes a new-share draw in the browser (docs/api.md §12.2 "verifiable draw"), so a user does not
 * have to take the allotments on trust:
 *
 * 1. SHA-256 of the published seed must equal `drawSeedHash`, which the offering carried from its
 *    creation: the seed was fixed before anyone applied.
 * 2. If Σ applied ≤ sharesOffered, every application gets its whole quantity. Otherwise each gets
 *    floor(quantity × sharesOffered / Σ applied), and the shares left over go one by one to the
 *    applications ordered by HMAC-SHA256(key = seed, message = application id) as hex, ascending.
 *
 * Share counts are integers that can pass 2^53 once multiplied (10^9 shares × 10^10 offered), so
 * the products are BigInt. The hashing goes through WebCrypto; the allotment itself is a pure
 * function with the order passed in, tested on its own.
 */

export interface DrawApplication {
  id: string;
  quantity: number;
}

export interface PublishedAllotment extends DrawApplication {
  allotted: number;
}

/**
 * The allotment of each application (by id). `orderKeyOf` gives each application's HMAC hex; the
 * leftovers go in ascending order of it (the server guarantees the keys differ: ids are unique).
 */
export function computeAllotments(
  applications: readonly DrawApplication[],
  sharesOffered: number,
  orderKeyOf: (id: string) => string,
): Map<string, number> {
  const result = new Map<string, number>();
  const offered = BigInt(sharesOffered);
  const total = applications.reduce((sum, application) => sum + BigInt(application.quantity), 0n);
  if (total <= offered) {
    for (const application of applications) result.set(application.id, application.quantity);
    return result;
  }
  let given = 0n;
  for (const application of applications) {
    const share = (BigInt(application.quantity) * offered) / total; // BigInt division floors for non-negatives
    result.set(application.id, Number(share));
    given += share;
  }
  let left = offered - given;
  const order = [...applications].sort((a, b) => {
    const ka = orderKeyOf(a.id);
    const kb = orderKeyOf(b.id);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  // Fewer shares are left than there are applications (each floor loses less than one share),
  // so one pass hands them all out; the cap only keeps the loop honest on inconsistent input.
  for (const application of order) {
    if (left <= 0n) break;
    const current = result.get(application.id) ?? 0;
    if (current >= application.quantity) continue;
    result.set(application.id, current + 1);
    left -= 1n;
  }
  return result;
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(text: string, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<string> {
  return hex(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** HMAC-SHA256 of each id under the seed (both UTF-8), as lower-case hex. */
export async function hmacKeys(
  seed: string,
  ids: readonly string[],
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<Map<string, string>> {
  const encoder = new TextEncoder();
  const key = await subtle.importKey('raw', encoder.encode(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const keys = new Map<string, string>();
  for (const id of ids) keys.set(id, hex(await subtle.sign('HMAC', key, encoder.encode(id))));
  return keys;
}

export interface DrawMismatch {
  id: string;
  quantity: number;
  published: number;
  expected: number;
}

export interface DrawVerification {
  /** SHA-256(seed) equals the hash published before the offering opened. */
  isSeedValid: boolean;
  /** The total of the proof's applications equals its `totalSubscription`. */
  isTotalValid: boolean;
  applications: number;
  mismatches: DrawMismatch[];
  /** Everything checks out. */
  isVerified: boolean;
}

export interface ProofLike {
  seed: string;
  seedHash: string;
  sharesOffered: number;
  totalSubscription: number;
  applications: readonly PublishedAllotment[];
}

/** Checks a `/newShare/drawProof` answer against the hash the detail published. */
export async function verifyDraw(
  proof: ProofLike,
  publishedSeedHash: string,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<DrawVerification> {
  const seedHash = await sha256Hex(proof.seed, subtle);
  const isSeedValid = seedHash === publishedSeedHash.toLowerCase() && seedHash === proof.seedHash.toLowerCase();
  const total = proof.applications.reduce((sum, application) => sum + BigInt(application.quantity), 0n);
  const isTotalValid = total === BigInt(proof.totalSubscription);
  const keys = await hmacKeys(
    proof.seed,
    proof.applications.map((application) => application.id),
    subtle,
  );
  const expected = computeAllotments(proof.applications, proof.sharesOffered, (id) => keys.get(id) ?? '');
  const mismatches = proof.applications
    .map((application) => ({
      id: application.id,
      quantity: application.quantity,
      published: application.allotted,
      expected: expected.get(application.id) ?? 0,
    }))
    .filter((row) => row.published !== row.expected);
  return {
    isSeedValid,
    isTotalValid,
    applications: proof.applications.length,
    mismatches,
    isVerified: isSeedValid && isTotalValid && mismatches.length === 0,
  };
}
