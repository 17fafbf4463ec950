/**
 * The server's VAPID identity (RFC 8292, docs/api.md §22.4): the configured pair
 * (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) or, without one, a pair generated on first start and kept
 * in the database. Every instance starting at once proposes its own pair; the first insert wins
 * (`on conflict do nothing`) and every instance then reads that one row, so all sign with one key.
 */
import type { KeyObject } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { generateVapidKeys, vapidAuthorization, vapidSigningKey, type VapidKeys } from './push.crypto.js';
import * as repo from './push.subscriptions.repository.js';

export interface Vapid {
  keys: VapidKeys;
  subject: string;
  /** `Authorization` for a push service's origin, valid 12 hours from the server's clock */
  authorization: (audience: string) => string;
}

export async function loadVapid(
  db: Db,
  clock: Clock,
  config: { vapidPublicKey: string | null; vapidPrivateKey: string | null; vapidSubject: string },
): Promise<Vapid> {
  let keys: VapidKeys;
  if (config.vapidPublicKey && config.vapidPrivateKey) {
    keys = { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  } else {
    await repo.insertVapidKeysOnce(db, generateVapidKeys(), clock.now());
    const stored = await repo.storedVapidKeys(db);
    if (!stored) throw new Error('the VAPID key row is missing after its insert');
    keys = stored;
  }
  const signingKey: KeyObject = vapidSigningKey(keys);
  return {
    keys,
    subject: config.vapidSubject,
    authorization: (audience) => vapidAuthorization(keys, signingKey, audience, config.vapidSubject, clock.now()),
  };
}
