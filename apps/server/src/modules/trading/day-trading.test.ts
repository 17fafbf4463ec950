import {
  reviewItem,
  reviewListItem,
  type DayTradingStatus,
  type Order,
  type ReviewListItem,
} from '@brokerage/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { approve, configureChannels, fund, submitKyc, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';

const t = useTestApp(undefined, undefined, { engine: false });

const WALMEX = 'i_mxn_WALMEX';
/** Monday 10:00 in Mexico City: the regular session is open. */
const MONDAY = new Date('2026-03-02T16:00:00Z');
const MIN = 60_000;

const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
const apply = (u: TestUser) => post(t.app, '/trade/dayTradingApply', {}, u.headers);
const status = async (u: TestUser) =>
  data<DayTradingStatus>(await post(t.app, '/trade/dayTradingStatus', {}, u.headers));
const notices = async (u: TestUser) =>
  data<{ kind: string; title: string; content: string }[]>(await post(t.app, '/user/notice', {}, u.headers));

async function queueItem(u: TestUser, states: string[] = ['pending']): Promise<ReviewListItem | undefined> {
  const reviewer = await adminLogin(t.app, 'reviewer');
  const r = await post(t.app, '/api/admin/review/list', { queue: 'day_trade', userId: u.id, states }, reviewer);
  const first = data<{ list: unknown[] }>(r).list[0];
  return first === undefined ? undefined : reviewListItem.parse(first);
}

beforeAll(async () => {
  t.clock.set(MONDAY);
  await configureChannels(t.app);
});

describe('day-trading applications (docs/api.md §9.8)', () => {
  it('checks [KYC] → seat_already → pending_exists in order, and shows the latest application', async () => {
    t.clock.set(MONDAY);
    const fresh = await registerUser(t.app);
    expect((await apply(fresh)).body).toMatchObject({ status: 0, code: 'kyc.required' });
    await submitKyc(t.app, fresh);
    expect((await apply(fresh)).body).toMatchObject({
      status: 0,
      code: 'kyc.not_passed',
      params: { kycStatus: 'pending' },
    });

    const u = await verifiedUser(t.app);
    expect(await status(u)).toEqual({ enabled: false, application: null });
    const first = await apply(u);
    expect(first.body).toMatchObject({
      status: 1,
      code: 'result.submit.ok',
      data: { state: 'pending', submittedAt: MONDAY.toISOString() },
    });
    const id = data<{ id: string }>(first).id;
    expect(id).toMatch(/^dt_/);
    expect((await apply(u)).body).toMatchObject({ status: 0, code: 'review.pending_exists' });
    expect(await status(u)).toEqual({
      enabled: false,
      application: { id, state: 'pending', submittedAt: MONDAY.toISOString(), reviewedAt: null, reason: null },
    });

    // rejected: the reason is shown, a message is sent, and the user may apply again
    const reviewer = await adminLogin(t.app, 'reviewer');
    t.clock.set(new Date(MONDAY.getTime() + 10 * MIN));
    const rejected = await post(
      t.app,
      '/api/admin/review/reject',
      { queue: 'day_trade', id, reason: 'Trading history too short' },
      reviewer,
    );
    expect(rejected.body).toMatchObject({
      status: 1,
      data: { state: 'rejected', reason: 'Trading history too short' },
    });
    expect(await status(u)).toMatchObject({
      enabled: false,
      application: {
        id,
        state: 'rejected',
        reviewedAt: t.clock.now().toISOString(),
        reason: 'Trading history too short',
      },
    });
    expect(await notices(u)).toContainEqual(
      expect.objectContaining({
        kind: 'message',
        code: 'message.day_trade.rejected',
        params: { reason: 'Trading history too short' },
        title: 'Day-trading application rejected',
        content: 'Your day-trading application was rejected. Reason: Trading history too short',
      }),
    );

    const second = data<{ id: string }>(await apply(u)).id;
    expect(second).not.toBe(id);
    await approve(t.app, 'day_trade', second, 'History fine now');
    expect(await status(u)).toMatchObject({
      enabled: true,
      application: { id: second, state: 'approved', reason: 'History fine now' },
    });
    expect(await notices(u)).toContainEqual(
      expect.objectContaining({
        kind: 'message',
        code: 'message.day_trade.approved',
        params: {},
        title: 'Day trading enabled',
      }),
    );
    expect((await apply(u)).body).toMatchObject({ status: 0, code: 'account.seat_already' });

    // a second decision moves nothing
    const again = await post(
      t.app,
      '/api/admin/review/reject',
      { queue: 'day_trade', id: second, reason: 'changed my mind' },
      reviewer,
    );
    expect(again.body).toMatchObject({ status: 0, code: 'review.not_pending', params: { state: 'approved' } });
    expect((await status(u)).enabled).toBe(true);
    const admin = await adminLogin(t.app, 'admin');
    const user = await post(t.app, '/api/admin/user/detail', { userId: u.id }, admin);
    expect(user.body).toMatchObject({ status: 1, data: { dayTrading: true } });
  });

  it('keeps one pending application when several arrive at once', async () => {
    const u = await verifiedUser(t.app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(u)));
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual(['result.submit.ok', ...Array<string>(4).fill('review.pending_exists')]);
    const reviewer = await adminLogin(t.app, 'reviewer');
    const list = await post(
      t.app,
      '/api/admin/review/list',
      { queue: 'day_trade', userId: u.id, states: ['pending', 'approved', 'rejected'] },
      reviewer,
    );
    expect(data<{ total: number }>(list).total).toBe(1);
  });
});

describe('the day_trade review queue (docs/api.md §19.3)', () => {
  it('shows the account type and open positions, oldest pending first, and needs the decide right', async () => {
    t.clock.set(MONDAY);
    const a = await verifiedUser(t.app);
    await fund(t.app, a, 'MXN', '100000.00');
    const bought = await post(
      t.app,
      '/trade/buy',
      { instrumentId: WALMEX, side: 'long', orderType: 'market', lots: 100, leverage: 2 },
      a.headers,
    );
    expect(bought.body.status).toBe(1);
    t.clock.set(new Date(MONDAY.getTime() + MIN));
    await apply(a);
    const b = await verifiedUser(t.app);
    t.clock.set(new Date(MONDAY.getTime() + 2 * MIN));
    await apply(b);

    const item = await queueItem(a);
    expect(item).toMatchObject({
      queue: 'day_trade',
      userId: a.id,
      account: a.account,
      realname: 'Ana López',
      state: 'pending',
      amount: null,
      currency: null,
      submittedAt: new Date(MONDAY.getTime() + MIN).toISOString(),
      reviewedBy: null,
      details: { accountType: 'standard', openPositions: 1 },
    });
    expect((await queueItem(b))?.details).toEqual({ accountType: 'standard', openPositions: 0 });

    const reviewer = await adminLogin(t.app, 'reviewer');
    const pending = data<{ list: ReviewListItem[] }>(
      await post(t.app, '/api/admin/review/list', { queue: 'day_trade', size: 300 }, reviewer),
    ).list;
    const ids = pending.map((i) => i.id);
    expect(ids.indexOf(item!.id)).toBeLessThan(ids.indexOf((await queueItem(b))!.id));
    const detail = await post(t.app, '/api/admin/review/detail', { queue: 'day_trade', id: item!.id }, reviewer);
    expect(detail.body).toMatchObject({ status: 1, data: { id: item!.id, details: { openPositions: 1 } } });
    expect(reviewItem.parse(data(detail))).toMatchObject({
      queue: 'day_trade',
      details: { accountType: 'standard', openPositions: 1 },
    });
    expect(
      (await post(t.app, '/api/admin/review/detail', { queue: 'day_trade', id: 'dt_nope' }, reviewer)).body.code,
    ).toBe('record.not_found');

    const support = await adminLogin(t.app, 'support');
    const refused = await post(
      t.app,
      '/api/admin/review/approve',
      { queue: 'day_trade', id: item!.id, reason: 'looks fine' },
      support,
    );
    expect(refused.http).toBe(403);
    expect((await queueItem(a))?.state).toBe('pending');

    // decisions are audited
    const approved = await post(
      t.app,
      '/api/admin/review/approve',
      { queue: 'day_trade', id: item!.id, reason: 'looks fine' },
      reviewer,
    );
    expect(approved.body).toMatchObject({
      status: 1,
      code: 'result.update.ok',
      data: { state: 'approved', reviewedBy: expect.any(String) },
    });
    const admin = await adminLogin(t.app, 'admin');
    const audit = data<{ list: { action: string; result: string; before: unknown; after: unknown }[] }>(
      await post(t.app, '/api/admin/audit/list', { targetType: 'day_trade', targetId: item!.id }, admin),
    ).list;
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'review/approve',
        result: 'ok',
        before: { state: 'pending' },
        after: { state: 'approved' },
      }),
    );
    expect(audit).toContainEqual(expect.objectContaining({ action: 'review/approve', result: 'auth.forbidden' }));
  });
});

describe('closing after approval (docs/api.md §3.1, §1.11)', () => {
  it('lifts T+N for holdings opened before and after approval; the minimum hold still applies', async () => {
    t.clock.set(MONDAY);
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'MXN', '100000.00');
    const buy = async () =>
      data<Order>(
        await post(
          t.app,
          '/trade/buy',
          { instrumentId: WALMEX, side: 'long', orderType: 'market', lots: 100, leverage: 2 },
          u.headers,
        ),
      );
    const close = (orderId: string) => post(t.app, '/trade/close', { orderId }, u.headers);
    const before = await buy();
    t.clock.set(new Date(MONDAY.getTime() + 6 * MIN));
    expect((await close(before.orderId)).body).toMatchObject({ code: 'order.t_plus_n', params: { days: '1' } });

    const id = data<{ id: string }>(await apply(u)).id;
    await approve(t.app, 'day_trade', id);
    expect((await post(t.app, '/trade/detail', { orderId: before.orderId }, u.headers)).body).toMatchObject({
      data: { sellableAt: null }, // sellable now: the minimum hold has passed and T+1 no longer counts
    });
    expect((await close(before.orderId)).body).toMatchObject({
      status: 1,
      code: 'result.close.ok',
      data: { state: 'closed' },
    });

    const after = await buy();
    expect(after.sellableAt).toBe(new Date(t.clock.now().getTime() + 5 * MIN).toISOString());
    expect((await close(after.orderId)).body).toMatchObject({ code: 'order.min_hold', params: { minutes: '5' } });
    t.clock.set(new Date(t.clock.now().getTime() + 5 * MIN));
    expect((await close(after.orderId)).body).toMatchObject({ status: 1, data: { state: 'closed' } });
  });
});
