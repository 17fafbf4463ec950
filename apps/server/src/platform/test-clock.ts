/**
 * Test-only clock control for the browser journeys (docs/decisions.md, README "Configuration").
 *
 * `TEST_CLOCK_CONTROL=1` makes the process run on an `OffsetClock` and registers
 * `POST /api/test/clock/advance {"ms": n}`, which moves the server's time forward by n ms. The
 * whole app (sessions, orders, the trading engine, settlement, the simulated feed) reads that one
 * clock, so a journey can watch proceeds settle after `settlementDays` without waiting a day.
 *
 * It cannot exist in production: off unless the variable is exactly `1`, and the process refuses
 * to start with it when `NODE_ENV=production` or when it listens on a non-loopback address.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OffsetClock } from './clock.js';
import { okEnvelope, parseBody } from './http.js';

export const TEST_CLOCK_PATH = '/api/test/clock/advance';

/** Largest single step: 31 days. */
const MAX_STEP_MS = 31 * 24 * 60 * 60 * 1000;
const advanceRequest = z.object({ ms: z.number().int().min(1).max(MAX_STEP_MS) });

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

/** Registers the advance call (only ever called with the clock of `testClockFromEnv`). */
export function registerTestClockRoutes(app: FastifyInstance, clock: OffsetClock): void {
  app.post(TEST_CLOCK_PATH, async (request) => {
    const { ms } = parseBody(advanceRequest, request.body);
    clock.advance(ms);
    request.log.warn({ ms, offsetMs: clock.offset }, 'test clock advanced');
    return okEnvelope({ now: clock.now().toISOString(), offsetMs: clock.offset });
  });
}
