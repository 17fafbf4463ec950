/**
 * The proof's bulk read (`Portfolio.totalAssetsPage`: balances, positions and every product
 * module's investments a page of users per query) against `/user/assets`' per-user reading
 * (`assetsOf`): for users with balances, open positions (long and short, with leverage, in two
 * currencies), proceeds in transit, succeeded lending, copy-fund subscriptions with live days and a
 * paid, not yet listed new-share subscription, every user's `totalAssets` in every currency is the
 * same figure, whatever the page size. Each module's part is non-zero for some user (checked
 * below), so a module missing from the bulk read makes the figures differ.
 */
import { randomUUID } from 'node:crypto';
import { currencies, Money, type Assets, type Currency } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, useTestApp, type TestUser } from '../../test/harness.js';
import { runCopyEngineOnce } from '../copy/index.js';
import { runLendingSettlement } from '../lending/index.js';

const t = useTestApp(undefined, undefined, { engine: false });

/** Monday 10:00 in Mexico City, 11:00 in New York: every regular session is open. */
const MONDAY = new Date('2026-03-02T16:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WALMEX = 'i_mxn_WALMEX';
const AAPL = 'i_usd_AAPL';
const ETH = 'i_crypto_ETH-USDT';

const data = <T>(r: { body: { data?: unknown; status?: number } }) => r.body.data as T;
const iso = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString().replace(/\.\d{3}Z$/, '.000Z');
const day = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString().slice(0, 10);

async function ok(r: Promise<{ body: { status: number; code?: string } }>, what: string) {
  const reply = await r;
  if (reply.body.status !== 1) throw new Error(`${what}: ${JSON.stringify(reply.body)}`);
  return reply as { body: { status: 1; data?: unknown } };
}

async function relogin(u: TestUser): Promise<void> {
  const token = data<{ token: string }>(
    await post(t.app, '/user/login', { account: u.account, password: u.password }),
  ).token;
  u.token = token;
  u.headers = { token, account: u.account };
}

const buy = (u: TestUser, body: Record<string, unknown>) =>
  ok(
    post(t.app, '/trade/buy', { side: 'long', orderType: 'market', lots: 100, leverage: 2, ...body }, u.headers),
    'buy',
  );

/** Every user of the ledger, by the bulk read in pages of `size`. */
async function bulkRead(size: number): Promise<Map<string, Map<Currency, Money>>> {
  const out = new Map<string, Map<Currency, Money>>();
  let after = '';
  for (;;) {
    const page = await t.deps.portfolio.totalAssetsPage(t.database.db, after, size);
    if (page.size === 0) return out;
    for (const [userId, accounts] of page) {
      expect(out.has(userId), `${userId} in two pages`).toBe(false);
      out.set(userId, accounts);
      after = userId;
    }
  }
}

async function ledgerUsers(): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await t.database.db.execute(
      sql`select distinct owner_id as id from ledger_accounts where owner_type = 'user' order by owner_id`,
    ),
  ).map((r) => r.id);
}

const perUser = (userId: string): Promise<Assets> =>
  t.deps.portfolio.assetsOf(t.database.db, userId, [...currencies], 'USD', 0);

/** The bulk read's figure of every user and currency is `/user/assets`' `totalAssets`, in pages of 1, 3 and 2,000. */
async function expectBulkEqualsPerUser(): Promise<void> {
  const users = await ledgerUsers();
  for (const size of [1, 3, 2000]) {
    const bulk = await bulkRead(size);
    expect([...bulk.keys()], `page size ${size}`).toEqual(users);
    for (const userId of users) {
      const accounts = bulk.get(userId)!;
      const assets = await perUser(userId);
      for (const account of assets.accounts) {
        const figure = accounts.get(account.currency) ?? Money.zero(account.currency);
        expect(figure.toString(), `${userId} ${account.currency} (page size ${size})`).toBe(account.totalAssets);
      }
      // and no currency the per-user reading does not know
      for (const currency of accounts.keys()) expect(currencies).toContain(currency);
    }
  }
}

describe("the proof's bulk read is /user/assets' figure of every user", () => {
  const u = {} as Record<'all' | 'trader' | 'lender' | 'investor' | 'follower' | 'saver', TestUser>;
  let copyFundId = '';

  beforeAll(async () => {
    t.clock.set(MONDAY);
    await configureChannels(t.app);
  });

  it('sets up balances, positions, lending, copy subscriptions and a paid new-share subscription', async () => {
    const admin = await adminLogin(t.app, 'admin');
    // a user with everything, one with each, and one with a balance only
    u.all = await verifiedUser(t.app);
    await fund(t.app, u.all, 'MXN', '800000.00');
    await fund(t.app, u.all, 'USDT', '20000.00');
    u.trader = await verifiedUser(t.app);
    await fund(t.app, u.trader, 'USD', '50000.00');
    await fund(t.app, u.trader, 'USDT', '10000.00');
    u.lender = await verifiedUser(t.app);
    await fund(t.app, u.lender, 'MXN', '50000.00');
    u.investor = await verifiedUser(t.app);
    await fund(t.app, u.investor, 'MXN', '300000.00');
    u.follower = await verifiedUser(t.app);
    await fund(t.app, u.follower, 'USDT', '8000.00');
    u.saver = await verifiedUser(t.app);
    await fund(t.app, u.saver, 'MXN', '1234.56');

    // positions: long and short, leverage 2, 5 and 10, in MXN, USD and USDT; one closed the next day (in transit)
    await buy(u.all, { instrumentId: WALMEX, lots: 100, leverage: 5 });
    await buy(u.all, { instrumentId: WALMEX, side: 'short', lots: 50, leverage: 10 });
    const toClose = data<{ orderId: string }>(await buy(u.all, { instrumentId: WALMEX, lots: 100, leverage: 2 }));
    await buy(u.trader, { instrumentId: AAPL, side: 'short', lots: 10, leverage: 2 });
    await buy(u.trader, { instrumentId: ETH, lots: 1, leverage: 2 });

    // lending: applied today, succeeded at the next 00:00 UTC
    const product = data<{ id: string }>(
      await ok(
        post(
          t.app,
          '/api/admin/lending/create',
          {
            name: 'MXN 30-day bulk',
            currency: 'MXN',
            dailyRate: '0.00037',
            termDays: 30,
            minAmount: '10000',
            quota: '1000000',
            open: true,
            reason: 'bulk read test',
          },
          admin,
        ),
        'lending product',
      ),
    );
    await ok(post(t.app, '/lending/apply', { productId: product.id, amount: '12345' }, u.all.headers), 'lend');
    await ok(post(t.app, '/lending/apply', { productId: product.id, amount: '20001' }, u.lender.headers), 'lend');

    // a new share, prepaid: applications close in an hour, the draw pays them, the listing is days away
    const share = data<{ id: string }>(
      await ok(
        post(
          t.app,
          '/api/admin/newShare/create',
          {
            kind: 'ipo',
            name: 'Bulk Read Offering',
            code: 'BLKRD',
            market: 'mxn',
            issuePrice: '10.00',
            sharesOffered: 30_000,
            minShares: 10_000,
            minInvestment: '100000',
            placementTiers: null,
            maxApplicationsPerUser: 1,
            applyStart: iso(-DAY),
            applyEnd: iso(HOUR),
            drawDate: day(DAY),
            paymentDeadline: iso(2 * DAY),
            distributionDate: day(3 * DAY),
            listingDate: day(5 * DAY),
            issueMarket: 'BMV',
            sponsorBroker: 'Test Broker',
            paymentMode: 'prepaid',
            channelOpen: true,
            channelPasswordRequired: false,
            lockDays: 0,
            reason: 'bulk read test',
          },
          admin,
        ),
        'new share',
      ),
    );
    for (const [user, quantity] of [
      [u.all, 20_000],
      [u.investor, 25_000],
    ] as const)
      await ok(
        post(t.app, '/newShare/subscribe', { requestId: randomUUID(), id: share.id, quantity }, user.headers),
        'subscribe',
      );

    // a copy fund in USDT, two followers
    const now = t.clock.now().getTime();
    copyFundId = data<{ id: string }>(
      await ok(
        post(
          t.app,
          '/api/admin/copy/create',
          {
            name: 'Bulk Reversion',
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
            reason: 'bulk read test',
          },
          admin,
        ),
        'copy fund',
      ),
    ).id;
    for (const [user, amount] of [
      [u.all, '7000'],
      [u.follower, '5001'],
    ] as const)
      await ok(
        post(t.app, '/copy/subscribe', { requestId: randomUUID(), fundId: copyFundId, amount }, user.headers),
        'follow',
      );
    const { db, clock, feed, ledger, settings, authCache } = t.deps;
    const copyDeps = { db, clock, feed, ledger, settings, authCache };
    await runCopyEngineOnce(copyDeps);

    // the draw, after the applications closed
    t.clock.set(new Date(MONDAY.getTime() + HOUR + 60_000));
    await ok(
      post(t.app, '/api/admin/newShare/draw', { id: share.id, reason: 'draw day' }, await adminLogin(t.app, 'admin')),
      'draw',
    );

    // the lending settlement
    t.clock.set(new Date('2026-03-03T00:00:05Z'));
    expect((await runLendingSettlement(t.deps)).succeeded).toBe(2);
    await runCopyEngineOnce(copyDeps);

    // Tuesday: close one position (its proceeds are in transit until Wednesday's open)
    t.clock.set(new Date('2026-03-03T16:00:00Z'));
    await relogin(u.all);
    await ok(post(t.app, '/trade/close', { orderId: toClose.orderId }, u.all.headers), 'close');
    // a second subscription, started the day a later mark will be dated: that mark is not counted for it
    await relogin(u.follower);
    await ok(
      post(
        t.app,
        '/copy/subscribe',
        { requestId: randomUUID(), fundId: copyFundId, amount: '1500' },
        u.follower.headers,
      ),
      'follow',
    );
    await runCopyEngineOnce(copyDeps);
    t.clock.advance(5 * 60_000);

    // each module's part is there (so leaving one out of the bulk read changes a figure)
    const all = await perUser(u.all.id);
    const mxn = all.accounts.find((a) => a.currency === 'MXN')!;
    expect(mxn.positionsValue).not.toBe('0.00');
    expect(mxn.inTransit).not.toBe('0.00');
    expect(all.accounts.find((a) => a.currency === 'USDT')!.investValue).toBe('7000.00');
    const trader = await perUser(u.trader.id);
    for (const currency of ['USD', 'USDT'])
      expect(trader.accounts.find((a) => a.currency === currency)!.positionsValue).not.toBe('0.00');
    const lender = (await perUser(u.lender.id)).accounts.find((a) => a.currency === 'MXN')!;
    expect(lender.investValue).toBe('20001.00');
    // the new share's 30,000 shares × 10.00 paid between the two applicants, plus the lending of one
    const investor = (await perUser(u.investor.id)).accounts.find((a) => a.currency === 'MXN')!;
    expect(Money.of(mxn.investValue, 'MXN').plus(Money.of(investor.investValue, 'MXN')).toString()).toBe('312345.00');
    expect(investor.investValue).not.toBe('0.00');
    const follower = (await perUser(u.follower.id)).accounts.find((a) => a.currency === 'USDT')!;
    expect(follower.investValue).toBe('6501.00');
  });

  it('gives every user the figure /user/assets gives, in pages of any size', async () => {
    await expectBulkEqualsPerUser();
  });

  it('still does once the proceeds settled and the fund counted live days', async () => {
    const { db, clock, feed, ledger, settings, authCache } = t.deps;
    for (const at of ['2026-03-04T16:00:00Z', '2026-03-05T16:00:00Z']) {
      t.clock.set(new Date(at));
      await runCopyEngineOnce({ db, clock, feed, ledger, settings, authCache });
    }
    // the followers' value is now compounded over the fund's live days after their start
    const live = rowsOf<{ n: string }>(
      await t.database.db.execute(
        sql`select count(*)::text as n from copy_fund_days where fund_id = ${copyFundId} and backtest = false and date > '2026-03-02'`,
      ),
    );
    expect(Number(live[0]!.n)).toBeGreaterThanOrEqual(1);
    const all = await perUser(u.all.id);
    expect(all.accounts.find((a) => a.currency === 'MXN')!.inTransit).toBe('0.00');
    expect(all.accounts.find((a) => a.currency === 'USDT')!.investValue).not.toBe('7000.00');
    await expectBulkEqualsPerUser();
  });

  it('reads nothing past the last user', async () => {
    const users = await ledgerUsers();
    expect((await t.deps.portfolio.totalAssetsPage(t.database.db, users.at(-1)!, 10)).size).toBe(0);
  });
});
