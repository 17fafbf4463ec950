/**
 * Benchmark: the whole daily publish of the proof of liabilities (apps/server/src/modules/proof) on
 * the real app's services and database, no HTTP: `publishProof` in its one REPEATABLE READ
 * transaction, as the daily job runs it — the bulk read of every user's `totalAssets` (balances,
 * positions, lending, copy subscriptions, new shares, a page of users per query each), one Merkle
 * sum tree per currency, and the store (leaves, level chunks, reserves). Target (issue 28): a
 * million accounts in under a minute and under 1 GB.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/proof-publish.bench.ts
 *   BENCH_PROOF_ACCOUNTS=50000 DATABASE_URL=… npx tsx bench/proof-publish.bench.ts   # a quick run
 *
 * The accounts are seeded with SQL (`generate_series`), not through the API: every user an MXN
 * account (one in ten with a frozen part too), one in four a USD account; one in twenty holds an
 * open position (long or short, leverage 2 to 10, WALMEX, marked to the feed), one in fifty a
 * succeeded lending record, one in a hundred a paid new-share subscription and one in a hundred an
 * active copy subscription to a fund with 30 live days. Users without an account hold nothing.
 *
 * Reported: wall time of the publish and of its read, the process's CPU time, and the peak RSS of
 * the process over its whole life (`process.resourceUsage().maxRSS`, which the synchronous tree
 * build cannot hide from a sampler). The verdict is on wall time and peak RSS. On PostgreSQL the
 * database server's own memory is not the process's; on PGlite (no DATABASE_URL) it is, and the
 * default is then 20,000 accounts.
 *
 * Environment:
 *   BENCH_PROOF_ACCOUNTS   users (default 1,000,000 with DATABASE_URL, 20,000 on PGlite)
 *   DATABASE_URL           PostgreSQL server (a database bench_<random> is created and dropped); PGlite without it
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { ManualClock } from '../apps/server/src/platform/clock.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { rowsOf, transaction, type Db } from '../apps/server/src/platform/db.js';
import { publishProof, type ProofDeps } from '../apps/server/src/modules/proof/index.js';
import { buildBenchApp, openSeededDatabase } from './lib/app-server.js';
import { runMain } from './lib/child-server.js';
import { envInt } from './lib/env.js';
import { createDatabase } from './lib/postgres.js';
import { loadLine, machineLine, machineReport, writeResult } from './lib/report.js';

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const ACCOUNTS = envInt('BENCH_PROOF_ACCOUNTS', ON_POSTGRES ? 1_000_000 : 20_000);
const NOW = new Date('2026-03-04T18:00:00Z');
const TARGET_MS = 60_000;
const TARGET_MB = 1024;

const out = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** The peak resident set of this process so far, in MB (Linux reports maxRSS in KiB). */
const peakMb = () => process.resourceUsage().maxRSS / 1024;

/** The seed, in SQL: `u_b` + the user's number in hex, zero-padded (so ids sort like numbers). */
async function seed(db: Db, n: number): Promise<void> {
  const user = (i: string) => `'u_b' || lpad(to_hex(${i}), 8, '0')`;
  const run = (text: string) => db.execute(sql.raw(text));
  // balances: MXN for everyone (0 … 1,000,000.00), a frozen part for one in ten, USD for one in four
  await run(`insert into ledger_accounts (owner_type, owner_id, currency, kind, balance)
    select 'user', ${user('i')}, 'MXN', 'available', ((i::bigint * 7919) % 100000001) / 100.0
    from generate_series(1, ${n}) i`);
  await run(`insert into ledger_accounts (owner_type, owner_id, currency, kind, balance)
    select 'user', ${user('i')}, 'MXN', 'frozen', ((i::bigint * 104729) % 5000001) / 100.0
    from generate_series(10, ${n}, 10) i`);
  await run(`insert into ledger_accounts (owner_type, owner_id, currency, kind, balance)
    select 'user', ${user('i')}, 'USD', 'available', ((i::bigint * 3571) % 2000001) / 100.0
    from generate_series(4, ${n}, 4) i`);
  // the house's cash: what the deposits brought in (the reserves of the proof)
  await run(`insert into ledger_accounts (owner_type, owner_id, currency, kind, balance)
    select 'house', 'house_bench', currency, 'bank_cash', -sum(balance) from ledger_accounts
    where owner_type = 'user' group by currency`);
  // open positions on WALMEX, long and short, leverage 2 … 10 (margin = contract / leverage)
  await run(`insert into orders (id, order_no, user_id, instrument_id, code, name, market, currency, price_scale,
      source, side, order_type, state, lots, lot_size, leverage, cost_price, contract_amount, margin, open_fee,
      buy_fee_rate, sell_fee_rate, stamp_duty_rate, stop_out_ratio, hold_minutes_min, t_plus_n_days,
      settlement_days, created_at, opened_at)
    select 'o_b' || i, 'B' || lpad(i::text, 20, '0'), ${user('i')}, 'i_mxn_WALMEX', 'WALMEX', 'Walmart de México',
      'mxn', 'MXN', 2, 'order', case when i % 40 = 0 then 'short' else 'long' end, 'market', 'holding',
      p.lots, 1, p.leverage, p.cost, p.lots * p.cost, round(p.lots * p.cost / p.leverage, 2),
      round(p.lots * p.cost * 0.0015, 2), 0.0015, 0.0015, 0.001, 0.5, 5, 1, 1,
      '2026-03-02T16:00:00Z', '2026-03-02T16:00:00Z'
    from generate_series(20, ${n}, 20) i,
      lateral (select 10 + (i % 90) as lots, (array[2, 5, 10])[1 + i % 3] as leverage,
        55 + (i % 1000) / 100.0 as cost) p`);
  // succeeded lending on the catalogue's first product
  await run(`insert into lending_records (id, user_id, product_id, name, currency, amount, daily_rate, term_days,
      state, applied_at, started_at, ends_at)
    select 'lr_b' || i, ${user('i')}, p.id, p.name, p.currency, 10000 + (i % 5000), p.daily_rate, p.term_days,
      'succeeded', '2026-03-01T10:00:00Z', '2026-03-02T00:00:00Z', '2026-04-01T00:00:00Z'
    from generate_series(50, ${n}, 50) i,
      (select id, name, currency, daily_rate, term_days from lending_products order by id limit 1) p`);
  // paid, not yet listed new-share subscriptions on the catalogue's first offering
  await run(`insert into subscriptions (id, user_id, new_share_id, state, payment_mode, currency, quantity,
      issue_price, amount, frozen_amount, allotted_quantity, amount_paid, applied_at, updated_at)
    select 'ns_b' || i, ${user('i')}, s.id, 'paid', 'prepaid', s.currency, 1000, s.issue_price,
      1000 * s.issue_price, 0, 100 + i % 900, (100 + i % 900) * s.issue_price, '2026-03-01T10:00:00Z',
      '2026-03-02T10:00:00Z'
    from generate_series(100, ${n}, 100) i,
      (select id, currency, issue_price from new_shares order by id limit 1) s`);
  // a copy fund (USD) with 30 live days, followers starting on any of them
  await run(`insert into copy_funds (id, name, strategy_no, currency, market, fund_user_id, fund_size, min_amount,
      lockup_days, trade_cycle_days, copy_deadline, end_time, expected_return_rate, performance_fee_rate,
      service_fee_rate, open, state, seed_capital, units, last_mark_date, last_nav, launched_at, created_at,
      updated_at)
    values ('cf_bench', 'Bench Reversion', 'MR-5', 'USD', 'usd', 'u_fund_cf_bench', 100000000, 100, 0, 30,
      '2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z', 0.08, 0.18, 0.02, true, 'running', 10000, 10000,
      '2026-03-03', 1, '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z', '2026-03-03T00:00:00Z')`);
  await run(`insert into copy_fund_days (fund_id, date, nav, daily_profit_rate, total_value, units, backtest, marked_at)
    select 'cf_bench', to_char(date '2026-02-01' + d, 'YYYY-MM-DD'), 1, ((d * 37) % 41 - 20) / 1000.0, 10000,
      10000, false, '2026-03-04T00:00:00Z'
    from generate_series(1, 30) d`);
  await run(`insert into copy_subscriptions (id, fund_id, user_id, name, currency, amount, state, started_at,
      start_date, lock_until)
    select 'cs_b' || i, 'cf_bench', ${user('i')}, 'Bench Reversion', 'USD', 100 + i % 10000, 'active',
      '2026-02-01T12:00:00Z'::timestamptz + (i % 30) * interval '1 day',
      to_char(date '2026-02-01' + (i % 30), 'YYYY-MM-DD'), '2026-02-01T12:00:00Z'
    from generate_series(100, ${n}, 100) i`);
  await run('analyze');
}

async function backendPid(tx: Db): Promise<number> {
  return Number(rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid);
}

/** The CPU time (user + system) of process `pid` from /proc, in ms; null when it cannot be read (another host). */
function backendCpuMs(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    // after the command name in parentheses: fields 14 and 15 are utime and stime, in clock ticks (100 a second)
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function run(databaseUrl: string | null): Promise<number> {
  out(`proof publish: ${ACCOUNTS.toLocaleString('en')} users on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  out(`${machineLine()}, ${loadLine()}`);
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
  const s0 = performance.now();
  await seed(db, ACCOUNTS);
  const seeded = rowsOf<{ accounts: string; orders: string }>(
    await db.execute(sql`select (select count(*) from ledger_accounts where owner_type = 'user')::text as accounts,
      (select count(*) from orders)::text as orders`),
  )[0]!;
  out(
    `seeded in ${seconds(performance.now() - s0)}: ${Number(seeded.accounts).toLocaleString('en')} ledger accounts, ${Number(seeded.orders).toLocaleString('en')} positions`,
  );

  // the portfolio as the proof module gets it, its page reads timed
  let readMs = 0;
  let pages = 0;
  const proofDeps: ProofDeps = {
    clock,
    portfolio: {
      totalAssetsPage: async (tx, after, limit) => {
        const t0 = performance.now();
        const page = await deps.portfolio.totalAssetsPage(tx, after, limit);
        readMs += performance.now() - t0;
        pages++;
        return page;
      },
    },
  };
  const rssBefore = peakMb();
  let backendMs: number | null = null;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const summary = await transaction(
    db,
    async (tx) => {
      // the PostgreSQL backend serving this transaction, when it runs on this machine: its CPU time too
      const pid = databaseUrl ? backendPid(tx) : null;
      const before = backendCpuMs(await pid);
      const published = await publishProof(tx, proofDeps, { origin: 'operator', reason: 'bench' });
      const after = backendCpuMs(await pid);
      if (before !== null && after !== null) backendMs = after - before;
      return published;
    },
    { isolation: 'repeatable read' },
  );
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const peak = peakMb();
  if (!summary) throw new Error('no proof published');
  const leaves = summary.currencies.reduce((n, c) => n + c.leaves, 0);
  for (const c of summary.currencies)
    out(`  ${c.currency}: ${c.leaves.toLocaleString('en')} leaves, total ${c.total}, root ${c.root.slice(0, 16)}…`);
  out(
    `publish: ${seconds(wallMs)} wall (read ${seconds(readMs)} in ${pages} pages, tree + store ${seconds(wallMs - readMs)})`,
  );
  out(
    `CPU: ${seconds(cpuMs)} this process${backendMs === null ? '' : `, ${seconds(backendMs)} its PostgreSQL backend (${seconds(cpuMs + backendMs)} in all)`}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
  out(`peak RSS ${peak.toFixed(0)} MB (${rssBefore.toFixed(0)} MB before the publish)`);
  const ok = wallMs < TARGET_MS && peak < TARGET_MB && leaves >= ACCOUNTS;
  out(
    `target: < ${TARGET_MS / 1000} s and < ${TARGET_MB} MB: ${ok ? 'met' : 'NOT met'} (${seconds(wallMs)}, ${peak.toFixed(0)} MB, ${leaves.toLocaleString('en')} leaves)`,
  );
  const file = writeResult('proof-publish.json', {
    benchmark: 'proof-publish',
    database: databaseUrl ? 'postgresql' : 'pglite',
    users: ACCOUNTS,
    leaves,
    wallMs: Math.round(wallMs),
    readMs: Math.round(readMs),
    pages,
    cpuMs: Math.round(cpuMs),
    backendCpuMs: backendMs === null ? null : Math.round(backendMs),
    peakRssMb: Math.round(peak),
    met: ok,
    machine: machineReport(`load average at the end ${os.loadavg()[0]!.toFixed(1)}`, { loadAverage: true }),
  });
  out(`written to ${file}`);
  await app.close();
  await database.close();
  return ok ? 0 : 1;
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
