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
import { buildOpenApiDocument } from '@brokerage/contract';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { authenticateAdmin, registerAdminRoutes, registerProductListRoute, writeAudit } from './modules/admin/index.js';
import {
  AuthCache,
  authenticate,
  registerAuthRoutes,
  usersRepository,
  type AuthCacheOptions,
  type AuthDeps,
} from './modules/auth/index.js';
import { currentAgreementVersion, registerCommonRoutes } from './modules/common/index.js';
import {
  checkinsInLast30Days,
  registerEngagementRoutes,
  registerNoticeAdminRoutes,
  registerNoticeRoutes,
} from './modules/engagement/index.js';
import {
  FeedRates,
  FeedWarmer,
  QuoteHub,
  registerMarketRoutes,
  registerNewsAdminRoutes,
  SimulatedFeed,
  SlicedWork,
  type MarketFeed,
  type QuoteHubOptions,
} from './modules/market/index.js';
import { registerAssetsRoutes } from './modules/ledger/index.js';
import { registerFundsRoutes, registerReviewAdminRoutes } from './modules/funds/index.js';
import {
  combineInvestValues,
  createLedger,
  createPortfolio,
  type Ledger,
  type Portfolio,
} from './modules/ledger/index.js';
import {
  copyInvestValue,
  copyProductPage,
  registerCopyAdminRoutes,
  registerCopyRoutes,
  startCopyEngine,
} from './modules/copy/index.js';
import {
  dayTradeReviewQueue,
  registerAdminOrderRoutes,
  registerDayTradingRoutes,
  registerTradingRoutes,
  startEngine,
  tradingPositionsPort,
  type BuyGroupOptions,
} from './modules/trading/index.js';
import {
  newShareInvestValue,
  newShareProductPage,
  registerNewShareAdminRoutes,
  registerNewShareRoutes,
  startNewShareJobs,
  syncListings,
} from './modules/newshare/index.js';
import {
  blockProductPage,
  blockReviewQueue,
  registerBlockAdminRoutes,
  registerBlockRoutes,
} from './modules/block/index.js';
import {
  loanReviewQueue,
  quotaReviewQueue,
  registerLoanRoutes,
  unpaidLoanPort,
  type CheckinCounter,
} from './modules/loan/index.js';
import {
  lendingProductPage,
  lendingInvestValue,
  registerLendingAdminRoutes,
  registerLendingRoutes,
  startLendingSettlement,
} from './modules/lending/index.js';
import { AccountFeed } from './modules/push/index.js';
import {
  createUploads,
  registerUploadRoutes,
  uploadMultipartOptions,
  type UploadOptions,
} from './modules/uploads/index.js';
import { systemClock, type Clock } from './platform/clock.js';
import type { AdminDeps } from './platform/admin-http.js';
import type { AppConfig } from './platform/config.js';
import type { Database } from './platform/db.js';
import { DomainError } from './platform/errors.js';
import type { FxRates } from './platform/fx.js';
import { failEnvelope, sendFail, type UserRouteDeps } from './platform/http.js';
import { EventLoopWatch, registerMetrics } from './platform/metrics.js';
import { RateLimits, type LimitName, type LimitSpec, type RateLimitsOptions } from './platform/rate-limit.js';
import { safeError } from './platform/safe-log.js';
import { apiSecurityHeaders, inlineScriptHashesOf, securityHeaders } from './platform/security-headers.js';
import { Settings } from './platform/settings.js';
import * as idempotency from './platform/idempotency.js';

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
}

export interface AppDeps {
  db: Database['db'];
  clock: Clock;
  settings: Settings;
  limits: RateLimits;
  fx: FxRates;
  feed: MarketFeed;
  quoteHub: QuoteHub;
  /** The only writer of money; every money module is handed this one. */
  ledger: Ledger;
  /** Assets and `withdrawable`, with trading's positions and lending's investments wired in. */
  portfolio: Portfolio;
  /** Sessions and user rows of authenticated calls; every `users` write invalidates it. */
  authCache: AuthCache;
  /** Account events on the WebSocket; set once the routes are built (tests with `engine: false` drive it with `pollOnce`). */
  accountFeed?: AccountFeed;
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

/** `MARKET_FEED` picks the implementation; only the simulator ships (docs/decisions.md). */
function createFeed(config: AppConfig, settings: Settings, clock: Clock): MarketFeed {
  if (config.marketFeed !== 'simulated') throw new Error(`MARKET_FEED=${config.marketFeed}: no such feed adapter`);
  return new SimulatedFeed(settings, clock, config.marketSeed);
}

export async function buildApp(options: AppOptions): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const clock = options.clock ?? systemClock;
  const db = options.database.db;
  // how many rows each house ledger account spreads over (see ledger.service.ts)
  const ledger = createLedger({ clock, houseStripes: options.config.ledgerHouseStripes });
  const settings = new Settings(db, clock);
  await settings.load();
  const limits = new RateLimits(options.limits, options.redis ?? null, options.rateLimits);
  const feed = options.feed ?? createFeed(options.config, settings, clock);
  const quoteHub = new QuoteHub(feed, options.quoteHub);
  const fx = new FeedRates(feed, () => clock.now());
  // The portfolio reads trading's positions and lending's investments: the ledger cannot import
  // them (they call the ledger), so they are handed in here and nowhere else.
  const portfolio = createPortfolio({
    positions: tradingPositionsPort(feed, clock),
    investValue: combineInvestValues(lendingInvestValue, copyInvestValue, newShareInvestValue),
    fx,
  });
  const authCache = new AuthCache(options.authCache);
  const deps: AppDeps = { db, clock, settings, limits, fx, feed, quoteHub, ledger, portfolio, authCache };
  const detachInvalidation = options.redis ? authCache.attachRedisInvalidation(options.redis) : null;

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

  // ── Operators (issue 18): /metrics and the event-loop watch behind /health ─────────────────
  const loopWatch = new EventLoopWatch(options.eventLoopWatch?.intervalMs, options.eventLoopWatch?.windowMs);
  // watched once the app is built (building it holds the loop: migrations aside, the docs' gzip)
  app.addHook('onReady', async () => loopWatch.start());
  app.addHook('onClose', async () => loopWatch.stop());
  // charts are computed in slices between other requests (modules/market/sliced-work.ts)
  const candleWork = new SlicedWork();
  /** set once the engine starts (below); the metrics and the account feed ask it */
  let engineLeader: () => boolean = () => false;
  const feedWarmer = options.warmFeed ? new FeedWarmer(feed, candleWork) : null;
  if (feedWarmer) {
    app.addHook('onReady', async () => feedWarmer.start());
    app.addHook('onClose', async () => feedWarmer.stop());
  }
  const metrics = registerMetrics(
    app,
    {
      db: () => options.database.poolStats?.() ?? { total: 1, idle: null, waiting: null },
      dbKind: options.database.kind,
      wsConnections: () => quoteHub.connectionCount,
      candleJobs: () => ({ waiting: candleWork.waiting, refused: candleWork.stats().refused }),
      engineLeader: () => engineLeader(),
    },
    { token: options.config.metricsToken, allow: options.config.metricsAllow, trustProxy: options.config.trustProxy },
    loopWatch,
  );

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

  const authDeps: AuthDeps = {
    db,
    clock,
    settings,
    limits,
    authCache,
    currentAgreementVersion: () => currentAgreementVersion(db),
  };
  const route: UserRouteDeps = {
    authenticate: (token, account) => authenticate(db, clock, authCache, token, account),
    limits,
    db,
    clock,
  };
  const adminRoute: AdminDeps = {
    db,
    clock,
    limits,
    authenticateAdmin: (token) => authenticateAdmin(db, clock, token),
    writeAudit: (tx, record) => writeAudit(tx, clock, record),
  };
  registerCommonRoutes(app, route, db, settings);
  registerAuthRoutes(app, route, authDeps);
  registerNoticeRoutes(app, route, db);
  // Check-in and invitation (docs/api.md §16.6, modules/engagement)
  registerEngagementRoutes(app, route, db, { clock, settings });
  registerAssetsRoutes(app, route, {
    db,
    settings,
    portfolio,
    creditScoreOf: async (userId) => (await usersRepository.findUserById(db, userId))?.creditScore ?? null,
  });
  registerAdminRoutes(app, { ...adminRoute, settings, portfolio, authCache });
  const marketDeps = { db, clock, settings, feed };
  registerMarketRoutes(app, route, marketDeps, candleWork);
  registerNewsAdminRoutes(app, { ...marketDeps, ...adminRoute });
  registerNoticeAdminRoutes(app, adminRoute);

  // ── Uploads (docs/api.md §17, modules/uploads) ──────────────────────────────────────────────────
  // `uploads` is also the handle other modules need (claim, signed URLs). Multipart is parsed
  // only inside this scope; every other route keeps refusing multipart bodies.
  const uploads = createUploads({ db, clock, config: options.config, options: options.uploads });
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, uploadMultipartOptions);
    registerUploadRoutes(scope, route, uploads);
  });
  // ── end uploads ────────────────────────────────────────────────────────────────────────────

  // Credit loans (docs/api.md §16, modules/loan): funds asks "still owed?" through a port (funds never
  // imports loan); the check-in count of credit raises is a port too.
  // the credit raise is gated by check-ins in the last 30 days (engagement), counted in funds.timezone
  const checkins: CheckinCounter =
    options.loanCheckins ??
    ((db, userId, now) => checkinsInLast30Days(db, userId, now, settings.get('funds.timezone')));
  const unpaidLoan = unpaidLoanPort({ clock, settings });
  const loanDeps = { clock, settings, ledger, checkins };
  registerFundsRoutes(app, route, {
    db,
    clock,
    settings,
    limits,
    fx,
    uploads,
    ledger,
    portfolio,
    authCache,
    unpaidLoan,
  });
  // review queues other modules own are handed in here (funds never imports them)
  registerReviewAdminRoutes(app, {
    ...adminRoute,
    uploads,
    ledger,
    authCache,
    unpaidLoan,
    queues: {
      day_trade: dayTradeReviewQueue(authCache),
      block: blockReviewQueue({ ledger, feed, settings }),
      loan: loanReviewQueue({ ...loanDeps, authCache }),
      quota: quotaReviewQueue({ ...loanDeps, authCache }),
    },
  });
  registerLoanRoutes(app, route, { ...loanDeps, limits });

  // ── Trading (docs/api.md §9.1–§9.7, modules/trading) ────────────────────────────────────────────
  // Routes and the engine loop (one leader per PostgreSQL through an advisory lock), stopped when
  // the app closes. The positions the portfolio reads are wired above (`createPortfolio`).
  registerTradingRoutes(app, route, {
    db,
    clock,
    feed,
    settings,
    limits,
    ledger,
    authCache,
    buyGroup: {
      onBatchError: (error, size) =>
        app.log.warn({ err: error, size }, 'buy batch rolled back: its calls run one by one'),
      ...options.buyGroup,
    },
  });
  registerDayTradingRoutes(app, route, { db, clock });
  registerAdminOrderRoutes(app, { ...adminRoute, feed });
  if (options.engine !== false) {
    const engine = startEngine(
      { db, clock, settings, feed, ledger },
      {
        intervalMs: options.engine?.intervalMs,
        databaseUrl: options.config.databaseUrl,
        onTick: metrics.engineTick,
        onError: (error) => app.log.error({ err: error }, 'trading engine tick failed'),
      },
    );
    app.addHook('onClose', async () => engine.stop());
    engineLeader = engine.isLeader;
  }
  // Account events on the WebSocket (modules/push): the engine's leader reads the changes and
  // publishes them (through Redis to every instance); each instance pushes them to its own
  // signed-in connections.
  const accountFeed = new AccountFeed({
    // without the engine loop (tests) the process reads when the test calls `pollOnce`
    db,
    redis: options.redis ?? null,
    isLeader: () => options.engine === false || engineLeader(),
    authenticate: route.authenticate,
    onError: (error) => app.log.error({ err: error }, 'account feed failed'),
  });
  quoteHub.attachAccounts(accountFeed);
  deps.accountFeed = accountFeed;
  if (options.engine !== false) accountFeed.start();
  app.addHook('onClose', async () => accountFeed.stop());
  // ── end trading ────────────────────────────────────────────────────────────────────────────

  // Lending (docs/api.md §15, modules/lending); the daily settlement runs beside the API with the engine.
  registerLendingRoutes(app, route, { clock, settings, limits, ledger });
  registerLendingAdminRoutes(app, adminRoute);
  if (options.engine !== false) {
    const settlement = startLendingSettlement(
      { db, clock, ledger },
      {
        onError: (error) => app.log.error({ err: error }, 'lending settlement failed'),
      },
    );
    app.addHook('onClose', async () => settlement.stop());
  }

  // New shares (docs/api.md §12, modules/newshare): the feed lists every offering's instrument; the
  // window, deadline and listing steps run beside the API.
  await syncListings(db, feed);
  registerNewShareRoutes(app, route, { clock, settings, limits, ledger, feed, authCache });
  registerNewShareAdminRoutes(app, { ...adminRoute, feed, settings, ledger });
  if (options.engine !== false) {
    const jobs = startNewShareJobs(
      { db, clock, ledger, feed, settings },
      {
        onError: (error) => app.log.error({ err: error }, 'new-share jobs failed'),
      },
    );
    app.addHook('onClose', async () => jobs.stop());
  }

  // Block trades (docs/api.md §13, modules/block); their review queue is wired with funds' above.
  registerBlockRoutes(app, route, { clock, settings, limits, ledger, feed, authCache });
  registerBlockAdminRoutes(app, { ...adminRoute, feed, settings });

  // Copy-trading funds (docs/api.md §14, modules/copy): the strategy engine marks, rebalances and
  // closes the funds beside the API, trading through the same order code as users.
  registerCopyRoutes(app, route, { clock, settings, limits, ledger, feed, authCache });
  registerCopyAdminRoutes(app, { ...adminRoute, feed, settings, ledger, authCache });
  if (options.engine !== false) {
    const copyEngine = startCopyEngine(
      { db, clock, feed, ledger, settings, authCache },
      {
        onError: (error) => app.log.error({ err: error }, 'copy engine step failed'),
      },
    );
    app.addHook('onClose', async () => copyEngine.stop());
  }

  // `/product/list` of every kind: each product module gives the page of its own (§19.5)
  registerProductListRoute(app, adminRoute, {
    lending: lendingProductPage,
    new_share: (tx, page, size) => newShareProductPage(tx, { feed, settings, clock }, page, size),
    block: (tx, page, size) => blockProductPage(tx, { feed, settings }, page, size),
    copy: (tx, page, size) => copyProductPage(tx, { feed, clock }, page, size),
  });

  // Stored money-call answers are kept 24 h (docs/api.md §1.6): an hourly sweep forgets older ones.
  if (options.engine !== false) {
    const sweepAnswers = () => {
      idempotency.sweep(db, clock).catch((error: unknown) => app.log.error({ err: error }, 'idempotency sweep failed'));
    };
    const timer = setInterval(sweepAnswers, 60 * 60 * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
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
  return { app, deps };
}
