/**
 * Builds the kernel (kernel/kernel.ts) of one app: the shared services every module is handed, and
 * the registries the modules' specs fill (review queues, product pages, investValue, positions,
 * ports). Called once by `buildApp` before any module factory.
 */
import type { MessageCode, PushKind } from '@brokerage/contract';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app.js';
import { authenticateAdmin, writeAudit, type ProductPages } from '../modules/admin/index.js';
import { AuthCache, authenticate } from '../modules/auth/index.js';
import {
  combineInvestValues,
  createLedger,
  createPortfolio,
  type InvestValueSource,
  type PositionsSource,
} from '../modules/ledger/index.js';
import { FeedRates, QuoteHub, SimulatedFeed, type MarketFeed, type SlicedWork } from '../modules/market/index.js';
import { AccountFeed } from '../modules/push/index.js';
import type { ReviewQueues } from '../modules/review/index.js';
import { createUploads } from '../modules/uploads/index.js';
import type { AdminDeps } from '../platform/admin-http.js';
import { systemClock, type Clock } from '../platform/clock.js';
import type { AppConfig } from '../platform/config.js';
import type { UserRouteDeps } from '../platform/http.js';
import type { JobRunner } from '../platform/jobs.js';
import { registerMetrics, type EventLoopWatch } from '../platform/metrics.js';
import { RateLimits } from '../platform/rate-limit.js';
import { SecretBox } from '../platform/secret-box.js';
import { Settings } from '../platform/settings.js';
import type { Kernel, ModuleSpec, Ports } from './kernel.js';

/** `MARKET_FEED` picks the implementation; only the simulator ships (docs/decisions.md). */
function createFeed(config: AppConfig, settings: Settings, clock: Clock): MarketFeed {
  if (config.marketFeed !== 'simulated') throw new Error(`MARKET_FEED=${config.marketFeed}: no such feed adapter`);
  return new SimulatedFeed(settings, clock, config.marketSeed);
}

/** What the kernel's registries are filled with: the modules' specs, before any route is registered. */
export interface KernelRegistries {
  /** adds the contributions of the modules' specs to the kernel's registries */
  register: (specs: readonly ModuleSpec[]) => void;
}

export async function buildKernel(
  app: FastifyInstance,
  options: AppOptions,
  parts: { runner: JobRunner; candleWork: SlicedWork; loopWatch: EventLoopWatch },
): Promise<{ kernel: Kernel } & KernelRegistries> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const db = options.database.db;
  // how many rows each house ledger account spreads over (see ledger.service.ts)
  const ledger = createLedger({ clock, houseStripes: config.ledgerHouseStripes });
  const settings = new Settings(db, clock);
  await settings.load();
  const limits = new RateLimits(options.limits, options.redis ?? null, options.rateLimits);
  const feed = options.feed ?? createFeed(config, settings, clock);
  const quoteHub = new QuoteHub(feed, options.quoteHub);
  const fx = new FeedRates(feed, () => clock.now());

  // Registries the specs fill (`register`): the ledger cannot import the modules that hold
  // positions and investments (they call the ledger), so the portfolio asks the registries.
  const reviewQueues: ReviewQueues = {};
  const messageKinds = new Map<MessageCode, { module: string; push: PushKind | null }>();
  const productPages: ProductPages = {};
  const investValues: InvestValueSource[] = [];
  const positionSources: PositionsSource[] = [];
  const given: Partial<Ports> = {};
  const portOf = <K extends keyof Ports>(name: K): Ports[K] => {
    const port = given[name];
    if (!port) throw new Error(`no module answers the port ${name}`);
    return port;
  };
  const ports: Ports = {
    unpaidLoan: (tx, userId) => portOf('unpaidLoan')(tx, userId),
    secondFactor: {
      startLogin: (db, user) => portOf('secondFactor').startLogin(db, user),
      require: (db, user, proof) => portOf('secondFactor').require(db, user, proof),
    },
    signIns: {
      fromNewDevice: (db, user, client, at) => portOf('signIns').fromNewDevice(db, user, client, at),
    },
    houseRunAccounts: (db) => portOf('houseRunAccounts')(db),
  };
  const positions = (): PositionsSource => {
    const [only, ...others] = positionSources;
    if (!only || others.length > 0) throw new Error('exactly one module holds positions');
    return only;
  };
  const portfolio = createPortfolio({
    positions: {
      ofUser: (tx, userId) => positions().ofUser(tx, userId),
      ofUsers: (tx, userIds) => positions().ofUsers(tx, userIds),
    },
    investValue: {
      ofUser: (tx, userId) => combineInvestValues(...investValues).ofUser(tx, userId),
      ofUsers: (tx, userIds) => combineInvestValues(...investValues).ofUsers(tx, userIds),
    },
    fx,
  });
  const authCache = new AuthCache(options.authCache);
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
  // `uploads` is the handle other modules need (claim, signed URLs)
  const uploads = createUploads({ db, clock, config, options: options.uploads });
  const { runner, candleWork, loopWatch } = parts;
  const metrics = registerMetrics(
    app,
    {
      db: () => options.database.poolStats?.() ?? { total: 1, idle: null, waiting: null },
      dbKind: options.database.kind,
      wsConnections: () => quoteHub.connectionCount,
      candleJobs: () => ({ waiting: candleWork.waiting, refused: candleWork.stats().refused }),
      engineLeader: () => runner.isLeader(),
    },
    { token: config.metricsToken, allow: config.metricsAllow, trustProxy: config.trustProxy },
    loopWatch,
  );
  // Account events on the WebSocket (modules/push): the engine's leader reads the changes and
  // publishes them (through Redis to every instance); each instance pushes them to its own
  // signed-in connections.
  const accountFeed = new AccountFeed({
    // without the job runner (tests) the process reads when the test calls `pollOnce`
    db,
    redis: options.redis ?? null,
    isLeader: () => options.engine === false || runner.isLeader(),
    authenticate: route.authenticate,
    onError: (error) => app.log.error({ err: error }, 'account feed failed'),
  });
  quoteHub.attachAccounts(accountFeed);

  const kernel: Kernel = {
    config,
    options,
    database: options.database,
    db,
    clock,
    settings,
    limits,
    fx,
    feed,
    quoteHub,
    candleWork,
    ledger,
    portfolio,
    authCache,
    uploads,
    secrets: new SecretBox(config.secretsKey, path.join(config.dataDir, '.secrets-key')),
    accountFeed,
    log: app.log,
    route,
    adminRoute,
    reviewQueues,
    messageKinds,
    productPages,
    ports,
    metrics,
    isLeader: () => runner.isLeader(),
  };
  return {
    kernel,
    register: (specs) => {
      for (const spec of specs) {
        Object.assign(reviewQueues, spec.reviewQueues);
        Object.assign(productPages, spec.productPage);
        Object.assign(given, spec.ports);
        if (spec.investValue) investValues.push(spec.investValue);
        if (spec.positions) positionSources.push(spec.positions);
        for (const [code, push] of Object.entries(spec.messageKinds ?? {}) as [MessageCode, PushKind | null][]) {
          const before = messageKinds.get(code);
          if (before) throw new Error(`${code} is declared by both ${before.module} and ${spec.name}`);
          messageKinds.set(code, { module: spec.name, push });
        }
      }
    },
  };
}
