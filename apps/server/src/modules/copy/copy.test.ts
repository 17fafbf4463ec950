import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  adminEndpoints,
  Dec,
  type AdminCopyFund,
  type CopyFund,
  type CopyFundDetail,
  type CopySubscription,
  type Notice,
} from '@brokerage/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';
import { sql } from 'drizzle-orm';
import { rowsOf, transaction } from '../../platform/db.js';
import { balancesOf } from '../ledger/index.js';
import { runCopyEngineOnce, seedCopyFunds, type CopyEngineDeps } from './index.js';

const t = useTestApp(undefined, undefined, { engine: false });
beforeAll(async () => {
  await configureChannels(t.app);
});
const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
const DAY = 86_400_000;

function engineDeps(): CopyEngineDeps {
  const { db, clock, feed, ledger, settings, authCache } = t.deps;
  return { db, clock, feed, ledger, settings, authCache };
}

async function seeded(): Promise<void> {
  await transaction(t.deps.db, (tx) => seedCopyFunds(tx, engineDeps()));
}

const detail = async (id: string) => data<CopyFundDetail>(await post(t.app, '/copy/detail', { id }));
const subscribe = (u: TestUser, body: Record<string, unknown>) =>
  post(t.app, '/copy/subscribe', { requestId: randomUUID(), ...body }, u.headers);
const redeem = (u: TestUser, subscriptionId: string) =>
  post(t.app, '/copy/redeem', { requestId: randomUUID(), subscriptionId }, u.headers);
const mine = async (u: TestUser) =>
  data<{ list: CopySubscription[] }>(await post(t.app, '/copy/mine', {}, u.headers)).list;

/** Logs in again: a clock jump of days expires the idle session (24 h). */
async function relogin(u: TestUser): Promise<void> {
  const token = data<{ token: string }>(
    await post(t.app, '/user/login', { account: u.account, password: u.password }),
  ).token;
  u.token = token;
  u.headers = { token, account: u.account };
}

async function available(u: TestUser, currency: string): Promise<string> {
  const r = await post(t.app, '/user/assets', { currency }, u.headers);
  return data<{ accounts: { currency: string; available: string }[] }>(r).accounts.find((a) => a.currency === currency)!
    .available;
}

async function follower(currency: 'USD' | 'USDT', amount: string): Promise<TestUser> {
  const u = await verifiedUser(t.app);
  await fund(t.app, u, currency, amount);
  return u;
}

async function createFund(terms: Record<string, unknown> = {}): Promise<AdminCopyFund> {
  const now = t.clock.now().getTime();
  const r = await post(
    t.app,
    '/api/admin/copy/create',
    {
      name: 'Test Reversion',
      strategyNo: 'MR-5',
      currency: 'USDT',
      fundSize: '100000',
      minAmount: '100',
      lockupDays: 0,
      tradeCycleDays: 30,
      copyDeadline: new Date(now + 10 * DAY).toISOString(),
      endTime: new Date(now + 40 * DAY).toISOString(),
      expectedReturnRate: '0.08',
      open: true,
      reason: 'new fund',
      ...terms,
    },
    await adminLogin(t.app, 'admin'),
  );
  if (r.body.status !== 1) throw new Error(`create: ${JSON.stringify(r.body)}`);
  return data<AdminCopyFund>(r);
}

/** An independent reference for a payout: Π(1 + r) with 200-digit decimals, then floored to cents. */
function referenceValue(amount: string, rates: string[]): string {
  const Big = Dec.clone({ precision: 200 });
  let v = new Big(amount);
  for (const r of rates) v = v.times(new Big(1).plus(r));
  return v.toDecimalPlaces(2, Big.ROUND_FLOOR).toFixed(2);
}

/** The fund's value rebuilt from the ledger (cash, frozen and margin accounts) and the feed (P&L of each position). */
async function ledgerValue(
  fundUserId: string,
  currency: 'USD' | 'USDT',
  positions: CopyFundDetail['positions'],
): Promise<Dec> {
  const b = (await balancesOf(t.deps.db, fundUserId)).get(currency)!;
  const rows = rowsOf<{ balance: string }>(
    await t.deps.db.execute(
      sql`select coalesce(sum(balance), 0)::text as balance from ledger_accounts where owner_id = ${fundUserId} and currency = ${currency} and kind = 'margin'`,
    ),
  );
  let total = b.available.amount.plus(b.frozen.amount).plus(rows[0]?.balance ?? '0');
  // the quantity of a position is lots × lotSize (a lot of a coin is a fraction of it)
  for (const p of positions)
    total = total.plus(new Dec(p.currentPrice!).minus(p.costPrice).times(p.lots).times(p.lotSize));
  return total;
}

describe('copy-trading funds (§14)', () => {
  it('seeds two funds with 30 backtest days, a strategy in words and no invented positions', async () => {
    await seeded();
    await seeded(); // idempotent
    const list = data<{ list: CopyFund[] }>(await post(t.app, '/copy/list', {})).list;
    expect(list.map((f) => f.id).sort()).toEqual(['cf_demo_momentum', 'cf_demo_reversion']);
    const d = await detail('cf_demo_reversion');
    expect(d.navHistory).toHaveLength(30);
    expect(d.navHistory.every((n) => n.backtest)).toBe(true);
    expect(d.strategy).toMatchObject({
      kind: 'mean_reversion',
      market: 'crypto',
      lookbackDays: 5,
      holdings: 3,
      investedFraction: '0.60',
    });
    expect(d.positions).toEqual([]);
    expect(d.dailyProfitRate).toBe(d.history.at(-1)!.dailyProfitRate);
    // the chained NAV: each backtest day's NAV is the previous one × (1 + its rate), rounded half-up to 8 decimals
    for (let i = 1; i < d.navHistory.length; i++) {
      const expected = new Dec(d.navHistory[i - 1]!.nav)
        .times(new Dec(1).plus(d.history[i]!.dailyProfitRate))
        .toDecimalPlaces(8, Dec.ROUND_HALF_UP);
      expect(d.navHistory[i]!.nav).toBe(expected.toFixed(8));
    }
  });

  it('the engine holds real positions through the order code, and the NAV is cash plus the marked positions', async () => {
    await seeded();
    const before = await detail('cf_demo_reversion');
    const report = await runCopyEngineOnce(engineDeps());
    const after = await detail('cf_demo_reversion');
    // the strategy chooses from the closes; if nothing fell enough it stays in cash (both are real outcomes)
    expect(report.ordersPlaced).toBe(after.positions.length + (await detail('cf_demo_momentum')).positions.length);
    for (const p of after.positions) expect(p).toMatchObject({ side: 'long', state: 'holding' });
    const positions = data<{ list: { orderId: string; yingkui: string }[] }>(
      await post(
        t.app,
        '/api/admin/user/orders',
        { userId: 'u_fund_cf_demo_reversion', page: 1, size: 50 },
        await adminLogin(t.app, 'admin'),
      ),
    ).list;
    expect(positions.map((p) => p.orderId).sort()).toEqual(after.positions.map((p) => p.orderId).sort());
    // each position's P&L goes out under its wire name, the same figure as the order's (docs/glossary.md)
    for (const p of after.positions) {
      expect(p).not.toHaveProperty('profitLoss');
      expect(p.yingkui).toBe(positions.find((o) => o.orderId === p.orderId)?.yingkui);
    }
    const rebuilt = await ledgerValue('u_fund_cf_demo_reversion', 'USDT', after.positions);
    expect(new Dec(after.totalValue).minus(rebuilt).abs().lte('0.01')).toBe(true);
    // buying moves cash into positions: the value changes only by the fees paid
    expect(new Dec(before.totalValue).minus(after.totalValue).abs().lt(new Dec(before.totalValue).times('0.01'))).toBe(
      true,
    );
    // a second step on the same day does not trade again
    expect((await runCopyEngineOnce(engineDeps())).ordersPlaced).toBe(0);
  });

  it('after every engine step over random price paths, the NAV is the ledger cash plus the marked positions', async () => {
    await seeded();
    const f = await createFund({ fundSize: '200000', minAmount: '100' });
    const u = await follower('USDT', '20000.00');
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ minutes: fc.integer({ min: 1, max: 3 * 24 * 60 }), amount: fc.integer({ min: 0, max: 3 }) }),
          { minLength: 1, maxLength: 3 },
        ),
        async (steps) => {
          for (const step of steps) {
            t.clock.advance(step.minutes * 60_000);
            if (step.amount > 0) {
              await relogin(u);
              await subscribe(u, { fundId: f.id, amount: String(step.amount * 100) });
            }
            await runCopyEngineOnce(engineDeps());
            for (const id of [f.id, 'cf_demo_reversion']) {
              const d = await detail(id);
              const fundUser = `u_fund_${id}`;
              const rebuilt = await ledgerValue(fundUser, 'USDT', d.positions);
              // the detail rounds each position's P&L and the total down to cents; the rebuilt value is exact
              expect(
                new Dec(d.totalValue)
                  .minus(rebuilt)
                  .abs()
                  .lte(new Dec('0.01').times(d.positions.length + 1)),
                id,
              ).toBe(true);
              // every live mark has a positive NAV chained from the one before it
              const live = d.navHistory.filter((n) => !n.backtest);
              for (const n of live) expect(new Dec(n.nav).gt(0)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 4 },
    );
  });

  it('refuses a subscription in the contract order and moves the amount to the fund', async () => {
    const f = await createFund({ fundSize: '5000', minAmount: '100' });
    const unverified = await registerUser(t.app);
    expect((await subscribe(unverified, { fundId: f.id, amount: '100' })).body.code).toBe('kyc.required');
    const u = await follower('USDT', '3000.00');
    expect((await subscribe(u, { fundId: 'cf_missing', amount: '100' })).body.code).toBe('product.not_found');
    expect((await subscribe(u, { fundId: f.id, amount: '99' })).body).toMatchObject({
      code: 'product.below_minimum',
      params: { min: '100.00', currency: 'USDT' },
    });
    expect((await subscribe(u, { fundId: f.id, amount: '5001' })).body).toMatchObject({
      code: 'copy.fund_full',
      params: { remaining: '5000.00' },
    });
    expect((await subscribe(u, { fundId: f.id, amount: '4000' })).body).toMatchObject({
      code: 'funds.insufficient_available',
      params: { available: '3000.00' },
    });
    const ok = await subscribe(u, { fundId: f.id, amount: '1000' });
    expect(ok.body).toMatchObject({ status: 1, code: 'result.copy_trade.ok' });
    expect(data<CopySubscription>(ok)).toMatchObject({
      state: 'active',
      amount: '1000.00',
      profit: '0.00',
      value: '1000.00',
      daysCounted: 0,
    });
    expect(await available(u, 'USDT')).toBe('2000.00');
    // the deadline: an operator moves it to a second from now
    await post(
      t.app,
      '/api/admin/copy/update',
      { id: f.id, copyDeadline: new Date(t.clock.now().getTime() + 1000).toISOString(), reason: 'early end' },
      await adminLogin(t.app, 'admin'),
    );
    t.clock.advance(2000);
    expect((await subscribe(u, { fundId: f.id, amount: '100' })).body.code).toBe('product.copy_deadline_passed');
  });

  it('pays the exact formula: amount × Π(1 + daily) with fees, after the lock-up', async () => {
    const f = await createFund({ lockupDays: 2 });
    const u = await follower('USDT', '10000.00');
    const sub = data<CopySubscription>(await subscribe(u, { fundId: f.id, amount: '10000' }));
    expect((await redeem(u, sub.id)).body.code).toBe('copy.locked');
    expect((await redeem(await registerUser(t.app), sub.id)).body.code).toBe('record.not_found');
    for (let day = 0; day < 4; day++) {
      t.clock.advance(DAY);
      await runCopyEngineOnce(engineDeps());
    }
    const d = await detail(f.id);
    const startDate = sub.startedAt.slice(0, 10);
    const rates = d.history.filter((h) => h.date > startDate).map((h) => h.dailyProfitRate);
    expect(rates.length).toBeGreaterThanOrEqual(3);
    await relogin(u);
    const [current] = await mine(u);
    const value = referenceValue('10000', rates);
    expect(current).toMatchObject({ value, daysCounted: rates.length });
    const ended = data<CopySubscription>(await redeem(u, sub.id));
    const profit = new Dec(value).minus(10000);
    const performanceFee = profit.gt(0) ? profit.times('0.18').toDecimalPlaces(2, Dec.ROUND_UP) : new Dec(0);
    const serviceFee = new Dec('200.00');
    expect(ended).toMatchObject({
      state: 'ended',
      endReason: 'redeemed',
      value,
      profit: profit.toFixed(2),
      performanceFee: performanceFee.toFixed(2),
      serviceFee: '200.00',
      payout: new Dec(value).minus(performanceFee).minus(serviceFee).toFixed(2),
    });
    expect(await available(u, 'USDT')).toBe(ended.payout);
    expect((await redeem(u, sub.id)).body.code).toBe('copy.not_active');
  });

  it('concurrent subscriptions never pass the fund size', async () => {
    const f = await createFund({ fundSize: '1000', minAmount: '100' });
    const users: TestUser[] = [];
    // one after another: parallel back-office logins would meet the admin login's attempt counter
    for (let i = 0; i < 6; i++) users.push(await follower('USDT', '300.00'));
    const answers = await Promise.all(users.map((u) => subscribe(u, { fundId: f.id, amount: '300' })));
    const ok = answers.filter((a) => a.body.status === 1);
    expect(ok).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === 'copy.fund_full')).toHaveLength(3);
  });

  it('closing a fund sells its positions, then ends every subscription with its payout and a message', async () => {
    const f = await createFund({ lockupDays: 30, names: { de: 'Test-Umkehr', zh: '測試回歸' } });
    const u = await follower('USDT', '500.00');
    await subscribe(u, { fundId: f.id, amount: '500' });
    await runCopyEngineOnce(engineDeps());
    t.clock.advance(10 * 60_000); // past the minimum hold of the positions it bought
    const admin = await adminLogin(t.app, 'admin');
    const closing = data<AdminCopyFund>(
      await post(t.app, '/api/admin/copy/close', { id: f.id, reason: 'strategy retired' }, admin),
    );
    expect(closing).toMatchObject({ state: 'closing', open: false });
    expect((await subscribe(u, { fundId: f.id, amount: '100' })).body.code).toBe('product.not_found');
    const report = await runCopyEngineOnce(engineDeps());
    expect(report.refusals).toEqual([]);
    const d = await detail(f.id);
    expect(d).toMatchObject({ state: 'closed', positions: [] });
    const [ended] = await mine(u);
    expect(ended).toMatchObject({ state: 'ended', endReason: 'fund_closed' });
    expect(await available(u, 'USDT')).toBe(ended!.payout);
    const notices = data<Notice[]>(await post(t.app, '/user/notice', {}, u.headers));
    // the fund's names go with the message, so a German reader reads the German one
    expect(notices.find((n) => n.code === 'message.copy.ended')?.params).toEqual({
      product: 'Test Reversion',
      'product.de': 'Test-Umkehr',
      'product.zh': '測試回歸',
      payout: ended!.payout,
      currency: 'USDT',
    });
    // the fund's account is empty: the rest went back to the house
    const b = (await balancesOf(t.deps.db, `u_fund_${f.id}`)).get('USDT')!;
    expect(b.available.isZero()).toBe(true);
  });

  it('no back-office call can set a result, a NAV, a profit or a payout (§19.6)', () => {
    const forbidden = [
      'nav',
      'dailyProfitRate',
      'profit',
      'payout',
      'history',
      'navHistory',
      'units',
      'performanceFee',
      'serviceFee',
    ];
    for (const [name, endpoint] of Object.entries(adminEndpoints)) {
      const shape = (endpoint.request as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      for (const field of forbidden) expect(Object.keys(shape), `${name} takes ${field}`).not.toContain(field);
    }
  });

  it('a fund account cannot log in', async () => {
    const r = await post(t.app, '/user/login', { account: 'fund:cf_demo_reversion', password: 'whatever-123' });
    expect(r.body.status).not.toBe(1);
  });

  it('the back office user list holds customers only, not the system users of the funds', async () => {
    await seeded();
    const h = await adminLogin(t.app, 'support');
    const all = data<{ list: { account: string }[]; total: number }>(
      await post(t.app, '/api/admin/user/list', { size: 100 }, h),
    );
    expect(all.total).toBeGreaterThan(0);
    expect(all.list.filter((u) => u.account.startsWith('fund:'))).toEqual([]);
    const searched = data<{ total: number }>(await post(t.app, '/api/admin/user/list', { keyword: 'fund:' }, h));
    expect(searched.total).toBe(0);
  });
});
