/**
 * The kernel and the shape of a module (docs/architecture.md "the floors").
 *
 * The kernel is what every module shares: the database, the clock, settings, rate limits, the
 * ledger (the only writer of money), the portfolio, the market feed and its rates, the auth cache,
 * uploads, the account feed, the review-queue and product-page registries, the log, the route
 * wrappers' dependencies, and the app's options. `kernel/build.ts` builds it once per app.
 *
 * A module is a value: its index.ts exports one factory `createXModule(kernel) → ModuleSpec`, and
 * app.ts lists the factories (`modules`). The app calls every factory first, fills the
 * registries from the specs (review queues, product pages, investValue, positions, ports), then
 * runs each module's `setup`, registers its routes in list order, hands its jobs to the one job
 * runner (platform/jobs.ts) and ties `onReady` / `onClose` to the app's own hooks.
 *
 * Adding a module: one folder of the common shape (`x.module.ts` with the factory, `x.routes.ts`,
 * `x.admin.ts`, `x.jobs.ts`, `x.review.ts` as it needs them, `index.ts` exporting `createXModule`)
 * plus one line in the list. A module's demo data is its spec's `seed` (the data in `x.seed.ts`):
 * seed/seed.ts runs the seeds in list order, each after the modules it names in `after`.
 *
 * This folder sits beside app.ts: it imports the modules' index.ts only (types, and the services it
 * builds), and the modules import its types only.
 */
import type { MessageCode, PushKind } from '@brokerage/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppOptions } from '../app.js';
import type { ProductPages } from '../modules/admin/index.js';
import type { AuthCache, SecondFactorPort, SignInPort } from '../modules/auth/index.js';
import type { ReviewQueues } from '../modules/review/index.js';
import type { UnpaidLoanPort } from '../modules/funds/index.js';
import type { InvestValueSource, Ledger, Portfolio, PositionsSource } from '../modules/ledger/index.js';
import type { MarketFeed, QuoteHub, SlicedWork } from '../modules/market/index.js';
import type { HouseRunAccountsPort } from '../modules/proof/index.js';
import type { AccountFeed } from '../modules/push/index.js';
import type { Uploads } from '../modules/uploads/index.js';
import type { AdminDeps } from '../platform/admin-http.js';
import type { Clock } from '../platform/clock.js';
import type { AppConfig } from '../platform/config.js';
import type { Database, Db } from '../platform/db.js';
import type { FxRates } from '../platform/fx.js';
import type { UserRouteDeps } from '../platform/http.js';
import type { JobSpec } from '../platform/jobs.js';
import type { AppMetrics } from '../platform/metrics.js';
import type { RateLimits } from '../platform/rate-limit.js';
import type { SecretBox } from '../platform/secret-box.js';
import type { Settings } from '../platform/settings.js';

/** What one module asks of another without importing it: filled from the specs' `ports`. */
export interface Ports {
  /** funds asks "does the user still owe a credit loan?" (loan answers) */
  unpaidLoan: UnpaidLoanPort;
  /** auth and funds ask "is this the user's second factor?" (security answers; docs/api.md §23.1) */
  secondFactor: SecondFactorPort;
  /** auth tells of a sign-in from a new device (security answers: the user's message; §23.8) */
  signIns: SignInPort;
  /** proof asks "which user accounts does the house run?" (copy answers: its funds' own accounts) */
  houseRunAccounts: HouseRunAccountsPort;
}

export interface Kernel {
  config: AppConfig;
  /** the app's options (test seams among them: `engine`, `loanCheckins`, `buyGroup`, …) */
  options: AppOptions;
  database: Database;
  db: Db;
  clock: Clock;
  settings: Settings;
  limits: RateLimits;
  fx: FxRates;
  feed: MarketFeed;
  quoteHub: QuoteHub;
  /** charts are computed in slices between other requests (modules/market/sliced-work.ts) */
  candleWork: SlicedWork;
  /** The only writer of money; every money module is handed this one. */
  ledger: Ledger;
  /** Assets and `withdrawable`, with the modules' positions and investments wired in. */
  portfolio: Portfolio;
  /** Sessions and user rows of authenticated calls; every `users` write invalidates it. */
  authCache: AuthCache;
  uploads: Uploads;
  /** Secrets sealed at rest (two-step secrets, draw seeds): SECRETS_KEY or the data folder's generated key. */
  secrets: SecretBox;
  /** Account events on the WebSocket (modules/push). */
  accountFeed: AccountFeed;
  log: FastifyBaseLogger;
  /** what the user-route wrapper needs (platform/http.ts) */
  route: UserRouteDeps;
  /** what the back-office route wrapper needs (platform/admin-http.ts) */
  adminRoute: AdminDeps;
  /** every review queue of every module (docs/api.md §3.3), filled from the specs */
  reviewQueues: ReviewQueues;
  /** every module's `messageKinds`, filled from the specs */
  messageKinds: MessageKindRegistry;
  /** `/product/list`'s page of each kind (§19.5), filled from the specs */
  productPages: ProductPages;
  ports: Ports;
  /** the operators' metrics (the engine's tick timer) */
  metrics: AppMetrics;
  /** true while this process leads the leader-only jobs (the engine) */
  isLeader: () => boolean;
}

export interface ModuleSpec {
  name: string;
  /** user API routes (`/api/vue/…`) */
  userRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** back-office routes (`/api/admin/…`) */
  adminRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** background loops, run by the job runner (not at all with `engine: false`) */
  jobs?: JobSpec[];
  /** the review queues this module owns, with their detail data */
  reviewQueues?: ReviewQueues;
  /**
   * The personal messages this module sends (a module sends no code it does not declare, and no
   * two modules declare one: kernel/message-kinds.test.ts), each with the push preference it goes
   * out under (docs/api.md §22.4), or null when it is never pushed.
   */
  messageKinds?: MessageKinds;
  /** the user's investments this module holds, counted in `investValue` (§1.10): one user's and a page's */
  investValue?: InvestValueSource;
  /** the user's open positions (trading): one user's and a page's */
  positions?: PositionsSource;
  /** the `/product/list` page of this module's kind (§19.5) */
  productPage?: ProductPages;
  /** what this module answers other modules through the kernel */
  ports?: Partial<Ports>;
  /** the module's demo data (DEMO=1), run by seed/seed.ts in list order before the jobs start */
  seed?: ModuleSeed;
  /** run once before any route is registered */
  setup?: () => Promise<void>;
  onReady?: () => void | Promise<void>;
  onClose?: () => void | Promise<void>;
}

/**
 * How much demo data to seed: `catalogue` is the products and content every screen lists
 * (organisation, notices, news, deposit channels, lending, new-share and block products), what
 * tests and benchmarks start from; `full` adds what `npm start` shows a visitor on top: the demo
 * account and what it owns (its price alerts), and the copy funds with their backtest on the feed.
 */
export type SeedExtent = 'catalogue' | 'full';

export interface SeedContext {
  /** the organisation code registration accepts (DEMO_INVITE_CODE) */
  inviteCode: string;
  extent: SeedExtent;
}

/** A value a seed made that `npm start` prints once (a generated secret key or password). */
export interface SeedNote {
  /** "Block key", "Demo login" */
  label: string;
  value: string;
  /** what it is, shown after the value */
  note: string;
}

export interface ModuleSeed {
  /**
   * The modules whose demo data this seed needs (the demo account before its alerts): each must be
   * earlier in the module list and have a seed (seed/seed.ts refuses to run otherwise).
   */
  after?: readonly string[];
  /** Idempotent (fixed ids): running it again adds nothing. */
  run: (context: SeedContext) => Promise<SeedNote[] | void>;
}

/** Message code → the push kind it is pushed under (a preference of `pushPrefKinds`, or `security`), or null. */
export type MessageKinds = Partial<Record<MessageCode, PushKind | null>>;

/** Who sends each message code, and under which push kind. */
export type MessageKindRegistry = ReadonlyMap<MessageCode, { module: string; push: PushKind | null }>;

export type ModuleFactory = (kernel: Kernel) => ModuleSpec;

/** What a product module's services need (new shares, block trades, copy funds): one type for all. */
export type ProductDeps = Pick<Kernel, 'clock' | 'settings' | 'limits' | 'ledger' | 'feed' | 'authCache'>;
