/**
 * Builds the Fastify app: the user API under /api/vue/, the back-office API under /api/admin/,
 * OpenAPI at /api/docs, /health, and the built web app (/) and back office (/admin/).
 * `main.ts` and the tests both call `buildApp`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildOpenApiDocument, type Currency } from '@brokerage/contract';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { buildKernel } from './kernel/build.js';
import type { Kernel, ModuleFactory, ModuleSpec, SeedContext, SeedNote } from './kernel/kernel.js';
import { createAdminModule } from './modules/admin/index.js';
import { createAlertsModule } from './modules/alerts/index.js';
import { createAuthModule, type AuthCacheOptions } from './modules/auth/index.js';
import { createBlockModule } from './modules/block/index.js';
import { createCommonModule } from './modules/common/index.js';
import { createCopyModule } from './modules/copy/index.js';
import { createEngagementModule } from './modules/engagement/index.js';
import { createFundsModule } from './modules/funds/index.js';
import { createLedgerModule } from './modules/ledger/index.js';
import { createLendingModule } from './modules/lending/index.js';
import { createLoanModule, type CheckinCounter } from './modules/loan/index.js';
import {
  createMarketModule,
  FeedWarmer,
  SlicedWork,
  type MarketFeed,
  type QuoteHubOptions,
} from './modules/market/index.js';
import { createMessagesModule } from './modules/messages/index.js';
import { createNewShareModule } from './modules/newshare/index.js';
import { createPerformanceModule } from './modules/performance/index.js';
import { createProofModule } from './modules/proof/index.js';
import { createPushModule, type Resolver } from './modules/push/index.js';
import { createReviewModule } from './modules/review/index.js';
import { createSecurityModule } from './modules/security/index.js';
import { createTradingModule, ENGINE_LOCK_KEY, type BuyGroupOptions } from './modules/trading/index.js';
import { createUploadsModule, type UploadOptions } from './modules/uploads/index.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { AppConfig } from './platform/config.js';
import type { Database } from './platform/db.js';
import { DomainError } from './platform/errors.js';
import { failEnvelope, sendFail } from './platform/http.js';
import { advisoryLeaderLock, JobRunner } from './platform/jobs.js';
import { EventLoopWatch } from './platform/metrics.js';
import type { LimitName, LimitSpec, RateLimitsOptions } from './platform/rate-limit.js';
import { safeError } from './platform/safe-log.js';
import { apiSecurityHeaders, inlineScriptHashesOf, securityHeaders } from './platform/security-headers.js';
import * as idempotency from './platform/idempotency.js';
import { checkSeedOrder, seedDemo } from './seed/seed.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  limits?: Partial<Record<LimitName, LimitSpec>>;
  /** How the limits use Redis (the approximate per-call limits' flush interval; `strict` for the benchmark's "before"). */
  rateLimits?: RateLimitsOptions;
  redis?: Redis | null;
  logger?: FastifyServerOptions['logger'];
  /** The price source; the simulator seeded with MARKET_SEED by default. */
  feed?: MarketFeed;
  quoteHub?: QuoteHubOptions;
  /** Folders of the built web app and back office; found next to the sources by default. */
  webDist?: string | null;
  adminDist?: string | null;
  /** Uploads: folder (default `DATA_DIR/uploads`; tests pass a temp folder), or another FileStorage. */
  uploads?: UploadOptions;
  /** The auth cache's options (its quiet time after an invalidation). */
  authCache?: AuthCacheOptions;
  /** The trading engine loop: tick interval (default 1 s), or false to drive it with `runEngineOnce` (tests). */
  engine?: { intervalMs?: number } | false;
  /** Check-ins in the last 30 days for credit raises (tests pass a fake; see the wiring below). */
  loanCheckins?: CheckinCounter;
  /**
   * Warm every instrument's quote in slices once ready, and keep them warm; `/health` answers
   * 503 `warming` until the first pass is done (main.ts turns it on; tests mostly do without).
   */
  warmFeed?: boolean;
  /** The event-loop watch behind `/health`'s `degraded` (tests shorten it). */
  eventLoopWatch?: { intervalMs?: number; windowMs?: number };
  /** Group commit of market buys (on by default; tests and the bench read its counters). */
  buyGroup?: BuyGroupOptions;
  /** Web Push: the DNS resolver of the endpoints' SSRF guard (tests answer names themselves). */
  push?: { resolve?: Resolver };
  /** The proof of liabilities: a hook after each currency's tree (tests throw there: a crash mid-build). */
  proof?: { afterTree?: (currency: Currency) => void };
  /**
   * Seed the modules' demo data once the modules are set up, before any job starts (main.ts: the
   * full demo with DEMO=1; the test harness: the catalogue). Null or absent: no demo data.
   */
  seed?: SeedContext | null;
}

/**
 * The server's modules, in the order their routes are registered (docs/architecture.md). Adding a
 * module: its folder (kernel/kernel.ts tells the shape) and one line here.
 */
export const modules: readonly ModuleFactory[] = [
  createCommonModule,
  createAuthModule,
  createMessagesModule,
  createEngagementModule,
  createLedgerModule,
  createAdminModule,
  createMarketModule,
  createUploadsModule,
  createReviewModule,
  createFundsModule,
  createLoanModule,
  createTradingModule,
  createPushModule,
  createLendingModule,
  createNewShareModule,
  createBlockModule,
  createCopyModule,
  createAlertsModule,
  createSecurityModule,
  createPerformanceModule,
  createProofModule,
];

/** What `buildApp` hands back beside the app: the kernel (tests read its services). */
export type AppDeps = Kernel;

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** what the `seed` option's seeds made to print once (`npm start`) */
  seeded: SeedNote[];
  /** runs the modules' seeds again (idempotent; seed.test.ts) */
  seedDemo: (context: SeedContext) => Promise<SeedNote[]>;
  /** the background jobs' names, and one pass of one of them now (the test-only route of platform/test-clock.ts) */
  jobs: { names: () => readonly string[]; runOnce: (name: string) => Promise<void> };
}

function defaultDist(app: 'web' | 'admin'): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/ or dist/ of apps/server → apps/<app>/dist
  return path.resolve(here, '..', '..', app, 'dist');
}

class BadBody extends Error {
  readonly statusCode = 400;
  constructor(readonly reason: 'type' | 'format' | 'too_many') {
    super('bad body');
  }
}

const REQUEST_TIMEOUT_MS = 30_000;

function openApiBytes(production: boolean): { plain: Buffer; gzip: Buffer } {
  const document = buildOpenApiDocument('0.1.0') as { paths: Record<string, unknown> };
  const shown = production
    ? {
        ...document,
        paths: Object.fromEntries(Object.entries(document.paths).filter(([p]) => !p.startsWith('/api/admin/'))),
      }
    : document;
  const plain = Buffer.from(JSON.stringify(shown), 'utf8');
  return { plain, gzip: gzipSync(plain, { level: 9 }) };
}

/** Every logged `err` goes through `safeError`: no statement parameters, no quoted values (issue 18). */
function withSafeErrors(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: {
      ...base.serializers,
      err: (error: Error) => safeError(error) as { type: string; message: string; stack: string },
    },
  };
}

/**
 * Refuses what no endpoint takes before any work (issue 18): a NUL character in any string or
 * key (PostgreSQL refuses it in text, and the failed statement would land in the log), and
 * nesting deeper than `MAX_BODY_DEPTH` (recursive code such as the request-id body hash would
 * overflow). Iterative, so the check itself cannot overflow.
 */
const MAX_BODY_DEPTH = 32;

function hostileBody(value: unknown): 'format' | 'too_many' | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'format';
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_BODY_DEPTH) return 'too_many';
      if (Array.isArray(v)) for (const item of v) stack.push([item, depth + 1]);
      else {
        for (const [key, item] of Object.entries(v)) {
          if (key.includes('\u0000')) return 'format';
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return null;
}

export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const app = Fastify({
    logger: withSafeErrors(options.logger ?? false),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // a body sent a byte every few seconds is not held open forever (issue 18): the whole
    // request within 30 s, its headers within 10 s, an idle keep-alive connection 5 s
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 5_000,
    http: { headersTimeout: 10_000 },
    // Node's own refusals (bad request line, headers too large) in the API envelope
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return socket.destroy();
      const status = (error as { code?: string }).code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = JSON.stringify(
        failEnvelope('request.invalid', { fields: { body: status === 431 ? 'too_long' : 'format' } }),
      );
      socket.end(
        `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
          `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });

  // ── The kernel: the shared services every module is handed (kernel/build.ts) ─────────────────
  // every background loop runs on one job runner (platform/jobs.ts); the leader-only jobs (the
  // engine) hold a PostgreSQL advisory lock, with PGlite the one process leads
  const runner = new JobRunner({
    lock: advisoryLeaderLock(options.config.databaseUrl, ENGINE_LOCK_KEY),
    now: () => (options.clock ?? systemClock).now(),
    onError: (job, error) => app.log.error({ err: error }, `${job} failed`),
  });
  // the event-loop watch behind /health's `degraded` and /metrics
  const loopWatch = new EventLoopWatch(options.eventLoopWatch?.intervalMs, options.eventLoopWatch?.windowMs);
  // charts are computed in slices between other requests (modules/market/sliced-work.ts)
  const candleWork = new SlicedWork();
  const built = await buildKernel(app, options, { runner, candleWork, loopWatch });
  const { kernel } = built;
  const { db, clock, settings, limits, feed, quoteHub, authCache } = kernel;
  const detachInvalidation = options.redis ? authCache.attachRedisInvalidation(options.redis) : null;
  if (detachInvalidation) app.addHook('onClose', async () => detachInvalidation());
  app.addHook('onClose', async () => limits.close());
  if (options.redis) {
    // config changes made on another instance (docs/scaling.md)
    const detachSettings = settings.attachRedis(options.redis, (error) =>
      app.log.error({ err: error }, 'settings reload failed'),
    );
    app.addHook('onClose', async () => detachSettings());
  }

  // §1.1: an empty body counts as {}; a body that is not a JSON object is request.invalid.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const source = typeof text === 'string' ? text : text.toString('utf8');
    if (source.trim() === '') return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(source);
    } catch {
      return done(new BadBody('format'), undefined);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      return done(new BadBody('type'), undefined);
    const hostile = hostileBody(parsed);
    if (hostile) return done(new BadBody(hostile), undefined);
    return done(null, parsed);
  });

  const webDist = options.webDist === undefined ? defaultDist('web') : options.webDist;
  const adminDist = options.adminDist === undefined ? defaultDist('admin') : options.adminDist;
  const DOCUMENT_HEADERS = securityHeaders(inlineScriptHashesOf([webDist, adminDist]), options.config.publicOrigin);
  const API_HEADERS = apiSecurityHeaders(options.config.publicOrigin);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? API_HEADERS : DOCUMENT_HEADERS);
    reply.header('x-request-id', request.id);
    done();
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof DomainError) return sendFail(reply, error.code, error.params);
    if (error instanceof BadBody) return sendFail(reply, 'request.invalid', { fields: { body: error.reason } });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) return sendFail(reply, 'request.invalid', { fields: { body: 'too_long' } });
    if (status === 415 || status === 400) return sendFail(reply, 'request.invalid', { fields: { body: 'type' } });
    request.log.error({ err: error, requestId: request.id }, 'unexpected fault');
    return sendFail(reply, 'server.error');
  });

  app.setNotFoundHandler((_request, reply) => sendFail(reply, 'request.not_found'));

  // ── Operators (issue 18): /metrics (kernel/build.ts) and the event-loop watch behind /health ─
  // watched once the app is built (building it holds the loop: migrations aside, the docs' gzip)
  app.addHook('onReady', async () => loopWatch.start());
  app.addHook('onClose', async () => loopWatch.stop());
  const feedWarmer = options.warmFeed ? new FeedWarmer(feed, candleWork) : null;
  if (feedWarmer) {
    app.addHook('onReady', async () => feedWarmer.start());
    app.addHook('onClose', async () => feedWarmer.stop());
  }

  // Healthy once migrated (we got here), the feed's quotes are warm (with `warmFeed`: 503
  // `warming` before) and it answers fresh quotes (docs/api.md §21); a stale feed is 503. An event loop lagging past HEALTH_MAX_LOOP_LAG_MS in the last 10 s is
  // `degraded` with 200: the instance still answers, only slowly (docs/decisions.md).
  app.get('/health', async (_request, reply) => {
    if (feedWarmer && !feedWarmer.ready) return reply.status(503).send({ status: 'warming' });
    const first = feed.instruments()[0];
    const fresh = first ? !feed.quote(first.instrumentId).stale : false;
    if (!fresh) return reply.status(503).send({ status: 'feed_stale' });
    const lagMs = loopWatch.lagMs();
    if (lagMs > options.config.healthMaxLoopLagMs) return { status: 'degraded', eventLoopLagMs: Math.round(lagMs) };
    return { status: 'ok' };
  });
  // Built, serialised and compressed once (1.5 MB of JSON); limited per address like any call.
  // In production the back-office routes are not listed publicly (issue 18).
  const docs = openApiBytes(options.config.production);
  app.get('/api/docs', async (request, reply) => {
    await limits.consume('perCaller', `docs:${request.ip}`);
    reply
      .type('application/json; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('cache-control', 'public, max-age=300');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
      return reply.header('content-encoding', 'gzip').send(docs.gzip);
    return reply.send(docs.plain);
  });

  // ── The modules (the list above): every spec first, so the registries are full before any
  // route is registered; then setup, routes, jobs and hooks in list order ──────────────────────
  const specs: ModuleSpec[] = modules.map((create) => create(kernel));
  built.register(specs);
  checkSeedOrder(specs);
  for (const spec of specs) await spec.setup?.();
  // the demo data (seed/seed.ts): after setup (the feed lists the offerings), before any job
  const seeded = options.seed ? await seedDemo(specs, options.seed) : [];
  for (const spec of specs) {
    await spec.userRoutes?.(app);
    await spec.adminRoutes?.(app);
  }
  for (const spec of specs) {
    const { onReady, onClose } = spec;
    if (onReady) app.addHook('onReady', async () => onReady());
    if (onClose) app.addHook('onClose', async () => onClose());
  }

  // ── Background jobs: the modules' and the hourly sweep, not at all with `engine: false` (tests) ─
  // Stored money-call answers are kept 24 h (docs/api.md §1.6): an hourly sweep forgets older ones.
  if (options.engine !== false) {
    for (const spec of specs) for (const job of spec.jobs ?? []) runner.add(job);
    runner.add({ name: 'idempotency sweep', intervalMs: 60 * 60 * 1000, run: () => idempotency.sweep(db, clock) });
    runner.start();
    app.addHook('onClose', async () => runner.stop());
  }

  // The WebSocket plugin lives in its own scope: its request hooks then run for /api/vue/ws
  // only, not on every API call. `injectWS` is lifted to the root for the tests.
  await app.register(async (scope) => {
    await scope.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });
    quoteHub.register(scope);
    app.decorate('injectWS', scope.injectWS.bind(scope));
  });

  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    // The web build writes .br and .gz copies of its text files (apps/web/plugins/service-worker.ts):
    // they are sent as they are to a client that accepts them, and are no routes of their own.
    // /assets/ names carry a content hash, so they never change and may be kept for a year.
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, filePath) => {
        if (filePath.replaceAll('\\', '/').includes('/assets/'))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // The plugin's own route for `/` misses the compressed copies when it lists files up front
    // (`wildcard: false`), so `/` sends index.html itself.
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
  }
  if (adminDist && existsSync(path.join(adminDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      index: 'index.html',
      decorateReply: false,
      wildcard: false,
    });
    app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
  }
  return {
    app,
    deps: kernel,
    seeded,
    seedDemo: (context) => seedDemo(specs, context),
    jobs: { names: () => runner.jobs, runOnce: (name) => runner.runOnce(name) },
  };
}
