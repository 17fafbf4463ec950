/** Opaque, non-sequential ids and secrets (docs/api.md §1.4 `Id`). */
import { hash, randomBytes, randomFillSync, randomInt } from 'node:crypto';
import { SECRET_ALPHABET, SECRET_LENGTH } from '@brokerage/contract';

/** Random bytes drawn ahead for `newId`, each handed out once (a refill when they run out). */
const ID_POOL_BYTES = 12 * 512;
const idPool = Buffer.allocUnsafe(ID_POOL_BYTES);
let idPoolNext = ID_POOL_BYTES;

/**
 * `prefix_` + 16 random base62-ish characters (URL-safe, no ordering information): 12 bytes of
 * the CSPRNG. They come from a pool filled 512 ids at a time, as Node's own `randomUUID` does: a
 * call into OpenSSL costs about 15 µs on the order path's machine, whatever the length asked.
 */
export function newId(prefix: string): string {
  if (idPoolNext + 12 > ID_POOL_BYTES) {
    randomFillSync(idPool);
    idPoolNext = 0;
  }
  const start = idPoolNext;
  idPoolNext += 12;
  return `${prefix}_${idPool.toString('base64url', start, start + 12)}`;
}

/** A session token: 32 random bytes (256 bits), base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  // one-shot hash: no Hash object per authenticated request
  return hash('sha256', token, 'hex');
}

// capitals and digits without look-alikes: the contract's alphabet of product secrets
const inviteAlphabet = SECRET_ALPHABET;

/** A user's own invitation code: 8 characters from an alphabet without look-alikes. */
export function newInviteCode(): string {
  const bytes = randomBytes(8);
  let code = '';
  for (const b of bytes) code += inviteAlphabet[b % inviteAlphabet.length];
  return code;
}

/**
 * A product secret (new-share channel password, block-trade secret key, docs/api.md §19.5): 16
 * characters from the same unambiguous alphabet, about 80 bits; shown once, stored hashed.
 */
export function newSecret(): string {
  const bytes = randomBytes(SECRET_LENGTH);
  let secret = '';
  for (const b of bytes) secret += inviteAlphabet[b % inviteAlphabet.length];
  return secret;
}

/** A generated password for the bootstrap admin: 20 characters, letters and digits. */
export function newPassword(): string {
  return `${randomBytes(15).toString('base64url').replace(/[-_]/g, 'x')}9a`;
}

/**
 * An order number shown to users: a letter, the UTC timestamp to the millisecond and four
 * random digits (D20250314093000123 4821). Uniqueness is enforced by the tables.
 */
/** The last suffix of this process; starts at a random point so two instances rarely share one. */
let orderNoSequence = randomInt(0, 10_000);

/**
 * An order number: prefix + UTC time to the millisecond (17 digits) + a 4-digit suffix. The
 * suffix is this process's sequence, not a random number: random suffixes collided under a
 * fixed clock (birthday odds ≈ n² / 20,000 for n numbers in one millisecond) and the unique
 * index then failed the insert. Within a process numbers are unique unless 10,000 are made in
 * one millisecond; across instances a clash needs the same millisecond and the same suffix.
 */
export function newOrderNo(prefix: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:TZ.]/g, '');
  orderNoSequence = (orderNoSequence + 1) % 10_000;
  return `${prefix}${stamp}${String(orderNoSequence).padStart(4, '0')}`;
}
