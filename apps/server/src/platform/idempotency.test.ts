/**
 * One commit per money call (docs/api.md §1.6, docs/decisions.md): the claim, the effect and the
 * stored answer commit together, so a duplicate waits for the first and replays its answer,
 * and a call that dies leaves nothing that blocks its retry.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { post, useTestApp } from '../test/harness.js';
import { systemClock } from './clock.js';
import { rowsOf, type Db } from './db.js';
import { DomainError } from './errors.js';
import { registerUserRoute } from './http.js';
import { sweep } from './idempotency.js';
import { RateLimits } from './rate-limit.js';

const onPostgres = Boolean(process.env.DATABASE_URL?.trim());
const WAIT_MS = 400;

const endpoint = {
  path: '/test/once',
  auth: 'yes',
  summary: 'test',
  usesRequestId: true,
  request: z.object({
    mark: z.string(),
    outcome: z.enum(['ok', 'refuse', 'fault', 'hold']),
    requestId: z.string().optional(),
  }),
  response: z.unknown(),
} as const;

/** Calls held inside their effect until the test releases them; each tells its backend pid. */
const held = new Map<string, { pid: number | null; release: () => void }>();
const entered = new Map<string, () => void>();

const session = { userId: 'u_once', account: '5210000000001', sessionId: 's_once' };
const headers = { token: 'once-token', account: session.account };

const t = useTestApp(undefined, (app) => {
  const deps = {
    authenticate: (token: string) => (token === headers.token ? session : null),
    limits: new RateLimits(),
    clock: systemClock,
    claimWaitMs: WAIT_MS,
    get db(): Db {
      return t.database.db;
    },
  };
  registerUserRoute(app, deps, endpoint, async ({ body, tx }) => {
    await tx.execute(sql`insert into once_effects (mark) values (${body.mark})`);
    if (body.outcome === 'refuse') throw new DomainError('account.frozen');
    if (body.outcome === 'fault') throw new Error('fault inside the effect');
    if (body.outcome === 'hold') {
      const pid = onPostgres
        ? rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid
        : null;
      await new Promise<void>((release) => {
        held.set(body.mark, { pid, release });
        entered.get(body.mark)?.();
      });
    }
    return { data: { mark: body.mark } };
  });
});

beforeAll(async () => {
  await t.database.db.execute(sql`create table if not exists once_effects (mark text not null)`);
});

async function effects(mark: string): Promise<number> {
  return rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from once_effects where mark = ${mark}`),
  )[0]!.n;
}

async function claims(requestId: string): Promise<number> {
  return rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from idempotency_keys where request_id = ${requestId}`),
  )[0]!.n;
}

/** Sends a call that holds inside its effect; resolves once the effect is running. */
async function startHeld(body: Record<string, unknown> & { mark: string }) {
  const running = new Promise<void>((resolve) => entered.set(body.mark, resolve));
  const answer = post(t.app, '/test/once', { ...body, outcome: 'hold' }, headers);
  await running;
  return { answer, hold: held.get(body.mark)! };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a money call with a requestId', () => {
  it('stores a business rejection without its writes, and a repeat replays it without running again', async () => {
    const mark = `refuse-${randomUUID()}`;
    const body = { mark, outcome: 'refuse', requestId: randomUUID() };
    const first = await post(t.app, '/test/once', body, headers);
    expect(first.body).toMatchObject({ status: 0, code: 'account.frozen' });
    expect(await effects(mark)).toBe(0);
    const again = await post(t.app, '/test/once', body, headers);
    expect(again.body).toEqual(first.body);
    expect(await claims(body.requestId)).toBe(1);
  });

  it('leaves no claim after a fault inside the effect: the retry executes at once', async () => {
    const requestId = randomUUID();
    const mark = `fault-${randomUUID()}`;
    const failed = await post(t.app, '/test/once', { mark, outcome: 'fault', requestId }, headers);
    expect(failed.http).toBe(500);
    expect(await claims(requestId)).toBe(0);
    // the same requestId with another body is a new operation: nothing of the fault was kept
    const retried = await post(t.app, '/test/once', { mark, outcome: 'ok', requestId }, headers);
    expect(retried.body).toMatchObject({ status: 1, data: { mark } });
    expect(await effects(mark)).toBe(1);
  });

  it('makes a duplicate that arrives while the first runs wait, then answers it the first answer; the effect happens once', async () => {
    const mark = `dup-${randomUUID()}`;
    const requestId = randomUUID();
    const { answer, hold } = await startHeld({ mark, requestId });
    const duplicate = post(t.app, '/test/once', { mark, outcome: 'hold', requestId }, headers);
    await sleep(WAIT_MS / 4);
    hold.release();
    const [a, b] = await Promise.all([answer, duplicate]);
    expect(a.body).toMatchObject({ status: 1, data: { mark } });
    expect(b.body).toEqual(a.body);
    expect(await effects(mark)).toBe(1);
  });

  it('forgets stored answers after 24 hours: the sweep deletes them and the same requestId is a new call', async () => {
    const requestId = randomUUID();
    const mark = `old-${randomUUID()}`;
    const first = await post(t.app, '/test/once', { mark, outcome: 'refuse', requestId }, headers);
    expect(first.body).toMatchObject({ code: 'account.frozen' });
    await sweep(t.database.db, { now: () => new Date(Date.now() + 23 * 3600_000) });
    expect(await claims(requestId)).toBe(1);
    await sweep(t.database.db, { now: () => new Date(Date.now() + 25 * 3600_000) });
    expect(await claims(requestId)).toBe(0);
  });

  it.runIf(onPostgres)(
    'answers 409 request.in_progress to a duplicate that waited past the bound, then replays once the first commits',
    async () => {
      const mark = `slow-${randomUUID()}`;
      const requestId = randomUUID();
      const { answer, hold } = await startHeld({ mark, requestId });
      const duplicate = await post(t.app, '/test/once', { mark, outcome: 'hold', requestId }, headers);
      expect(duplicate).toMatchObject({ http: 409, body: { code: 'request.in_progress' } });
      hold.release();
      expect((await answer).body).toMatchObject({ status: 1 });
      const replay = await post(t.app, '/test/once', { mark, outcome: 'hold', requestId }, headers);
      expect(replay.body).toEqual((await answer).body);
      expect(await effects(mark)).toBe(1);
    },
  );

  it.runIf(onPostgres)(
    "leaves nothing behind when the first call's connection dies mid-effect: a waiting duplicate executes",
    async () => {
      const mark = `killed-${randomUUID()}`;
      const requestId = randomUUID();
      const { answer, hold } = await startHeld({ mark, requestId });
      // a retry of the same call is already waiting on the claim when the connection is killed
      const duplicate = post(t.app, '/test/once', { mark, outcome: 'hold', requestId }, headers);
      await sleep(WAIT_MS / 4);
      await t.database.db.execute(sql`select pg_terminate_backend(${hold.pid})`);
      hold.release(); // its next statement meets the dead connection
      expect((await answer).http).toBe(500);
      // the duplicate claims the key afresh and holds in its own effect; let it finish
      const second = await new Promise<Awaited<typeof duplicate>>((resolve) => {
        const tick = setInterval(() => held.get(mark)?.release(), 20);
        void duplicate.then((r) => {
          clearInterval(tick);
          resolve(r);
        });
      });
      expect(second.body).toMatchObject({ status: 1, data: { mark } });
      expect(await claims(requestId)).toBe(1);
      // the killed effect left nothing; the duplicate wrote once
      expect(await effects(mark)).toBe(1);
    },
  );
});
