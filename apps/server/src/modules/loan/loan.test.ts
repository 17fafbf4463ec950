import { randomUUID } from 'node:crypto';
import { reviewItem, type LoanRating, type LoanRecord, type QuotaRaise } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';

/** Check-ins per user for credit raises: the engagement module's count, faked here. */
const checkinCounts = new Map<string, number>();
const t = useTestApp(undefined, undefined, {
  engine: false,
  loanCheckins: async (_db, userId) => checkinCounts.get(userId) ?? 0,
});
beforeAll(async () => {
  await configureChannels(t.app);
});
const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;

const rating = async (u: TestUser) => data<LoanRating>(await post(t.app, '/loan/rating', {}, u.headers));
const borrow = (u: TestUser, amount: string, requestId: string = randomUUID()) =>
  post(t.app, '/loan/borrow', { amount, requestId }, u.headers);
const repay = (u: TestUser, loanId: string, amount: string, requestId: string = randomUUID()) =>
  post(t.app, '/loan/repay', { loanId, amount, requestId }, u.headers);
const raise = (u: TestUser, amount: string) =>
  post(t.app, '/loan/raiseQuota', { amount, requestId: randomUUID() }, u.headers);
const records = async (u: TestUser) =>
  data<{ list: LoanRecord[]; total: number }>(await post(t.app, '/loan/records', {}, u.headers)).list;
const decide = async (queue: 'loan' | 'quota', action: 'approve' | 'reject', id: string, reason = 'checked the file') =>
  post(
    t.app,
    `/api/admin/review/${action}`,
    { queue, id, reason, requestId: randomUUID() },
    await adminLogin(t.app, 'reviewer'),
  );
const setScore = async (u: TestUser, score: number) =>
  post(
    t.app,
    '/api/admin/user/setCreditScore',
    { userId: u.id, score, reason: 'credit check' },
    await adminLogin(t.app, 'admin'),
  );

async function available(u: TestUser, currency = 'MXN') {
  const r = await post(t.app, '/user/assets', { currency }, u.headers);
  return (
    data<{ accounts: { currency: string; available: string; frozen: string }[] }>(r).accounts.find(
      (a) => a.currency === currency,
    )?.available ?? '0.00'
  );
}

/** A verified borrower with an approved loan of `amount`, approved at the app clock's instant. */
async function approvedLoan(amount: string): Promise<{ u: TestUser; loan: LoanRecord }> {
  const u = await verifiedUser(t.app);
  const r = await borrow(u, amount);
  expect(r.body).toMatchObject({ status: 1, code: 'result.loan.ok' });
  const loan = data<LoanRecord>(r);
  expect((await decide('loan', 'approve', loan.id)).body.status).toBe(1);
  return { u, loan: (await records(u)).find((l) => l.id === loan.id)! };
}

/** Logs the user in again (a jump of the clock past the idle expiry ends the session). */
async function relogin(u: TestUser): Promise<void> {
  const r = await post(t.app, '/user/login', { account: u.account, password: u.password });
  if (r.body.status !== 1) throw new Error(`login: ${JSON.stringify(r.body)}`);
  u.headers.token = data<{ token: string }>(r).token;
}

/** Runs `work` with the app clock at `at` (the users logged in again there), then puts it back. */
async function at<T>(iso: string, work: () => Promise<T>, ...users: TestUser[]): Promise<T> {
  const saved = t.clock.now();
  t.clock.set(new Date(iso));
  try {
    for (const u of users) await relogin(u);
    return await work();
  } finally {
    t.clock.set(saved);
  }
}

describe('credit rating and borrowing (§16.1, §16.2)', () => {
  it('rates a new user with the configured score, quota and rate', async () => {
    const u = await registerUser(t.app);
    expect(await rating(u)).toEqual({
      creditScore: 80,
      minScoreToBorrow: 60,
      currency: 'MXN',
      quota: '10000.00',
      borrowed: '0.00',
      outstanding: '0.00',
      availableQuota: '10000.00',
      dailyRate: '0.0005',
      pendingApplication: false,
      checkinsLast30Days: 0,
      quotaRaiseCheckins: 20,
      pendingQuotaRaise: false,
    });
  });

  it('refuses in the contract order: real name, score, pending application, quota', async () => {
    const unverified = await registerUser(t.app);
    expect((await borrow(unverified, '100.00')).body.code).toBe('kyc.required');
    const u = await verifiedUser(t.app);
    await setScore(u, 59);
    // the score comes before the quota: an amount over the quota still answers the score
    expect((await borrow(u, '20000.00')).body).toMatchObject({
      code: 'loan.score_insufficient',
      params: { score: '59', min: '60' },
    });
    await setScore(u, 60);
    expect((await borrow(u, '10000.01')).body).toMatchObject({
      code: 'loan.quota_insufficient',
      params: { available: '10000.00', currency: 'MXN' },
    });
    const ok = await borrow(u, '4000.00');
    expect(ok.body).toMatchObject({
      status: 1,
      code: 'result.loan.ok',
      data: { state: 'pending', principal: '4000.00', outstanding: '0.00', settled: false },
    });
    expect(data<LoanRecord>(ok).orderNo).toMatch(/^L\d+/);
    // one pending application at a time: it answers before the quota
    expect((await borrow(u, '20000.00')).body.code).toBe('review.pending_exists');
    expect((await borrow(u, '1.00')).body.code).toBe('review.pending_exists');
    expect(await rating(u)).toMatchObject({ pendingApplication: true, availableQuota: '6000.00', borrowed: '0.00' });
    // nothing moved before approval
    expect(await available(u)).toBe('0.00');
    expect((await post(t.app, '/loan/borrow', { amount: '1.001' }, u.headers)).body).toMatchObject({
      code: 'request.invalid',
      params: { fields: { amount: 'too_many_decimals' } },
    });
  });

  it('approval credits the principal and starts interest; the reviewer sees score, quota and borrowed', async () => {
    const u = await verifiedUser(t.app);
    const loan = data<LoanRecord>(await borrow(u, '3000.00'));
    const reviewer = await adminLogin(t.app, 'reviewer');
    const detail = reviewItem.parse(
      data(await post(t.app, '/api/admin/review/detail', { queue: 'loan', id: loan.id }, reviewer)),
    );
    expect(detail).toMatchObject({
      queue: 'loan',
      amount: '3000.00',
      currency: 'MXN',
      state: 'pending',
      details: {
        orderNo: loan.orderNo,
        creditScore: 80,
        minScoreToBorrow: 60,
        quota: '10000.00',
        borrowed: '0.00',
        availableQuota: '10000.00',
        dailyRate: '0.0005',
      },
    });
    const listed = data<{ list: { id: string }[] }>(
      await post(t.app, '/api/admin/review/list', { queue: 'loan', userId: u.id }, reviewer),
    ).list;
    expect(listed.map((i) => i.id)).toEqual([loan.id]);
    expect((await decide('loan', 'approve', loan.id)).body).toMatchObject({ status: 1, data: { state: 'approved' } });
    expect((await decide('loan', 'approve', loan.id)).body.code).toBe('review.not_pending');
    expect(await available(u)).toBe('3000.00');
    expect(await rating(u)).toMatchObject({
      borrowed: '3000.00',
      outstanding: '3000.00',
      availableQuota: '7000.00',
      pendingApplication: false,
    });
    const trade = data<{ list: { kind: string; amount: string }[] }>(
      await post(t.app, '/funds/records', { tab: 'trade', currency: 'MXN' }, u.headers),
    ).list;
    expect(trade[0]).toMatchObject({ kind: 'loan_in', amount: '3000.00' });
    const notices = JSON.stringify(data(await post(t.app, '/user/notice', {}, u.headers)));
    expect(notices).toContain('message.loan.approved');
    // several approved loans may coexist within the quota
    const second = data<LoanRecord>(await borrow(u, '7000.00'));
    expect((await decide('loan', 'approve', second.id)).body.status).toBe(1);
    expect(await rating(u)).toMatchObject({ borrowed: '10000.00', availableQuota: '0.00' });
    expect((await borrow(u, '0.01')).body).toMatchObject({
      code: 'loan.quota_insufficient',
      params: { available: '0.00' },
    });
  });

  it('approval re-checks the quota; rejection tells the user why and moves nothing', async () => {
    const u = await verifiedUser(t.app);
    const loan = data<LoanRecord>(await borrow(u, '8000.00'));
    // the quota fell meanwhile (an operator-side change): approval refuses and changes nothing
    await t.database.db.execute(sql`update users set loan_quota = '5000' where id = ${u.id}`);
    t.deps.authCache.invalidateUser(u.id);
    expect((await decide('loan', 'approve', loan.id)).body).toMatchObject({
      code: 'loan.quota_insufficient',
      params: { available: '5000.00', currency: 'MXN' },
    });
    expect((await records(u))[0]).toMatchObject({ state: 'pending' });
    expect(await available(u)).toBe('0.00');
    expect((await decide('loan', 'reject', loan.id, 'income not <b>verified</b>')).body.status).toBe(1);
    expect((await records(u))[0]).toMatchObject({
      state: 'rejected',
      reason: 'income not <b>verified</b>',
      outstanding: '0.00',
    });
    expect(await available(u)).toBe('0.00');
    expect(JSON.stringify(data(await post(t.app, '/user/notice', {}, u.headers)))).toContain('message.loan.rejected');
    // a rejected application no longer blocks the next one
    expect((await borrow(u, '1000.00')).body.status).toBe(1);
  });
});

describe('interest and repayment (§16.3, §16.5)', () => {
  it('accrues one day at each 00:00 in funds.timezone, from approval', async () => {
    // approved 2026-03-02 09:00 in Mexico City (15:00Z); midnight there is 06:00Z
    const { u, loan } = await approvedLoan('2000.00');
    expect(loan).toMatchObject({
      state: 'approved',
      principal: '2000.00',
      interest: '0.00',
      outstanding: '2000.00',
      dailyRate: '0.0005',
    });
    expect((await at('2026-03-03T05:59:59Z', () => records(u), u))[0]).toMatchObject({
      interest: '0.00',
      outstanding: '2000.00',
    });
    expect((await at('2026-03-03T06:00:00Z', () => records(u), u))[0]).toMatchObject({
      interest: '1.00',
      outstanding: '2001.00',
    });
    expect((await at('2026-03-12T06:00:00Z', () => records(u), u))[0]).toMatchObject({
      interest: '10.00',
      outstanding: '2010.00',
    });
    expect(await at('2026-03-12T06:00:00Z', () => rating(u), u)).toMatchObject({
      borrowed: '2000.00',
      outstanding: '2010.00',
    });
  });

  it('refuses in order: unknown or not approved, over the outstanding, over the available balance', async () => {
    const { u, loan } = await approvedLoan('1000.00');
    const other = await verifiedUser(t.app);
    expect((await repay(other, loan.id, '10.00')).body.code).toBe('record.not_found');
    expect((await repay(u, 'ln_missing', '10.00')).body.code).toBe('record.not_found');
    const pending = data<LoanRecord>(await borrow(u, '500.00'));
    expect((await repay(u, pending.id, '10.00')).body.code).toBe('record.not_found');
    await at(
      '2026-03-12T12:00:00Z',
      async () => {
        // ten days: 1000 × 0.0005 × 10 = 5.00 of interest; the balance holds only the principal
        expect((await repay(u, loan.id, '1005.01')).body).toMatchObject({
          code: 'loan.repay_exceeds',
          params: { outstanding: '1005.00', currency: 'MXN' },
        });
        expect((await repay(u, loan.id, '1005.00')).body).toMatchObject({
          code: 'funds.insufficient_balance',
          params: { available: '1000.00', currency: 'MXN' },
        });
        expect(await available(u)).toBe('1000.00');
      },
      u,
    );
  });

  it('pays interest first, then principal; the new principal accrues from then on; settles at zero', async () => {
    const { u, loan } = await approvedLoan('4000.00');
    await fund(t.app, u, 'MXN', '1000.00');
    await at(
      '2026-03-07T12:00:00Z',
      async () => {
        // five days on 4000: 10.00 interest; 510.00 pays it and 500.00 of principal
        const r = await repay(u, loan.id, '510.00');
        expect(r.body).toMatchObject({
          status: 1,
          code: 'result.repay.ok',
          data: { interest: '10.00', repaid: '510.00', outstanding: '3500.00', settled: false },
        });
        expect(await rating(u)).toMatchObject({ borrowed: '3500.00', outstanding: '3500.00' });
        const trade = data<{ list: { kind: string; amount: string }[] }>(
          await post(t.app, '/funds/records', { tab: 'trade', currency: 'MXN' }, u.headers),
        ).list;
        expect(trade[0]).toMatchObject({ kind: 'loan_repay', amount: '-510.00' });
      },
      u,
    );
    // four more days on 3500: 7.00
    await at(
      '2026-03-11T12:00:00Z',
      async () => {
        expect((await records(u)).find((l) => l.id === loan.id)).toMatchObject({
          interest: '17.00',
          outstanding: '3507.00',
        });
        expect((await repay(u, loan.id, '3.00')).body.data).toMatchObject({ outstanding: '3504.00', repaid: '513.00' });
        const all = await repay(u, loan.id, '3504.00');
        expect(all.body.data).toMatchObject({
          outstanding: '0.00',
          settled: true,
          interest: '17.00',
          repaid: '4017.00',
        });
        expect((all.body.data as LoanRecord).settledAt).toBe('2026-03-11T12:00:00.000Z');
        expect((await repay(u, loan.id, '0.01')).body).toMatchObject({
          code: 'loan.repay_exceeds',
          params: { outstanding: '0.00' },
        });
        // settled is a state of the loan (§3.10), but the wire still says approved + settled (§16.5)
        const stored = await t.database.db.execute(sql`select state, settled_at from loans where id = ${loan.id}`);
        expect(rowsOf<{ state: string; settled_at: unknown }>(stored)).toEqual([
          { state: 'settled', settled_at: expect.anything() },
        ]);
        expect((await records(u)).find((l) => l.id === loan.id)).toMatchObject({ state: 'approved', settled: true });
        const reviewer = await adminLogin(t.app, 'reviewer');
        const listed = data<{ list: { id: string; state: string }[] }>(
          await post(t.app, '/api/admin/review/list', { queue: 'loan', userId: u.id, states: ['approved'] }, reviewer),
        ).list;
        expect(listed).toEqual([expect.objectContaining({ id: loan.id, state: 'approved' })]);
        expect(
          data<{ list: unknown[] }>(
            await post(
              t.app,
              '/api/admin/review/list',
              { queue: 'loan', userId: u.id, states: ['rejected'] },
              reviewer,
            ),
          ).list,
        ).toEqual([]);
        expect(
          reviewItem.parse(
            data(await post(t.app, '/api/admin/review/detail', { queue: 'loan', id: loan.id }, reviewer)),
          ),
        ).toMatchObject({ state: 'approved' });
        expect((await decide('loan', 'reject', loan.id)).body).toMatchObject({
          code: 'review.not_pending',
          params: { state: 'approved' },
        });
        expect(await rating(u)).toMatchObject({ borrowed: '0.00', outstanding: '0.00', availableQuota: '10000.00' });
        expect(await available(u)).toBe(String((4000 + 1000 - 4017).toFixed(2)));
      },
      u,
    );
    // a settled loan accrues nothing
    expect((await at('2026-04-30T12:00:00Z', () => records(u), u)).find((l) => l.id === loan.id)).toMatchObject({
      outstanding: '0.00',
      interest: '17.00',
    });
  });

  it('replays a repayment with the same requestId without moving money twice', async () => {
    const { u, loan } = await approvedLoan('1000.00');
    const id = randomUUID();
    const first = await repay(u, loan.id, '100.00', id);
    const again = await repay(u, loan.id, '100.00', id);
    expect(again.body).toEqual(first.body);
    expect(await available(u)).toBe('900.00');
  });
});

describe('concurrency', () => {
  it('parallel borrows make exactly one application; parallel approvals credit once', async () => {
    const u = await verifiedUser(t.app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => borrow(u, '1000.00')));
    const ok = answers.filter((a) => a.body.status === 1);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 'review.pending_exists')).toHaveLength(7);
    const id = data<LoanRecord>(ok[0]!).id;
    const decisions = await Promise.all(Array.from({ length: 4 }, () => decide('loan', 'approve', id)));
    expect(decisions.filter((d) => d.body.status === 1)).toHaveLength(1);
    expect(await available(u)).toBe('1000.00');
  });

  it('parallel repayments never repay more than is owed nor overdraw the balance', async () => {
    const { u, loan } = await approvedLoan('1000.00');
    await fund(t.app, u, 'MXN', '500.00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => repay(u, loan.id, '300.00')));
    const ok = answers.filter((a) => a.body.status === 1);
    expect(ok).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === 'loan.repay_exceeds')).toHaveLength(7);
    expect((await records(u))[0]).toMatchObject({ repaid: '900.00', outstanding: '100.00' });
    expect(await available(u)).toBe('600.00');
    // and when the balance is what runs out: 600 left, 100 owed on a second loan of 2000
    const second = data<LoanRecord>(await borrow(u, '2000.00'));
    await decide('loan', 'approve', second.id);
    await post(t.app, '/loan/repay', { loanId: loan.id, amount: '100.00' }, u.headers);
    // 2500.00 available, 2000 owed; five parallel 600s: three fit the loan, the balance never goes below 0
    const more = await Promise.all(Array.from({ length: 5 }, () => repay(u, second.id, '600.00')));
    expect(more.filter((a) => a.body.status === 1)).toHaveLength(3);
    expect(await available(u)).toBe('700.00');
  });
});

describe('credit raise (§16.4) and the quota queue', () => {
  it('refuses in order: real name, pending request, check-ins; approval raises the quota', async () => {
    const unverified = await registerUser(t.app);
    expect((await raise(unverified, '5000')).body.code).toBe('kyc.required');
    const u = await verifiedUser(t.app);
    checkinCounts.set(u.id, 19);
    expect((await raise(u, '5000')).body).toMatchObject({
      code: 'checkin.count_insufficient',
      params: { required: '20', current: '19' },
    });
    expect((await raise(u, '5000.50')).body).toMatchObject({
      code: 'request.invalid',
      params: { fields: { amount: 'not_integer' } },
    });
    checkinCounts.set(u.id, 20);
    const ok = await raise(u, '5000');
    expect(ok.body).toMatchObject({
      status: 1,
      code: 'result.submit.ok',
      data: { amount: '5000.00', state: 'pending' },
    });
    expect(data<QuotaRaise>(ok).id).toMatch(/^qr_/);
    checkinCounts.set(u.id, 0);
    // pending comes before the check-ins
    expect((await raise(u, '1000')).body.code).toBe('review.pending_exists');
    expect(await rating(u)).toMatchObject({ pendingQuotaRaise: true, quota: '10000.00' });
    checkinCounts.set(u.id, 25);
    const detail = reviewItem.parse(
      data(
        await post(
          t.app,
          '/api/admin/review/detail',
          { queue: 'quota', id: data<QuotaRaise>(ok).id },
          await adminLogin(t.app, 'support'),
        ),
      ),
    );
    expect(detail).toMatchObject({
      queue: 'quota',
      amount: '5000.00',
      currency: 'MXN',
      details: { checkinsLast30Days: 25, quotaRaiseCheckins: 20, quota: '10000.00' },
    });
    expect((await decide('quota', 'approve', data<QuotaRaise>(ok).id)).body.status).toBe(1);
    expect(await rating(u)).toMatchObject({ quota: '15000.00', availableQuota: '15000.00', pendingQuotaRaise: false });
    expect(JSON.stringify(data(await post(t.app, '/user/notice', {}, u.headers)))).toContain('message.quota.approved');
    const again = data<QuotaRaise>(await raise(u, '1000'));
    expect((await decide('quota', 'reject', again.id, 'too soon')).body.status).toBe(1);
    expect(await rating(u)).toMatchObject({ quota: '15000.00' });
    expect(JSON.stringify(data(await post(t.app, '/user/notice', {}, u.headers)))).toContain('message.quota.rejected');
  });
});

describe('withdrawals and loans (§10.4 rule 6, §1.10)', () => {
  async function withdrawer(): Promise<{ u: TestUser; cardId: string }> {
    const u = await verifiedUser(t.app);
    await post(
      t.app,
      '/user/setFundPassword',
      { fundPassword: '246810', confirmFundPassword: '246810', loginPassword: u.password },
      u.headers,
    );
    const card = await post(
      t.app,
      '/card/add',
      {
        holder: 'ANA LOPEZ',
        cardNumber: '4152313412345678',
        bankName: 'BBVA México',
        branch: 'CDMX Centro',
        bankCode: '012',
      },
      u.headers,
    );
    if (card.body.status !== 1) throw new Error(`card: ${JSON.stringify(card.body)}`);
    return { u, cardId: data<{ cardId: string }>(card).cardId };
  }
  const withdraw = (u: TestUser, cardId: string, amount = '600.00') =>
    post(t.app, '/funds/withdraw', { amount, fundPassword: '246810', cardId, requestId: randomUUID() }, u.headers);
  const info = async (u: TestUser) =>
    data<{ unpaidLoan: boolean; rules: { rule: string; ok: boolean; params: Record<string, unknown> }[] }>(
      await post(t.app, '/funds/withdrawInfo', { currency: 'MXN' }, u.headers),
    );

  it('refuses while a loan is owed, with the outstanding amount, and shows it before the user presses', async () => {
    await at('2026-03-02T17:00:00Z', async () => {
      const { u, cardId } = await withdrawer();
      await fund(t.app, u, 'MXN', '2000.00');
      const loan = data<LoanRecord>(await borrow(u, '1000.00'));
      // a pending application is not a loan yet
      expect((await info(u)).unpaidLoan).toBe(false);
      await decide('loan', 'approve', loan.id);
      const before = await info(u);
      expect(before.unpaidLoan).toBe(true);
      expect(before.rules.find((r) => r.rule === 'unpaid_loan')).toMatchObject({
        ok: false,
        params: { outstanding: '1000.00', currency: 'MXN' },
      });
      expect((await withdraw(u, cardId)).body).toMatchObject({
        code: 'loan.unpaid',
        params: { outstanding: '1000.00', currency: 'MXN' },
      });
      await repay(u, loan.id, '1000.00');
      expect((await info(u)).unpaidLoan).toBe(false);
      const ok = await withdraw(u, cardId);
      expect(ok.body.code).toBe('result.withdraw.ok');
      const detail = reviewItem.parse(
        data(
          await post(
            t.app,
            '/api/admin/review/detail',
            { queue: 'withdraw', id: data<{ id: string }>(ok).id },
            await adminLogin(t.app, 'reviewer'),
          ),
        ),
      );
      expect(detail).toMatchObject({ details: { unpaidLoan: false } });
    });
  });

  it('never refuses a withdrawal for the credit score', async () => {
    await at('2026-03-02T17:00:00Z', async () => {
      const { u, cardId } = await withdrawer();
      await fund(t.app, u, 'MXN', '2000.00');
      await setScore(u, 0);
      const rules = (await info(u)).rules;
      expect(rules.every((r) => r.ok)).toBe(true);
      expect(JSON.stringify(rules)).not.toMatch(/score/i);
      expect((await withdraw(u, cardId)).body.code).toBe('result.withdraw.ok');
      // the same score does stop borrowing
      expect((await borrow(u, '100.00')).body.code).toBe('loan.score_insufficient');
    });
  });
});
