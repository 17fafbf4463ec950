/**
 * The draw seed at rest (docs/api.md §12.2, issue 29): chosen when the offering is created, kept
 * sealed with the app's secret key (platform/secret-box.ts, the offering's id as associated data)
 * until the draw, which publishes it in plain text with the results. Before the draw a database
 * read or a backup shows only the sealed value and the published hash, so nobody learns in
 * advance who gets the leftover shares.
 */
import type { Db } from '../../platform/db.js';
import type { SecretBox } from '../../platform/secret-box.js';
import * as repo from './newshare.repository.js';

const ownerOf = (shareId: string) => `newshare:${shareId}`;

/** A sealed value (`v1.…`); a seed itself is 64 hex digits, so the two never look alike. */
export const isSealedSeed = (stored: string): boolean => stored.startsWith('v1.');

export function sealSeed(box: SecretBox, shareId: string, seed: string): string {
  return box.seal(seed, ownerOf(shareId));
}

/** The seed in plain text: opened when sealed (before the draw), as stored once published. */
export function openSeed(box: SecretBox, share: { id: string; drawSeed: string }): string {
  return isSealedSeed(share.drawSeed) ? box.open(share.drawSeed, ownerOf(share.id)) : share.drawSeed;
}

/**
 * At start: seals the seed of every offering not yet drawn that still holds it in plain text (rows
 * written before seeds were sealed). Idempotent; a row another instance sealed first is skipped.
 */
export async function sealPlainSeeds(db: Db, box: SecretBox): Promise<number> {
  let sealed = 0;
  for (const share of await repo.undrawnPlainSeeds(db)) {
    if (await repo.replaceSeed(db, share.id, share.drawSeed, sealSeed(box, share.id, share.drawSeed))) sealed += 1;
  }
  return sealed;
}
