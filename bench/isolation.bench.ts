/**
 * Benchmark: isolation between clients (issue 18's done-when: "No single client can raise
 * another client's latency by more than 50 ms at p99 through any public endpoint or the
 * WebSocket").
 *
 *   npx tsx bench/isolation.bench.ts
 *   BENCH_ISO_LIMITS=relaxed npx tsx bench/isolation.bench.ts   # rate limits lifted: only the slicing protects
 *
 * For each class of abuse, in turn, a fresh server (`--serve app`: `buildApp()` on in-memory
 * PGlite, the system clock, production rate limits, no feed warm-up: every instrument cold, the
 * harshest start) and two clients:
 *   - the victim (this process): a registered user asking `POST /api/vue/user/getUserinfo`
 *     (session, database read) every BENCH_ISO_EVERY_MS, one at a time, 4 users in turn (each
 *     stays under the per-caller limit of 20 calls a second);
 *   - the abuser (`--abuse <class>`, a process of its own, so that its own work does not share
 *     the victim's event loop): BENCH_ISO_CONNECTIONS requests in flight back to back, all from
 *     one address and without a session (one caller), or, for `ws`, the most WebSocket
 *     connections one address may open, each churning through every subscription it may hold.
 * The victim runs BENCH_ISO_SECONDS alone (the baseline), then as long again with the abuser.
 * The figure of merit, per class, in the same run and on the same server: the victim's p99
 * with the abuser minus its p99 alone (target ≤ 50 ms).
 *
 * Classes:
 *   candles      cold charts: a random instrument, `1d`/`1w`/`1M`/`5m`, 1000 bars up to a random past date
 *   quote        `/market/quote` of every instrument in turn (cold: the walk and a year of day bars)
 *   list         `/market/list` of every tab in turn (cold: every index member's walk)
 *   time_share   `/market/candles` `time_share` of every instrument in turn
 *   search       `/market/search` of one-letter keywords (most of the universe each)
 *   docs         `GET /api/docs` (1.5 MB of JSON, gzip for every other request)
 *   ws           20 WebSocket connections (the cap per address), each sending 19 messages a
 *                second: unsubscribe everything, subscribe 100, subscribe the rest (a snapshot
 *                of up to 131 quotes each time), while the hub ticks 4 times a second
 *
 * Environment:
 *   BENCH_ISO_SECONDS      seconds of each half (default 6)
 *   BENCH_ISO_EVERY_MS     the victim's pause between two requests (default 20)
 *   BENCH_ISO_CONNECTIONS  the abuser's requests in flight (default 16)
 *   BENCH_ISO_CLASSES      a comma-separated subset of the classes above (default all)
 *   BENCH_ISO_LIMITS       `relaxed`: the per-caller and chart budgets lifted (default: production limits)
 *   BENCH_ISO_NICE         a nice value (e.g. -10, as root) for the server and the victim, not the abuser:
 *                          on a machine shared with other work this gives them the CPU as if they had
 *                          it to themselves (the abuser would be on another machine); default unset
 *
 * The machine is shared (2 cores, other work running): absolute latencies are pessimistic, and
 * the abuser's and the victim's processes take CPU from the server's; the load average is printed.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { loopHeld } from '../apps/server/src/modules/market/loop-held.js';
import { buildBenchApp, INVITE_CODE, listenOnLoopback, openSeededDatabase } from './lib/app-server.js';
import { answerCoordinator, argOf, Child, reply, runChild, runMain } from './lib/child-server.js';
import { envInt } from './lib/env.js';
import { exitCodeFor, loadLine, machineLine, machineReport, row, writeResult } from './lib/report.js';
import { nearestRank } from './lib/stats.js';

const THIS_FILE = fileURLToPath(import.meta.url);
const TARGET_ADDED_P99_MS = 50;

const CLASSES = ['candles', 'quote', 'list', 'time_share', 'search', 'docs', 'ws'] as const;
type AbuseClass = (typeof CLASSES)[number];
const VICTIM_ROUTE = '/api/vue/user/getUserinfo';

type Ready = { type: 'ready'; port: number; sessions: { token: string; account: string }[]; limits: string };
/** Users the victim's requests rotate over: each stays under the per-caller limit (20 a second). */
const VICTIM_USERS = 4;
type AbuseReady = { type: 'abusing'; detail: string };
type AbuseReport = { type: 'report'; requests: number; outcomes: Record<string, number> };
type AbuseRequest = { type: 'report' };
type ServerRequest = { type: 'watch' } | { type: 'held' };
type ServerReply = Ready | { type: 'watching' } | { type: 'held'; cpuMs: number; wallMs: number };

// ---------------------------------------------------------------------------------------------
// Server (child process)
// ---------------------------------------------------------------------------------------------

/** Applies BENCH_ISO_NICE to this process; gives what was applied ('' when nothing). */
function applyNice(): string {
  const nice = process.env.BENCH_ISO_NICE?.trim();
  if (!nice) return '';
  os.setPriority(Number(nice));
  return `nice ${os.getPriority()}`;
}

async function serveApp(): Promise<void> {
  applyNice();
  const { loadConfig } = await import('../apps/server/src/platform/config.js');
  const { systemClock } = await import('../apps/server/src/platform/clock.js');
  const relaxed = process.env.BENCH_ISO_LIMITS === 'relaxed';
  const config = loadConfig({ DEMO: '1', DEMO_INVITE_CODE: INVITE_CODE });
  const database = await openSeededDatabase({ databaseUrl: null, clock: systemClock });
  const { app } = await buildBenchApp({
    config,
    database,
    clock: systemClock,
    ...(relaxed
      ? { limits: { perCaller: { points: 1e9, durationSec: 1 }, candlesCost: { points: 1e9, durationSec: 60 } } }
      : {}),
  });
  const sessions: { token: string; account: string }[] = [];
  for (let i = 0; i < VICTIM_USERS; i += 1) {
    const phone = `1${String(Date.now()).slice(-9)}${i}`;
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
    const answer = registered.json<{ status: number; data?: { token?: string; account?: string } }>();
    if (answer.status !== 1 || !answer.data?.token || !answer.data.account)
      throw new Error(`registration failed: ${registered.body}`);
    sessions.push({ token: answer.data.token, account: answer.data.account });
  }
  const port = await listenOnLoopback(app);
  // the longest the event loop was held between `watch` and `held`, in this thread's CPU time
  // and in wall time (a 2 ms timer's view, see loop-held.ts)
  let release: (() => void) | null = null;
  let watched: Promise<{ cpuMs: number; wallMs: number }> | null = null;
  answerCoordinator<ServerRequest>(
    async () => {
      await app.close();
      await database.close();
    },
    (message) => {
      if (message.type === 'watch') {
        watched = loopHeld(
          () =>
            new Promise<void>((resolve) => {
              release = resolve;
            }),
        );
        reply<ServerReply>({ type: 'watching' });
      } else if (message.type === 'held') {
        release?.();
        void watched?.then(({ cpuMs, wallMs }) => reply<ServerReply>({ type: 'held', cpuMs, wallMs }));
      }
    },
  );
  reply<Ready>({ type: 'ready', port, sessions, limits: relaxed ? 'relaxed' : 'production' });
}

// ---------------------------------------------------------------------------------------------
// Abuser (child process)
// ---------------------------------------------------------------------------------------------

interface Outcomes {
  requests: number;
  outcomes: Record<string, number>;
}

function count(o: Outcomes, outcome: string): void {
  o.requests += 1;
  o.outcomes[outcome] = (o.outcomes[outcome] ?? 0) + 1;
}

/** One abusive request of `kind`, number `n`: method, path and body. */
function abusiveRequest(
  kind: Exclude<AbuseClass, 'ws'>,
  n: number,
  ids: readonly string[],
): { method: string; path: string; body?: string; headers?: Record<string, string> } {
  const id = ids[n % ids.length] as string;
  const post = (path: string, body: object) => ({
    method: 'POST',
    path: `/api/vue${path}`,
    body: JSON.stringify(body),
  });
  switch (kind) {
    case 'candles': {
      const periods = ['1d', '1w', '1M', '5m'];
      // a random end between 2021-06 and now: a chart nobody asked for yet
      const from = Date.parse('2021-06-01T00:00:00Z');
      const to = new Date(from + Math.random() * (Date.now() - from)).toISOString();
      const random = ids[Math.floor(Math.random() * ids.length)] as string;
      return post('/market/candles', { instrumentId: random, period: periods[n % periods.length], limit: 1000, to });
    }
    case 'quote':
      return post('/market/quote', { instrumentId: id });
    case 'list': {
      const tabs = [
        { tab: 'index', market: 'usd' },
        { tab: 'index', market: 'eur' },
        { tab: 'index', market: 'mxn' },
        { tab: 'listed', market: 'usd' },
        { tab: 'listed', market: 'mxn' },
        { tab: 'listed', market: 'eur' },
        { tab: 'otc', market: 'usd' },
        { tab: 'crypto' },
        { tab: 'forex' },
      ];
      return post('/market/list', { ...tabs[n % tabs.length], size: 100, sort: 'turnover_desc' });
    }
    case 'time_share':
      return post('/market/candles', { instrumentId: id, period: 'time_share' });
    case 'search':
      return post('/market/search', { keyword: 'aeiousnrtlcm'[n % 12] });
    case 'docs':
      return { method: 'GET', path: '/api/docs', headers: n % 2 === 0 ? { 'accept-encoding': 'gzip' } : {} };
  }
}

async function abuseHttp(
  kind: Exclude<AbuseClass, 'ws'>,
  base: string,
  connections: number,
  ids: readonly string[],
  o: Outcomes,
  running: () => boolean,
): Promise<void> {
  let n = 0;
  const worker = async () => {
    while (running()) {
      const request = abusiveRequest(kind, n++, ids);
      try {
        const response = await fetch(`${base}${request.path}`, {
          method: request.method,
          headers: { ...(request.body ? { 'content-type': 'application/json' } : {}), ...request.headers },
          body: request.body,
        });
        const text = await response.text();
        const code =
          text.startsWith('{"status":1') || (kind === 'docs' && response.status === 200)
            ? 'ok'
            : (/"code":"([^"]+)"/.exec(text)?.[1] ?? `http ${response.status}`);
        count(o, code);
      } catch (error) {
        count(o, `error ${String((error as { cause?: { code?: string } }).cause?.code ?? error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
}

async function abuseWs(base: string, ids: readonly string[], o: Outcomes, running: () => boolean): Promise<string> {
  const { WebSocket } = await import('ws');
  const url = `${base.replace('http', 'ws')}/api/vue/ws`;
  const sockets: InstanceType<typeof WebSocket>[] = [];
  // one more than the cap: the last is closed with 4429
  for (let i = 0; i < 21; i += 1) {
    const socket = new WebSocket(url);
    socket.on('message', () => count(o, 'frame'));
    socket.on('close', (code) => count(o, `closed ${code}`));
    socket.on('error', () => undefined);
    sockets.push(socket);
  }
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise((resolve) => {
          s.once('open', resolve);
          s.once('close', resolve);
        }),
    ),
  );
  const open = sockets.filter((s) => s.readyState === s.OPEN);
  const messages = [
    { op: 'unsubscribe', channel: 'quote', instrumentIds: ids.slice(0, 100) },
    { op: 'unsubscribe', channel: 'quote', instrumentIds: ids.slice(100) },
    { op: 'subscribe', channel: 'quote', instrumentIds: ids.slice(0, 100) },
    { op: 'subscribe', channel: 'quote', instrumentIds: ids.slice(100, 200) },
  ];
  let k = 0;
  const timer = setInterval(
    () => {
      if (!running()) return;
      for (const s of open) {
        if (s.readyState !== s.OPEN) continue;
        s.send(JSON.stringify({ ...messages[k % messages.length], id: `m${k}` }));
      }
      k += 1;
    },
    Math.ceil(1000 / 19),
  );
  const stop = () => {
    clearInterval(timer);
    for (const s of sockets) s.terminate();
  };
  process.once('message', stop);
  return `${open.length} connections open`;
}

async function abuse(kind: AbuseClass): Promise<void> {
  const port = Number(argOf('--port'));
  const base = `http://127.0.0.1:${port}`;
  const { universe } = await import('../packages/market-sim/src/universe/index.js');
  const ids = universe.map((d) => d.instrumentId);
  const o: Outcomes = { requests: 0, outcomes: {} };
  let running = true;
  let detail = `${envInt('BENCH_ISO_CONNECTIONS', 16)} requests in flight`;
  let done: Promise<void> = Promise.resolve();
  if (kind === 'ws') detail = await abuseWs(base, ids, o, () => running);
  else done = abuseHttp(kind, base, envInt('BENCH_ISO_CONNECTIONS', 16), ids, o, () => running);
  answerCoordinator<AbuseRequest>(
    async () => {
      running = false;
      await done;
    },
    (message) => {
      if (message.type !== 'report') return;
      running = false;
      void done.then(() => reply<AbuseReport>({ type: 'report', requests: o.requests, outcomes: o.outcomes }));
    },
  );
  reply<AbuseReady>({ type: 'abusing', detail });
}

// ---------------------------------------------------------------------------------------------
// Victim and coordinator (this process)
// ---------------------------------------------------------------------------------------------

interface Latencies {
  p50: number;
  p99: number;
  max: number;
  count: number;
  failures: number;
}

/** getUserinfo one at a time, a pause of `everyMs` after each, for `seconds`, the users in turn. */
async function victim(
  base: string,
  sessions: readonly Record<string, string>[],
  seconds: number,
  everyMs: number,
): Promise<Latencies> {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  for (let n = 0; performance.now() < until; n += 1) {
    const started = performance.now();
    try {
      const headers = sessions[n % sessions.length];
      const response = await fetch(`${base}${VICTIM_ROUTE}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
      const text = await response.text();
      if (!text.startsWith('{"status":1')) failures += 1;
      latencies.push(performance.now() - started);
    } catch {
      failures += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  const sorted = latencies.sort((a, b) => a - b);
  return {
    p50: nearestRank(sorted, 50),
    p99: nearestRank(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    count: sorted.length,
    failures,
  };
}

interface ClassResult {
  kind: AbuseClass;
  detail: string;
  alone: Latencies;
  abused: Latencies;
  addedP99Ms: number;
  serverCpuShare: number;
  /** the longest the server's event loop was held while abused: its thread's CPU time, and wall time */
  heldCpuMs: number;
  heldWallMs: number;
  abuser: { requests: number; outcomes: Record<string, number> };
}

async function runClass(kind: AbuseClass, seconds: number, everyMs: number): Promise<ClassResult & { limits: string }> {
  const server = Child.fork<ServerRequest, ServerReply>(THIS_FILE, ['--serve', 'app'], { label: 'app server' });
  const ready = await server.ready('ready');
  const base = `http://127.0.0.1:${ready.port}`;
  const headers = ready.sessions;
  try {
    await victim(base, headers, 1, everyMs); // connections and compiled code
    const alone = await victim(base, headers, seconds, everyMs);
    const abuser = Child.fork<AbuseRequest, AbuseReady | AbuseReport>(
      THIS_FILE,
      ['--abuse', kind, '--port', String(ready.port)],
      { label: `abuser (${kind})` },
    );
    const started = await abuser.ready('abusing');
    await server.call({ type: 'watch' }, 'watching');
    const cpuBefore = await server.cpuMicros();
    const wallBefore = performance.now();
    const abused = await victim(base, headers, seconds, everyMs);
    const serverCpuShare = ((await server.cpuMicros()) - cpuBefore) / 1000 / (performance.now() - wallBefore);
    const held = await server.call({ type: 'held' }, 'held');
    const report = await abuser.call({ type: 'report' }, 'report');
    await abuser.stop();
    return {
      kind,
      detail: started.detail,
      alone,
      abused,
      addedP99Ms: abused.p99 - alone.p99,
      serverCpuShare,
      heldCpuMs: held.cpuMs,
      heldWallMs: held.wallMs,
      abuser: { requests: report.requests, outcomes: report.outcomes },
      limits: ready.limits,
    };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<number> {
  const seconds = envInt('BENCH_ISO_SECONDS', 6);
  const everyMs = envInt('BENCH_ISO_EVERY_MS', 20);
  const chosen = (process.env.BENCH_ISO_CLASSES?.split(',')
    .map((s) => s.trim())
    .filter(Boolean) ?? [...CLASSES]) as AbuseClass[];
  const unknown = chosen.filter((c) => !CLASSES.includes(c));
  if (unknown.length > 0) throw new Error(`BENCH_ISO_CLASSES: no class ${unknown.join(', ')}`);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(
    `isolation bench: a victim's getUserinfo p99 alone and with one abusive client, ${seconds} s each, a fresh cold server per class`,
  );
  const nice = applyNice();
  out(`${machineLine()}, ${loadLine()} at start${nice ? `; server and victim at ${nice}` : ''}`);
  const results: (ClassResult & { limits: string })[] = [];
  const widths = [12, 9, 9, 10, 10, 10, 8, 10, 14, 40];
  out('');
  out(
    row(
      [
        'abuse',
        'p50 alone',
        'p99 alone',
        'p50 abused',
        'p99 abused',
        'max abused',
        '+p99',
        'server CPU',
        'held cpu/wall',
        "abuser's answers",
      ],
      widths,
    ),
  );
  for (const kind of chosen) {
    const r = await runClass(kind, seconds, everyMs);
    results.push(r);
    const answers = Object.entries(r.abuser.outcomes)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    out(
      row(
        [
          kind,
          r.alone.p50.toFixed(1),
          r.alone.p99.toFixed(1),
          r.abused.p50.toFixed(1),
          r.abused.p99.toFixed(1),
          r.abused.max.toFixed(0),
          r.addedP99Ms.toFixed(1),
          `${(r.serverCpuShare * 100).toFixed(0)}%`,
          `${r.heldCpuMs.toFixed(0)} / ${r.heldWallMs.toFixed(0)}`,
          answers,
        ],
        widths,
      ),
    );
  }
  out('');
  out(
    "held: the longest the server's event loop went without a turn while abused, in its thread's CPU time / in wall time (ms)",
  );
  out(`latencies in ms; limits: ${results[0]?.limits ?? 'n/a'}; ${loadLine()} at end`);
  const failures = results
    .filter((r) => r.addedP99Ms > TARGET_ADDED_P99_MS)
    .map((r) => `${r.kind}: the victim's p99 rose ${r.addedP99Ms.toFixed(0)} ms (target ≤ ${TARGET_ADDED_P99_MS})`);
  const victimFailures = results
    .filter((r) => r.alone.failures + r.abused.failures > 0)
    .map((r) => `${r.kind}: ${r.alone.failures + r.abused.failures} victim requests failed`);
  const file = writeResult('isolation.json', {
    bench: 'isolation',
    at: new Date().toISOString(),
    seconds,
    everyMs,
    targetAddedP99Ms: TARGET_ADDED_P99_MS,
    nice: nice || null,
    machine: machineReport('shared 2-core machine: absolute latencies are pessimistic', { loadAverage: true }),
    results,
  });
  out(
    `${failures.length === 0 ? 'MET' : 'NOT MET'}: target ≤ ${TARGET_ADDED_P99_MS} ms added to the victim's p99 by any one class; ${file}`,
  );
  return exitCodeFor([...failures, ...victimFailures]);
}

const serve = argOf('--serve');
const abuseKind = argOf('--abuse') as AbuseClass | undefined;
if (serve === 'app') runChild(serveApp);
else if (abuseKind !== undefined) runChild(() => abuse(abuseKind));
else runMain(main);
