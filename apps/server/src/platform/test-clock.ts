/**
 * Test-only clock control for the browser journeys (docs/decisions.md, README "Configuration").
 *
 * `TEST_CLOCK_CONTROL=1` makes the process run on an `OffsetClock` and registers
 * `POST /api/test/clock/advance {"ms": n}`, which moves the server's time forward by n ms. The
 * whole app (sessions, orders, the trading engine, settlement, the simulated feed) reads that one
 * clock, so a journey can watch proceeds settle after `settlementDays` without waiting a day.
 * `POST /api/test/jobs/run {"name": job}` runs one pass of a background job now (the job reads the
 * moved clock), so a journey need not wait for the job's interval (the nightly performance
 * snapshots run every 5 minutes of real time).
 *
 * It cannot exist in production: off unless the variable is exactly `1`, and the process refuses
 * to start with it when `NODE_ENV=production` or when it listens on a non-loopback address.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OffsetClock } from './clock.js';
import { okEnvelope, parseBody, sendFail } from './http.js';

export const TEST_CLOCK_PATH = '/api/test/clock/advance';
export const TEST_JOBS_PATH = '/api/test/jobs/run';

/** Largest single step: 31 days. */
const MAX_STEP_MS = 31 * 24 * 60 * 60 * 1000;
const advanceRequest = z.object({ ms: z.number().int().min(1).max(MAX_STEP_MS) });
const runJobRequest = z.object({ name: z.string().min(1).max(100) });

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * The offset clock when `TEST_CLOCK_CONTROL=1`, else null. Throws (the process must not start)
 * when asked for in production or on a non-loopback bind address.
 */
export function testClockFromEnv(env: NodeJS.ProcessEnv, host: string): OffsetClock | null {
  const flag = env.TEST_CLOCK_CONTROL;
  if (flag === undefined || flag === '' || flag === '0') return null;
  if (flag !== '1') throw new Error(`TEST_CLOCK_CONTROL must be unset, 0 or 1 (got "${flag}")`);
  if (env.NODE_ENV === 'production')
    throw new Error('TEST_CLOCK_CONTROL=1 is refused when NODE_ENV=production: it is for test servers only');
  if (!LOOPBACK.has(host))
    throw new Error(`TEST_CLOCK_CONTROL=1 is refused on HOST=${host}: a test server listens on loopback only`);
  return new OffsetClock();
}

/** The background jobs, as the app's runner exposes them. */
export interface TestJobs {
  names: () => readonly string[];
  runOnce: (name: string) => Promise<void>;
}

/** Registers the advance and run-a-job calls (only ever called with the clock of `testClockFromEnv`). */
export function registerTestClockRoutes(app: FastifyInstance, clock: OffsetClock, jobs: TestJobs): void {
  app.post(TEST_JOBS_PATH, async (request, reply) => {
    const { name } = parseBody(runJobRequest, request.body);
    if (!jobs.names().includes(name)) return sendFail(reply, 'request.not_found');
    await jobs.runOnce(name);
    request.log.warn({ job: name }, 'test job run');
    return okEnvelope({ name, now: clock.now().toISOString() });
  });
  app.post(TEST_CLOCK_PATH, async (request) => {
    const { ms } = parseBody(advanceRequest, request.body);
    clock.advance(ms);
    request.log.warn({ ms, offsetMs: clock.offset }, 'test clock advanced');
    return okEnvelope({ now: clock.now().toISOString(), offsetMs: clock.offset });
  });
}
