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
 * While the cold requests run (and one more: the S&P 500's monthly bars since 2021, `1M` with
 * limit 1000, the heaviest chart there is), a probe asks `GET /health` again and again from
 * this process; its latencies are what another client sees while a cold chart is computed
 * (issue 18: the chart is computed in slices, so the probe should stay within tens of ms).
 *
 * Environment (the same knobs as user-info, plus two):
 *   BENCH_SECONDS       duration of each measured run (default 10)
 *   BENCH_CONNECTIONS   concurrent connections (default 10)
 *   BENCH_ROUNDS        measured runs per server (default 2)
 *   BENCH_WARMUP        warm-up seconds per server (default 2)
 *   BENCH_CANDLES_LIMIT bars per request (default 252, one year of trading days)
 *   BENCH_CANDLES_AT    the app clock's instant (default 2026-03-03T15:00:00Z; `now`: the system clock)
 */
import { fileURLToPath } from 'node:url';
import type { Result } from 'autocannon';
import { buildBenchApp, listenHello, listenOnLoopback, openSeededDatabase } from './lib/app-server.js';
import { answerCoordinator, argOf, Child, reply, runChild, runMain } from './lib/child-server.js';
import { envInt } from './lib/env.js';
import {
  answerFailures,
  load,
  measureRun,
  PIPELINING,
  rateAndLatency,
  roundLine,
  summariseServer,
  summaryTable,
  warmUpLine,
  type HttpRun,
} from './lib/http-load.js';
import { exitCodeFor, loadLine, machineLine, machineReport, row, writeResult } from './lib/report.js';

const THIS_FILE = fileURLToPath(import.meta.url);
const ROUTE = '/api/vue/market/candles';
/** Stocks of three markets, crypto, forex, and the S&P 500 last (its members are cold but AAPL). */
const MIX = ['i_usd_AAPL', 'i_mxn_WALMEX', 'i_eur_SAN', 'i_crypto_BTC-USDT', 'i_forex_EURUSD', 'i_usd_SPX'] as const;
const CODE_WARMUP_INSTRUMENTS = ['i_crypto_ETH-USDT', 'i_usd_TCEHY'] as const;
const DEFAULT_AT = '2026-03-03T15:00:00Z';

type ServerKind = 'hello' | 'app';

/** A server child's first message. */
type Ready = { type: 'ready'; port: number; clock: string };

// ---------------------------------------------------------------------------------------------
// Server side (child processes)
// ---------------------------------------------------------------------------------------------

async function serveHello(): Promise<void> {
  const hello = await listenHello();
  answerCoordinator(hello.close);
  reply<Ready>({ type: 'ready', port: hello.port, clock: 'n/a' });
}

async function serveApp(): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/platform/config.js');
  const { ManualClock, systemClock } = await import('../apps/server/src/platform/clock.js');

  const setting = process.env.BENCH_CANDLES_AT?.trim() || DEFAULT_AT;
  const pinned = setting === 'now' ? null : setting;
  const clock = pinned ? new ManualClock(new Date(pinned)) : systemClock;
  if (Number.isNaN(clock.now().getTime())) throw new Error('BENCH_CANDLES_AT is not a date');
  const database = await openSeededDatabase({ databaseUrl: null, clock });
  const { app } = await buildBenchApp({
    config: loadConfig({}),
    database,
    clock,
    limits: { perCaller: { points: 1e9, durationSec: 1 }, candlesCost: { points: 1e9, durationSec: 60 } },
  });
  const port = await listenOnLoopback(app);
  answerCoordinator(async () => {
    await app.close();
    await database.close();
  });
  reply<Ready>({ type: 'ready', port, clock: pinned ? `pinned at ${clock.now().toISOString()}` : 'system clock' });
}

// ---------------------------------------------------------------------------------------------
// Load side (this process)
// ---------------------------------------------------------------------------------------------

type ServerChild = Child<never, Ready>;

interface Target {
  kind: ServerKind;
  server: ServerChild;
  base: string;
  path: string;
}

interface RunSummary extends HttpRun {
  kind: ServerKind;
  round: number;
  bytesPerSec: number;
}

interface SingleRequest {
  instrumentId: string;
  wallMs: number;
  serverCpuMs: number;
  bars: number;
  bytes: number;
}

const bodyOf = (instrumentId: string, limit: number, period = '1d') => JSON.stringify({ instrumentId, period, limit });

/** Asks /health back to back until `stop()`; gives the latencies seen (ms). */
function healthProbe(base: string): { stop: () => Promise<number[]>; errors: () => string[] } {
  const latencies: number[] = [];
  const errors: string[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${base}/health`);
        await response.text();
        latencies.push(performance.now() - started);
      } catch (error) {
        // a connection the server reset: counted, and the probe goes on with a new one
        errors.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return latencies;
    },
    errors: () => errors,
  };
}

function probeSummary(latencies: number[]): { count: number; p50: number; p99: number; max: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? Number.NaN };
}

function fire(target: Target, seconds: number, connections: number, limit: number): Promise<Result> {
  return load({
    url: target.base,
    connections,
    duration: seconds,
    requests: MIX.map((id) => ({
      method: 'POST',
      path: target.path,
      headers: { 'content-type': 'application/json' },
      body: bodyOf(id, limit),
    })),
    verifyBody: (body) => body.startsWith('{"status":1'),
  });
}

async function measure(
  target: Target,
  round: number,
  seconds: number,
  connections: number,
  limit: number,
): Promise<RunSummary> {
  const { result, serverCpuMicrosPerRequest } = await measureRun(target.server, () =>
    fire(target, seconds, connections, limit),
  );
  return {
    kind: target.kind,
    round,
    ...rateAndLatency(result),
    bytesPerSec: result.throughput.average,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    errors: result.errors,
    serverCpuMicrosPerRequest,
  };
}

/** One request, timed here (wall) and in the server (CPU); the answer must be a full list. */
async function single(target: Target, instrumentId: string, limit: number, period = '1d'): Promise<SingleRequest> {
  const cpuBefore = await target.server.cpuMicros();
  const started = performance.now();
  const ask = () =>
    fetch(`${target.base}${target.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bodyOf(instrumentId, limit, period),
    });
  // a kept-alive connection the server closed just as it was reused: asked once more
  const response = await ask().catch((error: unknown) => {
    process.stdout.write(
      `  (${instrumentId}: ${String((error as { cause?: { code?: string } }).cause?.code ?? error)}, asked again)\n`,
    );
    return ask();
  });
  const text = await response.text();
  const wallMs = performance.now() - started;
  const cpuAfter = await target.server.cpuMicros();
  const answer = JSON.parse(text) as { status?: number; data?: { list?: unknown[] } };
  if (response.status !== 200 || answer.status !== 1)
    throw new Error(`${instrumentId}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return {
    instrumentId,
    wallMs,
    serverCpuMs: (cpuAfter - cpuBefore) / 1000,
    bars: answer.data?.list?.length ?? 0,
    bytes: Buffer.byteLength(text),
  };
}

async function main(): Promise<number> {
  const seconds = envInt('BENCH_SECONDS', 10);
  const connections = envInt('BENCH_CONNECTIONS', 10);
  const rounds = envInt('BENCH_ROUNDS', 2);
  const warmup = envInt('BENCH_WARMUP', 2);
  const limit = envInt('BENCH_CANDLES_LIMIT', 252);
  const wallStart = performance.now();

  const hello = Child.fork<never, Ready>(THIS_FILE, ['--serve', 'hello'], { label: 'hello server' });
  const app = Child.fork<never, Ready>(THIS_FILE, ['--serve', 'app'], { label: 'app server' });
  try {
    const [helloReady, appReady] = await Promise.all([hello.ready('ready'), app.ready('ready')]);
    const targets: Target[] = [
      { kind: 'hello', server: hello, base: `http://127.0.0.1:${helloReady.port}`, path: '/hello' },
      { kind: 'app', server: app, base: `http://127.0.0.1:${appReady.port}`, path: ROUTE },
    ];
    const appTarget = targets[1] as Target;
    process.stdout.write(
      `candles benchmark: period 1d, limit ${limit}, mix ${MIX.join(', ')}; ${connections} connections, ` +
        `${seconds} s x ${rounds} rounds per server, warm-up ${warmup} s, PGlite (in memory), app clock: ${appReady.clock}\n` +
        `${machineLine()}, ${loadLine()}; load generator and servers share these CPUs\n`,
    );

    const codeWarmup: SingleRequest[] = [];
    for (const id of [...CODE_WARMUP_INSTRUMENTS, ...CODE_WARMUP_INSTRUMENTS])
      codeWarmup.push(await single(appTarget, id, limit));
    process.stdout.write(
      `  code warm-up: ${codeWarmup.map((c) => `${c.instrumentId} ${c.wallMs.toFixed(0)} ms wall / ${c.serverCpuMs.toFixed(0)} ms CPU`).join(', ')}\n`,
    );
    const probe = healthProbe(appTarget.base);
    const cold: SingleRequest[] = [];
    for (const id of MIX) cold.push(await single(appTarget, id, limit));
    const monthly = await single(appTarget, 'i_usd_SPX', 1000, '1M');
    const probeDuringCold = probeSummary(await probe.stop());
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
          [
            c.instrumentId,
            String(c.bars),
            (c.bytes / 1024).toFixed(1),
            c.wallMs.toFixed(1),
            c.serverCpuMs.toFixed(1),
            (w?.wallMs ?? Number.NaN).toFixed(1),
            (w?.serverCpuMs ?? Number.NaN).toFixed(1),
          ],
          coldWidths,
        )}\n`,
      );
    }
    process.stdout.write(
      `${row(['i_usd_SPX 1M x1000', String(monthly.bars), (monthly.bytes / 1024).toFixed(1), monthly.wallMs.toFixed(1), monthly.serverCpuMs.toFixed(1), '', ''], coldWidths)}\n` +
        `\n/health probe during the cold requests: ${probeDuringCold.count} answers, p50 ${probeDuringCold.p50.toFixed(1)} ms, ` +
        `p99 ${probeDuringCold.p99.toFixed(1)} ms, max ${probeDuringCold.max.toFixed(1)} ms, ${probe.errors().length} failed (${[...new Set(probe.errors())].join(', ')})\n`,
    );
    process.stdout.write('\n');

    for (const target of targets)
      process.stdout.write(warmUpLine(target.kind, await fire(target, warmup, connections, limit)));
    const runs: RunSummary[] = [];
    for (let round = 1; round <= rounds; round++) {
      for (const target of targets) {
        const run = await measure(target, round, seconds, connections, limit);
        runs.push(run);
        process.stdout.write(roundLine(round, target.kind, run));
      }
    }

    const summariseKind = (kind: ServerKind) =>
      summariseServer(
        runs.filter((run) => run.kind === kind),
        { throughput: true },
      );
    const helloSummary = summariseKind('hello');
    const appSummary = summariseKind('app');
    const ratio = appSummary.requestsPerSec / helloSummary.requestsPerSec;

    const table = summaryTable([
      ['hello', helloSummary],
      ['app', appSummary],
    ]);
    process.stdout.write(
      `\n${table.join('\n')}\n\nratio app/hello = ${ratio.toFixed(3)} (no target set for this route)\n`,
    );

    const failures = answerFailures(appSummary, helloSummary);
    for (const c of cold) if (c.bars !== limit) failures.push(`${c.instrumentId}: ${c.bars} bars instead of ${limit}`);

    const report = {
      benchmark: 'candles',
      date: new Date().toISOString(),
      machine: machineReport('load generator (autocannon) and the servers share the same CPUs', { loadAverage: true }),
      settings: {
        seconds,
        connections,
        pipelining: PIPELINING,
        rounds,
        warmupSeconds: warmup,
        route: ROUTE,
        period: '1d',
        limit,
        mix: MIX,
        appClock: appReady.clock,
      },
      codeWarmup,
      cold,
      monthly,
      probeDuringCold: { ...probeDuringCold, failed: probe.errors() },
      warm,
      hello: helloSummary,
      app: appSummary,
      ratio,
      ok: failures.length === 0,
      failures,
      wallSeconds: (performance.now() - wallStart) / 1000,
      runs,
    };
    process.stdout.write(
      `result written to ${writeResult('candles.json', report)}; wall time ${report.wallSeconds.toFixed(0)} s\n`,
    );
    return exitCodeFor(failures);
  } finally {
    await Promise.all([hello.stop(), app.stop()]);
  }
}

if (!process.argv.includes('--serve')) {
  runMain(main);
} else {
  const kind = argOf('--serve');
  if (kind !== 'hello' && kind !== 'app') {
    process.stderr.write(`unknown server kind ${String(kind)}\n`);
    process.exit(2);
  }
  runChild(kind === 'hello' ? serveHello : serveApp);
}
