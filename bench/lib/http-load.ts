/** HTTP load with autocannon, and what the request benchmarks keep of each run. */
import autocannon, { type Options, type Result } from 'autocannon';
import { row } from './report.js';
import { summarise } from './stats.js';

/** Requests in flight per connection, in every run (the reports record it). */
export const PIPELINING = 1;

/** One autocannon run, PIPELINING requests in flight per connection, a 10 s timeout per request. */
export function load(options: Omit<Options, 'pipelining' | 'timeout'>): Promise<Result> {
  return autocannon({ ...options, pipelining: PIPELINING, timeout: 10 });
}

/** Runs `run` and measures the CPU time the server process spends meanwhile, per completed request. */
export async function measureRun(
  server: { cpuMicros: () => Promise<number> },
  run: () => Promise<Result>,
): Promise<{ result: Result; serverCpuMicrosPerRequest: number }> {
  const cpuBefore = await server.cpuMicros();
  const result = await run();
  const cpuAfter = await server.cpuMicros();
  return {
    result,
    serverCpuMicrosPerRequest: result.requests.total > 0 ? (cpuAfter - cpuBefore) / result.requests.total : Number.NaN,
  };
}

/** The rate and the latencies of a run, as the reports name them. */
export interface RateAndLatency {
  requestsPerSec: number;
  totalRequests: number;
  latencyAvgMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
}

export function rateAndLatency(result: Result): RateAndLatency {
  return {
    requestsPerSec: result.requests.average,
    totalRequests: result.requests.total,
    latencyAvgMs: result.latency.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
  };
}

/** What a run's answers got wrong. */
export interface AnswerCounts {
  non2xx: number;
  mismatches: number;
  errors: number;
}

/** What a request benchmark keeps of every measured run. */
export interface HttpRun extends RateAndLatency, AnswerCounts {
  serverCpuMicrosPerRequest: number;
  /** Bytes per second received, in the benchmarks that report it. */
  bytesPerSec?: number;
}

type MedianKey =
  'requestsPerSec' | 'latencyAvgMs' | 'latencyP50Ms' | 'latencyP99Ms' | 'bytesPerSec' | 'serverCpuMicrosPerRequest';
type TotalKey = 'totalRequests' | 'non2xx' | 'mismatches' | 'errors';

/** A server over its runs: the medians of rate, latencies (and bytes per second) and CPU, the totals of requests and bad answers. */
export type ServerSummary = Record<Exclude<MedianKey, 'bytesPerSec'> | TotalKey, number> & { bytesPerSec?: number };

/** Sums up one server's runs; `throughput` adds the median bytes per second (the runs must carry `bytesPerSec`). */
export function summariseServer(runs: readonly HttpRun[], options: { throughput: boolean }): ServerSummary {
  const medians: MedianKey[] = ['requestsPerSec', 'latencyAvgMs', 'latencyP50Ms', 'latencyP99Ms'];
  if (options.throughput) medians.push('bytesPerSec');
  medians.push('serverCpuMicrosPerRequest');
  const totals: TotalKey[] = ['totalRequests', 'non2xx', 'mismatches', 'errors'];
  return summarise(runs as readonly Record<MedianKey | TotalKey, number>[], medians, totals);
}

/** The table of the servers' summaries, one line each; a MiB/s column when they carry bytes per second. */
export function summaryTable(servers: ReadonlyArray<readonly [kind: string, summary: ServerSummary]>): string[] {
  const throughput = servers.some(([, s]) => s.bytesPerSec !== undefined);
  const widths = [6, 10, ...(throughput ? [9] : []), 9, 9, 14, 8, 10, 7];
  return [
    row(
      [
        'server',
        'req/s',
        ...(throughput ? ['MiB/s'] : []),
        'avg ms',
        'p99 ms',
        'CPU µs/req',
        'non-2xx',
        'mismatch',
        'errors',
      ],
      widths,
    ),
    ...servers.map(([kind, s]) =>
      row(
        [
          kind,
          s.requestsPerSec.toFixed(0),
          ...(throughput ? [((s.bytesPerSec ?? Number.NaN) / 1024 / 1024).toFixed(1)] : []),
          s.latencyAvgMs.toFixed(2),
          String(s.latencyP99Ms),
          s.serverCpuMicrosPerRequest.toFixed(0),
          String(s.non2xx),
          String(s.mismatches),
          String(s.errors),
        ],
        widths,
      ),
    ),
  ];
}

export function warmUpLine(kind: string, result: Result): string {
  return `  warm-up ${kind}: ${Math.round(result.requests.average)} req/s\n`;
}

export function roundLine(round: number, kind: string, run: AnswerCounts & RateAndLatency): string {
  return (
    `  round ${round} ${kind.padEnd(5)}: ${Math.round(run.requestsPerSec)} req/s, p99 ${run.latencyP99Ms} ms, ` +
    `non-2xx ${run.non2xx}, mismatched bodies ${run.mismatches}, errors ${run.errors}\n`
  );
}

/** Why an app-against-hello comparison does not count: bad app answers, bad hello answers, no app answer at all. */
export function answerFailures(app: AnswerCounts & { totalRequests: number }, hello: AnswerCounts): string[] {
  const failures: string[] = [];
  if (app.non2xx > 0) failures.push(`${app.non2xx} non-2xx app responses`);
  if (app.mismatches > 0) failures.push(`${app.mismatches} app responses without "status":1`);
  if (app.errors > 0) failures.push(`${app.errors} app request errors/timeouts`);
  if (hello.non2xx + hello.mismatches + hello.errors > 0) failures.push('hello-world answered badly');
  if (app.totalRequests === 0) failures.push('no app requests completed');
  return failures;
}
