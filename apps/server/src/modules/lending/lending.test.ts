import { randomUUID } from 'node:crypto';
import { Dec, type LendingProduct, type LendingRecord } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';
import { runLendingSettlement } from './lending.jobs.js';

const t = useTestApp(undefined, undefined, { engine: false });

/** Monday 2026-03-02 16:00 UTC. The next settlement instant is Tuesday 00:00 UTC. */
const MONDAY = new Date('2026-03-02T16:00:00Z');
const TUESDAY_0000 = new Date('2026-03-03T00:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
const settle = () => runLendingSettlement(t.deps);

async function createProduct(terms: Partial<Record<string, unknown>> = {}): Promise<LendingProduct> {
  const admin = await adminLogin(t.app, 'admin');
  const r = await post(
    t.app,
    '/api/admin/lending/create',
    {
      name: 'MXN 30-day test',
      currency: 'MXN',
      dailyRate: '0.00037',
      termDays: 30,
      minAmount: '10000',
      quota: '1000000',
      open: true,
      reason: 'new product',
      ...terms,
    },
    admin,
  );
  if (r.body.status !== 1) throw new Error(`create: ${JSON.stringify(r.body)}`);
  return data<LendingProduct>(r);
}

async function updateProduct(id: string, patch: Record<string, unknown>) {
  return post(
    t.app,
    '/api/admin/lending/update',
    { id, reason: 'terms change', ...patch },
    await adminLogin(t.app, 'admin'),
  );
}

async function lender(amount = '100000.00'): Promise<TestUser> {
  const u = await verifiedUser(t.app);
  await fund(t.app, u, 'MXN', amount);
  return u;
}

/** Logs in again: jumping the clock by days expires the idle session (24 h). */
async function relogin(u: TestUser): Promise<TestUser> {
  const r = await post(t.app, '/user/login', { account: u.account, password: u.password });
  const token = data<{ token: string }>(r).token;
  return { ...u, token, headers: { token, account: u.account } };
}

const apply = (u: TestUser, body: Record<string, unknown>) => post(t.app, '/lending/apply', body, u.headers);

interface Account {
  available: string;
  frozen: string;
  investValue: string;
  totalAssets: string;
}
async function account(u: TestUser, currency = 'MXN'): Promise<Account> {
  const r = await post(t.app, '/user/assets', { currency }, u.headers);
  if (r.body.status !== 1) throw new Error(`assets: ${JSON.stringify(r.body)}`);
  return data<{ accounts: (Account & { currency: string })[] }>(r).accounts.find((a) => a.currency === currency)!;
}

async function records(u: TestUser, body: Record<string, unknown> = {}) {
  return data<{ list: LendingRecord[]; total: number }>(await post(t.app, '/lending/records', body, u.headers));
}

async function product(id: string): Promise<LendingProduct> {
  const list = data<{ list: LendingProduct[] }>(await post(t.app, '/lending/products', { size: 300 })).list;
  const found = list.find((p) => p.id === id);
  if (!found) throw new Error(`product ${id} not listed`);
  return found;
}

/**
 * The house lending accounts against the records: `lending_book` holds the principal of every
 * `succeeded` record, `lending_interest` has paid out the interest of every `completed` one.
 */
async function expectHouseMatchesRecords(currency = 'MXN'): Promise<void> {
  const [r] = rowsOf<{ principal: string; interest: string }>(
    await t.database.db.execute(sql`select
    coalesce(sum(amount) filter (where state = 'succeeded'), 0)::text as principal,
    coalesce(sum(interest) filter (where state = 'completed'), 0)::text as interest
    from lending_records where currency = ${currency}`),
  );
  expect((await house('lending_book', currency)).toFixed(8)).toBe(new Dec(r!.principal).toFixed(8));
  expect((await house('lending_interest', currency)).toFixed(8)).toBe(new Dec(r!.interest).negated().toFixed(8));
}

async function house(kind: string, currency = 'MXN'): Promise<Dec> {
  const [row] = rowsOf<{ total: string | null }>(
    await t.database.db.execute(
      sql`select sum(balance)::text as total from ledger_accounts where owner_type = 'house' and kind = ${kind} and currency = ${currency}`,
    ),
  );
  return new Dec(row?.total ?? 0);
}

beforeAll(async () => {
  t.clock.set(MONDAY);
  await configureChannels(t.app);
});

describe('lending products (docs/api.md §15)', () => {
  it('lists open and closed products without a session, with the quota used', async () => {
    t.clock.set(MONDAY);
    const open = await createProduct({ name: 'Open one' });
    const closed = await createProduct({
      name: 'Closed one',
      open: false,
      currency: 'USD',
      minAmount: '100',
      quota: '50000',
      dailyRate: '0.0002',
      termDays: 90,
    });
    const r = await post(t.app, '/lending/products', {});
    expect(r.body.status).toBe(1);
    const list = data<{ list: LendingProduct[]; total: number }>(r);
    expect(list.total).toBeGreaterThanOrEqual(5); // the three demo products and these two
    expect(list.list.map((p) => p.id)).toEqual(
      expect.arrayContaining(['lp_demo_mxn30', 'lp_demo_usd30', open.id, closed.id]),
    );
    expect(await product(open.id)).toEqual({
      id: open.id,
      name: 'Open one',
      names: {},
      currency: 'MXN',
      dailyRate: '0.00037',
      termDays: 30,
      minAmount: '10000.00',
      quota: '1000000.00',
      quotaUsed: '0.00',
      open: true,
    });
    expect(await product(closed.id)).toMatchObject({
      currency: 'USD',
      open: false,
      quotaUsed: '0.00',
      termDays: 90,
      dailyRate: '0.0002',
    });
    // open products first
    const openFlags = list.list.map((p) => p.open);
    expect(openFlags.indexOf(false)).toBeGreaterThan(openFlags.lastIndexOf(true));
    // an invalid token is ignored on an `opt` call
    expect((await post(t.app, '/lending/products', {}, { token: 'nope', account: '123' })).body.status).toBe(1);
  });
});

describe('product names in other languages', () => {
  it('keeps the names the back office writes, copies them on an application, and refuses an unknown language', async () => {
    t.clock.set(MONDAY);
    const p = await createProduct({ names: { de: 'MXN-Verleihung Test', kor: 'MXN 대여 테스트' } });
    expect((await product(p.id)).names).toEqual({ de: 'MXN-Verleihung Test', kor: 'MXN 대여 테스트' });
    // an edit without `names` keeps them; with `names`, the whole map is replaced
    expect((await updateProduct(p.id, { minAmount: '20000' })).body.status).toBe(1);
    expect((await product(p.id)).names).toEqual({ de: 'MXN-Verleihung Test', kor: 'MXN 대여 테스트' });
    expect((await updateProduct(p.id, { names: { zh: 'MXN 出借測試' } })).body.status).toBe(1);
    expect((await product(p.id)).names).toEqual({ zh: 'MXN 出借測試' });
    const u = await lender();
    const r = await apply(u, { productId: p.id, amount: '20000', requestId: randomUUID() });
    expect(r.body.status).toBe(1);
    expect((await records(u)).list[0]).toMatchObject({ name: 'MXN 30-day test', names: { zh: 'MXN 出借測試' } });
    const refused = await updateProduct(p.id, { names: { fr: 'Prêt' } });
    expect(refused.http).toBe(400);
    expect(refused.body.code).toBe('request.invalid');
  });
});

describe('/lending/apply: the rules in order', () => {
  it('walks [TB] → [KYC] → not_enabled → not_found → quota_full → min_amount → insufficient_available', async () => {
    t.clock.set(MONDAY);
    const p = await createProduct({ quota: '50000' });
    const admin = await adminLogin(t.app, 'admin');

    // [TB] before [KYC]: a trade-blocked, unverified user meets TB
    const blocked = await registerUser(t.app);
    await post(
      t.app,
      '/api/admin/user/restrict',
      { userId: blocked.id, action: 'trade_block', reason: 'test block' },
      admin,
    );
    expect((await apply(blocked, { productId: p.id, amount: '10000' })).body).toMatchObject({
      status: 0,
      code: 'account.trade_blocked',
    });
    await post(
      t.app,
      '/api/admin/user/restrict',
      { userId: blocked.id, action: 'unblock', restriction: 'trade_blocked', reason: 'lift it' },
      admin,
    );
    expect((await apply(blocked, { productId: p.id, amount: '10000' })).body).toMatchObject({
      status: 0,
      code: 'kyc.required',
    });

    const u = await lender('30000.00');
    const before = await account(u);
    // not_enabled comes before not_found
    await post(
      t.app,
      '/api/admin/config/set',
      { key: 'lending.enabled', value: false, reason: 'pause lending' },
      admin,
    );
    expect((await apply(u, { productId: 'lp_unknown', amount: '10000' })).body).toMatchObject({
      status: 0,
      code: 'lending.not_enabled',
      msg: 'Margin trading is not enabled.',
    });
    await post(
      t.app,
      '/api/admin/config/set',
      { key: 'lending.enabled', value: true, reason: 'resume lending' },
      admin,
    );
    expect((await apply(u, { productId: 'lp_unknown', amount: '10000' })).body).toMatchObject({
      status: 0,
      code: 'product.not_found',
    });

    // quota_full before min_amount: over the quota and below the minimum at once
    expect((await apply(u, { productId: p.id, amount: '60000' })).body).toMatchObject({
      status: 0,
      code: 'lending.quota_full',
    });
    const closed = await createProduct({ open: false });
    expect((await apply(u, { productId: closed.id, amount: '5000' })).body).toMatchObject({
      status: 0,
      code: 'lending.quota_full',
    });
    // min_amount before insufficient_available
    expect((await apply(u, { productId: p.id, amount: '9999' })).body).toMatchObject({
      status: 0,
      code: 'lending.min_amount',
      params: { min: '10000.00', currency: 'MXN' },
      msg: 'Minimum lending amount is 10000.00 MXN.',
    });
    expect((await apply(u, { productId: p.id, amount: '40000' })).body).toMatchObject({
      status: 0,
      code: 'funds.insufficient_available',
      params: { available: '30000.00', required: '40000.00', currency: 'MXN' },
    });
    // schema: a Whole amount
    expect((await apply(u, { productId: p.id, amount: '10000.50' })).body).toMatchObject({
      code: 'request.invalid',
      params: { fields: { amount: 'not_integer' } },
    });
    // refusals changed nothing
    expect(await account(u)).toEqual(before);
    expect((await records(u)).total).toBe(0);

    // and the other way: every rule passes
    const ok = await apply(u, { productId: p.id, amount: '30000.00' });
    expect(ok.body).toMatchObject({
      status: 1,
      code: 'result.lending.ok',
      data: {
        productId: p.id,
        name: p.name,
        currency: 'MXN',
        amount: '30000.00',
        dailyRate: '0.00037',
        termDays: 30,
        state: 'active',
        appliedAt: MONDAY.toISOString(),
        startedAt: null,
        endsAt: null,
        interest: '0.00',
        completedAt: null,
      },
    });
    expect(data<LendingRecord>(ok).id).toMatch(/^lr_/);
    expect(await account(u)).toMatchObject({
      available: '0.00',
      frozen: '30000.00',
      investValue: '0.00',
      totalAssets: before.totalAssets,
    });
    expect((await product(p.id)).quotaUsed).toBe('30000.00');
    // the quota now has 20000 left
    const other = await lender('50000.00');
    expect((await apply(other, { productId: p.id, amount: '20001' })).body.code).toBe('lending.quota_full');
    expect((await apply(other, { productId: p.id, amount: '20000' })).body.code).toBe('result.lending.ok');
    expect((await product(p.id)).quotaUsed).toBe('50000.00');
    // the freeze is a fund record
    const fr = data<{ list: { kind: string; amount: string; frozenChange: string; remark: string | null }[] }>(
      await post(t.app, '/funds/records', { tab: 'trade', currency: 'MXN' }, u.headers),
    ).list;
    expect(fr[0]).toMatchObject({
      kind: 'lending_freeze',
      amount: '-30000.00',
      frozenChange: '30000.00',
      remark: p.name,
    });
  });
});

describe('settlement: matched, accruing, completed', () => {
  it('matches at 00:00 UTC, accrues whole days and pays principal + interest at the end of the term', async () => {
    t.clock.set(MONDAY);
    const p = await createProduct();
    let u = await lender('50000.00');
    const r = data<LendingRecord>(await apply(u, { productId: p.id, amount: '12345' }));

    // before the settlement instant nothing happens
    t.clock.set(new Date(TUESDAY_0000.getTime() - 1));
    expect(await settle()).toEqual({ succeeded: 0, failed: 0, completed: 0 });
    expect((await records(u)).list[0]).toMatchObject({ id: r.id, state: 'active' });

    t.clock.set(new Date(TUESDAY_0000.getTime() + 5_000));
    expect((await settle()).succeeded).toBeGreaterThanOrEqual(1);
    const ends = new Date(TUESDAY_0000.getTime() + 30 * DAY);
    expect((await records(u)).list[0]).toMatchObject({
      id: r.id,
      state: 'succeeded',
      startedAt: TUESDAY_0000.toISOString(),
      endsAt: ends.toISOString(),
      interest: '0.00',
      completedAt: null,
    });
    expect(await account(u)).toMatchObject({
      available: '37655.00',
      frozen: '0.00',
      investValue: '12345.00',
      totalAssets: '50000.00',
    });
    await expectHouseMatchesRecords();
    expect((await product(p.id)).quotaUsed).toBe('12345.00');
    const match = data<{ list: { kind: string; amount: string; frozenChange: string }[] }>(
      await post(t.app, '/funds/records', { tab: 'trade', currency: 'MXN' }, u.headers),
    ).list[0];
    expect(match).toMatchObject({ kind: 'lending_match', amount: '0.00', frozenChange: '-12345.00' });

    // 10 whole days: 12345 × 0.00037 × 10 = 45.6765 → 45.68
    t.clock.set(new Date(TUESDAY_0000.getTime() + 10 * DAY + 3_600_000));
    u = await relogin(u);
    expect((await records(u)).list[0]).toMatchObject({ state: 'succeeded', interest: '45.68' });
    expect(await settle()).toEqual({ succeeded: 0, failed: 0, completed: 0 });

    // 29 whole days just before the end: 4.56765 × 29 = 132.46185 → 132.46
    t.clock.set(new Date(ends.getTime() - 1));
    u = await relogin(u);
    expect((await records(u)).list[0]).toMatchObject({ state: 'succeeded', interest: '132.46' });
    expect((await settle()).completed).toBe(0);

    // at the end: 12345 × 0.00037 × 30 = 137.0295 → 137.03, credited with the principal
    t.clock.set(ends);
    expect((await settle()).completed).toBeGreaterThanOrEqual(1);
    expect((await records(u)).list[0]).toMatchObject({
      id: r.id,
      state: 'completed',
      interest: '137.03',
      completedAt: ends.toISOString(),
      startedAt: TUESDAY_0000.toISOString(),
    });
    expect(await account(u)).toMatchObject({
      available: '50137.03',
      frozen: '0.00',
      investValue: '0.00',
      totalAssets: '50137.03',
    });
    await expectHouseMatchesRecords();
    expect((await product(p.id)).quotaUsed).toBe('0.00');
    const payout = data<{ list: { kind: string; amount: string; frozenChange: string; balanceAfter: string }[] }>(
      await post(t.app, '/funds/records', { tab: 'trade', currency: 'MXN' }, u.headers),
    ).list[0];
    expect(payout).toMatchObject({
      kind: 'lending_payout',
      amount: '12482.03',
      frozenChange: '0.00',
      balanceAfter: '50137.03',
    });
    // much later: the interest stays final
    t.clock.set(new Date(ends.getTime() + 40 * DAY));
    u = await relogin(u);
    expect((await records(u)).list[0]).toMatchObject({ state: 'completed', interest: '137.03' });
    // the user was told at the match and at the payout
    const titles = data<{ title: string; content: string }[]>(await post(t.app, '/user/notice', {}, u.headers)).map(
      (n) => n.title,
    );
    expect(titles).toEqual(expect.arrayContaining(['Lending matched', 'Lending completed']));
  });

  it('matches a late application at the next instant only, and a record the job missed for days at its own instant', async () => {
    const p = await createProduct({ termDays: 2, dailyRate: '0.001' });
    t.clock.set(new Date('2026-04-06T23:59:59.999Z'));
    let u = await lender('20000.00');
    const late = data<LendingRecord>(await apply(u, { productId: p.id, amount: '10000' }));
    t.clock.set(new Date('2026-04-07T00:00:00Z'));
    const onTheDot = data<LendingRecord>(await apply(u, { productId: p.id, amount: '10000' }));
    await settle();
    let list = (await records(u)).list;
    expect(list.find((x) => x.id === late.id)).toMatchObject({
      state: 'succeeded',
      startedAt: '2026-04-07T00:00:00.000Z',
      endsAt: '2026-04-09T00:00:00.000Z',
    });
    expect(list.find((x) => x.id === onTheDot.id)).toMatchObject({ state: 'active' });

    // the job does not run for five days: the second record starts at its own next instant (Apr 8)
    // and both terms have ended, so both complete in the same pass
    t.clock.set(new Date('2026-04-12T09:00:00Z'));
    u = await relogin(u);
    await settle();
    list = (await records(u)).list;
    expect(list.find((x) => x.id === onTheDot.id)).toMatchObject({
      state: 'completed',
      startedAt: '2026-04-08T00:00:00.000Z',
      endsAt: '2026-04-10T00:00:00.000Z',
      interest: '20.00',
    });
    expect(list.find((x) => x.id === late.id)).toMatchObject({ state: 'completed', interest: '20.00' });
    expect((await account(u)).available).toBe('20040.00');
  });

  it('fails the records of a product closed before the settlement and releases the frozen amount', async () => {
    t.clock.set(MONDAY);
    const p = await createProduct();
    let u = await lender('25000.00');
    const r = data<LendingRecord>(await apply(u, { productId: p.id, amount: '20000' }));
    expect(await account(u)).toMatchObject({ available: '5000.00', frozen: '20000.00' });
    expect((await updateProduct(p.id, { open: false })).body).toMatchObject({
      status: 1,
      data: { open: false, quotaUsed: '20000.00' },
    });
    t.clock.set(new Date(TUESDAY_0000.getTime() + 60_000));
    u = await relogin(u);
    expect((await settle()).failed).toBeGreaterThanOrEqual(1);
    expect((await records(u)).list[0]).toMatchObject({
      id: r.id,
      state: 'failed',
      startedAt: null,
      endsAt: null,
      interest: '0.00',
    });
    expect(await account(u)).toMatchObject({ available: '25000.00', frozen: '0.00', investValue: '0.00' });
    expect((await product(p.id)).quotaUsed).toBe('0.00');
    const fr = data<{ list: { kind: string; amount: string; frozenChange: string }[] }>(
      await post(t.app, '/funds/records', { tab: 'trade', currency: 'MXN' }, u.headers),
    ).list[0];
    expect(fr).toMatchObject({ kind: 'lending_release', amount: '20000.00', frozenChange: '-20000.00' });
    const messages = data<{ title: string; content: string }[]>(await post(t.app, '/user/notice', {}, u.headers));
    expect(messages.find((n) => n.title === 'Lending not matched')?.content).toContain('20000.00 MXN');
  });

  it('moves money once when the job runs twice or twice at once', async () => {
    t.clock.set(MONDAY);
    const p = await createProduct({ termDays: 1, dailyRate: '0.01' });
    let u = await lender('10000.00');
    const r = data<LendingRecord>(await apply(u, { productId: p.id, amount: '10000' }));
    t.clock.set(new Date(TUESDAY_0000.getTime() + 1000));
    const [a, b] = await Promise.all([settle(), settle()]);
    expect(a.succeeded + b.succeeded).toBe(1);
    expect(await settle()).toEqual({ succeeded: 0, failed: 0, completed: 0 });
    t.clock.set(new Date(TUESDAY_0000.getTime() + DAY));
    u = await relogin(u);
    const [c, d] = await Promise.all([settle(), settle()]);
    expect(c.completed + d.completed).toBe(1);
    expect(await settle()).toEqual({ succeeded: 0, failed: 0, completed: 0 });
    expect((await records(u)).list[0]).toMatchObject({ id: r.id, state: 'completed', interest: '100.00' });
    expect(await account(u)).toMatchObject({ available: '10100.00', frozen: '0.00', investValue: '0.00' });
    await expectHouseMatchesRecords();
    const [entries] = rowsOf<{ n: string | number }>(
      await t.database.db.execute(sql`select count(*) as n from journal_entries where reference = ${r.id}`),
    );
    expect(Number(entries?.n)).toBe(3); // freeze, match, payout
  });
});

describe('concurrency and idempotency of /lending/apply', () => {
  it('never overfills the quota under concurrent applications', async () => {
    t.clock.set(MONDAY);
    const p = await createProduct({ quota: '50000' });
    const users = await Promise.all(Array.from({ length: 4 }, () => lender('30000.00')));
    const answers = await Promise.all(
      users.flatMap((u) => [
        apply(u, { productId: p.id, amount: '10000' }),
        apply(u, { productId: p.id, amount: '10000' }),
      ]),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 'result.lending.ok')).toHaveLength(5);
    expect(codes.filter((c) => c === 'lending.quota_full')).toHaveLength(3);
    expect((await product(p.id)).quotaUsed).toBe('50000.00');
    const [sum] = rowsOf<{ total: string }>(
      await t.database.db.execute(
        sql`select coalesce(sum(amount), 0)::text as total from lending_records where product_id = ${p.id}`,
      ),
    );
    expect(new Dec(sum!.total).toFixed(2)).toBe('50000.00');
  });

  it('replays a repeated requestId (one record, one freeze) and refuses it with another body', async () => {
    t.clock.set(MONDAY);
    const p = await createProduct();
    const u = await lender('50000.00');
    const requestId = randomUUID();
    const body = { productId: p.id, amount: '10000', requestId };
    const [a, b] = await Promise.all([apply(u, body), apply(u, body)]);
    const c = await apply(u, { amount: '10000', productId: p.id, requestId });
    const ok = [a, b, c].filter((x) => x.body.status === 1);
    // the concurrent duplicate waited for the first and got its answer
    expect(ok).toHaveLength(3);
    for (const x of ok) expect(x.body).toEqual(ok[0]!.body);
    expect((await records(u)).total).toBe(1);
    expect(await account(u)).toMatchObject({ available: '40000.00', frozen: '10000.00' });
    const reused = await apply(u, { productId: p.id, amount: '20000', requestId });
    expect(reused.http).toBe(409);
    expect(reused.body.code).toBe('request.id_reused');
    // a stored refusal is replayed too
    const refusedId = randomUUID();
    expect((await apply(u, { productId: p.id, amount: '5000', requestId: refusedId })).body.code).toBe(
      'lending.min_amount',
    );
    expect((await apply(u, { productId: p.id, amount: '5000', requestId: refusedId })).body.code).toBe(
      'lending.min_amount',
    );
  });
});

describe('/lending/records', () => {
  it('lists only the caller’s records, newest first, filtered by state', async () => {
    const p = await createProduct();
    t.clock.set(MONDAY);
    const u = await lender('40000.00');
    const first = data<LendingRecord>(await apply(u, { productId: p.id, amount: '10000' }));
    t.clock.set(new Date(MONDAY.getTime() + 60_000));
    const second = data<LendingRecord>(await apply(u, { productId: p.id, amount: '15000' }));
    const stranger = await lender('20000.00');
    await apply(stranger, { productId: p.id, amount: '10000' });
    const all = await records(u);
    expect(all.list.map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await records(u, { states: ['succeeded', 'completed'] })).total).toBe(0);
    const empty = await post(t.app, '/lending/records', { states: ['failed'] }, u.headers);
    expect(empty.body).toMatchObject({ status: 1, code: 'list.empty', data: { list: [], total: 0 } });
    expect((await records(u, { states: ['active'], size: 1 })).list.map((r) => r.id)).toEqual([second.id]);
    expect((await post(t.app, '/lending/records', {})).http).toBe(401);
  });
});

describe('back office: lending products (docs/api.md §19.5)', () => {
  it('creates, lists and edits products; rate and term lock at the first application; everything is audited', async () => {
    t.clock.set(new Date('2026-12-01T16:00:00Z')); // later than every other product of this file
    const admin = await adminLogin(t.app, 'admin');
    const p = await createProduct({ name: 'Audited' });
    expect(p).toMatchObject({ name: 'Audited', quotaUsed: '0.00', open: true });
    expect(p.id).toMatch(/^lp_/);

    const listed = await post(t.app, '/api/admin/product/list', { kind: 'lending', size: 300 }, admin);
    expect(data<{ list: LendingProduct[] }>(listed).list[0]).toMatchObject({ id: p.id }); // newest first
    // each kind lists its own products only
    const blocks = data<{ list: { id: string }[] }>(
      await post(t.app, '/api/admin/product/list', { kind: 'block', size: 300 }, admin),
    ).list;
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.every((b) => b.id.startsWith('bp_'))).toBe(true);

    // before any application the terms may change
    expect((await updateProduct(p.id, { dailyRate: '0.0005', termDays: 60 })).body).toMatchObject({
      status: 1,
      code: 'result.update.ok',
      data: { dailyRate: '0.0005', termDays: 60 },
    });
    const u = await lender('20000.00');
    expect((await apply(u, { productId: p.id, amount: '10000' })).body.status).toBe(1);
    const locked = await updateProduct(p.id, { dailyRate: '0.0006', name: 'Renamed' });
    expect(locked.body).toMatchObject({
      status: 0,
      code: 'product.terms_locked',
      params: { fields: { dailyRate: 'not_allowed' } },
    });
    expect((await updateProduct(p.id, { termDays: 90 })).body).toMatchObject({
      code: 'product.terms_locked',
      params: { fields: { termDays: 'not_allowed' } },
    });
    expect(await product(p.id)).toMatchObject({ name: 'Audited', dailyRate: '0.0005', termDays: 60 });
    // unchanged terms and the other fields still edit
    const edited = await updateProduct(p.id, {
      dailyRate: '0.00050',
      termDays: 60,
      name: 'Renamed',
      quota: '2000000',
      minAmount: '5000',
      open: false,
    });
    expect(edited.body).toMatchObject({
      status: 1,
      data: {
        name: 'Renamed',
        quota: '2000000.00',
        minAmount: '5000.00',
        open: false,
        quotaUsed: '10000.00',
        dailyRate: '0.0005',
      },
    });
    expect((await updateProduct('lp_missing', { open: true })).body).toMatchObject({
      status: 0,
      code: 'product.not_found',
    });

    // only the admin role manages products
    const reviewer = await adminLogin(t.app, 'reviewer');
    expect(
      (await post(t.app, '/api/admin/lending/update', { id: p.id, open: true, reason: 'try it' }, reviewer)).http,
    ).toBe(403);
    expect((await post(t.app, '/api/admin/product/list', { kind: 'lending' }, reviewer)).http).toBe(403);
    // a reason is required
    expect((await post(t.app, '/api/admin/lending/update', { id: p.id, open: true }, admin)).body).toMatchObject({
      code: 'request.invalid',
      params: { fields: { reason: 'required' } },
    });

    const audit = data<{
      list: {
        action: string;
        result: string;
        reason: string | null;
        before: Record<string, unknown> | null;
        after: Record<string, unknown> | null;
      }[];
    }>(
      await post(t.app, '/api/admin/audit/list', { targetType: 'lending_product', targetId: p.id, size: 100 }, admin),
    ).list;
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'lending/create',
        result: 'ok',
        reason: 'new product',
        after: expect.objectContaining({ id: p.id, name: 'Audited' }),
      }),
    );
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'lending/update',
        result: 'ok',
        before: expect.objectContaining({ dailyRate: '0.00037', termDays: 30 }),
        after: expect.objectContaining({ dailyRate: '0.0005', termDays: 60 }),
      }),
    );
    expect(audit).toContainEqual(expect.objectContaining({ action: 'lending/update', result: 'product.terms_locked' }));
    expect(audit).toContainEqual(expect.objectContaining({ action: 'lending/update', result: 'auth.forbidden' }));
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'lending/update',
        result: 'ok',
        before: expect.objectContaining({ open: true, name: 'Audited' }),
        after: expect.objectContaining({ open: false, name: 'Renamed' }),
      }),
    );
  });

  it('shows succeeded lending in the user detail accounts (investValue)', async () => {
    t.clock.set(MONDAY);
    const p = await createProduct();
    const u = await lender('30000.00');
    await apply(u, { productId: p.id, amount: '10000' });
    t.clock.set(new Date(TUESDAY_0000.getTime() + 1000));
    await settle();
    const admin = await adminLogin(t.app, 'admin');
    const detail = data<{ accounts: { currency: string; investValue: string; totalAssets: string }[] }>(
      await post(t.app, '/api/admin/user/detail', { userId: u.id }, admin),
    );
    expect(detail.accounts.find((a) => a.currency === 'MXN')).toMatchObject({
      investValue: '10000.00',
      totalAssets: '30000.00',
    });
  });
});
