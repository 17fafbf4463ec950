/** The push outbox's sender as a leader-only job of the job runner (platform/jobs.ts), every second. */
import type { JobSpec } from '../../platform/jobs.js';
import type { PushDelivery } from './push.delivery.js';

export function pushDeliveryJob(delivery: PushDelivery, intervalMs = 1_000): JobSpec {
  return {
    name: 'push delivery',
    intervalMs,
    leaderOnly: true,
    run: () => delivery.tick(),
  };
}
