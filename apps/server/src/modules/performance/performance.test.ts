/**
 * §24.1–§24.2 over real HTTP on a real database: every figure recomputed from the series alone,
 * a deposit is a flow and never a gain, the snapshot job writes each day once however often and
 * however many processes run it, allocation weights sum to 1.
 */
import type { Allocation, Performance, PnlCalendar } from '@brokerage/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { approve, configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, useTestApp, type TestUser } from '../../test/harness.js';
import { addDays, figures, fractionOf, monthsBefore, rateOf, weightsOf } from './performance.math.js';
import { snapshotPass } from './performance.jobs.js';
import { seedDemoPerformance } from './performance.seed.js';
import { performanceOf } from './performance.service.js';
import { DEMO_ACCOUNT } from '../auth/index.js';
import { performanceSnapshots } from './performance.tables.js';
import { eq } from 'drizzle-orm';

const t = useTestApp(undefined, undefined, { engine: false, authCache: { quietMs: 0 } });
const MONDAY = new Date('2026-03-02T16:00:00Z');
const TUESDAY = new Date('2026-03-03T15:00:00Z');
const WEDNESDAY = new Date('2026-03-04T14:00:00Z');
// within a day of each other: the session's idle limit is 24 h
const THURSDAY = new Date('2026-03-05T13:00:00Z');

const data = <T>(r: { body: { data?: unknown; status: number } }) => {
  if (r.body.status !== 1) throw new Error(JSON.stringify(r.body));
  return r.body.data as T;
};
const units = (s: string): bigint => {
  const [n, d] = fractionOf(s);
  // every Money here has 2 decimals (MXN)
  return (n * 100n) / d;
};
const depsOf = () => ({
  clock: t.deps.clock,
  settings: t.deps.settings,
  feed: t.deps.feed,
  fx: t.deps.fx,
  portfolio: t.deps.portfolio,
});

/** Every figure of the answer recomputed from `series` alone (§24.1 "Reproducible"). */
function recompute(p: Performance): void {
  const s = p.series;
  expect(s[0]).toMatchObject({ date: p.from, flow: '0.00', profit: '0.00', twr: '0.00000000' });
  expect(s[s.length - 1]!.date).toBe(p.to);
  const T = BigInt(s.length - 1);
  let profit = 0n;
  let netFlow = 0n;
  let num = 1n;
  let den = 1n;
  let weighted = units(s[0]!.value) * T;
  for (let i = 1; i < s.length; i++) {
    const v = units(s[i]!.value);
    const prev = units(s[i - 1]!.value);
    const flow = units(s[i]!.flow);
    expect(units(s[i]!.profit)).toBe(v - prev - flow);
    profit += v - prev - flow;
    netFlow += flow;
    weighted += flow * (T - BigInt(i));
    if (prev !== 0n) {
      num *= v - flow;
      den *= prev;
    }
    expect(s[i]!.twr).toBe(rateOf(num - den, den));
  }
  expect(units(p.profit)).toBe(profit);
  expect(units(p.netFlow)).toBe(netFlow);
  expect(p.startValue).toBe(s[0]!.value);
  expect(p.endValue).toBe(s[s.length - 1]!.value);
  expect(p.twr).toBe(s[s.length - 1]!.twr);
  expect(p.mwr).toBe(rateOf(profit * T, weighted));
  if (p.benchmark) expect(p.benchmark.series.map((b) => b.date)).toEqual(s.map((d) => d.date));
}

describe('the exact figures (performance.math.ts)', () => {
  it('rounds once, half-up away from zero, at 8 decimals', () => {
    expect(rateOf(1n, 3n)).toBe('0.33333333');
    expect(rateOf(2n, 3n)).toBe('0.66666667');
    expect(rateOf(-2n, 3n)).toBe('-0.66666667');
    expect(rateOf(1n, 200000000n)).toBe('0.00000001');
    expect(rateOf(-1n, 200000000n)).toBe('-0.00000001');
    expect(rateOf(5n, 0n)).toBe('0.00000000');
  });

  it('chains TWR exactly over flows and treats a zero start as r = 0', () => {
    const f = figures([
      { date: '2026-01-01', value: 0n, flow: 0n },
      { date: '2026-01-02', value: 10000n, flow: 10000n },
      { date: '2026-01-03', value: 11000n, flow: 0n },
      { date: '2026-01-04', value: 16500n, flow: 5000n },
    ]);
    // (11000/10000) × (11500/11000) − 1 = 0.15
    expect(f.twr).toBe('0.15000000');
    expect(f.profit).toBe(1500n);
    expect(f.netFlow).toBe(15000n);
    // 1500·3 / (0 + 10000·2 + 5000·0)
    expect(f.mwr).toBe('0.22500000');
  });

  it('gives weights that sum to exactly 1 (largest remainders)', () => {
    const w = weightsOf([
      { key: 'a', value: 1n },
      { key: 'b', value: 1n },
      { key: 'c', value: 1n },
    ]);
    const sum = [...w.values()].reduce((s, v) => s + fractionOf(v)[0], 0n);
    expect(sum).toBe(100000000n);
    expect([...w.values()].sort()).toEqual(['0.33333333', '0.33333333', '0.33333334']);
  });

  it('clamps month bounds to the month’s last day', () => {
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-05-31', 3)).toBe('2024-02-29');
    expect(monthsBefore('2026-01-15', 12)).toBe('2025-01-15');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('/user/performance, /user/pnlCalendar, /user/allocation', () => {
  let u: TestUser;

  beforeAll(async () => {
    t.clock.set(MONDAY);
    await configureChannels(t.app);
    u = await verifiedUser(t.app);
  });

  it('answers a new account with zeros, not an error', async () => {
    const p = data<Performance>(await post(t.app, '/user/performance', { currency: 'MXN', period: 'all' }, u.headers));
    expect(p).toMatchObject({
      startValue: '0.00',
      endValue: '0.00',
      profit: '0.00',
      twr: '0.00000000',
      mwr: '0.00000000',
    });
    recompute(p);
    const a = data<Allocation>(await post(t.app, '/user/allocation', { currency: 'MXN' }, u.headers));
    expect(a).toMatchObject({ total: '0.00', byAssetClass: [] });
  });

  it('refuses a bad period or month with a field code', async () => {
    const r = await post(t.app, '/user/performance', { currency: 'MXN', period: '2y' }, u.headers);
    expect(r.http).toBe(400);
    expect(r.body.status).toBe(0);
    const c = await post(t.app, '/user/pnlCalendar', { currency: 'MXN', month: '2026-13' }, u.headers);
    expect(c.body.status).toBe(0);
  });

  it('counts a deposit as a flow, not a gain, and the trade after it as the return', async () => {
    await fund(t.app, u, 'MXN', '100000.00');
    const buy = await post(
      t.app,
      '/trade/buy',
      { instrumentId: 'i_mxn_WALMEX', side: 'long', orderType: 'market', lots: 100, leverage: 2 },
      u.headers,
    );
    expect(buy.body.status).toBe(1);
    t.clock.set(TUESDAY);
    const p = data<Performance>(await post(t.app, '/user/performance', { currency: 'MXN', period: '1w' }, u.headers));
    recompute(p);
    expect(p.netFlow).toBe('100000.00');
    const monday = p.series.find((d) => d.date === '2026-03-02')!;
    expect(monday.flow).toBe('100000.00');
    // the day's profit is the trade's fee and marks, nowhere near the deposit
    expect(Math.abs(Number(monday.profit))).toBeLessThan(5000);
    expect(Math.abs(Number(p.profit))).toBeLessThan(5000);
    expect(p.benchmark?.instrumentId).toBe('i_mxn_IPC');
  });

  it('writes each closed day once, however many passes and processes run the job', async () => {
    t.clock.set(WEDNESDAY);
    await post(t.app, '/user/allocation', { currency: 'MXN' }, u.headers);
    t.clock.set(THURSDAY);
    const deps = depsOf();
    const [a, b] = await Promise.all([
      snapshotPass(t.database.db, deps, THURSDAY),
      snapshotPass(t.database.db, deps, THURSDAY),
    ]);
    expect(a.date).toBe('2026-03-04');
    const rows = await t.database.db.select().from(performanceSnapshots).where(eq(performanceSnapshots.userId, u.id));
    const dates = rows.filter((r) => r.currency === 'MXN').map((r) => r.date);
    expect(new Set(dates).size).toBe(dates.length);
    // the base day before the first entry, Monday…Wednesday
    expect(dates.sort()).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
    expect(a.written + b.written).toBe(rows.length);
    const again = await snapshotPass(t.database.db, deps, THURSDAY);
    expect(again.written).toBe(0);
    expect(rows.find((r) => r.date === '2026-03-04')?.source).toBe('close');

    const p = data<Performance>(await post(t.app, '/user/performance', { currency: 'MXN', period: 'all' }, u.headers));
    recompute(p);
    expect(p.from).toBe('2026-03-01');
    expect(p.netFlow).toBe('100000.00');
  });

  it('sums the calendar’s days to its profit, up to today', async () => {
    const c = data<PnlCalendar>(
      await post(t.app, '/user/pnlCalendar', { currency: 'MXN', month: '2026-03' }, u.headers),
    );
    expect(c.days.map((d) => d.date)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
    expect(c.days.reduce((s, d) => s + units(d.profit), 0n)).toBe(units(c.profit));
    const p = data<Performance>(await post(t.app, '/user/performance', { currency: 'MXN', period: 'all' }, u.headers));
    for (const d of c.days) {
      const i = p.series.findIndex((s) => s.date === d.date);
      expect(d.profit).toBe(p.series[i]!.profit);
      const prev = i > 0 ? units(p.series[i - 1]!.value) : 0n;
      expect(d.rate).toBe(rateOf(units(d.profit), prev));
    }
    const future = data<PnlCalendar>(
      await post(t.app, '/user/pnlCalendar', { currency: 'MXN', month: '2026-04' }, u.headers),
    );
    expect(future.days).toEqual([]);
  });

  it('splits allocation four ways, each summing to the total with weights summing to 1', async () => {
    const a = data<Allocation>(await post(t.app, '/user/allocation', { currency: 'MXN' }, u.headers));
    expect(units(a.total) > 0n).toBe(true);
    for (const split of [a.byAssetClass, a.byMarket, a.byCurrency, a.byInstrument]) {
      expect(split.reduce((s, x) => s + units(x.value), 0n)).toBe(units(a.total));
      expect(split.reduce((s, x) => s + fractionOf(x.weight)[0] * (100000000n / fractionOf(x.weight)[1]), 0n)).toBe(
        100000000n,
      );
    }
    expect(a.byAssetClass.map((x) => x.key).sort()).toEqual(['cash', 'stock']);
    expect(a.byInstrument.map((x) => x.key)).toContain('i_mxn_WALMEX');
    expect(a.byCurrency.map((x) => x.key)).toEqual(['MXN']);
  });
});

describe('withdrawals are flows, never a loss (docs/decisions.md: a withdrawal leaves when requested)', () => {
  // 11:00, 10:00 and 09:00 in Mexico City (the withdrawal window is 09:30–24:00, Mon–Fri),
  // each within a day of the one before (the session's idle limit is 24 h)
  const W_MONDAY = new Date('2026-03-09T17:00:00Z');
  const W_TUESDAY = new Date('2026-03-10T16:00:00Z');
  const W_WEDNESDAY = new Date('2026-03-11T15:00:00Z');
  const W_THURSDAY = new Date('2026-03-12T14:00:00Z');
  let u: TestUser;
  let cardId = '';

  const week = async () =>
    data<Performance>(await post(t.app, '/user/performance', { currency: 'MXN', period: '1w' }, u.headers));
  const day = (p: Performance, date: string) => {
    const d = p.series.find((x) => x.date === date);
    if (!d) throw new Error(`no ${date} in ${JSON.stringify(p.series)}`);
    return { value: d.value, flow: d.flow, profit: d.profit, twr: d.twr };
  };
  const withdraw = async (amount: string) => {
    const r = await post(t.app, '/funds/withdraw', { amount, fundPassword: '246810', cardId }, u.headers);
    expect(r.body.code, JSON.stringify(r.body)).toBe('result.withdraw.ok');
    return (r.body.data as { id: string }).id;
  };
  const cash = async () =>
    data<{ accounts: { currency: string; available: string; frozen: string }[] }>(
      await post(t.app, '/user/assets', { currency: 'MXN' }, u.headers),
    ).accounts.find((a) => a.currency === 'MXN')!;

  it('deposit, withdrawal requested (out of value at once), paid, and refused (counted back): the return stays 0', async () => {
    t.clock.set(W_MONDAY);
    await configureChannels(t.app);
    u = await verifiedUser(t.app);
    await fund(t.app, u, 'MXN', '10000.00');
    await post(
      t.app,
      '/user/setFundPassword',
      { fundPassword: '246810', confirmFundPassword: '246810', loginPassword: u.password },
      u.headers,
    );
    cardId = data<{ cardId: string }>(
      await post(
        t.app,
        '/card/add',
        {
          holder: 'ANA LOPEZ',
          cardNumber: '4152313412345678',
          bankName: 'BBVA México',
          branch: 'CDMX',
          bankCode: '012',
        },
        u.headers,
      ),
    ).cardId;

    // Monday: 10,000 in, 1,000 asked out. The hold is still the user's cash (frozen), but not their value.
    const first = await withdraw('1000.00');
    expect(await cash()).toMatchObject({ available: '9000.00', frozen: '1000.00' });
    let p = await week();
    recompute(p);
    expect(day(p, '2026-03-09')).toEqual({ value: '9000.00', flow: '9000.00', profit: '0.00', twr: '0.00000000' });

    // Tuesday: the 1,000 is paid out (no flow: it left on Monday), and 2,000 more is asked
    t.clock.set(W_TUESDAY);
    await approve(t.app, 'withdraw', first);
    expect(await cash()).toMatchObject({ available: '9000.00', frozen: '0.00' });
    const second = await withdraw('2000.00');
    p = await week();
    recompute(p);
    expect(day(p, '2026-03-10')).toEqual({ value: '7000.00', flow: '-2000.00', profit: '0.00', twr: '0.00000000' });

    // Wednesday: the 2,000 is refused; the refund is a flow back in, not a gain
    t.clock.set(W_WEDNESDAY);
    const reviewer = await adminLogin(t.app, 'reviewer');
    const rejected = await post(
      t.app,
      '/api/admin/review/reject',
      { queue: 'withdraw', id: second, reason: 'Card closed by the bank' },
      reviewer,
    );
    expect(rejected.body.status, JSON.stringify(rejected.body)).toBe(1);
    expect(await cash()).toMatchObject({ available: '9000.00', frozen: '0.00' });
    p = await week();
    recompute(p);
    expect(day(p, '2026-03-11')).toEqual({ value: '9000.00', flow: '2000.00', profit: '0.00', twr: '0.00000000' });

    // Thursday: the closed days from the journal and, once the job wrote them, from the snapshots agree
    t.clock.set(W_THURSDAY);
    const fromJournal = await week();
    const written = await snapshotPass(t.database.db, depsOf(), W_THURSDAY);
    expect(written.date).toBe('2026-03-11');
    const fromSnapshots = await week();
    expect(fromSnapshots.series).toEqual(fromJournal.series);
    for (const p of [fromJournal, fromSnapshots]) {
      recompute(p);
      expect(p).toMatchObject({ netFlow: '9000.00', endValue: '9000.00', profit: '0.00', twr: '0.00000000' });
      expect(p.mwr).toBe('0.00000000');
      for (const d of p.series) expect(d.profit).toBe('0.00');
      expect(p.series.filter((d) => d.flow !== '0.00').map((d) => [d.date, d.flow])).toEqual([
        ['2026-03-09', '9000.00'],
        ['2026-03-10', '-2000.00'],
        ['2026-03-11', '2000.00'],
      ]);
    }
    const rows = await t.database.db.select().from(performanceSnapshots).where(eq(performanceSnapshots.userId, u.id));
    // the job wrote Tuesday's value without the pending hold (a Dec, compared exactly)
    expect(rows.find((r) => r.date === '2026-03-10' && r.currency === 'MXN')?.value.equals(7000)).toBe(true);
  });
});

describe('the demo history (performance.seed.ts)', () => {
  it('posts backdated deposits through the ledger once and derives the snapshots from them', async () => {
    t.clock.set(THURSDAY);
    const deps = depsOf();
    await seedDemoPerformance(t.database.db, deps, 1);
    await seedDemoPerformance(t.database.db, deps, 1);
    const rows = await t.database.db
      .select()
      .from(performanceSnapshots)
      .where(eq(performanceSnapshots.userId, DEMO_ACCOUNT.id));
    // from the base day before the first deposit (90 days ago) to yesterday, each day once
    expect(rows).toHaveLength(91);
    const p = await performanceOf(t.database.db, deps, DEMO_ACCOUNT.id, { currency: 'MXN', period: 'all' });
    recompute(p);
    expect(p).toMatchObject({ netFlow: '70000.00', endValue: '70000.00', profit: '0.00', twr: '0.00000000' });
    expect(p.series.find((d) => d.flow === '20000.00')?.value).toBe('70000.00');
  });
});

describe('the TWR chain (performance.math.ts)', () => {
  it('rounds every prefix exactly as the exact fraction does, gains, losses, flows and negative values included', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let run = 0; run < 20; run++) {
      const points: { date: string; value: bigint; flow: bigint }[] = [{ date: 'd0', value: 0n, flow: 0n }];
      let value = 0n;
      for (let i = 1; i < 120; i++) {
        const flow = random() < 0.1 ? BigInt(Math.floor(random() * 2_000_000)) - 500_000n : 0n;
        value = value + flow + BigInt(Math.floor((random() - 0.5) * 40_000));
        // now and then a value of exactly 0 or below (a gapped position)
        if (run % 5 === 0 && i === 60) value = -1234n;
        points.push({ date: `d${i}`, value, flow });
      }
      const f = figures(points);
      let num = 1n;
      let den = 1n;
      for (let i = 1; i < points.length; i++) {
        if (points[i - 1]!.value !== 0n) {
          num *= points[i]!.value - points[i]!.flow;
          den *= points[i - 1]!.value;
        }
        expect(f.days[i]!.twr).toBe(rateOf(num - den, den));
      }
    }
  });
});
