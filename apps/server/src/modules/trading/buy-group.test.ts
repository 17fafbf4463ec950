/**
 * Market buys commit in groups (platform/group-commit.ts, docs/decisions.md "Market orders commit
 * in groups"): many parallel buys of many users, some refused, land in one batch; every caller
 * gets its own answer, the books hold, a replay returns the stored answer, and a database error
 * in a batch fails only the call that caused it. On PGlite and, with DATABASE_URL, PostgreSQL.
 *
 * An opening buy's batch is held (the `beforeBatch` hook) until every buy of the round waits in
 * the queue, so the next batch holds them all whatever the machine's load.
 */
import { randomUUID } from 'node:crypto';
import { Dec } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import type { GroupCommitStats } from '../../platform/group-commit.js';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { post, useTestApp, type Reply, type TestUser } from '../../test/harness.js';
import { houseBalances, ledgerViolations } from '../ledger/index.js';

let stats: GroupCommitStats | null = null;
/** When set, the next batch waits here before its transaction opens (then it is cleared). */
let hold: (() => Promise<void>) | null = null;

// quietMs 0: the KYC and deposit updates would otherwise keep users out of the auth cache for 5 s
const t = useTestApp(undefined, undefined, {
  engine: false,
  authCache: { quietMs: 0 },
  buyGroup: {
    expose: (s) => {
      stats = s;
    },
    beforeBatch: async () => {
      const wait = hold;
      hold = null;
      await wait?.();
    },
  },
});
const BTC = 'i_crypto_BTC-USDT';
const TUESDAY = new Date('2026-03-03T16:00:00Z');

function counters(): GroupCommitStats {
  if (!stats) throw new Error('the buy route has no group committer');
  return stats;
}

/** True while a batch is held in `beforeBatch`. */
let holding = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `opener` and holds its batch (alone in it) until every buy of `calls` waits in the queue
 * (at most 20 s, then lets it go), so all of `calls` land in the next batch together. `extra`
 * goes out with `calls` but never reaches a batch (refused before).
 */
async function fireBehindOpener(
  opener: Call,
  calls: Call[],
  extra: Call[] = [],
): Promise<{ opened: Reply; answers: Reply[] }> {
  hold = async () => {
    holding = true;
    const until = Date.now() + 20_000;
    while (counters().waiting < calls.length && Date.now() < until) await sleep(5);
    holding = false;
  };
  const opened = post(t.app, '/trade/buy', opener.body, opener.user.headers);
  const until = Date.now() + 20_000;
  while (!holding && Date.now() < until) await sleep(5);
  const answers = await fire([...calls, ...extra]);
  return { opened: await opened, answers };
}

interface Call {
  user: TestUser;
  body: { instrumentId: string; side: 'long'; orderType: 'market'; lots: number; leverage: number; requestId: string };
}

const call = (user: TestUser, lots: number, leverage = 10): Call => ({
  user,
  body: { instrumentId: BTC, side: 'long', orderType: 'market', lots, leverage, requestId: randomUUID() },
});

async function fire(calls: Call[]): Promise<Reply[]> {
  return Promise.all(calls.map((c) => post(t.app, '/trade/buy', c.body, c.user.headers)));
}

/** margin + open fee of a market long of `lots` BTC at leverage 10, as the preview prices it. */
async function costOf(user: TestUser, lots: number): Promise<Dec> {
  const r = await post(
    t.app,
    '/trade/preview',
    { instrumentId: BTC, side: 'long', orderType: 'market', lots, leverage: 10 },
    user.headers,
  );
  expect(r.body.status).toBe(1);
  return new Dec((r.body.data as { total: string }).total);
}

async function orderCounts(): Promise<{ orders: Map<string, number>; entries: Map<string, number>; openFees: string }> {
  const db = t.database.db;
  const orders = rowsOf<{ user_id: string; n: number }>(
    await db.execute(sql`select user_id, count(*)::int as n from orders group by user_id`),
  );
  const entries = rowsOf<{ reference: string; n: number }>(
    await db.execute(sql`select reference, count(*)::int as n from journal_entries
    where kind = 'order_open' group by reference`),
  );
  const [fees] = rowsOf<{ total: string }>(
    await db.execute(sql`select coalesce(sum(open_fee), 0)::text as total from orders`),
  );
  return {
    orders: new Map(orders.map((r) => [r.user_id, r.n])),
    entries: new Map(entries.map((r) => [r.reference, r.n])),
    openFees: fees?.total ?? '0',
  };
}

async function booksHold(): Promise<void> {
  expect(await ledgerViolations(t.database.db)).toEqual([]);
  const fee = (await houseBalances(t.database.db)).find((b) => b.currency === 'USDT' && b.kind === 'fee_income');
  const { openFees } = await orderCounts();
  expect(new Dec(fee?.balance.toLedgerString() ?? '0').equals(openFees)).toBe(true);
}

let rich: TestUser[] = [];
let tight: TestUser;
let poor: TestUser;
/** what the poor account asks for: 100 lots of 0.001 BTC, far beyond its 100.00 USDT */
const POOR_LOTS = 100;

beforeAll(async () => {
  t.clock.set(TUESDAY);
  await configureChannels(t.app);
  rich = [await verifiedUser(t.app), await verifiedUser(t.app), await verifiedUser(t.app)];
  // (100 000 is the largest deposit)
  for (const u of rich) for (let i = 0; i < 3; i += 1) await fund(t.app, u, 'USDT', '100000.00');
  tight = await verifiedUser(t.app);
  poor = await verifiedUser(t.app);
  // the tight account pays for exactly two buys of one lot; the poor one for none of POOR_LOTS
  // (a lot is 0.001 BTC, less than the smallest deposit: the poor account buys 0.1 BTC)
  await fund(t.app, tight, 'USDT', (await costOf(rich[0] as TestUser, 1)).times(2).toFixed(2));
  await fund(t.app, poor, 'USDT', '100.00');
}, 60_000);

describe('market buys in one batch', () => {
  it('answers every caller with its own order or its own refusal, keeps the books, and replays the stored answers', async () => {
    const before = await orderCounts();
    const one = await costOf(tight, 1);
    const poorCost = await costOf(poor, POOR_LOTS);
    const [a, b, c] = rich as [TestUser, TestUser, TestUser];
    const calls = [
      call(a, 1),
      call(b, 2),
      call(c, 3),
      call(tight, 1),
      call(poor, POOR_LOTS),
      call(a, 2),
      call(tight, 1),
      call(b, 3),
      call(c, 1),
      call(tight, 1),
      call(poor, POOR_LOTS),
      call(a, 3),
      call(tight, 1),
      call(b, 1),
      call(c, 2),
    ];
    // refused before it reaches a batch (step 5 of §9.2)
    const badLeverage = call(a, 1, 3);
    const batchesBefore = counters().batches;
    const { opened, answers } = await fireBehindOpener(call(a, 1), calls, [badLeverage]);
    expect(opened.body.status).toBe(1);
    const leverageAnswer = answers.pop() as Reply;
    expect(leverageAnswer.body).toMatchObject({ status: 0, code: 'order.leverage_not_allowed' });
    // two batches: the opener's, then all the others together
    expect(counters().batches - batchesBefore).toBe(2);
    expect(counters().largest).toBe(calls.length);
    expect(counters().fallbacks).toBe(0);

    const accepted = new Map<string, string[]>();
    answers.forEach((answer, i) => {
      const { user, body } = calls[i] as Call;
      // the batch's answers are sent as the JSON text it stored (issue 29), typed as every answer is
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      if (user === poor) {
        expect(answer.body).toMatchObject({
          status: 0,
          code: 'funds.insufficient_available',
          params: { available: '100.00', required: poorCost.toFixed(2), currency: 'USDT' },
        });
        return;
      }
      if (user === tight && answer.body.status === 0) {
        // refused under the batch's lock after two of its buys took everything
        expect(answer.body).toMatchObject({
          code: 'funds.insufficient_available',
          params: { available: '0.00', required: one.toFixed(2) },
        });
        return;
      }
      expect(answer.http).toBe(200);
      expect(answer.body).toMatchObject({
        status: 1,
        code: 'result.buy.ok',
        data: { instrumentId: BTC, lots: body.lots, leverage: 10, side: 'long' },
      });
      const orderId = (answer.body.data as { orderId: string }).orderId;
      accepted.set(user.id, [...(accepted.get(user.id) ?? []), orderId]);
    });
    expect(accepted.get(tight.id)?.length).toBe(2);
    expect(accepted.has(poor.id)).toBe(false);
    for (const u of [a, b, c]) expect(accepted.get(u.id)?.length).toBe(3);

    // each accepted answer is the caller's own order, with exactly one opening entry
    const after = await orderCounts();
    for (const u of [a, b, c, tight, poor]) {
      const mine = accepted.get(u.id) ?? [];
      // (the opener's order is a's too)
      expect((after.orders.get(u.id) ?? 0) - (before.orders.get(u.id) ?? 0)).toBe(mine.length + (u === a ? 1 : 0));
      for (const orderId of mine) {
        expect(after.entries.get(orderId)).toBe(1);
        const detail = await post(t.app, '/trade/detail', { orderId }, u.headers);
        expect(detail.body.status).toBe(1);
        // the batch answers from the rows it sends, before they are written: the order read back
        // must be the same (the clock and so the quote have not moved)
        const { history, ...read } = detail.body.data as { history: unknown };
        expect(history).toHaveLength(1);
        const answered = answers.find((r) => (r.body.data as { orderId?: string } | undefined)?.orderId === orderId);
        expect(answered?.body.data).toEqual(read);
      }
    }
    await booksHold();

    // a repeat of every requestId gets the stored answer, byte for byte the same, and writes nothing
    const replays = await fire([...calls, badLeverage]);
    replays.forEach((r, i) => expect(r.body).toEqual(i < answers.length ? answers[i]?.body : leverageAnswer.body));
    expect((await orderCounts()).orders).toEqual(after.orders);
    // the same requestId with another body is refused, not replayed
    const first = calls[0] as Call;
    const reused = await post(t.app, '/trade/buy', { ...first.body, lots: first.body.lots + 1 }, first.user.headers);
    expect(reused.body).toMatchObject({ status: 0, code: 'request.id_reused' });
  });

  it('runs the calls of a batch one by one after a database error, so only the call that caused it fails', async () => {
    const db = t.database.db;
    // a real database error for one order of the batch: a trigger refuses orders of 7 lots
    await db.execute(
      sql.raw(`create or replace function grp_refuse_seven() returns trigger language plpgsql as $$
      begin if new.lots = 7 then raise exception 'seven lots refused by the test'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger grp_refuse_seven before insert on orders for each row execute function grp_refuse_seven()',
      ),
    );
    const [a, b, c] = rich as [TestUser, TestUser, TestUser];
    const calls = [call(a, 1), call(b, 2), call(c, 7), call(a, 3), call(b, 1), call(c, 2)];
    const before = await orderCounts();
    let answers: Reply[];
    const fallbacks = counters().fallbacks;
    try {
      ({ answers } = await fireBehindOpener(call(b, 1), calls));
    } finally {
      await db.execute(sql.raw('drop trigger if exists grp_refuse_seven on orders'));
      await db.execute(sql.raw('drop function if exists grp_refuse_seven()'));
    }
    expect(counters().fallbacks).toBe(fallbacks + 1);
    answers.forEach((answer, i) => {
      const { body } = calls[i] as Call;
      if (body.lots === 7) expect(answer.http).toBe(500);
      else expect(answer.body).toMatchObject({ status: 1, data: { lots: body.lots } });
    });
    const after = await orderCounts();
    expect((after.orders.get(c.id) ?? 0) - (before.orders.get(c.id) ?? 0)).toBe(1);
    expect((after.orders.get(a.id) ?? 0) - (before.orders.get(a.id) ?? 0)).toBe(2);
    // b's two and the opener's
    expect((after.orders.get(b.id) ?? 0) - (before.orders.get(b.id) ?? 0)).toBe(3);
    await booksHold();
    // the failed call stored nothing: sent again, it runs
    const again = await post(t.app, '/trade/buy', calls[2]?.body, c.headers);
    expect(again.body).toMatchObject({ status: 1, data: { lots: 7 } });
    await booksHold();
  });
});
