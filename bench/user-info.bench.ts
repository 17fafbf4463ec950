/**
 * Benchmark: `POST /api/vue/user/getUserinfo` of the real app against a bare Fastify hello-world.
 *
 *   npx tsx bench/user-info.bench.ts
 *
 * Each server runs in its own child process (this file, forked with `--serve hello|same|app`) so the
 * load generator (autocannon, in this process) does not share an event loop with the server
 * under test. Each round measures every server once, back to back, starting with a different
 * server each round (so no server always runs first or last); a round's ratio app/hello compares
 * two runs a few seconds apart. The figure of merit is the median of the rounds' ratios, because
 * absolute numbers on a small shared machine move a lot from minute to minute (the spread is
 * printed with it).
 *
 * Environment:
 *   BENCH_SECONDS      duration of each measured run (default 5)
 *   BENCH_CONNECTIONS  concurrent connections (default 10)
 *   BENCH_ROUNDS       rounds, one measured run per server each (default 6)
 *   BENCH_WARMUP       warm-up seconds per server (default 3)
 *   DATABASE_URL       PostgreSQL server: a fresh database bench_<random> is created there and
 *                      dropped afterwards; without it the app uses in-memory PGlite.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';

const THIS_FILE = fileURLToPath(import.meta.url);
const BENCH_DIR = path.dirname(THIS_FILE);
const RESULTS_DIR = path.join(BENCH_DIR, 'results');
const TARGET_RATIO = 0.6;
const INVITE_CODE = 'BENCH01';
const ROUTE = '/api/vue/user/getUserinfo';

/** `same`: a bare Fastify that sends the app's answer bytes (security headers, request id, a getUserinfo body): the ceiling for any code. */
type ServerKind = 'hello' | 'same' | 'app';

/** Messages from a server child to this process. */
type ChildMessage =
  | { type: 'ready'; port: number; headers: Record<string, string>; database: string }
  | { type: 'cpu'; userMicros: number; systemMicros: number }
  | { type: 'error'; message: string };

/** Messages from this process to a server child. */
type ParentMessage = { type: 'cpu' } | { type: 'stop' };

// ---------------------------------------------------------------------------------------------
// Server side (child processes)
// ---------------------------------------------------------------------------------------------

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function serveHello(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.post('/hello', async () => ({ status: 1 }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  onParentMessages(async () => {
    await app.close();
  });
  send({ type: 'ready', port: portOf(app.server.address()), headers: {}, database: 'none' });
}

async function serveSameBytes(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { randomUUID } = await import('node:crypto');
  const { API_SECURITY_HEADERS } = await import('../apps/server/src/platform/security-headers.js');
  const answer = {
    status: 1, msg: 'ok',
    data: {
      id: 'u_YeAPYhHMcAwFjsxy', account: '15310857882', realname: '', is_true: 0, phone: '15310857882', kycStatus: 'none',
      accountType: 'standard', hasFundPassword: false, dayTrading: false, inviteCode: '3FLF63VG', restrictions: [],
      createdAt: '2026-11-22T01:27:38.013Z',
    },
  };
  const app = Fastify({ logger: false });
  app.post('/hello', async (_request, reply) => {
    reply.headers(API_SECURITY_HEADERS);
    reply.header('x-request-id', randomUUID());
    return answer;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  onParentMessages(async () => {
    await app.close();
  });
  send({ type: 'ready', port: portOf(app.server.address()), headers: {}, database: 'none' });
}

async function serveApp(): Promise<void> {
  const { buildApp } = await import('../apps/server/src/app.js');
  const { loadConfig } = await import('../apps/server/src/platform/config.js');
  const { openDatabase } = await import('../apps/server/src/platform/db.js');
  const { systemClock } = await import('../apps/server/src/platform/clock.js');
  const { seedDemo, seedEssentials } = await import('../apps/server/src/seed/seed.js');

  const databaseUrl = process.env.BENCH_APP_DATABASE_URL || null;
  const config = loadConfig({ DATABASE_URL: databaseUrl ?? undefined, DEMO: '1', DEMO_INVITE_CODE: INVITE_CODE });
  const database = await openDatabase({ databaseUrl, dataDir: null });
  await seedEssentials(database.db, systemClock);
  await seedDemo(database.db, systemClock, INVITE_CODE);
  const { app } = await buildApp({
    config,
    database,
    logger: false,
    limits: { perCaller: { points: 1e9, durationSec: 1 } },
    webDist: null,
    adminDist: null,
  });

  const phone = `1${String(Date.now()).slice(-10)}`;
  const password = 'Bench12345';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/vue/user/register',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ phone, password, confirmPassword: password, inviteCode: INVITE_CODE, agreementAccepted: true }),
  });
  const answer = registered.json<{ status: number; msg?: string; data?: { token?: string; account?: string } }>();
  const token = answer.data?.token;
  const account = answer.data?.account;
  if (registered.statusCode !== 200 || answer.status !== 1 || !token || !account) {
    throw new Error(`registration failed: HTTP ${registered.statusCode} ${registered.body}`);
  }
  // One authenticated call through inject proves the headers work before the load starts.
  const probe = await app.inject({
    method: 'POST', url: ROUTE, headers: { 'content-type': 'application/json', token, account }, payload: '{}',
  });
  if (probe.statusCode !== 200 || !probe.body.includes('"status":1')) {
    throw new Error(`getUserinfo probe failed: HTTP ${probe.statusCode} ${probe.body}`);
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  onParentMessages(async () => {
    await app.close();
    await database.close();
  });
  send({ type: 'ready', port: portOf(app.server.address()), headers: { token, account }, database: database.kind });
}

function portOf(address: ReturnType<import('node:net').Server['address']>): number {
  if (address && typeof address === 'object') return address.port;
  throw new Error(`unexpected listen address ${String(address)}`);
}

function onParentMessages(close: () => Promise<void>): void {
  process.on('message', (raw: unknown) => {
    const message = raw as ParentMessage;
    if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      send({ type: 'cpu', userMicros: usage.user, systemMicros: usage.system });
    } else if (message.type === 'stop') {
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    }
  });
}

async function serve(kind: ServerKind): Promise<void> {
  try {
    if (kind === 'hello') await serveHello();
    else if (kind === 'same') await serveSameBytes();
    else await serveApp();
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? error.stack ?? error.message : String(error) });
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------------------------
// Load side (this process)
// ---------------------------------------------------------------------------------------------

class ServerChild {
  private readonly waiting: Array<(message: ChildMessage) => void> = [];
  private exited = false;

  private constructor(
    readonly kind: ServerKind,
    private readonly child: ChildProcess,
  ) {
    child.on('message', (raw: unknown) => {
      const next = this.waiting.shift();
      if (next) next(raw as ChildMessage);
    });
    child.on('exit', (code) => {
      this.exited = true;
      for (const next of this.waiting.splice(0)) next({ type: 'error', message: `${kind} server exited with code ${String(code)}` });
    });
  }

  static start(kind: ServerKind, env: NodeJS.ProcessEnv): ServerChild {
    const child = fork(THIS_FILE, ['--serve', kind], { env, execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return new ServerChild(kind, child);
  }

  private next(): Promise<ChildMessage> {
    if (this.exited) return Promise.resolve({ type: 'error', message: `${this.kind} server is not running` });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async ready(): Promise<{ port: number; headers: Record<string, string>; database: string }> {
    const message = await this.next();
    if (message.type !== 'ready') throw new Error(`${this.kind} server failed to start: ${message.type === 'error' ? message.message : message.type}`);
    return message;
  }

  /** CPU time (user + system) the server process has used so far, in microseconds. */
  async cpuMicros(): Promise<number> {
    const answer = this.next();
    this.child.send({ type: 'cpu' } satisfies ParentMessage);
    const message = await answer;
    if (message.type !== 'cpu') throw new Error(`${this.kind} server: ${message.type === 'error' ? message.message : message.type}`);
    return message.userMicros + message.systemMicros;
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.send({ type: 'stop' } satisfies ParentMessage);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

interface Target {
  kind: ServerKind;
  server: ServerChild;
  url: string;
  headers: Record<string, string>;
}

interface RunSummary {
  kind: ServerKind;
  round: number;
  requestsPerSec: number;
  totalRequests: number;
  latencyAvgMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  non2xx: number;
  mismatches: number;
  errors: number;
  timeouts: number;
  serverCpuMicrosPerRequest: number;
  statusCodes: Record<string, number>;
}

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  const lower = sorted[middle - 1] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : (lower + upper) / 2;
}

function fire(target: Target, seconds: number, connections: number): Promise<Result> {
  return autocannon({
    url: target.url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...target.headers },
    body: '{}',
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    verifyBody: (body) => body.includes('"status":1'),
  });
}

async function measure(target: Target, round: number, seconds: number, connections: number): Promise<RunSummary> {
  const cpuBefore = await target.server.cpuMicros();
  const result = await fire(target, seconds, connections);
  const cpuAfter = await target.server.cpuMicros();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats)) statusCodes[code] = stat.count;
  return {
    kind: target.kind,
    round,
    requestsPerSec: result.requests.average,
    totalRequests: result.requests.total,
    latencyAvgMs: result.latency.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuMicrosPerRequest: result.requests.total > 0 ? (cpuAfter - cpuBefore) / result.requests.total : Number.NaN,
    statusCodes,
  };
}

/** A fresh database on the PostgreSQL server of `url`; `drop` removes it (closing any leftover connections). */
async function createPostgresDatabase(url: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    name,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

function pad(value: string, width: number): string {
  return value.length >= width ? value : ' '.repeat(width - value.length) + value;
}

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : pad(cell, widths[i] ?? 0))).join('  ');
}

async function main(): Promise<number> {
  const seconds = envInt('BENCH_SECONDS', 5);
  const connections = envInt('BENCH_CONNECTIONS', 10);
  const rounds = envInt('BENCH_ROUNDS', 6);
  const warmup = envInt('BENCH_WARMUP', 3);
  const postgresUrl = process.env.DATABASE_URL?.trim() || null;

  const created = postgresUrl ? await createPostgresDatabase(postgresUrl) : null;
  const servers: ServerChild[] = [];
  try {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, BENCH_APP_DATABASE_URL: created?.url ?? '' };
    delete childEnv.DATABASE_URL;
    const hello = ServerChild.start('hello', childEnv);
    servers.push(hello);
    const app = ServerChild.start('app', childEnv);
    servers.push(app);
    const same = ServerChild.start('same', childEnv);
    servers.push(same);
    const [helloReady, appReady, sameReady] = await Promise.all([hello.ready(), app.ready(), same.ready()]);
    const targets: Target[] = [
      { kind: 'hello', server: hello, url: `http://127.0.0.1:${helloReady.port}/hello`, headers: appReady.headers },
      { kind: 'same', server: same, url: `http://127.0.0.1:${sameReady.port}/hello`, headers: appReady.headers },
      { kind: 'app', server: app, url: `http://127.0.0.1:${appReady.port}${ROUTE}`, headers: appReady.headers },
    ];
    const databaseLabel = appReady.database === 'postgres' ? `PostgreSQL (${created?.name ?? '?'})` : 'PGlite (in memory)';

    process.stdout.write(
      `user-info benchmark: ${connections} connections, ${seconds} s x ${rounds} rounds per server, ` +
        `warm-up ${warmup} s, database ${databaseLabel}\n` +
        `machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}; ` +
        `load generator and servers share these CPUs\n`,
    );

    for (const target of targets) {
      const result = await fire(target, warmup, connections);
      process.stdout.write(`  warm-up ${target.kind}: ${Math.round(result.requests.average)} req/s\n`);
    }

    const runs: RunSummary[] = [];
    for (let round = 1; round <= rounds; round++) {
      const order = targets.map((_, i) => targets[(i + round - 1) % targets.length] as Target);
      for (const target of order) {
        const run = await measure(target, round, seconds, connections);
        runs.push(run);
        process.stdout.write(
          `  round ${round} ${target.kind.padEnd(5)}: ${Math.round(run.requestsPerSec)} req/s, p99 ${run.latencyP99Ms} ms, ` +
            `non-2xx ${run.non2xx}, mismatched bodies ${run.mismatches}, errors ${run.errors}\n`,
        );
      }
    }

    const summarise = (kind: ServerKind) => {
      const mine = runs.filter((run) => run.kind === kind);
      return {
        requestsPerSec: median(mine.map((run) => run.requestsPerSec)),
        latencyAvgMs: median(mine.map((run) => run.latencyAvgMs)),
        latencyP50Ms: median(mine.map((run) => run.latencyP50Ms)),
        latencyP99Ms: median(mine.map((run) => run.latencyP99Ms)),
        serverCpuMicrosPerRequest: median(mine.map((run) => run.serverCpuMicrosPerRequest)),
        totalRequests: mine.reduce((sum, run) => sum + run.totalRequests, 0),
        non2xx: mine.reduce((sum, run) => sum + run.non2xx, 0),
        mismatches: mine.reduce((sum, run) => sum + run.mismatches, 0),
        errors: mine.reduce((sum, run) => sum + run.errors, 0),
      };
    };
    const helloSummary = summarise('hello');
    const sameSummary = summarise('same');
    const appSummary = summarise('app');
    const perRound = (kind: ServerKind) => runs.filter((run) => run.kind === kind).map((run) => run.requestsPerSec);
    const roundRatios = (over: ServerKind, under: ServerKind) => {
      const top = perRound(over);
      const bottom = perRound(under);
      return top.map((value, i) => value / (bottom[i] ?? Number.NaN));
    };
    const appRatios = roundRatios('app', 'hello');
    const ratio = median(appRatios);
    const meetsTarget = ratio >= TARGET_RATIO;
    const spread = (values: number[]) => `${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)}`;

    const widths = [6, 10, 9, 9, 14, 8, 10, 7];
    const lines = [
      row(['server', 'req/s', 'avg ms', 'p99 ms', 'CPU µs/req', 'non-2xx', 'mismatch', 'errors'], widths),
      ...(['hello', 'same', 'app'] as const).map((kind) => {
        const s = kind === 'hello' ? helloSummary : kind === 'same' ? sameSummary : appSummary;
        return row(
          [
            kind,
            s.requestsPerSec.toFixed(0),
            s.latencyAvgMs.toFixed(2),
            String(s.latencyP99Ms),
            s.serverCpuMicrosPerRequest.toFixed(0),
            String(s.non2xx),
            String(s.mismatches),
            String(s.errors),
          ],
          widths,
        );
      }),
    ];
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
    process.stdout.write(
      `ratio app/hello = ${ratio.toFixed(3)} (median of ${rounds} rounds, spread ${spread(appRatios)}; ` +
        `target >= ${TARGET_RATIO}): ${meetsTarget ? 'MET' : 'NOT MET'}\n` +
        `same bytes/hello = ${median(roundRatios('same', 'hello')).toFixed(3)} (the ceiling: a bare Fastify sending the app's headers and body)\n` +
        `app/same bytes = ${median(roundRatios('app', 'same')).toFixed(3)} (what our code costs over sending those bytes)\n`,
    );

    const failures: string[] = [];
    if (appSummary.non2xx > 0) failures.push(`${appSummary.non2xx} non-2xx app responses`);
    if (appSummary.mismatches > 0) failures.push(`${appSummary.mismatches} app responses without "status":1`);
    if (appSummary.errors > 0) failures.push(`${appSummary.errors} app request errors/timeouts`);
    if (helloSummary.non2xx + helloSummary.mismatches + helloSummary.errors > 0) failures.push('hello-world answered badly');
    if (appSummary.totalRequests === 0) failures.push('no app requests completed');

    const report = {
      benchmark: 'user-info',
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? null,
        totalMemoryBytes: os.totalmem(),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        note: 'load generator (autocannon) and the servers share the same CPUs',
      },
      settings: { seconds, connections, pipelining: 1, rounds, warmupSeconds: warmup, route: ROUTE },
      database: appReady.database,
      hello: helloSummary,
      sameBytes: sameSummary,
      app: appSummary,
      ratio,
      roundRatios: appRatios,
      targetRatio: TARGET_RATIO,
      meetsTarget,
      ok: failures.length === 0,
      failures,
      runs,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    const json = `${JSON.stringify(report, null, 2)}\n`;
    writeFileSync(path.join(RESULTS_DIR, 'user-info.json'), json);
    writeFileSync(path.join(RESULTS_DIR, `user-info.${appReady.database}.json`), json);
    process.stdout.write(`result written to ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'user-info.json'))}\n`);

    if (failures.length > 0) {
      process.stderr.write(`FAILED: ${failures.join('; ')}\n`);
      return 1;
    }
    return 0;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    if (created) await created.drop();
  }
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex >= 0) {
  const kind = process.argv[serveIndex + 1];
  if (kind !== 'hello' && kind !== 'same' && kind !== 'app') {
    process.stderr.write(`unknown server kind ${String(kind)}\n`);
    process.exit(2);
  }
  void serve(kind);
} else {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`benchmark failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
