/** The push calls' rules (docs/api.md §22.4): subscriptions (at most 10 a user) and preferences. */
import type { PushPrefs, PushSubscribeRequest } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { InvalidRequest } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { badBrowserKey } from './push.crypto.js';
import * as repo from './push.subscriptions.repository.js';

/** Subscriptions a user keeps; a new one past it removes the least recently subscribed. */
export const MAX_SUBSCRIPTIONS = 10;

/**
 * Stores a subscription whose endpoint the caller has checked (push.endpoint.ts `checkEndpoint`,
 * before the transaction: it asks DNS). The user's preferences row is locked first, so parallel
 * subscribes of one user keep the cap.
 */
export async function subscribe(
  tx: Tx,
  clock: Clock,
  userId: string,
  body: PushSubscribeRequest,
): Promise<{ id: string }> {
  const bad = badBrowserKey(body.keys);
  if (bad) throw new InvalidRequest({ [`keys.${bad}`]: 'format' });
  const now = clock.now();
  await repo.lockPrefs(tx, userId, now);
  const id = await repo.upsertSubscription(tx, {
    id: newId('ps'),
    userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    lang: body.lang,
    now,
  });
  await repo.trimSubscriptions(tx, userId, MAX_SUBSCRIPTIONS);
  return { id };
}

export async function unsubscribe(tx: Tx, userId: string, endpoint: string): Promise<null> {
  await repo.deleteOwnSubscription(tx, userId, endpoint);
  return null;
}

/** Changes the given kinds (none: a read) and answers the stored preferences. */
export async function changePrefs(tx: Tx, clock: Clock, userId: string, patch: repo.PrefsPatch): Promise<PushPrefs> {
  const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as repo.PrefsPatch;
  if (Object.keys(given).length > 0) {
    const now = clock.now();
    await repo.lockPrefs(tx, userId, now);
    await repo.updatePrefs(tx, userId, given, now);
  }
  return repo.prefsOf(tx, userId);
}

export async function prefsOf(db: Db, userId: string): Promise<PushPrefs> {
  return repo.prefsOf(db, userId);
}
