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
 *   REDIS_URL          the app shares its rate limits through this Redis (a key prefix of its own),
 *                      as every instance of a multi-instance deployment does; a fourth server,
 *                      `strict`, is the app with every limit counted in Redis on every call (the
 *                      path before issue 17 item 3), so before and after are measured in one run.
 */
import { fileURLToPath } from 'node:url';
import type { Result } from 'autocannon';
import { buildBenchApp, INVITE_CODE, listenHello, listenOnLoopback, openSeededDatabase } from './lib/app-server.js';
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
import { createDatabase } from './lib/postgres.js';
import { exitCodeFor, machineLine, machineReport, writeResult } from './lib/report.js';
import { median } from './lib/stats.js';

const THIS_FILE = fileURLToPath(import.meta.url);
/** issue 16: 0.6 for one instance; issue 17 item 3: 0.5 with the limits shared through Redis (REDIS_URL) */
const TARGET_RATIO = process.env.REDIS_URL?.trim() ? 0.5 : 0.6;
const ROUTE = '/api/vue/user/getUserinfo';

/**
 * `same`: a bare Fastify that sends the app's answer bytes (security headers, request id, a getUserinfo body): the ceiling for any code.
 * `strict` (REDIS_URL only): the app with the per-caller limit counted in Redis on every call.
 */
type ServerKind = 'hello' | 'same' | 'app' | 'strict';

/** A server child's first message. */
type Ready = { type: 'ready'; port: number; headers: Record<string, string>; database: string };

// ---------------------------------------------------------------------------------------------
// Server side (child processes)
// ---------------------------------------------------------------------------------------------

async function serveHello(): Promise<void> {
  const hello = await listenHello();
  answerCoordinator(hello.close);
  reply<Ready>({ type: 'ready', port: hello.port, headers: {}, database: 'none' });
}

async function serveSameBytes(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { randomUUID } = await import('node:crypto');
  const { API_SECURITY_HEADERS } = await import('../apps/server/src/platform/security-headers.js');
  const answer = {
    status: 1,
    msg: 'ok',
    data: {
      id: 'u_YeAPYhHMcAwFjsxy',
      account: '15310857882',
      realname: '',
      is_true: 0,
      phone: '15310857882',
      kycStatus: 'none',
      accountType: 'standard',
      hasFundPassword: false,
      dayTrading: false,
      inviteCode: '3FLF63VG',
      restrictions: [],
      createdAt: '2026-11-22T01:27:38.013Z',
    },
  };
  const app = Fastify({ logger: false });
  app.post('/hello', async (_request, response) => {
    response.headers(API_SECURITY_HEADERS);
    response.header('x-request-id', randomUUID());
    return answer;
  });
  const port = await listenOnLoopback(app);
  answerCoordinator(() => app.close());
  reply<Ready>({ type: 'ready', port, headers: {}, database: 'none' });
}

async function serveApp(mode: 'batched' | 'strict'): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/platform/config.js');
  const { systemClock } = await import('../apps/server/src/platform/clock.js');

  const databaseUrl = process.env.BENCH_APP_DATABASE_URL || null;
  const redisUrl = process.env.REDIS_URL?.trim() || null;
  const config = loadConfig({ DATABASE_URL: databaseUrl ?? undefined, DEMO: '1', DEMO_INVITE_CODE: INVITE_CODE });
  const database = await openSeededDatabase({ databaseUrl, clock: systemClock });
  let redis: import('ioredis').Redis | null = null;
  if (redisUrl) {
    const { Redis } = await import('ioredis');
    const { randomBytes } = await import('node:crypto');
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, keyPrefix: `bench_${randomBytes(5).toString('hex')}:` });
  }
  // the limit is never reached, but every call is counted as in production
  const { app } = await buildBenchApp({
    config,
    database,
    redis,
    rateLimits: { redisMode: mode },
    limits: { perCaller: { points: 1e9, durationSec: 1 } },
  });

  const phone = `1${String(Date.now()).slice(-10)}`;
  const password = 'Bench12345';
  const registered = await app.inject({
    method: 'POST',
    url: '/api/vue/user/register',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      phone,
      password,
      confirmPassword: password,
      inviteCode: INVITE_CODE,
      agreementAccepted: true,
    }),
  });
  const answer = registered.json<{ status: number; msg?: string; data?: { token?: string; account?: string } }>();
  const token = answer.data?.token;
  const account = answer.data?.account;
  if (registered.statusCode !== 200 || answer.status !== 1 || !token || !account) {
    throw new Error(`registration failed: HTTP ${registered.statusCode} ${registered.body}`);
  }
  // One authenticated call through inject proves the headers work before the load starts.
  const probe = await app.inject({
    method: 'POST',
    url: ROUTE,
    headers: { 'content-type': 'application/json', token, account },
    payload: '{}',
  });
  if (probe.statusCode !== 200 || !probe.body.includes('"status":1')) {
    throw new Error(`getUserinfo probe failed: HTTP ${probe.statusCode} ${probe.body}`);
  }

  const port = await listenOnLoopback(app);
  answerCoordinator(async () => {
    await app.close();
    await database.close();
    redis?.disconnect();
  });
  reply<Ready>({
    type: 'ready',
    port,
    headers: { token, account },
    database: `${database.kind}${redis ? '+redis' : ''}`,
  });
}

async function serve(kind: ServerKind): Promise<void> {
  if (kind === 'hello') await serveHello();
  else if (kind === 'same') await serveSameBytes();
  else await serveApp(kind === 'strict' ? 'strict' : 'batched');
}

// ---------------------------------------------------------------------------------------------
// Load side (this process)
// ---------------------------------------------------------------------------------------------

type ServerChild = Child<never, Ready>;

interface Target {
  kind: ServerKind;
  server: ServerChild;
  url: string;
  headers: Record<string, string>;
}

interface RunSummary extends HttpRun {
  kind: ServerKind;
  round: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

function startServer(kind: ServerKind, env: NodeJS.ProcessEnv): ServerChild {
  return Child.fork<never, Ready>(THIS_FILE, ['--serve', kind], { label: `${kind} server`, env });
}

function fire(target: Target, seconds: number, connections: number): Promise<Result> {
  return load({
    url: target.url,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...target.headers },
    body: '{}',
    connections,
    duration: seconds,
    verifyBody: (body) => body.includes('"status":1'),
  });
}

async function measure(target: Target, round: number, seconds: number, connections: number): Promise<RunSummary> {
  const { result, serverCpuMicrosPerRequest } = await measureRun(target.server, () =>
    fire(target, seconds, connections),
  );
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats)) statusCodes[code] = stat.count;
  return {
    kind: target.kind,
    round,
    ...rateAndLatency(result),
    non2xx: result.non2xx,
    mismatches: result.mismatches,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuMicrosPerRequest,
    statusCodes,
  };
}

async function main(): Promise<number> {
  const seconds = envInt('BENCH_SECONDS', 5);
  const connections = envInt('BENCH_CONNECTIONS', 10);
  const rounds = envInt('BENCH_ROUNDS', 6);
  const warmup = envInt('BENCH_WARMUP', 3);
  const postgresUrl = process.env.DATABASE_URL?.trim() || null;

  const created = postgresUrl ? await createDatabase(postgresUrl) : null;
  const servers: ServerChild[] = [];
  try {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, BENCH_APP_DATABASE_URL: created?.url ?? '' };
    delete childEnv.DATABASE_URL;
    const hello = startServer('hello', childEnv);
    servers.push(hello);
    const app = startServer('app', childEnv);
    servers.push(app);
    const same = startServer('same', childEnv);
    servers.push(same);
    const [helloReady, appReady, sameReady] = await Promise.all([
      hello.ready('ready'),
      app.ready('ready'),
      same.ready('ready'),
    ]);
    // the strict app starts once the first has migrated and seeded a shared PostgreSQL database
    const withRedis = Boolean(process.env.REDIS_URL?.trim());
    const strict = withRedis ? startServer('strict', childEnv) : null;
    if (strict) servers.push(strict);
    const strictReady = strict ? await strict.ready('ready') : null;
    const targets: Target[] = [
      { kind: 'hello', server: hello, url: `http://127.0.0.1:${helloReady.port}/hello`, headers: appReady.headers },
      { kind: 'same', server: same, url: `http://127.0.0.1:${sameReady.port}/hello`, headers: appReady.headers },
      { kind: 'app', server: app, url: `http://127.0.0.1:${appReady.port}${ROUTE}`, headers: appReady.headers },
      ...(strict && strictReady
        ? [
            {
              kind: 'strict' as const,
              server: strict,
              url: `http://127.0.0.1:${strictReady.port}${ROUTE}`,
              headers: strictReady.headers,
            },
          ]
        : []),
    ];
    const databaseLabel = `${appReady.database.startsWith('postgres') ? `PostgreSQL (${created?.name ?? '?'})` : 'PGlite (in memory)'}${withRedis ? ' + Redis (per-call limits shared)' : ''}`;

    process.stdout.write(
      `user-info benchmark: ${connections} connections, ${seconds} s x ${rounds} rounds per server, ` +
        `warm-up ${warmup} s, database ${databaseLabel}\n` +
        `${machineLine()}; load generator and servers share these CPUs\n`,
    );

    for (const target of targets)
      process.stdout.write(warmUpLine(target.kind, await fire(target, warmup, connections)));

    const runs: RunSummary[] = [];
    for (let round = 1; round <= rounds; round++) {
      const order = targets.map((_, i) => targets[(i + round - 1) % targets.length] as Target);
      for (const target of order) {
        const run = await measure(target, round, seconds, connections);
        runs.push(run);
        process.stdout.write(roundLine(round, target.kind, run));
      }
    }

    const summariseKind = (kind: ServerKind) =>
      summariseServer(
        runs.filter((run) => run.kind === kind),
        { throughput: false },
      );
    const helloSummary = summariseKind('hello');
    const sameSummary = summariseKind('same');
    const appSummary = summariseKind('app');
    const strictSummary = withRedis ? summariseKind('strict') : null;
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

    const table = summaryTable([
      ['hello', helloSummary],
      ['same', sameSummary],
      ['app', appSummary],
      ...(strictSummary ? [['strict', strictSummary] as [string, typeof strictSummary]] : []),
    ]);
    process.stdout.write(`\n${table.join('\n')}\n\n`);
    process.stdout.write(
      `ratio app/hello = ${ratio.toFixed(3)} (median of ${rounds} rounds, spread ${spread(appRatios)}; ` +
        `target >= ${TARGET_RATIO}): ${meetsTarget ? 'MET' : 'NOT MET'}\n` +
        `same bytes/hello = ${median(roundRatios('same', 'hello')).toFixed(3)} (the ceiling: a bare Fastify sending the app's headers and body)\n` +
        `app/same bytes = ${median(roundRatios('app', 'same')).toFixed(3)} (what our code costs over sending those bytes)\n` +
        (withRedis
          ? `strict/hello = ${median(roundRatios('strict', 'hello')).toFixed(3)} (spread ${spread(roundRatios('strict', 'hello'))}; before: one Redis round trip per call)\n` +
            `app/strict = ${median(roundRatios('app', 'strict')).toFixed(3)} (the batched shared limit over the per-call one)\n`
          : ''),
    );

    const failures = answerFailures(appSummary, helloSummary);
    const report = {
      benchmark: 'user-info',
      date: new Date().toISOString(),
      machine: machineReport('load generator (autocannon) and the servers share the same CPUs'),
      settings: { seconds, connections, pipelining: PIPELINING, rounds, warmupSeconds: warmup, route: ROUTE },
      database: appReady.database,
      hello: helloSummary,
      sameBytes: sameSummary,
      app: appSummary,
      ...(strictSummary ? { strict: strictSummary, strictRatio: median(roundRatios('strict', 'hello')) } : {}),
      ratio,
      roundRatios: appRatios,
      targetRatio: TARGET_RATIO,
      meetsTarget,
      ok: failures.length === 0,
      failures,
      runs,
    };
    const written = writeResult('user-info.json', report);
    writeResult(`user-info.${appReady.database}.json`, report);
    process.stdout.write(`result written to ${written}\n`);
    return exitCodeFor(failures);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    if (created) await created.drop();
  }
}

if (!process.argv.includes('--serve')) {
  runMain(main);
} else {
  const kind = argOf('--serve');
  if (kind !== 'hello' && kind !== 'same' && kind !== 'app' && kind !== 'strict') {
    process.stderr.write(`unknown server kind ${String(kind)}\n`);
    process.exit(2);
  }
  runChild(() => serve(kind));
}
