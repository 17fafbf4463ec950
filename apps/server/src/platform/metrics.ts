/**
 * What operators see of a running server (issue 18): `GET /metrics` in the Prometheus text
 * format (prom-client), and the event-loop watch `/health` reads.
 *
 *   http_requests_total{method,route,status}        requests answered, by route pattern
 *   http_request_duration_seconds{method,route}     latency histogram
 *   http_request_errors_total{method,route,class}   4xx / 5xx answers
 *   brokerage_api_failures_total{method,route,code} failure envelopes by code (business refusals answer HTTP 200)
 *   brokerage_event_loop_lag_seconds                worst lag of the loop in the health window
 *   nodejs_eventloop_lag_*, process_*, nodejs_*      prom-client's defaults (loop delay percentiles, heap, GC, CPU)
 *   brokerage_db_pool_connections{state}            database connections (see `DbPoolStats`)
 *   brokerage_engine_tick_duration_seconds          trading-engine ticks, and their failures
 *   brokerage_ws_connections                        open WebSocket connections of the quote hub
 *   brokerage_candle_jobs_waiting, …_refused_total  charts computed in slices (modules/market)
 *
 * Routes are labelled by their pattern (`/api/vue/market/candles`), never the raw URL, and a
 * request no route matched is `unmatched`: a scanner cannot blow up the label set.
 *
 * Access: an operator token (`METRICS_TOKEN`, sent as `Authorization: Bearer …`) or an address
 * in the operator networks (`METRICS_ALLOW`, CIDRs, loopback by default). Anyone else gets the
 * ordinary 404 of an unknown path, so the endpoint is not revealed.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { codeCatalogue } from '@brokerage/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sendFail } from './http.js';

/** Connections of the database layer, as far as it knows them. */
export interface DbPoolStats {
  /** connections open (in use and idle) */
  total: number;
  /** open and idle; null when the driver does not tell */
  idle: number | null;
  /** callers waiting for a connection; null when the driver does not tell */
  waiting: number | null;
}

export interface MetricsSources {
  db: () => DbPoolStats;
  dbKind: 'pglite' | 'postgres';
  wsConnections: () => number;
  candleJobs: () => { waiting: number; refused: number };
  /** true while this process leads the trading engine (one leader per deployment); absent: not reported */
  engineLeader?: () => boolean;
}

export interface MetricsAccess {
  /** the operator token; null: by address only */
  token: string | null;
  /** operator networks, CIDR (`10.0.0.0/8`, `::1/128`) or single addresses */
  allow: readonly string[];
  /** the app trusts X-Forwarded-For (TRUST_PROXY): the client address is then the forwarded one */
  trustProxy: boolean;
}

/** Parses a CIDR list into a BlockList; throws a clear error at startup for a bad entry. */
export function operatorNetworks(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const raw of cidrs) {
    const entry = raw.trim();
    if (entry === '') continue;
    const [address = '', prefixText] = entry.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`METRICS_ALLOW: ${entry} is not an address or CIDR`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const prefix = prefixText === undefined ? (family === 4 ? 32 : 128) : Number(prefixText);
    if (
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > (family === 4 ? 32 : 128) ||
      (prefixText !== undefined && !/^\d+$/.test(prefixText))
    ) {
      throw new Error(`METRICS_ALLOW: ${entry} has a bad prefix length`);
    }
    list.addSubnet(address, prefix, type);
  }
  return list;
}

/** True when `address` (an IPv4-mapped IPv6 address counts as IPv4) is in `networks`. */
export function inNetworks(networks: BlockList, address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped ? (mapped[1] as string) : address;
  const family = isIP(plain);
  if (family === 0) return false;
  return networks.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

function sameSecret(given: string, expected: string): boolean {
  // hashed first, so the comparison takes the same time whatever the lengths
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Whether a request may read the metrics. */
export function isOperator(request: FastifyRequest, access: MetricsAccess, networks: BlockList): boolean {
  const header = request.headers.authorization;
  if (access.token && typeof header === 'string' && header.startsWith('Bearer ')) {
    if (sameSecret(header.slice('Bearer '.length).trim(), access.token)) return true;
  }
  // Without TRUST_PROXY, a request that came through a proxy carries the proxy's address (often
  // loopback): it is not taken as coming from the operator network.
  if (
    !access.trustProxy &&
    (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined)
  )
    return false;
  return inNetworks(networks, request.ip);
}

/**
 * The loop's lag, measured by a timer that should fire every `intervalMs`: how late it fired.
 * `lagMs()` is the worst lag seen in the last `windowMs`, so a stall is reported for a while
 * after it ends (a health probe every few seconds sees it).
 */
export class EventLoopWatch {
  private readonly samples: { at: number; lag: number }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private expected = 0;

  constructor(
    private readonly intervalMs = 250,
    private readonly windowMs = 10_000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.expected = performance.now() + this.intervalMs;
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private sample(): void {
    const now = performance.now();
    this.samples.push({ at: now, lag: Math.max(0, now - this.expected) });
    this.expected = now + this.intervalMs;
    while (this.samples.length > 0 && (this.samples[0] as { at: number }).at < now - this.windowMs)
      this.samples.shift();
  }

  /** The worst lag in the window, including a stall still going on (ms). */
  lagMs(): number {
    const now = performance.now();
    let worst = this.timer ? Math.max(0, now - this.expected) : 0;
    for (const s of this.samples) if (s.at >= now - this.windowMs && s.lag > worst) worst = s.lag;
    return worst;
  }
}

export interface AppMetrics {
  registry: Registry;
  /** times one engine tick (ms); `ok` false when it failed */
  engineTick: (durationMs: number, ok: boolean) => void;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Registers the request hooks and `GET /metrics`; returns the registry and the engine's timer. */
export function registerMetrics(
  app: FastifyInstance,
  sources: MetricsSources,
  access: MetricsAccess,
  loop: EventLoopWatch,
): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const networks = operatorNetworks(access.allow);

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP answers 4xx and 5xx, by route pattern',
    labelNames: ['method', 'route', 'class'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of the answer',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'brokerage_event_loop_lag_seconds',
    help: 'Worst event-loop lag in the health window',
    registers: [registry],
    collect() {
      this.set(loop.lagMs() / 1000);
    },
  });
  new Gauge({
    name: 'brokerage_db_pool_connections',
    help: `Database connections by state (${sources.dbKind}; PGlite: one in-process connection, idle/waiting not reported)`,
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = sources.db();
      this.set({ state: 'total' }, stats.total);
      if (stats.idle !== null) this.set({ state: 'idle' }, stats.idle);
      if (stats.waiting !== null) this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const ticks = new Histogram({
    name: 'brokerage_engine_tick_duration_seconds',
    help: 'Trading-engine ticks (only the leader ticks)',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const tickFailures = new Counter({
    name: 'brokerage_engine_tick_failures_total',
    help: 'Trading-engine ticks that failed',
    registers: [registry],
  });
  if (sources.engineLeader) {
    const leader = sources.engineLeader;
    new Gauge({
      name: 'brokerage_engine_leader',
      help: '1 while this process leads the trading engine (fills, triggers, dated jobs, account events)',
      registers: [registry],
      collect() {
        this.set(leader() ? 1 : 0);
      },
    });
  }
  new Gauge({
    name: 'brokerage_ws_connections',
    help: 'Open WebSocket connections of the quote hub',
    registers: [registry],
    collect() {
      this.set(sources.wsConnections());
    },
  });
  new Gauge({
    name: 'brokerage_candle_jobs_waiting',
    help: 'Charts being computed in slices, waiting for their next slice',
    registers: [registry],
    collect() {
      this.set(sources.candleJobs().waiting);
    },
  });
  let refusedSeen = 0;
  new Counter({
    name: 'brokerage_candle_jobs_refused_total',
    help: 'Charts refused because too many were being computed',
    registers: [registry],
    collect() {
      const refused = sources.candleJobs().refused;
      if (refused > refusedSeen) this.inc(refused - refusedSeen);
      refusedSeen = refused;
    },
  });

  const failures = new Counter({
    name: 'brokerage_api_failures_total',
    help: 'API failure envelopes by code (business refusals answer HTTP 200)',
    labelNames: ['method', 'route', 'code'],
    registers: [registry],
  });
  const failureCodes = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (typeof payload === 'string' && payload.startsWith('{"status":0')) {
      try {
        const code = (JSON.parse(payload) as { code?: unknown }).code;
        failureCodes.set(request, typeof code === 'string' && Object.hasOwn(codeCatalogue, code) ? code : 'other');
      } catch {
        failureCodes.set(request, 'other');
      }
    }
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    const status = reply.statusCode;
    requests.inc({ method, route, status: String(status) });
    latency.observe({ method, route }, reply.elapsedTime / 1000);
    if (status >= 400) errors.inc({ method, route, class: status >= 500 ? '5xx' : '4xx' });
    const code = failureCodes.get(request);
    if (code !== undefined) failures.inc({ method, route, code });
    done();
  });

  app.get('/metrics', async (request, reply) => {
    if (!isOperator(request, access, networks)) return sendFail(reply, 'request.not_found');
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });

  return {
    registry,
    engineTick: (durationMs, ok) => {
      ticks.observe(durationMs / 1000);
      if (!ok) tickFailures.inc();
    },
  };
}
