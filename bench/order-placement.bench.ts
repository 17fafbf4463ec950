/**
 * Benchmark: market-order placement (`POST /api/vue/trade/buy`: fill at the quote + ledger entry)
 * on PostgreSQL, as a ratio to `pgbench` TPC-B on the same cluster in the same run.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/order-placement.bench.ts
 *
 * PostgreSQL only: without DATABASE_URL the benchmark says so and exits 0 (PGlite has one
 * connection, so neither the figure nor the hot-row effect would mean anything).
 *
 * What it does:
 * - pgbench: a scratch database `bench_orders_<pid>_pgbench`, `pgbench -i -s <clients>` (the
 *   scale is at least the client count, as pgbench's manual asks, so TPC-B itself has no hot
 *   branch row), then `pgbench -c <clients> -j 2 -T <seconds>` TPC-B; the TPS without the initial
 *   connection time is parsed.
 * - Two app servers, each a child process (this file forked with `--serve`) on its own fresh
 *   database: one with the house accounts striped (LEDGER_HOUSE_STRIPES = BENCH_STRIPES,
 *   default 16), one with a single row per house account (LEDGER_HOUSE_STRIPES = 1). Each seeds
 *   the essentials, configures a 24/7 USDT deposit channel, registers BENCH_USERS users and,
 *   through the same HTTP calls a user and a reviewer make (upload, KYC, deposit, approvals),
 *   verifies and funds them. The trading engine loop is off (its periodic TP/SL scan is not
 *   order placement); the system clock drives a crypto instrument, which trades 24/7.
 * - Load: this process runs <clients> workers on keep-alive HTTP connections (an undici pool:
 *   the generator shares the CPUs, and costs them less per call than node:http). Each order is a
 *   market long of BENCH_LOTS lots at leverage 10 with a fresh `requestId`, as the web app sends
 *   it (so the stored idempotent answer is part of the cost). Worker i owns the
 *   users i, i + clients, i + 2·clients, … and sends one market order after the other, cycling
 *   through its users, so no two in-flight orders belong to the same user: the only rows
 *   concurrent orders share are the house's. The per-account limit of 1 buy per second
 *   (docs/api.md §1.7) is raised in the bench servers (BENCH_RESPECT_LIMIT=1 keeps it and paces each
 *   user to one order per second instead, which needs about clients × latency-per-second users).
 * - Rounds are interleaved (pgbench, striped, single row, pgbench, …) after a warm-up of each
 *   server; medians are kept. Each measured run also reports the server's CPU per order
 *   (process.cpuUsage, and its system part: the kernel's, mostly socket reads and writes), the
 *   statements and the round trips it sent PostgreSQL per order (counted in platform/db.ts) and
 *   the orders per group-commit batch. Every answer must be `status: 1`. At the end each server checks the
 *   ledger invariant, that it holds exactly one order per successful answer, and that its fee
 *   income (summed over the stripes) equals the orders' open fees.
 *
 * Environment:
 *   DATABASE_URL        PostgreSQL server (required; the databases are created there and dropped)
 *   BENCH_SECONDS       duration of each measured run (default 10)
 *   BENCH_CLIENTS       concurrent clients, the same for pgbench and the app (default 10)
 *   BENCH_ROUNDS        measured runs per system (default 2)
 *   BENCH_WARMUP        warm-up seconds per app server (default 10: V8 needs about that to optimise the
 *                       order path; after 2 s a first round cost twice the server CPU per order of a warm one)
 *   BENCH_USERS         users per app server (default clients × 4; at least clients)
 *   BENCH_STRIPES       house stripes of the striped server (default 16)
 *   BENCH_INSTRUMENT    instrument (default i_crypto_BTC-USDT)
 *   BENCH_RESPECT_LIMIT 1: keep the 1 buy/s per account limit and pace users (default 0)
 *   BENCH_GROUP         0: every market buy in a transaction of its own (no group commit; default 1)
 *   BENCH_GROUP_IN_FLIGHT, BENCH_GROUP_MAX  group commit: batches in flight (default 1), orders per batch (default 64)
 *   BENCH_DB_PREFIX     prefix of the scratch databases (default bench_orders; + _<pid>_<system>)
 *   PGBENCH             pgbench binary (default /usr/bin/pgbench)
 *   BENCH_CPU_PROF      a folder: each server writes a V8 CPU profile of each measured run there
 *                       (<system>-round<n>.cpuprofile; open in Chrome DevTools)
 *   BENCH_BASELINE      another checkout of this repository (with this benchmark's bench/ files): a
 *                       third server, striped, built from its code, is measured next to the striped
 *                       one in every round (each goes first in every other round), so a change is
 *                       compared under the same load; take an even number of rounds
 *   BENCH_HEAP_PROF     a folder: the same with a sampling heap profile of every allocation of the
 *                       run, collected or not (<system>-round<n>.heapprofile): who allocates per order
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { Pool } from 'undici';
import { buildBenchApp, INVITE_CODE, listenOnLoopback, openSeededDatabase } from './lib/app-server.js';
import { answerCoordinator, argOf, Child, reply, runChild, runMain } from './lib/child-server.js';
import { envInt } from './lib/env.js';
import { createDatabase, databaseUrl, type ScratchDatabase } from './lib/postgres.js';
import { exitCodeFor, machineLine, machineReport, writeResult } from './lib/report.js';
import { median, percentile } from './lib/stats.js';

/** Orders per group-commit batch; none without grouping (BENCH_GROUP=0). */
const perBatch = (n: number | null | undefined): string =>
  n === null || n === undefined || !Number.isFinite(n) ? 'no batches' : `${n.toFixed(1)} orders/batch`;

const THIS_FILE = fileURLToPath(import.meta.url);
const TARGET_RATIO = 0.4;
const BUY_ROUTE = '/api/vue/trade/buy';
const ADMIN_PASSWORD = 'Bench-admin-2026';
const run = promisify(execFile);

interface BenchUser {
  id: string;
  token: string;
  account: string;
}

interface ServerCheck {
  orders: number;
  openFees: string;
  feeIncome: string;
  feeIncomeRows: number;
  /** fee income (all stripes) = Σ open fees of the stored orders */
  feeIncomeMatches: boolean;
  houseRows: number;
  violations: string[];
}

/** Messages from a server child to this process (besides `cpu` and `error`, which every child sends). */
type ChildMessage =
  | { type: 'ready'; port: number; users: BenchUser[]; setupSeconds: number }
  | { type: 'checked'; check: ServerCheck }
  | { type: 'profiled' }
  | { type: 'counted'; counts: ServerCounts };

/** Counters of a server child: statements sent to PostgreSQL, and the buy group commit's batches. */
interface ServerCounts {
  statements: number;
  /** round trips (statements sent while none of the connection's was in flight) */
  roundTrips: number;
  batches: number;
  batchedCalls: number;
  largestBatch: number;
  fallbacks: number;
}

/** Requests from this process to a server child (besides `cpu` and `stop`, which every child understands). */
type ParentMessage = { type: 'check' } | { type: 'count' } | { type: 'profile'; start: boolean; file: string };

interface ServeOptions {
  databaseUrl: string;
  stripes: number;
  users: number;
  instrument: string;
  respectLimit: boolean;
  profileDir: string | null;
  /** a folder for sampling heap profiles (BENCH_HEAP_PROF) */
  heapProfileDir: string | null;
  poolSize: number;
  /** group commit of market buys (BENCH_GROUP, default on) */
  group: boolean;
  groupInFlight: number;
  groupMaxBatch: number;
}

// ---------------------------------------------------------------------------------------------
// Server side (child process)
// ---------------------------------------------------------------------------------------------

async function serveApp(options: ServeOptions): Promise<void> {
  const started = Date.now();
  const { default: sharp } = await import('sharp');
  const { loadConfig } = await import('../apps/server/src/platform/config.js');
  const { systemClock } = await import('../apps/server/src/platform/clock.js');
  const { Dec } = await import('@brokerage/contract');
  const { createAdmin } = await import('../apps/server/src/modules/admin/index.js');
  const { ledgerViolations, houseBalances } = await import('../apps/server/src/modules/ledger/index.js');
  const { sql } = await import('drizzle-orm');
  const { rowsOf } = await import('../apps/server/src/platform/db.js');

  const config = loadConfig({
    DATABASE_URL: options.databaseUrl,
    DEMO: '0',
    LEDGER_HOUSE_STRIPES: String(options.stripes),
    LOG_LEVEL: 'silent',
  });
  const database = await openSeededDatabase({
    databaseUrl: options.databaseUrl,
    clock: systemClock,
    poolSize: options.poolSize,
  });
  await createAdmin(database.db, 'benchadmin', ADMIN_PASSWORD, 'admin');
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'bench-orders-uploads-'));
  const high = (durationSec: number) => ({ points: 1e9, durationSec });
  let groupStats: { batches: number; calls: number; largest: number; fallbacks: number } | null = null;
  const { app } = await buildBenchApp({
    config,
    database,
    engine: false,
    uploads: { dir: uploadsDir },
    buyGroup: {
      enabled: options.group,
      inFlight: options.groupInFlight,
      maxBatch: options.groupMaxBatch,
      expose: (stats) => {
        groupStats = stats;
      },
    },
    limits: {
      perCaller: high(1),
      registerPerIp: high(3600),
      moneyCalls: high(60),
      uploadPerAccount: high(3600),
      ...(options.respectLimit ? {} : { buyPerAccount: high(1) }),
    },
  });

  type Envelope = { status: number; msg?: string; code?: string; data?: unknown };
  const call = async (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Envelope> => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    const answer = res.json<Envelope>();
    if (answer.status !== 1) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body}`);
    return answer;
  };
  const admin = {
    authorization: `Bearer ${((await call('/api/admin/auth/login', { username: 'benchadmin', password: ADMIN_PASSWORD })).data as { token: string }).token}`,
  };
  await call(
    '/api/admin/config/set',
    {
      key: 'deposit.channels',
      reason: 'order benchmark',
      value: [
        {
          id: 'ch_usdt',
          type: 'crypto',
          name: 'USDT TRC20',
          currency: 'USDT',
          network: 'TRC20',
          address: 'TQ5xBenchAddressxxxxxxxxxxxxxxxxxx',
          window: { open: '00:00', close: '24:00', days: [1, 2, 3, 4, 5, 6, 7] },
          enabled: true,
        },
      ],
    },
    admin,
  );
  // a deposit large enough for every order of the run (the default maximum is 100 000 USDT)
  await call(
    '/api/admin/config/set',
    { key: 'deposit.limits.USDT', value: { min: '1.00', max: '1000000000.00' }, reason: 'order benchmark' },
    admin,
  );
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const upload = async (headers: Record<string, string>, purpose: string): Promise<string> => {
    const boundary = `----bench-${Math.random().toString(36).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/vue/upload/image',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    });
    const answer = res.json<Envelope>();
    if (answer.status !== 1) throw new Error(`upload: ${res.body}`);
    return (answer.data as { imageId: string }).imageId;
  };
  const reviewOne = async (queue: 'kyc' | 'deposit', userId: string, id?: string): Promise<void> => {
    let itemId = id;
    if (!itemId) {
      const list = await call('/api/admin/review/list', { queue, userId }, admin);
      itemId = (list.data as { list: { id: string }[] }).list[0]?.id;
    }
    if (!itemId) throw new Error(`${queue} item of ${userId} not in queue`);
    await call('/api/admin/review/approve', { queue, id: itemId, reason: 'benchmark' }, admin);
  };

  // Users: register, verify their real name, deposit and approve, all through the API.
  const users: BenchUser[] = [];
  const stamp = String(Date.now()).slice(-6);
  for (let i = 0; i < options.users; i += 1) {
    const phone = `5215${stamp}${String(i).padStart(4, '0')}`;
    const password = 'Bench12345';
    const reg = await call('/api/vue/user/register', {
      phone,
      password,
      confirmPassword: password,
      inviteCode: INVITE_CODE,
      agreementAccepted: true,
    });
    const data = reg.data as { token: string; user: { id: string } };
    const headers = { token: data.token, account: phone };
    const [frontImageId, backImageId] = [await upload(headers, 'kyc_front'), await upload(headers, 'kyc_back')];
    await call(
      '/api/vue/user/kycSubmit',
      { name: 'Ana López', idNumber: 'LOPA850101HDF7', frontImageId, backImageId },
      headers,
    );
    await reviewOne('kyc', data.user.id);
    const proofImageId = await upload(headers, 'deposit_proof');
    const deposit = await call(
      '/api/vue/funds/deposit',
      { channelId: 'ch_usdt', amount: '100000000.00', proofImageId },
      headers,
    );
    await reviewOne('deposit', data.user.id, (deposit.data as { id: string }).id);
    users.push({ id: data.user.id, token: data.token, account: phone });
  }

  const port = await listenOnLoopback(app);

  const check = async (): Promise<ServerCheck> => {
    const violations = (await ledgerViolations(database.db)).map((v) => `${v.rule} ${JSON.stringify(v.detail)}`);
    const [orders] = rowsOf<{ n: string; fees: string }>(
      await database.db.execute(sql`select count(*)::text as n, coalesce(sum(open_fee), 0)::text as fees from orders`),
    );
    const [rows] = rowsOf<{ fee_rows: string; house_rows: string }>(
      await database.db.execute(sql`select
      count(*) filter (where kind = 'fee_income' and currency = 'USDT')::text as fee_rows, count(*)::text as house_rows
      from ledger_accounts where owner_type = 'house'`),
    );
    const fee = (await houseBalances(database.db)).find((b) => b.currency === 'USDT' && b.kind === 'fee_income');
    return {
      orders: Number(orders?.n ?? 0),
      openFees: orders?.fees ?? '0',
      feeIncome: fee?.balance.toLedgerString() ?? '0',
      feeIncomeMatches: (fee?.balance.amount ?? new Dec(0)).equals(orders?.fees ?? 0),
      feeIncomeRows: Number(rows?.fee_rows ?? 0),
      houseRows: Number(rows?.house_rows ?? 0),
      violations,
    };
  };
  const inspector =
    options.profileDir || options.heapProfileDir ? new (await import('node:inspector/promises')).Session() : null;
  if (inspector) {
    inspector.connect();
    if (options.profileDir) await inspector.post('Profiler.enable');
    if (options.heapProfileDir) await inspector.post('HeapProfiler.enable');
  }
  const profile = async (start: boolean, file: string): Promise<void> => {
    if (!inspector) return;
    if (start) {
      if (options.profileDir) await inspector.post('Profiler.start');
      // every allocation of the run, the ones a scavenge collected too: who allocates how much per order
      if (options.heapProfileDir)
        await inspector.post('HeapProfiler.startSampling', {
          samplingInterval: 16 * 1024,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        } as import('node:inspector').HeapProfiler.StartSamplingParameterType);
      return;
    }
    if (options.profileDir) {
      const { profile: taken } = await inspector.post('Profiler.stop');
      mkdirSync(options.profileDir, { recursive: true });
      writeFileSync(path.join(options.profileDir, file), JSON.stringify(taken));
    }
    if (options.heapProfileDir) {
      const { profile: taken } = await inspector.post('HeapProfiler.stopSampling');
      mkdirSync(options.heapProfileDir, { recursive: true });
      writeFileSync(
        path.join(options.heapProfileDir, file.replace(/\.cpuprofile$/, '.heapprofile')),
        JSON.stringify(taken),
      );
    }
  };
  const failed = (error: unknown) => reply({ type: 'error', message: String(error) });
  answerCoordinator<ParentMessage>(
    async () => {
      await app.close();
      await database.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
    (message) => {
      if (message.type === 'profile')
        profile(message.start, message.file).then(() => reply<ChildMessage>({ type: 'profiled' }), failed);
      else if (message.type === 'count') {
        const g = groupStats ?? { batches: 0, calls: 0, largest: 0, fallbacks: 0 };
        reply<ChildMessage>({
          type: 'counted',
          counts: {
            statements: database.statementCount?.() ?? 0,
            roundTrips: database.roundTripCount?.() ?? 0,
            batches: g.batches,
            batchedCalls: g.calls,
            largestBatch: g.largest,
            fallbacks: g.fallbacks,
          },
        });
      } else check().then((result) => reply<ChildMessage>({ type: 'checked', check: result }), failed);
    },
  );
  reply<ChildMessage>({ type: 'ready', port, users, setupSeconds: (Date.now() - started) / 1000 });
}

// ---------------------------------------------------------------------------------------------
// Load side (this process)
// ---------------------------------------------------------------------------------------------

type ServerChild = Child<ParentMessage, ChildMessage>;

/** A server child: this file's, or (`from`) this benchmark's file in another checkout (BENCH_BASELINE). */
function startServer(label: string, options: ServeOptions, from = THIS_FILE): ServerChild {
  return Child.fork<ParentMessage, ChildMessage>(from, ['--serve', JSON.stringify(options)], {
    label: `${label} server`,
    env: { ...process.env, DATABASE_URL: '' },
    stopTimeoutMs: 15_000,
  });
}

interface LoadResult {
  ok: number;
  failed: number;
  failures: Record<string, number>;
  seconds: number;
  latenciesMs: number[];
}

/** One order, on the load generator's keep-alive pool (undici: its HTTP client costs this shared machine less CPU per call than node:http). */
async function postJson(
  pool: Pool,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  const res = await pool.request({
    path: BUY_ROUTE,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: res.statusCode, body: await res.body.text() };
}

/** `clients` workers, each cycling through its own users, one market order after the other, for `seconds`. */
async function drive(
  port: number,
  users: BenchUser[],
  clients: number,
  seconds: number,
  instrument: string,
  lots: number,
  paceMs: number,
): Promise<LoadResult> {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: clients, pipelining: 1 });
  const result: LoadResult = { ok: 0, failed: 0, failures: {}, seconds, latenciesMs: [] };
  const order = JSON.stringify({
    instrumentId: instrument,
    side: 'long',
    orderType: 'market',
    lots,
    leverage: 10,
  }).slice(0, -1);
  const lastSent = new Map<string, number>();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async (index: number) => {
    const mine = users.filter((_, i) => i % clients === index);
    for (let turn = 0; performance.now() < deadline; turn += 1) {
      const user = mine[turn % mine.length];
      if (!user) return;
      const wait = (lastSent.get(user.id) ?? -Infinity) + paceMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (performance.now() >= deadline) return;
      const t0 = performance.now();
      lastSent.set(user.id, t0);
      try {
        // a fresh requestId per order, as the web app sends: the stored-answer path of docs/api.md §1.6
        const res = await postJson(
          pool,
          { token: user.token, account: user.account },
          `${order},"requestId":"${randomUUID()}"}`,
        );
        const answer = JSON.parse(res.body) as { status?: number; code?: string };
        if (res.status === 200 && answer.status === 1) {
          result.ok += 1;
          result.latenciesMs.push(performance.now() - t0);
        } else {
          result.failed += 1;
          const key = `${res.status} ${answer.code ?? '?'}`;
          result.failures[key] = (result.failures[key] ?? 0) + 1;
        }
      } catch (error) {
        result.failed += 1;
        const key = error instanceof Error ? error.message : String(error);
        result.failures[key] = (result.failures[key] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => worker(i)));
  result.seconds = (performance.now() - started) / 1000;
  await pool.close();
  return result;
}

/** libpq environment for pgbench from a postgres:// URL. */
function libpqEnv(url: string, database: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  return {
    ...process.env,
    PGHOST: u.hostname || '127.0.0.1',
    PGPORT: u.port || '5432',
    PGDATABASE: database,
    ...(u.username ? { PGUSER: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}),
  };
}

async function pgbenchRun(binary: string, env: NodeJS.ProcessEnv, clients: number, seconds: number): Promise<number> {
  const { stdout } = await run(
    binary,
    ['-c', String(clients), '-j', String(Math.min(2, clients)), '-T', String(seconds), '-n'],
    { env, maxBuffer: 16 * 1024 * 1024 },
  );
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
  if (!match?.[1]) throw new Error(`could not parse pgbench output:\n${stdout}`);
  return Number(match[1]);
}

interface Measured {
  system: 'pgbench' | 'striped' | 'single' | 'baseline';
  round: number;
  perSecond: number;
  ok?: number;
  failed?: number;
  p50Ms?: number;
  p99Ms?: number;
  serverCpuMicrosPerOrder?: number;
  /** the part of it spent in the kernel (system calls: socket reads and writes) */
  serverSystemMicrosPerOrder?: number;
  /** statements sent to PostgreSQL per successful order */
  statementsPerOrder?: number;
  /** round trips to PostgreSQL per successful order (a pipelined batch sends several statements per trip) */
  roundTripsPerOrder?: number;
  /** calls per group-commit batch (mean) */
  callsPerBatch?: number;
  /** Mean number of this database's backends waiting on a lock (pg_stat_activity, sampled every 50 ms). */
  lockWaiting?: number;
}

/** Samples how many backends of `database` wait on a heavyweight lock (row locks queue there) until `stop`. */
function sampleLockWaits(url: string, database: string): { stop: () => Promise<number> } {
  const client = new pg.Client({ connectionString: url });
  const counts: number[] = [];
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const res = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
        [database],
      );
      counts.push(res.rows[0]?.n ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return counts.length > 0 ? counts.reduce((a, b) => a + b, 0) / counts.length : Number.NaN;
    },
  };
}

async function main(): Promise<number> {
  const baseUrl = process.env.DATABASE_URL?.trim() || null;
  if (!baseUrl) {
    process.stdout.write(
      'order-placement benchmark: PostgreSQL only; set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test). Skipped.\n',
    );
    return 0;
  }
  const seconds = envInt('BENCH_SECONDS', 10);
  const clients = envInt('BENCH_CLIENTS', 10);
  const rounds = envInt('BENCH_ROUNDS', 2);
  const warmup = envInt('BENCH_WARMUP', 10);
  const userCount = Math.max(clients, envInt('BENCH_USERS', clients * 4));
  const stripes = envInt('BENCH_STRIPES', 16);
  const lots = envInt('BENCH_LOTS', 1);
  const instrument = process.env.BENCH_INSTRUMENT?.trim() || 'i_crypto_BTC-USDT';
  const respectLimit = process.env.BENCH_RESPECT_LIMIT === '1';
  const pgbench = process.env.PGBENCH?.trim() || '/usr/bin/pgbench';
  const paceMs = respectLimit ? 1000 : 0;
  const profileDir = process.env.BENCH_CPU_PROF?.trim() ? path.resolve(process.env.BENCH_CPU_PROF.trim()) : null;
  const heapProfileDir = process.env.BENCH_HEAP_PROF?.trim() ? path.resolve(process.env.BENCH_HEAP_PROF.trim()) : null;
  const group = process.env.BENCH_GROUP !== '0';
  const groupInFlight = envInt('BENCH_GROUP_IN_FLIGHT', 1);
  const groupMaxBatch = envInt('BENCH_GROUP_MAX', 64);

  const baseline = process.env.BENCH_BASELINE?.trim() ? path.resolve(process.env.BENCH_BASELINE.trim()) : null;

  const prefix = `${process.env.BENCH_DB_PREFIX?.trim() || 'bench_orders'}_${process.pid}`;
  const names = {
    pgbench: `${prefix}_pgbench`,
    striped: `${prefix}_striped`,
    single: `${prefix}_single`,
    ...(baseline ? { baseline: `${prefix}_baseline` } : {}),
  };
  const created: ScratchDatabase[] = [];
  const servers: ServerChild[] = [];
  try {
    for (const name of Object.values(names)) created.push(await createDatabase(baseUrl, name));
    const pgEnv = libpqEnv(baseUrl, names.pgbench);
    const initStarted = Date.now();
    await run(pgbench, ['-i', '-q', '-s', String(clients)], { env: pgEnv, maxBuffer: 16 * 1024 * 1024 });
    process.stdout.write(
      `order-placement benchmark: ${clients} clients, ${seconds} s x ${rounds} rounds, warm-up ${warmup} s, ${userCount} users per server, ` +
        `${instrument} x ${lots} lot(s), per-account buy limit ${respectLimit ? 'kept (1/s, users paced)' : 'raised'}, ` +
        `group commit ${group ? `on (${groupInFlight} batch(es) in flight, at most ${groupMaxBatch} orders each)` : 'off'}\n` +
        `${machineLine()}; load generator, servers and PostgreSQL share them\n` +
        `pgbench -i -s ${clients}: ${((Date.now() - initStarted) / 1000).toFixed(1)} s\n`,
    );

    const options = (name: string, count: number): ServeOptions => ({
      databaseUrl: databaseUrl(baseUrl, name),
      stripes: count,
      users: userCount,
      instrument,
      respectLimit,
      profileDir,
      heapProfileDir,
      poolSize: clients + 4,
      group,
      groupInFlight,
      groupMaxBatch,
    });
    const striped = startServer(`striped (${stripes})`, options(names.striped, stripes));
    servers.push(striped);
    const single = startServer('single row', options(names.single, 1));
    servers.push(single);
    // the same striped server built from another checkout's code, measured in the same rounds (an A/B on a shared machine)
    const base =
      baseline && names.baseline
        ? startServer(
            'baseline (striped)',
            options(names.baseline, stripes),
            path.join(baseline, 'bench', 'order-placement.bench.ts'),
          )
        : null;
    if (base) servers.push(base);
    const [stripedReady, singleReady, baseReady] = await Promise.all([
      striped.ready('ready'),
      single.ready('ready'),
      base?.ready('ready'),
    ]);
    process.stdout.write(
      `servers ready: setup ${stripedReady.setupSeconds.toFixed(0)} s / ${singleReady.setupSeconds.toFixed(0)} s (${userCount} verified, funded users each)\n`,
    );
    const apps: {
      system: 'striped' | 'single' | 'baseline';
      server: ServerChild;
      ready: typeof stripedReady;
      database: string;
    }[] = [
      { system: 'striped', server: striped, ready: stripedReady, database: names.striped },
      ...(base && baseReady && names.baseline
        ? [{ system: 'baseline' as const, server: base, ready: baseReady, database: names.baseline }]
        : []),
      { system: 'single', server: single, ready: singleReady, database: names.single },
    ];

    const okTotals = new Map<string, number>(apps.map((a) => [a.system, 0]));
    for (const a of apps) {
      const w = await drive(a.ready.port, a.ready.users, clients, warmup, instrument, lots, paceMs);
      okTotals.set(a.system, (okTotals.get(a.system) ?? 0) + w.ok);
      process.stdout.write(
        `  warm-up ${a.system.padEnd(7)}: ${(w.ok / w.seconds).toFixed(0)} orders/s, ${w.failed} failed ${JSON.stringify(w.failures)}\n`,
      );
    }

    const measured: Measured[] = [];
    const failures: string[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const tps = await pgbenchRun(pgbench, pgEnv, clients, seconds);
      measured.push({ system: 'pgbench', round, perSecond: tps });
      process.stdout.write(`  round ${round} pgbench: ${tps.toFixed(0)} TPS\n`);
      // with a baseline, it and the striped server take turns going first after pgbench (PostgreSQL
      // is still writing pgbench's pages out then: the first run of a round is the slower one)
      const order = base && round % 2 === 0 ? [apps[1], apps[0], ...apps.slice(2)] : apps;
      for (const a of order as typeof apps) {
        const profileFile = `${a.system}-round${round}.cpuprofile`;
        await a.server.call({ type: 'profile', start: true, file: profileFile }, 'profiled');
        const { counts: countsBefore } = await a.server.call({ type: 'count' }, 'counted');
        const cpuBefore = await a.server.cpuTimes();
        const waits = sampleLockWaits(baseUrl, a.database);
        const r = await drive(a.ready.port, a.ready.users, clients, seconds, instrument, lots, paceMs);
        const lockWaiting = await waits.stop();
        const cpuAfter = await a.server.cpuTimes();
        const { counts: countsAfter } = await a.server.call({ type: 'count' }, 'counted');
        await a.server.call({ type: 'profile', start: false, file: profileFile }, 'profiled');
        const batches = countsAfter.batches - countsBefore.batches;
        okTotals.set(a.system, (okTotals.get(a.system) ?? 0) + r.ok);
        const m: Measured = {
          system: a.system,
          round,
          perSecond: r.ok / r.seconds,
          ok: r.ok,
          failed: r.failed,
          p50Ms: percentile(r.latenciesMs, 50),
          p99Ms: percentile(r.latenciesMs, 99),
          serverCpuMicrosPerOrder: r.ok > 0 ? (cpuAfter.micros - cpuBefore.micros) / r.ok : Number.NaN,
          serverSystemMicrosPerOrder: r.ok > 0 ? (cpuAfter.systemMicros - cpuBefore.systemMicros) / r.ok : Number.NaN,
          statementsPerOrder: r.ok > 0 ? (countsAfter.statements - countsBefore.statements) / r.ok : Number.NaN,
          roundTripsPerOrder: r.ok > 0 ? (countsAfter.roundTrips - countsBefore.roundTrips) / r.ok : Number.NaN,
          callsPerBatch: batches > 0 ? (countsAfter.batchedCalls - countsBefore.batchedCalls) / batches : Number.NaN,
          lockWaiting,
        };
        measured.push(m);
        if (r.failed > 0) failures.push(`${a.system} round ${round}: ${r.failed} failed ${JSON.stringify(r.failures)}`);
        process.stdout.write(
          `  round ${round} ${a.system.padEnd(7)}: ${m.perSecond.toFixed(0)} orders/s, p50 ${m.p50Ms?.toFixed(1)} ms, p99 ${m.p99Ms?.toFixed(1)} ms, ` +
            `backends waiting on a lock ${lockWaiting.toFixed(2)} (mean), CPU ${m.serverCpuMicrosPerOrder?.toFixed(0)} µs/order (${m.serverSystemMicrosPerOrder?.toFixed(0)} system), ` +
            `${m.statementsPerOrder?.toFixed(2)} statements and ${m.roundTripsPerOrder?.toFixed(2)} round trips/order, ${perBatch(m.callsPerBatch)}, ${r.failed} failed\n`,
        );
      }
    }

    const checks: Record<string, ServerCheck> = {};
    for (const a of apps) {
      const { check: c } = await a.server.call({ type: 'check' }, 'checked');
      checks[a.system] = c;
      if (c.violations.length > 0)
        failures.push(`${a.system}: ledger invariant broken: ${c.violations.slice(0, 3).join('; ')}`);
      if (c.orders !== okTotals.get(a.system))
        failures.push(`${a.system}: ${c.orders} orders stored for ${okTotals.get(a.system)} successful answers`);
      if (!c.feeIncomeMatches) {
        failures.push(`${a.system}: fee income ${c.feeIncome} differs from the orders' open fees ${c.openFees}`);
      }
    }

    const pick = (system: Measured['system']) => measured.filter((m) => m.system === system);
    const tps = median(pick('pgbench').map((m) => m.perSecond));
    const summary = (system: 'striped' | 'single' | 'baseline') => {
      const mine = pick(system);
      const perSecond = median(mine.map((m) => m.perSecond));
      return {
        ordersPerSec: perSecond,
        ratio: perSecond / tps,
        p50Ms: median(mine.map((m) => m.p50Ms ?? Number.NaN)),
        p99Ms: median(mine.map((m) => m.p99Ms ?? Number.NaN)),
        lockWaiting: median(mine.map((m) => m.lockWaiting ?? Number.NaN)),
        serverCpuMicrosPerOrder: median(mine.map((m) => m.serverCpuMicrosPerOrder ?? Number.NaN)),
        serverSystemMicrosPerOrder: median(mine.map((m) => m.serverSystemMicrosPerOrder ?? Number.NaN)),
        statementsPerOrder: median(mine.map((m) => m.statementsPerOrder ?? Number.NaN)),
        roundTripsPerOrder: median(mine.map((m) => m.roundTripsPerOrder ?? Number.NaN)),
        callsPerBatch: median(mine.map((m) => m.callsPerBatch ?? Number.NaN)),
      };
    };
    const stripedSummary = summary('striped');
    const singleSummary = summary('single');
    const baselineSummary = base ? summary('baseline') : null;
    if (baselineSummary)
      process.stdout.write(
        `\nbaseline (${baseline}), striped: ${baselineSummary.ordersPerSec.toFixed(0)} orders/s, ratio ${baselineSummary.ratio.toFixed(3)}, ` +
          `server CPU ${baselineSummary.serverCpuMicrosPerOrder.toFixed(0)} µs/order (${baselineSummary.serverSystemMicrosPerOrder.toFixed(0)} system), ` +
          `${baselineSummary.statementsPerOrder.toFixed(2)} statements/order, ${perBatch(baselineSummary.callsPerBatch)}; ` +
          `this checkout / baseline: ${(stripedSummary.ordersPerSec / baselineSummary.ordersPerSec).toFixed(2)}x orders/s, ` +
          `${(stripedSummary.serverCpuMicrosPerOrder / baselineSummary.serverCpuMicrosPerOrder).toFixed(2)}x CPU per order\n`,
      );
    process.stdout.write(
      `\npgbench TPC-B (-s ${clients} -c ${clients} -j ${Math.min(2, clients)} -T ${seconds}): ${tps.toFixed(0)} TPS\n` +
        `orders, house accounts striped x${stripes}: ${stripedSummary.ordersPerSec.toFixed(0)} orders/s, p99 ${stripedSummary.p99Ms.toFixed(1)} ms, ` +
        `server CPU ${stripedSummary.serverCpuMicrosPerOrder.toFixed(0)} µs/order (${stripedSummary.serverSystemMicrosPerOrder.toFixed(0)} system), ${stripedSummary.statementsPerOrder.toFixed(2)} statements/order, ${stripedSummary.roundTripsPerOrder.toFixed(2)} round trips/order, ` +
        `${perBatch(stripedSummary.callsPerBatch)}, ${stripedSummary.lockWaiting.toFixed(2)} backends waiting on locks, ` +
        `fee income over ${checks.striped?.feeIncomeRows ?? '?'} rows\n` +
        `orders, one row per house account: ${singleSummary.ordersPerSec.toFixed(0)} orders/s, p99 ${singleSummary.p99Ms.toFixed(1)} ms, ` +
        `server CPU ${singleSummary.serverCpuMicrosPerOrder.toFixed(0)} µs/order (${singleSummary.serverSystemMicrosPerOrder.toFixed(0)} system), ${singleSummary.statementsPerOrder.toFixed(2)} statements/order, ${singleSummary.roundTripsPerOrder.toFixed(2)} round trips/order, ` +
        `${perBatch(singleSummary.callsPerBatch)}, ${singleSummary.lockWaiting.toFixed(2)} backends waiting on locks, ` +
        `fee income over ${checks.single?.feeIncomeRows ?? '?'} row(s)\n` +
        `ratio striped/pgbench = ${stripedSummary.ratio.toFixed(3)} (target >= ${TARGET_RATIO}): ${stripedSummary.ratio >= TARGET_RATIO ? 'MET' : 'NOT MET'}\n` +
        `ratio single/pgbench  = ${singleSummary.ratio.toFixed(3)}; striped/single = ${(stripedSummary.ordersPerSec / singleSummary.ordersPerSec).toFixed(2)}\n` +
        `checks: ${Object.entries(checks)
          .map(
            ([k, c]) =>
              `${k} ${c.orders} orders, fee income ${c.feeIncome} = open fees ${c.openFees}, invariant ${c.violations.length === 0 ? 'ok' : 'BROKEN'}`,
          )
          .join('; ')}\n`,
    );

    const report = {
      benchmark: 'order-placement',
      date: new Date().toISOString(),
      machine: machineReport('load generator, servers and PostgreSQL share the same CPUs', { brief: true }),
      settings: {
        seconds,
        clients,
        rounds,
        warmupSeconds: warmup,
        users: userCount,
        stripes,
        instrument,
        lots,
        respectLimit,
        pgbenchScale: clients,
        group,
        groupInFlight,
        groupMaxBatch,
      },
      pgbenchTps: tps,
      striped: stripedSummary,
      single: singleSummary,
      ...(baselineSummary ? { baseline: { checkout: baseline, ...baselineSummary } } : {}),
      targetRatio: TARGET_RATIO,
      meetsTarget: stripedSummary.ratio >= TARGET_RATIO,
      checks,
      ok: failures.length === 0,
      failures,
      runs: measured,
    };
    process.stdout.write(`result written to ${writeResult('order-placement.json', report)}\n`);
    return exitCodeFor(failures);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    for (const database of created) await database.drop();
  }
}

const serveOptions = argOf('--serve');
if (serveOptions === undefined) runMain(main);
else runChild(() => serveApp(JSON.parse(serveOptions) as ServeOptions));
