/** Test-only clock control: off by default, refused in production, forward only. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ManualClock, OffsetClock } from './clock.js';
import { registerTestClockRoutes, testClockFromEnv, TEST_CLOCK_PATH, TEST_JOBS_PATH } from './test-clock.js';

describe('TEST_CLOCK_CONTROL', () => {
  it('is off unless set to 1', () => {
    expect(testClockFromEnv({}, '127.0.0.1')).toBeNull();
    expect(testClockFromEnv({ TEST_CLOCK_CONTROL: '0' }, '127.0.0.1')).toBeNull();
    expect(testClockFromEnv({ TEST_CLOCK_CONTROL: '' }, '127.0.0.1')).toBeNull();
    expect(() => testClockFromEnv({ TEST_CLOCK_CONTROL: 'yes' }, '127.0.0.1')).toThrow(/must be unset, 0 or 1/);
    expect(testClockFromEnv({ TEST_CLOCK_CONTROL: '1' }, '127.0.0.1')).toBeInstanceOf(OffsetClock);
  });

  it('refuses to start in production or on a public address', () => {
    expect(() => testClockFromEnv({ TEST_CLOCK_CONTROL: '1', NODE_ENV: 'production' }, '127.0.0.1')).toThrow(
      /production/,
    );
    expect(() => testClockFromEnv({ TEST_CLOCK_CONTROL: '1' }, '0.0.0.0')).toThrow(/loopback/);
  });
});

describe('the offset clock and its route', () => {
  it('moves forward only', () => {
    const base = new ManualClock(new Date('2026-03-02T16:00:00Z'));
    const clock = new OffsetClock(base);
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-03-02T16:01:30.000Z');
    base.advance(1000);
    expect(clock.now().toISOString()).toBe('2026-03-02T16:01:31.000Z');
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(0.5)).toThrow(RangeError);
    expect(clock.offset).toBe(90_000);
  });

  it('answers the new time and refuses a bad step', async () => {
    const base = new ManualClock(new Date('2026-03-02T16:00:00Z'));
    const clock = new OffsetClock(base);
    const app = Fastify();
    registerTestClockRoutes(app, clock, { names: () => [], runOnce: async () => undefined });
    app.setErrorHandler((error, _request, reply) =>
      reply.status(400).send({ status: 0, code: (error as { code?: string }).code }),
    );
    const ok = await app.inject({ method: 'POST', url: TEST_CLOCK_PATH, payload: { ms: 86_400_000 } });
    expect(ok.json()).toEqual({
      status: 1,
      msg: 'ok',
      data: { now: '2026-03-03T16:00:00.000Z', offsetMs: 86_400_000 },
    });
    const back = await app.inject({ method: 'POST', url: TEST_CLOCK_PATH, payload: { ms: -5 } });
    expect(back.json()).toMatchObject({ status: 0, code: 'request.invalid' });
    expect(clock.now().toISOString()).toBe('2026-03-03T16:00:00.000Z');
    await app.close();
  });

  it('runs one pass of a named job at the moved time, and refuses a name it does not know', async () => {
    const clock = new OffsetClock(new ManualClock(new Date('2026-03-02T16:00:00Z')));
    const app = Fastify();
    const ran: string[] = [];
    registerTestClockRoutes(app, clock, {
      names: () => ['performance-snapshots'],
      runOnce: async (name) => {
        ran.push(`${name} ${clock.now().toISOString()}`);
      },
    });
    await app.inject({ method: 'POST', url: TEST_CLOCK_PATH, payload: { ms: 86_400_000 } });
    const ok = await app.inject({ method: 'POST', url: TEST_JOBS_PATH, payload: { name: 'performance-snapshots' } });
    expect(ok.json()).toMatchObject({ status: 1, data: { name: 'performance-snapshots' } });
    expect(ran).toEqual(['performance-snapshots 2026-03-03T16:00:00.000Z']);
    const unknown = await app.inject({ method: 'POST', url: TEST_JOBS_PATH, payload: { name: 'nope' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 0, code: 'request.not_found' });
    expect(ran).toHaveLength(1);
    await app.close();
  });
});
