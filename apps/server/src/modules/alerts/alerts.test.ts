import { randomUUID } from 'node:crypto';
import { Dec, type Alert } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';
import type { FeedQuote } from '../market/index.js';
import { AlertEvaluator, fireAlert, type AlertJobDeps } from './alerts.jobs.js';

const AAPL = 'i_usd_AAPL';
const ETH = 'i_crypto_ETH-USDT';
const t = useTestApp(undefined, undefined, { engine: false });
const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;

const create = (u: TestUser, body: Record<string, unknown>) => post(t.app, '/alert/create', body, u.headers);
const list = async (u: TestUser, body: Record<string, unknown> = {}) =>
  data<{ list: Alert[]; total: number }>(await post(t.app, '/alert/list', body, u.headers));
const cancel = (u: TestUser, alertId: string) => post(t.app, '/alert/cancel', { alertId }, u.headers);
const lastPrice = (id: string) => new Dec(t.deps.feed.quote(id).price);
/** a price `factor` times the last one, at AAPL's 2 decimals */
const level = (factor: string) => lastPrice(AAPL).times(factor).toFixed(2);

async function setMaxActive(value: number): Promise<void> {
  const admin = await adminLogin(t.app);
  const r = await post(
    t.app,
    '/api/admin/config/set',
    { key: 'alert.maxActive', value, reason: 'Alert test', requestId: randomUUID() },
    admin,
  );
  expect(r.body.status).toBe(1);
}

/** The feed as the job sees it, with the quotes of some instruments replaced (a fake feed). */
function fakeFeed(overrides: Map<string, Partial<FeedQuote>>): AlertJobDeps['feed'] {
  return {
    instrument: (id) => t.deps.feed.instrument(id),
    quote: (id) => {
      const real = t.deps.feed.quote(id);
      return { ...real, stale: false, ...overrides.get(id) };
    },
  };
}

const jobDeps = (feed: AlertJobDeps['feed']): AlertJobDeps => ({ db: t.database.db, clock: t.clock, feed });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

describe('POST /alert/create', () => {
  it('sets an alert with a 30-day default life, the value at the price scale', async () => {
    const u = await registerUser(t.app);
    const value = level('2');
    const r = await create(u, { instrumentId: AAPL, kind: 'price_above', value, note: 'sell?' });
    expect(r.body).toMatchObject({ status: 1, code: 'result.alert.ok' });
    const a = data<Alert>(r);
    expect(a).toMatchObject({
      instrumentId: AAPL,
      kind: 'price_above',
      value,
      repeat: 'once',
      state: 'active',
      note: 'sell?',
    });
    expect(new Date(a.expiresAt).getTime() - new Date(a.createdAt).getTime()).toBe(30 * 86_400_000);
    expect(a.lastPrice).toBe(t.deps.feed.quote(AAPL).price);
  });

  it('refuses an unknown instrument: product.not_found', async () => {
    const u = await registerUser(t.app);
    const r = await create(u, { instrumentId: 'i_usd_NOSUCH', kind: 'price_above', value: '10' });
    expect(r.body).toMatchObject({ status: 0, code: 'product.not_found' });
  });

  it('refuses more decimals than the instrument quotes, and a bad expiry', async () => {
    const u = await registerUser(t.app);
    const decimals = await create(u, { instrumentId: AAPL, kind: 'price_above', value: '9999.123' });
    expect(decimals.http).toBe(400);
    expect(decimals.body.params).toEqual({ fields: { value: 'too_many_decimals' } });
    const now = t.clock.now().getTime();
    for (const at of [now - 1000, now + 181 * 86_400_000]) {
      const r = await create(u, {
        instrumentId: AAPL,
        kind: 'price_above',
        value: level('2'),
        expiresAt: new Date(at).toISOString(),
      });
      expect(r.http).toBe(400);
      expect(r.body.params).toEqual({ fields: { expiresAt: 'out_of_range' } });
    }
    const change = await create(u, { instrumentId: AAPL, kind: 'change_up', value: '1.5' });
    expect(change.http).toBe(400);
  });

  it('refuses a duplicate (the same value written differently too) and a condition already met', async () => {
    const u = await registerUser(t.app);
    const value = level('3');
    expect((await create(u, { instrumentId: AAPL, kind: 'price_above', value })).body.status).toBe(1);
    const again = await create(u, { instrumentId: AAPL, kind: 'price_above', value: `${value}0` });
    expect(again.body).toMatchObject({ status: 0, code: 'alert.duplicate' });
    // the repeat does not make another alert (§22.1: instrument, kind and value)
    expect((await create(u, { instrumentId: AAPL, kind: 'price_above', value, repeat: 'daily' })).body.code).toBe(
      'alert.duplicate',
    );
    const met = await create(u, { instrumentId: AAPL, kind: 'price_above', value: level('0.5') });
    expect(met.body).toMatchObject({
      status: 0,
      code: 'alert.already_met',
      params: { price: t.deps.feed.quote(AAPL).price },
    });
    const below = await create(u, { instrumentId: AAPL, kind: 'price_below', value: level('1.5') });
    expect(below.body).toMatchObject({ status: 0, code: 'alert.already_met' });
  });

  it('holds alert.duplicate under parallel creates', async () => {
    const u = await registerUser(t.app);
    const value = level('4');
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => create(u, { instrumentId: AAPL, kind: 'price_above', value })),
    );
    expect(replies.filter((r) => r.body.status === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === 'alert.duplicate')).toHaveLength(4);
  });

  it('refuses past alert.maxActive, also under parallel creates; too_many comes before duplicate', async () => {
    await setMaxActive(2);
    try {
      // the app reads the maximum to show the rule before the button
      const config = data<{ name: string; value: string }[]>(await post(t.app, '/common/config', { type: 'all' }));
      expect(config.find((e) => e.name === 'alert_max_active')?.value).toBe('2');
      const u = await registerUser(t.app);
      const replies = await Promise.all(
        ['5', '6', '7', '8', '9'].map((f) => create(u, { instrumentId: AAPL, kind: 'price_above', value: level(f) })),
      );
      expect(replies.filter((r) => r.body.status === 1)).toHaveLength(2);
      const refused = replies.filter((r) => r.body.status === 0);
      expect(refused).toHaveLength(3);
      for (const r of refused) expect(r.body).toMatchObject({ code: 'alert.too_many', params: { max: 2 } });
      const first = data<Alert>(replies.find((r) => r.body.status === 1)!);
      const dup = await create(u, { instrumentId: AAPL, kind: 'price_above', value: first.value });
      expect(dup.body.code).toBe('alert.too_many');
      // a cancelled alert no longer counts
      expect((await cancel(u, first.id)).body.status).toBe(1);
      expect((await create(u, { instrumentId: AAPL, kind: 'price_above', value: level('10') })).body.status).toBe(1);
    } finally {
      await setMaxActive(50);
    }
  });
});

describe('POST /alert/list and /alert/cancel', () => {
  it('lists active first, then newest, paged and filtered', async () => {
    const u = await registerUser(t.app);
    const ids: string[] = [];
    for (const f of ['2', '3', '4']) {
      ids.push(data<Alert>(await create(u, { instrumentId: AAPL, kind: 'price_above', value: level(f) })).id);
      t.clock.advance(1000);
    }
    expect((await cancel(u, ids[2]!)).body).toMatchObject({ status: 1, code: 'result.cancel.ok' });
    const all = await list(u);
    expect(all.total).toBe(3);
    expect(all.list.map((a) => a.id)).toEqual([ids[1], ids[0], ids[2]]);
    expect(all.list.map((a) => a.state)).toEqual(['active', 'active', 'cancelled']);
    const page2 = await list(u, { page: 2, size: 2 });
    expect(page2.list.map((a) => a.id)).toEqual([ids[2]]);
    expect((await list(u, { states: ['cancelled'] })).list.map((a) => a.id)).toEqual([ids[2]]);
    expect((await list(u, { instrumentId: ETH })).total).toBe(0);
  });

  it('cancels only own active alerts: record.not_found, alert.not_active', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const a = data<Alert>(await create(u, { instrumentId: AAPL, kind: 'price_above', value: level('2') }));
    expect((await cancel(other, a.id)).body).toMatchObject({ status: 0, code: 'record.not_found' });
    expect((await cancel(u, 'al_nosuchalert')).body).toMatchObject({ status: 0, code: 'record.not_found' });
    const done = await cancel(u, a.id);
    expect(data<Alert>(done).state).toBe('cancelled');
    expect((await cancel(u, a.id)).body).toMatchObject({ status: 0, code: 'alert.not_active' });
  });
});

describe('evaluation (docs/api.md §22.3)', () => {
  it('fires a once alert exactly once: the state, the message and the history row', async () => {
    const u = await registerUser(t.app);
    const value = level('1.1');
    const a = data<Alert>(await create(u, { instrumentId: AAPL, kind: 'price_above', value }));
    const overrides = new Map<string, Partial<FeedQuote>>();
    const evaluator = new AlertEvaluator(jobDeps(fakeFeed(overrides)));
    expect((await evaluator.tick()).fired).toBe(0);
    const high = new Dec(value).plus(1).toFixed(2);
    overrides.set(AAPL, { price: high });
    expect((await evaluator.tick()).fired).toBe(1);
    expect((await evaluator.tick()).fired).toBe(0);
    // a restarted evaluator (a fresh index) does not fire it again
    expect((await new AlertEvaluator(jobDeps(fakeFeed(overrides))).tick()).fired).toBe(0);
    const fired = (await list(u)).list.find((x) => x.id === a.id)!;
    expect(fired).toMatchObject({ state: 'triggered', triggerPrice: high });
    const messages = await rows<{ code: string; params: Record<string, string> }>(
      sql`select code, params from notices where user_id = ${u.id}`,
    );
    expect(messages).toEqual([
      { code: 'message.alert.price_above', params: expect.objectContaining({ value, price: high, code: 'AAPL' }) },
    ]);
    const events = await rows<{ state: string }>(sql`select state from alert_events where alert_id = ${a.id}`);
    expect(events).toEqual([{ state: 'triggered' }]);
  });

  it('fires a daily alert once per trading day and keeps it active', async () => {
    const u = await registerUser(t.app);
    const a = data<Alert>(await create(u, { instrumentId: ETH, kind: 'change_down', value: '0.05', repeat: 'daily' }));
    const overrides = new Map<string, Partial<FeedQuote>>([
      [ETH, { prevClose: '2000.00', price: '1800.00', tradingDay: '2031-01-02' }],
    ]);
    const evaluator = new AlertEvaluator(jobDeps(fakeFeed(overrides)));
    expect((await evaluator.tick()).fired).toBe(1);
    expect((await evaluator.tick()).fired).toBe(0);
    expect((await new AlertEvaluator(jobDeps(fakeFeed(overrides))).tick()).fired).toBe(0);
    overrides.set(ETH, { ...overrides.get(ETH), tradingDay: '2031-01-03' });
    expect((await evaluator.tick()).fired).toBe(1);
    const after = (await list(u)).list.find((x) => x.id === a.id)!;
    expect(after.state).toBe('active');
    const messages = await rows<{ code: string; params: Record<string, string> }>(
      sql`select code, params from notices where user_id = ${u.id}`,
    );
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({
      code: 'message.alert.change_down',
      params: { percent: '5', changePercent: '10' },
    });
  });

  it('never fires twice when the fire step runs twice at once', async () => {
    const u = await registerUser(t.app);
    const value = level('1.2');
    const once = data<Alert>(await create(u, { instrumentId: AAPL, kind: 'price_above', value }));
    const daily = data<Alert>(
      await create(u, { instrumentId: AAPL, kind: 'price_above', value: level('1.21'), repeat: 'daily' }),
    );
    const quote = { price: new Dec(level('1.21')).plus(1).toFixed(2), prevClose: value, tradingDay: '2031-02-03' };
    const deps = jobDeps(fakeFeed(new Map()));
    for (const id of [once.id, daily.id]) {
      const results = await Promise.all([
        fireAlert(deps, id, quote),
        fireAlert(deps, id, quote),
        fireAlert(deps, id, quote),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
    }
    const events = await rows<{ n: number }>(
      sql`select count(*)::int as n from alert_events where alert_id in (${once.id}, ${daily.id})`,
    );
    expect(events[0]!.n).toBe(2);
  });

  it('ends alerts past expiresAt', async () => {
    const u = await registerUser(t.app);
    const expiresAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const a = data<Alert>(await create(u, { instrumentId: AAPL, kind: 'price_above', value: level('2'), expiresAt }));
    const saved = t.clock.now();
    const evaluator = new AlertEvaluator(jobDeps(fakeFeed(new Map())));
    t.clock.advance(2 * 3_600_000);
    try {
      expect((await evaluator.tick()).expired).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.set(saved);
    }
    const state = await rows<{ state: string }>(sql`select state from alerts where id = ${a.id}`);
    expect(state).toEqual([{ state: 'expired' }]);
  });

  it('follows creates and cancels of any instance on the next tick, and reconciles in the background', async () => {
    const u = await registerUser(t.app);
    const evaluator = new AlertEvaluator(jobDeps(fakeFeed(new Map())), 3);
    await evaluator.tick();
    const before = evaluator.current.size;
    const a = data<Alert>(await create(u, { instrumentId: AAPL, kind: 'price_above', value: level('3') }));
    const b = data<Alert>(await create(u, { instrumentId: AAPL, kind: 'price_below', value: level('0.3') }));
    expect((await evaluator.tick()).loaded).toBeGreaterThanOrEqual(2);
    expect(evaluator.current.has(a.id) && evaluator.current.has(b.id)).toBe(true);
    expect((await cancel(u, a.id)).body.status).toBe(1);
    await evaluator.tick();
    expect(evaluator.current.has(a.id)).toBe(false);
    expect(evaluator.current.size).toBe(before + 1);
    // an alert the tails never saw (written behind their back) is found by the reconcile
    const hidden = `al_hidden_${randomUUID().slice(0, 8)}`;
    await t.database.db.execute(
      sql`insert into alerts (id, seq, user_id, instrument_id, kind, value, repeat, note, state, created_at, expires_at)
          select ${hidden}, 1, user_id, instrument_id, kind, value * 2, repeat, note, 'active', created_at, expires_at
          from alerts where id = ${b.id}`,
    );
    await evaluator.tick(); // the third tick starts the reconcile
    await evaluator.settled();
    expect(evaluator.current.has(hidden)).toBe(true);
    expect(evaluator.current.has(b.id)).toBe(true);
    expect(evaluator.current.has(a.id)).toBe(false);
  });
});
