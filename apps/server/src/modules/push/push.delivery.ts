/**
 * Sends the push outbox (docs/api.md §22.4), one pass per tick of the leader's job (push.jobs.ts):
 *
 * - claims the due rows (push.deliveries.repository.ts `claimDue`: `FOR UPDATE SKIP LOCKED` and a
 *   lease, so two instances never send one row twice), outside any other transaction;
 * - drops a row whose message kind is not pushed (`messageKinds`), which its user turned off, or
 *   whose message is over an hour old (the sender was down that long: it is no longer news);
 * - writes the text in the subscription's language (push.render.ts), encrypts it for the browser
 *   (push.crypto.ts), signs VAPID for the service's origin and POSTs it (push.transport.ts, through
 *   the SSRF guard's pinned lookup);
 * - settles by the answer: 2xx done; 404/410 the subscription is gone (removed, with its queue);
 *   429, 5xx or a network error retried with exponential back-off (at least `Retry-After`) while
 *   the message is under an hour old, then dropped; anything else (other 4xx, 3xx) dropped.
 */
import type { PushKind } from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db.js';
import { encryptPayload } from './push.crypto.js';
import * as deliveries from './push.deliveries.repository.js';
import type { EndpointPolicy } from './push.endpoint.js';
import type { Vapid } from './push.keys.js';
import { renderPush } from './push.render.js';
import * as subscriptions from './push.subscriptions.repository.js';
import { sendPush, type PushAnswer } from './push.transport.js';

/** How long a message may wait for its push: past it, a retry is dropped. */
export const RETRY_WINDOW_MS = 60 * 60 * 1000;
const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 15 * 60 * 1000;
/** The push service keeps an undelivered message this long (seconds, the `TTL` header). */
const TTL_SECONDS = 12 * 60 * 60;

export interface PushDeliveryDeps {
  db: Db;
  clock: Clock;
  vapid: () => Vapid;
  policy: EndpointPolicy;
  /** the push kind a message code goes out under, null when it is never pushed (kernel `messageKinds`) */
  pushKindOf: (code: string) => PushKind | null;
  /** one send's deadline (default 10 s) */
  timeoutMs?: number;
  /** rows claimed per pass (default 50) */
  batch?: number;
  onError?: (error: unknown) => void;
}

export interface PushDeliveryReport {
  sent: number;
  gone: number;
  retried: number;
  dropped: number;
}

type Outcome = keyof PushDeliveryReport;

/** Milliseconds a `Retry-After` asks for (seconds or an HTTP date), or 0. */
export function retryAfterMs(value: string | null, now: Date): number {
  if (!value) return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now.getTime());
}

/** The wait before try `attempts + 1`: 10 s doubling, at most 15 min, at least what the service asked. */
export function backoffMs(attempts: number, retryAfter: number): number {
  const exponential = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.max(exponential, retryAfter);
}

export class PushDelivery {
  constructor(private readonly deps: PushDeliveryDeps) {}

  /** One pass over the due rows; answers what became of them. */
  async tick(): Promise<PushDeliveryReport> {
    const report: PushDeliveryReport = { sent: 0, gone: 0, retried: 0, dropped: 0 };
    const timeoutMs = this.deps.timeoutMs ?? 10_000;
    const now = this.deps.clock.now();
    // the lease outlasts a send's deadline: nobody claims the row again while it is in flight
    const leaseUntil = new Date(now.getTime() + 3 * timeoutMs);
    const claimed = await deliveries.claimDue(this.deps.db, now, leaseUntil, this.deps.batch ?? 50);
    const outcomes = await Promise.all(claimed.map((row) => this.deliver(row, timeoutMs)));
    for (const outcome of outcomes) report[outcome]++;
    return report;
  }

  private async deliver(row: deliveries.ClaimedDelivery, timeoutMs: number): Promise<Outcome> {
    const { db } = this.deps;
    const kind = this.deps.pushKindOf(row.code);
    // not pushed, turned off (security notices cannot be), or too old to be news (the sender was down): dropped unsent
    const stale = this.deps.clock.now().getTime() - row.createdAt.getTime() > RETRY_WINDOW_MS;
    const wanted = kind === 'security' || (kind !== null && row.prefs[kind]);
    if (!wanted || stale) {
      await deliveries.deleteDelivery(db, row.id);
      return 'dropped';
    }
    let answer: PushAnswer | null = null;
    try {
      const payload = renderPush({ id: row.messageId, code: row.code, params: row.params }, row.lang);
      const body = encryptPayload(Buffer.from(JSON.stringify(payload), 'utf8'), { p256dh: row.p256dh, auth: row.auth });
      answer = await sendPush(
        {
          endpoint: row.endpoint,
          body,
          headers: {
            Authorization: this.deps.vapid().authorization(new URL(row.endpoint).origin),
            'Content-Encoding': 'aes128gcm',
            'Content-Type': 'application/octet-stream',
            TTL: String(TTL_SECONDS),
            Urgency: 'normal',
          },
        },
        this.deps.policy,
        timeoutMs,
      );
    } catch (error) {
      // a refused endpoint (its name now resolves inside the network), bad keys: not worth a retry
      if (isRefusal(error)) {
        this.deps.onError?.(error);
        await deliveries.deleteDelivery(db, row.id);
        return 'dropped';
      }
      // a network error or the deadline: retried below
    }
    if (answer && answer.status >= 200 && answer.status < 300) {
      await deliveries.deleteDelivery(db, row.id);
      return 'sent';
    }
    if (answer && (answer.status === 404 || answer.status === 410)) {
      await subscriptions.deleteSubscription(db, row.subscriptionId);
      return 'gone';
    }
    if (answer === null || answer.status === 429 || answer.status >= 500) {
      const now = this.deps.clock.now();
      const wait = backoffMs(row.attempts, retryAfterMs(answer?.retryAfter ?? null, now));
      const next = new Date(now.getTime() + wait);
      if (next.getTime() - row.createdAt.getTime() <= RETRY_WINDOW_MS) {
        await deliveries.rescheduleDelivery(db, row.id, next);
        return 'retried';
      }
    }
    await deliveries.deleteDelivery(db, row.id);
    return 'dropped';
  }
}

/** Errors that no retry mends: the guard's refusal, keys the encryption cannot use. */
function isRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'InvalidRequest') return true;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return code.startsWith('ERR_CRYPTO') || /public key|too long/i.test(error.message);
}
