/**
 * The demo seed of the copy funds runs the strategy engine's first step once the funds exist
 * (copy.seed.ts): a visitor who opens a fund right after `npm start` sees the positions the
 * strategy chose, placed through trading's own order code, not an empty list for 30 seconds.
 */
import type { CopyFund, CopyFundDetail } from '@brokerage/contract';
import { describe, expect, it } from 'vitest';
import { adminLogin, post, useTestApp } from '../../test/harness.js';
import { runCopyEngineOnce, seedDemoCopyFunds, type CopyEngineDeps } from './index.js';

const t = useTestApp(undefined, undefined, { engine: false });
const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
const detail = async (id: string) => data<CopyFundDetail>(await post(t.app, '/copy/detail', { id }));

function engineDeps(): CopyEngineDeps {
  const { db, clock, feed, ledger, settings, authCache } = t.deps;
  return { db, clock, feed, ledger, settings, authCache };
}

describe('the demo seed of the copy funds', () => {
  it("runs the strategy's first step through the order code, so a fund opened at once has its positions", async () => {
    expect(data<{ list: CopyFund[] }>(await post(t.app, '/copy/list', {})).list).toEqual([]);
    const report = await seedDemoCopyFunds(engineDeps());
    const reversion = await detail('cf_demo_reversion');
    const momentum = await detail('cf_demo_momentum');
    // digital currencies trade around the clock: the first rebalance ran during the seed
    expect(reversion.rebalancedOn).toBe(t.clock.now().toISOString().slice(0, 10));
    expect(report.refusals).toEqual([]);
    expect(report.ordersPlaced).toBe(reversion.positions.length + momentum.positions.length);
    expect(reversion.positions.length).toBeGreaterThan(0);
    for (const p of reversion.positions) expect(p).toMatchObject({ side: 'long', state: 'holding' });
    // the positions are real orders of the fund's own account, as the 30-second job places them
    const orders = data<{ list: { orderId: string }[] }>(
      await post(
        t.app,
        '/api/admin/user/orders',
        { userId: 'u_fund_cf_demo_reversion', page: 1, size: 50 },
        await adminLogin(t.app, 'admin'),
      ),
    ).list;
    expect(orders.map((o) => o.orderId).sort()).toEqual(reversion.positions.map((p) => p.orderId).sort());
    // the job's next step today finds the rebalance done and places nothing more
    expect((await runCopyEngineOnce(engineDeps())).ordersPlaced).toBe(0);
    // a second seed creates nothing and trades nothing
    expect((await seedDemoCopyFunds(engineDeps())).ordersPlaced).toBe(0);
    expect((await detail('cf_demo_reversion')).positions).toEqual(
      reversion.positions.map((p) => expect.objectContaining({ orderId: p.orderId })),
    );
  });

  it('names the demo funds in every language, and the back office edits those names', async () => {
    const list = data<{ list: CopyFund[] }>(await post(t.app, '/copy/list', {})).list;
    for (const f of list) expect(Object.keys(f.names).sort(), f.id).toEqual(['de', 'esp', 'kor', 'zh']);
    const momentum = list.find((f) => f.id === 'cf_demo_momentum')!;
    expect(momentum).toMatchObject({ name: 'US Momentum 20', names: { zh: '美股動能 20' } });
    const admin = await adminLogin(t.app, 'admin');
    const r = await post(
      t.app,
      '/api/admin/copy/update',
      { id: 'cf_demo_momentum', names: { de: 'US-Dynamik 20' }, reason: 'new German name' },
      admin,
    );
    expect(r.body.status).toBe(1);
    expect((await detail('cf_demo_momentum')).names).toEqual({ de: 'US-Dynamik 20' });
    // the seed never overwrites an operator's names
    await seedDemoCopyFunds(engineDeps());
    expect((await detail('cf_demo_momentum')).names).toEqual({ de: 'US-Dynamik 20' });
  });
});
