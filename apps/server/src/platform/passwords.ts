/** Password hashing with argon2id, m = 19456 KiB, t = 2, p = 1 (OWASP's recommended minimum). */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const options = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 /* Argon2id */ } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A real hash of a random string, verified against when an account does not exist so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${randomBytes(16).toString('hex')}`);
  return dummyHash;
}
