/**
 * Demo funds (docs/api.md §21, DEMO=1): a momentum fund on US stocks and a mean-reversion fund on
 * digital currencies (which trade around the clock, so its positions open as soon as the server
 * runs). Each gets 30 days of history before its launch: the strategy's backtest on the same
 * simulated closes (strategy.ts `backtest`, before fees), flagged `backtest` on every day so no
 * screen presents it as live results. From launch on, every result comes from the engine's marks.
 * Fixed ids: seeding twice adds nothing.
 *
 * Once the new funds are committed, the seed runs the engine's first step on them (`fundStep`, the
 * same code the 30-second job runs: its orders go through trading's own `placeOrder`), so a
 * visitor who opens a fund right after `npm start` sees the positions the strategy chose instead of
 * an empty list. A market that is closed at that moment gets its first orders at its next session.
 */
import { Dec, type CopyCurrency, type ProductNames, type StrategyNo } from '@brokerage/contract';
import { transaction, type Tx } from '../../platform/db.js';
import type { CopyEngineDeps, CopyStepReport } from './copy.jobs.js';
import { completedCloses, emptyStepReport, fundStep, universeOf } from './copy.jobs.js';
import { launchFund } from './copy.funds.js';
import * as repo from './copy.repository.js';
import { DAY_MS } from './copy.service.js';
import { backtest, marketOfCurrency, strategies } from './strategy.js';

const demo: {
  id: string;
  name: string;
  names: ProductNames;
  strategyNo: StrategyNo;
  currency: CopyCurrency;
  fundSize: string;
  minAmount: string;
  lockupDays: number;
  tradeCycleDays: number;
  deadlineDays: number;
  endDays: number;
  expectedReturnRate: string;
}[] = [
  {
    id: 'cf_demo_momentum',
    name: 'US Momentum 20',
    names: { de: 'US-Momentum 20', zh: '美股動能 20', esp: 'Momentum EE. UU. 20', kor: '미국 모멘텀 20' },
    strategyNo: 'MOM-20',
    currency: 'USD',
    fundSize: '5000000',
    minAmount: '1000',
    lockupDays: 7,
    tradeCycleDays: 90,
    deadlineDays: 60,
    endDays: 180,
    expectedReturnRate: '0.12',
  },
  {
    id: 'cf_demo_reversion',
    name: 'Crypto Reversion 5',
    names: {
      de: 'Krypto-Reversion 5',
      zh: '加密貨幣均值回歸 5',
      esp: 'Reversión cripto 5',
      kor: '암호화폐 평균 회귀 5',
    },
    strategyNo: 'MR-5',
    currency: 'USDT',
    fundSize: '2000000',
    minAmount: '100',
    lockupDays: 0,
    tradeCycleDays: 30,
    deadlineDays: 30,
    endDays: 90,
    expectedReturnRate: '0.08',
  },
];

const HISTORY_DAYS = 30;

/**
 * The module's seed: the demo funds and their history in one transaction, then the engine's first
 * step on each fund it created (each order its own transaction, as in the job).
 */
export async function seedDemoCopyFunds(deps: CopyEngineDeps): Promise<CopyStepReport> {
  const created = await transaction(deps.db, (tx) => seedCopyFunds(tx, deps));
  const report = emptyStepReport();
  for (const id of created) await fundStep(deps, id, report);
  return report;
}

/** Seeds the demo funds that are not there yet; answers the ids it created. */
export async function seedCopyFunds(tx: Tx, deps: CopyEngineDeps): Promise<string[]> {
  const now = deps.clock.now();
  const created: string[] = [];
  for (const d of demo) {
    const existing = await repo.findFund(tx, d.id);
    if (existing) {
      // a demo fund seeded before names were translated gets them, unless an operator renamed it
      if (existing.name === d.name && Object.keys(existing.names).length === 0)
        await repo.updateFund(tx, d.id, { names: d.names });
      continue;
    }
    created.push(d.id);
    const spec = strategies[d.strategyNo];
    const market = marketOfCurrency[d.currency];
    // 30 trading days of history, with the look-back before the first one
    const series = new Map(
      universeOf(deps.feed, { market }).map((id) => [
        id,
        completedCloses(deps.feed, id, now, HISTORY_DAYS + spec.lookbackDays + 1),
      ]),
    );
    const days = backtest(spec, series, HISTORY_DAYS);
    const last = days.at(-1);
    const fund = await launchFund(
      tx,
      deps,
      {
        id: d.id,
        name: d.name,
        names: d.names,
        strategyNo: d.strategyNo,
        currency: d.currency,
        fundSize: d.fundSize,
        minAmount: d.minAmount,
        lockupDays: d.lockupDays,
        tradeCycleDays: d.tradeCycleDays,
        copyDeadline: new Date(now.getTime() + d.deadlineDays * DAY_MS),
        endTime: new Date(now.getTime() + d.endDays * DAY_MS),
        expectedReturnRate: d.expectedReturnRate,
        open: true,
      },
      last ? { launchNav: last.nav, lastMarkDate: last.date, lastRate: last.dailyProfitRate } : {},
    );
    for (const day of days) {
      await repo.insertDay(tx, {
        fundId: fund.id,
        date: day.date,
        nav: repo.copyDecimal(day.nav),
        dailyProfitRate: repo.copyDecimal(day.dailyProfitRate),
        totalValue: repo.copyDecimal(new Dec(fund.units).times(day.nav)),
        units: fund.units,
        backtest: true,
        markedAt: now,
      });
    }
  }
  return created;
}
