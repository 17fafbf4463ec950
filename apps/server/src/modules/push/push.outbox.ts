/**
 * The write side of the push outbox: `sendMessage` (modules/messages) calls `queuePush` in the
 * transaction that writes the personal message, so a push is queued exactly when the message
 * commits, and sent after it (push.delivery.ts): the event never waits for a push service. Whether
 * the code is pushed at all and whether the user turned its kind off is read at send time (the
 * kinds are the kernel's registry, which the message writer does not hold; a preference changed in
 * between is then respected too).
 */
import type { Db } from '../../platform/db.js';
import { enqueueForSubscriptions } from './push.deliveries.repository.js';

export async function queuePush(
  db: Db,
  message: { id: string; userId: string; code: string; params: Record<string, string>; at: Date },
): Promise<void> {
  await enqueueForSubscriptions(db, {
    messageId: message.id,
    userId: message.userId,
    code: message.code,
    params: message.params,
    now: message.at,
  });
}
