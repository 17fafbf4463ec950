/**
 * Idempotency costs and replays (issue 18 item 4, issue 29): a money call refused by the per-caller
 * limit touches no table (the limit comes before the stored-answer lookup) and never claims its
 * requestId; back-office decisions with a requestId replay their stored answer.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { submitKyc } from '../test/funds-helpers.js';
import { adminLogin, post, registerUser, useTestApp } from '../test/harness.js';
import { systemClock } from './clock.js';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './db.js';
import { registerUserRoute } from './http.js';
import { RateLimits } from './rate-limit.js';

const moneyEndpoint = {
  path: '/test/limited-money',
  auth: 'yes',
  summary: 'test',
  usesRequestId: true,
  request: z.object({ requestId: z.string().optional() }),
  response: z.unknown(),
} as const;

/** Statements the limited route sent to the database (a refused call must send none, issue 29). */
let limitedReads = 0;
const countingDb = (db: Db): Db =>
  new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (property === 'select' || property === 'execute' || property === 'transaction') limitedReads += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });

const t = useTestApp(
  undefined,
  (app) => {
    registerUserRoute(
      app,
      {
        authenticate: () => ({ userId: 'u_limited', account: '5215500000000', sessionId: 's_limited' }),
        limits: new RateLimits({ perCaller: { points: 0, durationSec: 60 } }),
        clock: systemClock,
        get db(): Db {
          return countingDb(t.deps.db);
        },
      },
      moneyEndpoint,
      async () => ({ data: null }),
    );
  },
  { engine: false },
);

describe('money calls refused by the limit (issue 18)', () => {
  it('answers 429 without claiming the requestId (no write)', async () => {
    const requestId = randomUUID();
    const r = await post(t.app, '/test/limited-money', { requestId }, { token: 'x', account: '5215500000000' });
    expect(r.http).toBe(429);
    const rows = rowsOf<{ n: string }>(
      await t.deps.db.execute(sql`select count(*)::text as n from idempotency_keys where request_id = ${requestId}`),
    );
    expect(rows[0]?.n).toBe('0');
  });

  it('checks the limit before the stored-answer lookup: a refused call reads nothing (issue 29)', async () => {
    limitedReads = 0;
    for (let i = 0; i < 3; i += 1) {
      const r = await post(
        t.app,
        '/test/limited-money',
        { requestId: randomUUID() },
        { token: 'x', account: '5215500000000' },
      );
      expect(r.http).toBe(429);
    }
    expect(limitedReads).toBe(0);
  });
});

describe('back-office decisions with a requestId (issue 18)', () => {
  it.each(['approve', 'reject'] as const)(
    '%s: a replay gets the identical stored answer; another body 409',
    async (action) => {
      const u = await registerUser(t.app);
      const id = await submitKyc(t.app, u);
      const reviewer = await adminLogin(t.app, 'reviewer');
      const body = { queue: 'kyc', id, reason: 'documents checked', requestId: randomUUID() };
      const first = await post(t.app, `/api/admin/review/${action}`, body, reviewer);
      expect(first.body.status).toBe(1);
      const replay = await post(
        t.app,
        `/api/admin/review/${action}`,
        { requestId: body.requestId, reason: body.reason, id, queue: 'kyc' },
        reviewer,
      );
      expect(replay.http).toBe(200);
      expect(replay.body).toEqual(first.body);
      const reused = await post(t.app, `/api/admin/review/${action}`, { ...body, reason: 'another reason' }, reviewer);
      expect(reused.http).toBe(409);
      expect(reused.body.code).toBe('request.id_reused');
      // a new requestId is a new decision: the item is no longer pending
      const again = await post(t.app, `/api/admin/review/${action}`, { ...body, requestId: randomUUID() }, reviewer);
      expect(again.body.code).toBe('review.not_pending');
    },
  );

  it('a refused decision is stored and replayed too', async () => {
    const reviewer = await adminLogin(t.app, 'reviewer');
    const body = { queue: 'kyc', id: 'kyc_missing', reason: 'checked', requestId: randomUUID() };
    const first = await post(t.app, '/api/admin/review/approve', body, reviewer);
    expect(first.body.status).toBe(0);
    expect((await post(t.app, '/api/admin/review/approve', body, reviewer)).body).toEqual(first.body);
  });
});
