/**
 * Benchmark: the returns figures (docs/api.md §24.1, modules/performance) on the real app's
 * services and database, no HTTP: what one `/user/performance` costs with a year of snapshots,
 * and what the nightly snapshot pass costs per account, extrapolated to 100,000 accounts.
 *
 *   npx tsx bench/performance.bench.ts
 *
 * - request: one user with 366 daily snapshots (written as the job writes them) and a few
 *   entries today; `performanceOf` for `1y` and `all`, and `pnlCalendarOf`, median / p90 over
 *   BENCH_PERF_REQUESTS calls (the live part: the portfolio's totalAssets, today's journal, the
 *   benchmark's daily closes);
 * - nightly: BENCH_PERF_ACCOUNTS users, each with three deposits and yesterday's snapshot
 *   missing (the day before present): one `snapshotPass` writes each account's closed day; the
 *   time per account × 100,000 is the extrapolated pass.
 *
 * Environment:
 *   BENCH_PERF_REQUESTS  measured requests (default 30)
 *   BENCH_PERF_ACCOUNTS  accounts of the nightly pass (default 300)
 *   DATABASE_URL         PostgreSQL (a database bench_<random> is created and dropped); PGlite without it
 */
import { randomBytes } from 'node:crypto';
import { Dec, Money } from '../packages/contract/src/index.js';
import { ManualClock } from '../apps/server/src/platform/clock.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { transaction } from '../apps/server/src/platform/db.js';
import { performanceSnapshots } from '../apps/server/src/modules/performance/performance.tables.js';
import { snapshotPass } from '../apps/server/src/modules/performance/index.js';
import { performanceOf, pnlCalendarOf } from '../apps/server/src/modules/performance/performance.service.js';
import { addDays } from '../apps/server/src/modules/performance/performance.math.js';
import { buildBenchApp, openSeededDatabase } from './lib/app-server.js';
import { runMain } from './lib/child-server.js';
import { envInt } from './lib/env.js';
import { createDatabase } from './lib/postgres.js';
import { percentile } from './lib/stats.js';

const REQUESTS = envInt('BENCH_PERF_REQUESTS', 30);
const ACCOUNTS = envInt('BENCH_PERF_ACCOUNTS', 300);
const NOW = new Date('2026-03-04T18:00:00Z');
const TODAY = '2026-03-04';

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function run(databaseUrl: string | null): Promise<number> {
  const clock = new ManualClock(NOW);
  const database = await openSeededDatabase({ databaseUrl, clock });
  const { app, deps } = await buildBenchApp({
    config: loadConfig({ SECRETS_KEY: randomBytes(32).toString('base64') }),
    database,
    clock,
    engine: false,
  });
  await app.ready();
  const db = database.db;
  const perfDeps = { clock, settings: deps.settings, feed: deps.feed, fx: deps.fx, portfolio: deps.portfolio };
  const ledger = deps.ledger;
  const deposit = (userId: string, amount: string, key: string) =>
    transaction(db, (tx) =>
      ledger.credit(tx, {
        userId,
        amount: Money.of(amount, 'MXN'),
        kind: 'deposit',
        idempotencyKey: key,
        from: 'bank_cash',
      }),
    );

  // request: a year of snapshots
  const user = 'u_bench_perf';
  await deposit(user, '1000.00', 'bench-perf-today');
  const rows = [];
  let value = new Dec('100000');
  for (let i = 366; i >= 1; i--) {
    value = value.times('1.0003');
    rows.push({
      userId: user,
      currency: 'MXN',
      date: addDays(TODAY, -i),
      value: value.toDecimalPlaces(2),
      flow: new Dec(i % 30 === 0 ? '500' : '0'),
      source: 'close' as const,
      createdAt: NOW,
    });
  }
  await db.insert(performanceSnapshots).values(rows);
  const measure = async (name: string, fn: () => Promise<unknown>) => {
    for (let i = 0; i < 3; i++) await fn();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push(await timed(fn));
    times.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(28)} median ${percentile(times, 50).toFixed(1)} ms  p90 ${percentile(times, 90).toFixed(1)} ms`,
    );
  };
  await measure('performance 1y (366 snaps)', () =>
    performanceOf(db, perfDeps, user, { currency: 'MXN', period: '1y' }),
  );
  await measure('performance all', () => performanceOf(db, perfDeps, user, { currency: 'MXN', period: 'all' }));
  await measure('pnlCalendar month', () => pnlCalendarOf(db, perfDeps, user, { currency: 'MXN', month: '2026-03' }));

  // nightly: ACCOUNTS accounts whose closed day is missing
  clock.set(new Date('2026-03-01T18:00:00Z'));
  for (let i = 0; i < ACCOUNTS; i++) {
    const id = `u_bench_n${i}`;
    await deposit(id, '5000.00', `bench-n-${i}-a`);
    await deposit(id, '250.00', `bench-n-${i}-b`);
  }
  // the first pass also backfills each account's days from the journal
  clock.set(new Date('2026-03-03T18:00:00Z'));
  const first = await timed(() => snapshotPass(db, perfDeps, clock.now()));
  clock.set(NOW);
  for (let i = 0; i < ACCOUNTS; i++) await deposit(`u_bench_n${i}`, '100.00', `bench-n-${i}-c`);
  clock.set(new Date('2026-03-05T07:00:00Z'));
  let report: unknown;
  const nightly = await timed(async () => {
    report = await snapshotPass(db, perfDeps, clock.now());
  });
  const idle = await timed(() => snapshotPass(db, perfDeps, clock.now()));
  const per = nightly / (ACCOUNTS + 1);
  console.log(`first pass with backfill     ${first.toFixed(0)} ms for ${ACCOUNTS + 1} accounts`);
  console.log(
    `nightly pass                 ${nightly.toFixed(0)} ms for ${ACCOUNTS + 1} accounts: ${JSON.stringify(report)}`,
  );
  console.log(
    `  per account                ${per.toFixed(2)} ms → 100,000 accounts ≈ ${((per * 100_000) / 1000 / 60).toFixed(1)} min (one process)`,
  );
  console.log(`pass with nothing to write   ${idle.toFixed(0)} ms`);
  await app.close();
  await database.close();
  return 0;
}

runMain(async () => {
  const server = process.env.DATABASE_URL;
  if (!server) return run(null);
  const scratch = await createDatabase(server);
  try {
    return await run(scratch.url);
  } finally {
    await scratch.drop();
  }
});
