/** Back office, one user's orders and positions (`/api/admin/user/orders`, read-only, §19.4 / §19.6). */
import { Dec, adminEndpoints, rightsOfRole, type AdminRight, type AdminRole, type Order } from '@brokerage/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';

const t = useTestApp(undefined, undefined, { engine: false });
const A = (path: string) => `/api/admin${path}`;
const ETH = 'i_crypto_ETH-USDT';
/** Monday 16:00 UTC (crypto trades every day anyway). */
const MONDAY = new Date('2026-03-02T16:00:00Z');

interface Page {
  list: Order[];
  total: number;
  page: number;
  size: number;
}

let trader: TestUser;
let holding: Order;
let pending: Order;

beforeAll(async () => {
  t.clock.set(MONDAY);
  await configureChannels(t.app);
  trader = await verifiedUser(t.app);
  await fund(t.app, trader, 'USDT', '50000.00');
  const market = await post(
    t.app,
    '/trade/buy',
    { instrumentId: ETH, side: 'long', orderType: 'market', lots: 2, leverage: 2 },
    trader.headers,
  );
  expect(market.body.status).toBe(1);
  holding = market.body.data as Order;
  t.clock.advance(60_000);
  const far = new Dec(t.deps.feed.quote(ETH).price).dividedBy(2).toFixed(0);
  const limit = await post(
    t.app,
    '/trade/buy',
    { instrumentId: ETH, side: 'long', orderType: 'limit', price: far, lots: 1, leverage: 1 },
    trader.headers,
  );
  expect(limit.body.status).toBe(1);
  pending = limit.body.data as Order;
});

describe('/api/admin/user/orders', () => {
  it("lets an operator read a user's orders, newest first, as the user sees them, and audits the read", async () => {
    const support = await adminLogin(t.app, 'support');
    const r = await post(t.app, A('/user/orders'), { userId: trader.id }, support);
    expect(r.body.status).toBe(1);
    const page = r.body.data as Page;
    expect(page).toMatchObject({ total: 2, page: 1, size: 20 });
    expect(page.list.map((o) => o.orderId)).toEqual([pending.orderId, holding.orderId]);
    // the same Order object the user's own list shows (P&L at the same instant)
    const own = await post(t.app, '/trade/userstocklist', { type: 'crypto' }, trader.headers);
    const mine = (own.body.data as { list: Order[] }).list.find((o) => o.orderId === holding.orderId);
    expect(page.list[1]).toEqual(mine);
    expect(page.list[1]).toMatchObject({ state: 'holding', lots: 2, leverage: 2, code: 'ETH-USDT' });

    const audit = await post(
      t.app,
      A('/audit/list'),
      { action: 'user/orders', size: 1 },
      await adminLogin(t.app, 'admin'),
    );
    expect((audit.body.data as { list: unknown[] }).list[0]).toMatchObject({
      action: 'user/orders',
      targetType: 'user',
      targetId: trader.id,
      result: 'ok',
      role: 'support',
    });
  });

  it('filters by state and pages', async () => {
    const reviewer = await adminLogin(t.app, 'reviewer');
    const pend = await post(t.app, A('/user/orders'), { userId: trader.id, states: ['pending'] }, reviewer);
    expect((pend.body.data as Page).list.map((o) => o.orderId)).toEqual([pending.orderId]);
    const second = await post(t.app, A('/user/orders'), { userId: trader.id, page: 2, size: 1 }, reviewer);
    expect(second.body.data).toMatchObject({ total: 2, page: 2, size: 1 });
    expect((second.body.data as Page).list.map((o) => o.orderId)).toEqual([holding.orderId]);
    const none = await post(t.app, A('/user/orders'), { userId: trader.id, states: ['closed'] }, reviewer);
    expect(none.body.data).toMatchObject({ list: [], total: 0 });
    const bad = await post(t.app, A('/user/orders'), { userId: trader.id, states: ['open'] }, reviewer);
    expect(bad.body).toMatchObject({ status: 0, code: 'request.invalid' });
  });

  it('answers account.not_found for an unknown user, and an empty list for a user without orders', async () => {
    const admin = await adminLogin(t.app);
    const r = await post(t.app, A('/user/orders'), { userId: 'u_nobody' }, admin);
    expect(r.body).toMatchObject({ status: 0, code: 'account.not_found' });
    const fresh = await registerUser(t.app);
    const empty = await post(t.app, A('/user/orders'), { userId: fresh.id }, admin);
    expect(empty.body.data).toMatchObject({ list: [], total: 0, page: 1 });
  });

  it('refuses callers without the user.read right: no token, a user token, a role without the right', async () => {
    expect((await post(t.app, A('/user/orders'), { userId: trader.id })).http).toBe(401);
    expect((await post(t.app, A('/user/orders'), { userId: trader.id }, trader.headers)).http).toBe(401);
    // every shipped role has user.read (§19.2); take it away from one for this test
    const rights = rightsOfRole as Record<AdminRole, readonly AdminRight[]>;
    const saved = rights.support;
    rights.support = saved.filter((right) => right !== 'user.read');
    try {
      const support = await adminLogin(t.app, 'support');
      const r = await post(t.app, A('/user/orders'), { userId: trader.id }, support);
      expect(r.http).toBe(403);
      expect(r.body).toMatchObject({ status: 0, code: 'auth.forbidden' });
    } finally {
      rights.support = saved;
    }
  });

  it('offers no way to change an order: the read is not mutating and no admin call takes an order', async () => {
    expect(adminEndpoints.userOrders.mutating).toBe(false);
    for (const [name, endpoint] of Object.entries(adminEndpoints)) {
      const shape = (endpoint.request as { shape?: Record<string, unknown> }).shape ?? {};
      expect({ name, takesOrder: 'orderId' in shape }).toEqual({ name, takesOrder: false });
    }
    const admin = await adminLogin(t.app);
    for (const path of [
      '/order/close',
      '/order/cancel',
      '/order/update',
      '/user/orders/close',
      '/trade/close',
      '/position/setPrice',
    ]) {
      const r = await post(
        t.app,
        A(path),
        { orderId: holding.orderId, userId: trader.id, reason: 'attempt to change' },
        admin,
      );
      expect(r.body).toMatchObject({ status: 0, code: 'request.not_found' });
    }
    const after = await post(t.app, '/trade/detail', { orderId: holding.orderId }, trader.headers);
    expect(after.body.data).toMatchObject({
      state: 'holding',
      lots: holding.lots,
      costPrice: holding.costPrice,
      margin: holding.margin,
    });
  });
});
