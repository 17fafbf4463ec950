/**
 * Benchmark: `POST /api/vue/market/candles` for one year of daily candles (`period: '1d'`,
 * `limit: 252`) of the real app against a bare Fastify hello-world, plus the cold cost of the
 * first such request per instrument.
 *
 *   npx tsx bench/candles.bench.ts
 *
 * Same layout as bench/user-info.bench.ts: each server runs in its own child process (this file,
 * forked with `--serve hello|app`), autocannon runs here, runs are interleaved (hello, app,
 * hello, app, …) and the median of each is kept; the figure of merit is the ratio app/hello of
 * this one run. The route is public (no session) and reads no database: its cost is the
 * simulator, the envelope and the JSON of 252 bars.
 *
 * Before the load, this process asks for each instrument of the mix once, in order, and times
 * it (wall time seen here, CPU time of the server process): that first request per instrument
 * walks its daily closes and computes the minute path of every day of the year (an index: of
 * every member too). Requests for two other instruments in no index (ETH-USDT, the OTC stock
 * TCEHY) go first, twice each, so that the code is already compiled. Then every instrument is
 * asked once more (warm). autocannon then cycles through the mix.
 *
 * The app clock is pinned by default to Tuesday 2026-03-03 15:00Z, when every market trades, so
 * each answer's last bar is the day so far (computed from the day's minute path on every call)
 * and runs on any day give the same work; BENCH_CANDLES_AT=now uses the system clock.
 *
 * Environment (the same knobs as user-info, plus two):
 *   BENCH_SECONDS       duration of each measured run (default 10)
 *   BENCH_CONNECTIONS   concurrent connections (default 10)
 *   BENCH_ROUNDS        measured runs per server (default 2)
 *   BENCH_WARMUP        warm-up seconds per server (default 2)
 *   BENCH_CANDLES_LIMIT bars per request (default 252, one year of trading days)
 *   BENCH_CANDLES_AT    the app clock's instant (default 2026-03-03T15:00:00Z; `now`: the system clock)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';

const THIS_FILE = fileURLToPath(import.meta.url);
const RESULTS_DIR = path.join(path.dirname(THIS_FILE), 'results');
const ROUTE = '/api/vue/market/candles';
const INVITE_CODE = 'BENCH01';
/** Stocks of three markets, crypto, forex, and the S&P 500 last (its members are cold but AAPL). */
const MIX = ['i_usd_AAPL', 'i_mxn_WALMEX', 'i_eur_SAN', 'i_crypto_BTC-USDT', 'i_forex_EURUSD', 'i_usd_SPX'] as const;
const CODE_WARMUP_INSTRUMENTS = ['i_crypto_ETH-USDT', 'i_usd_TCEHY'] as const;
const DEFAULT_AT = '2026-03-03T15:00:00Z';

type ServerKind = 'hello' | 'app';

type ChildMessage =
  | { type: 'ready'; port: number; clock: string }
  | { type: 'cpu'; micros: number }
  | { type: 'error'; message: string };

type ParentMessage = { type: 'cpu' } | { type: 'stop' };

// ---------------------------------------------------------------------------------------------
// Server side (child processes)
// ---------------------------------------------------------------------------------------------

function send(message: ChildMessage): void {
  process.send?.(message);
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
      send({ type: 'cpu', micros: usage.user + usage.system });
    } else if (message.type === 'stop') {
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    }
  });
}

async function serveHello(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.post('/hello', async () => ({ status: 1 }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  onParentMessages(async () => {
    await app.close();
  });
  send({ type: 'ready', port: portOf(app.server.address()), clock: 'n/a' });
}

async function serveApp(): Promise<void> {
  const { buildApp } = await import('../apps/server/src/app.js');
  const { loadConfig } = await import('../apps/server/src/platform/config.js');
  const { openDatabase } = await import('../apps/server/src/platform/db.js');
  const { ManualClock, systemClock } = await import('../apps/server/src/platform/clock.js');
  const { seedDemo, seedEssentials } = await import('../apps/server/src/seed/seed.js');

  const setting = process.env.BENCH_CANDLES_AT?.trim() || DEFAULT_AT;
  const pinned = setting === 'now' ? null : setting;
  const clock = pinned ? new ManualClock(new Date(pinned)) : systemClock;
  if (Number.isNaN(clock.now().getTime())) throw new Error('BENCH_CANDLES_AT is not a date');
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  await seedEssentials(database.db, clock);
  await seedDemo(database.db, clock, INVITE_CODE);
  const { app } = await buildApp({
    config: loadConfig({}),
    database,
    clock,
    logger: false,
    limits: { perCaller: { points: 1e9, durationSec: 1 } },
    webDist: null,
    adminDist: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  onParentMessages(async () => {
    await app.close();
    await database.close();
  });
  send({ type: 'ready', port: portOf(app.server.address()), clock: pinned ? `pinned at ${clock.now().toISOString()}` : 'system clock' });
}

async function serve(kind: ServerKind): Promise<void> {
  try {
    if (kind === 'hello') await serveHello();
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
    child.on('message', (raw: unknown) => this.waiting.shift()?.(raw as ChildMessage));
    child.on('exit', (code) => {
      this.exited = true;
      for (const next of this.waiting.splice(0)) next({ type: 'error', message: `${kind} server exited with code ${String(code)}` });
    });
  }

  static start(kind: ServerKind): ServerChild {
    const child = fork(THIS_FILE, ['--serve', kind], { env: process.env, execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return new ServerChild(kind, child);
  }

  private next(): Promise<ChildMessage> {
    if (this.exited) return Promise.resolve({ type: 'error', message: `${this.kind} server is not running` });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async ready(): Promise<{ port: number; clock: string }> {
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
    return message.micros;
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
  base: string;
  path: string;
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
  bytesPerSec: number;
  non2xx: number;
  mismatches: number;
  errors: number;
  serverCpuMicrosPerRequest: number;
}

interface SingleRequest {
  instrumentId: string;
  wallMs: number;
  serverCpuMs: number;
  bars: number;
  bytes: number;
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

const bodyOf = (instrumentId: string, limit: number) => JSON.stringify({ instrumentId, period: '1d', limit });

function fire(target: Target, seconds: number, connections: number, limit: number): Promise<Result> {
  return autocannon({
    url: target.base,
    connections,
    duration: seconds,
    pipelining: 1,
    timeout: 10,
    requests: MIX.map((id) => ({ method: 'POST', path: target.path, headers: { 'content-type': 'application/json' }, body: bodyOf(id, limit) })),
    verifyBody: (body) => body.startsWith('{"status":1'),
  });
}

async function measure(target: Target, round: number, seconds: number, connections: number, limit: number): Promise<RunSummary> {
  const cpuBefore = await target.server.cpuMicros();
  const result = await fire(target, seconds, connections, limit);
  const cpuAfter = await target.server.cpuMicros();
  return {
    kind: target.kind,
    round,
    requestsPerSec: result.requests.average,
    totalRequests: result.requests.total,
    latencyAvgMs: result.latency.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    bytesPerSec: result.throughput.average,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    errors: result.errors,
    serverCpuMicrosPerRequest: result.requests.total > 0 ? (cpuAfter - cpuBefore) / result.requests.total : Number.NaN,
  };
}

/** One request, timed here (wall) and in the server (CPU); the answer must be a full list. */
async function single(target: Target, instrumentId: string, limit: number): Promise<SingleRequest> {
  const cpuBefore = await target.server.cpuMicros();
  const started = performance.now();
  const response = await fetch(`${target.base}${target.path}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: bodyOf(instrumentId, limit),
  });
  const text = await response.text();
  const wallMs = performance.now() - started;
  const cpuAfter = await target.server.cpuMicros();
  const answer = JSON.parse(text) as { status?: number; data?: { list?: unknown[] } };
  if (response.status !== 200 || answer.status !== 1) throw new Error(`${instrumentId}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return { instrumentId, wallMs, serverCpuMs: (cpuAfter - cpuBefore) / 1000, bars: answer.data?.list?.length ?? 0, bytes: Buffer.byteLength(text) };
}

function pad(value: string, width: number): string {
  return value.length >= width ? value : ' '.repeat(width - value.length) + value;
}

function row(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : pad(cell, widths[i] ?? 0))).join('  ');
}

async function main(): Promise<number> {
  const seconds = envInt('BENCH_SECONDS', 10);
  const connections = envInt('BENCH_CONNECTIONS', 10);
  const rounds = envInt('BENCH_ROUNDS', 2);
  const warmup = envInt('BENCH_WARMUP', 2);
  const limit = envInt('BENCH_CANDLES_LIMIT', 252);
  const wallStart = performance.now();

  const hello = ServerChild.start('hello');
  const app = ServerChild.start('app');
  try {
    const [helloReady, appReady] = await Promise.all([hello.ready(), app.ready()]);
    const targets: Target[] = [
      { kind: 'hello', server: hello, base: `http://127.0.0.1:${helloReady.port}`, path: '/hello' },
      { kind: 'app', server: app, base: `http://127.0.0.1:${appReady.port}`, path: ROUTE },
    ];
    const appTarget = targets[1] as Target;
    process.stdout.write(
      `candles benchmark: period 1d, limit ${limit}, mix ${MIX.join(', ')}; ${connections} connections, ` +
        `${seconds} s x ${rounds} rounds per server, warm-up ${warmup} s, PGlite (in memory), app clock: ${appReady.clock}\n` +
        `machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}, load ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}; load generator and servers share these CPUs\n`,
    );

    const codeWarmup: SingleRequest[] = [];
    for (const id of [...CODE_WARMUP_INSTRUMENTS, ...CODE_WARMUP_INSTRUMENTS]) codeWarmup.push(await single(appTarget, id, limit));
    process.stdout.write(
      `  code warm-up: ${codeWarmup.map((c) => `${c.instrumentId} ${c.wallMs.toFixed(0)} ms wall / ${c.serverCpuMs.toFixed(0)} ms CPU`).join(', ')}\n`,
    );
    const cold: SingleRequest[] = [];
    for (const id of MIX) cold.push(await single(appTarget, id, limit));
    const warm: SingleRequest[] = [];
    for (const id of MIX) warm.push(await single(appTarget, id, limit));
    const coldWidths = [18, 6, 8, 13, 15, 13, 15];
    process.stdout.write(
      `\n${row(['first request', 'bars', 'KiB', 'cold wall ms', 'cold server ms', 'warm wall ms', 'warm server ms'], coldWidths)}\n`,
    );
    for (const [i, c] of cold.entries()) {
      const w = warm[i];
      process.stdout.write(
        `${row(
          [c.instrumentId, String(c.bars), (c.bytes / 1024).toFixed(1), c.wallMs.toFixed(1), c.serverCpuMs.toFixed(1), (w?.wallMs ?? Number.NaN).toFixed(1), (w?.serverCpuMs ?? Number.NaN).toFixed(1)],
          coldWidths,
        )}\n`,
      );
    }
    process.stdout.write('\n');

    for (const target of targets) {
      const result = await fire(target, warmup, connections, limit);
      process.stdout.write(`  warm-up ${target.kind}: ${Math.round(result.requests.average)} req/s\n`);
    }
    const runs: RunSummary[] = [];
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        const run = await measure(target, round, seconds, connections, limit);
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
        bytesPerSec: median(mine.map((run) => run.bytesPerSec)),
        serverCpuMicrosPerRequest: median(mine.map((run) => run.serverCpuMicrosPerRequest)),
        totalRequests: mine.reduce((sum, run) => sum + run.totalRequests, 0),
        non2xx: mine.reduce((sum, run) => sum + run.non2xx, 0),
        mismatches: mine.reduce((sum, run) => sum + run.mismatches, 0),
        errors: mine.reduce((sum, run) => sum + run.errors, 0),
      };
    };
    const helloSummary = summarise('hello');
    const appSummary = summarise('app');
    const ratio = appSummary.requestsPerSec / helloSummary.requestsPerSec;

    const widths = [6, 10, 9, 9, 9, 14, 8, 10, 7];
    const lines = [
      row(['server', 'req/s', 'MiB/s', 'avg ms', 'p99 ms', 'CPU µs/req', 'non-2xx', 'mismatch', 'errors'], widths),
      ...(['hello', 'app'] as const).map((kind) => {
        const s = kind === 'hello' ? helloSummary : appSummary;
        return row(
          [
            kind,
            s.requestsPerSec.toFixed(0),
            (s.bytesPerSec / 1024 / 1024).toFixed(1),
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
    process.stdout.write(`\n${lines.join('\n')}\n\nratio app/hello = ${ratio.toFixed(3)} (no target set for this route)\n`);

    const failures: string[] = [];
    if (appSummary.non2xx > 0) failures.push(`${appSummary.non2xx} non-2xx app responses`);
    if (appSummary.mismatches > 0) failures.push(`${appSummary.mismatches} app responses without "status":1`);
    if (appSummary.errors > 0) failures.push(`${appSummary.errors} app request errors/timeouts`);
    if (helloSummary.non2xx + helloSummary.mismatches + helloSummary.errors > 0) failures.push('hello-world answered badly');
    if (appSummary.totalRequests === 0) failures.push('no app requests completed');
    for (const c of cold) if (c.bars !== limit) failures.push(`${c.instrumentId}: ${c.bars} bars instead of ${limit}`);

    const report = {
      benchmark: 'candles',
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? null,
        totalMemoryBytes: os.totalmem(),
        loadAverageAtEnd: os.loadavg(),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        note: 'load generator (autocannon) and the servers share the same CPUs',
      },
      settings: { seconds, connections, pipelining: 1, rounds, warmupSeconds: warmup, route: ROUTE, period: '1d', limit, mix: MIX, appClock: appReady.clock },
      codeWarmup,
      cold,
      warm,
      hello: helloSummary,
      app: appSummary,
      ratio,
      ok: failures.length === 0,
      failures,
      wallSeconds: (performance.now() - wallStart) / 1000,
      runs,
    };
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, 'candles.json'), `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(
      `result written to ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'candles.json'))}; wall time ${report.wallSeconds.toFixed(0)} s\n`,
    );
    if (failures.length > 0) {
      process.stderr.write(`FAILED: ${failures.join('; ')}\n`);
      return 1;
    }
    return 0;
  } finally {
    await Promise.all([hello.stop(), app.stop()]);
  }
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex >= 0) {
  const kind = process.argv[serveIndex + 1];
  if (kind !== 'hello' && kind !== 'app') {
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
