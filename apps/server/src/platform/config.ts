/** Process configuration from the environment (docs/api.md §21). Business settings live in the config table (§19.7). */
import path from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Prefix of every Redis key and channel of this deployment (REDIS_PREFIX, default none): several deployments or test runs can share one Redis server. */
  redisPrefix: string;
  adminUsername: string;
  adminPassword: string | null;
  demo: boolean;
  demoInviteCode: string;
  marketSeed: string;
  /** `simulated` (default); a vendor adapter registers another name */
  marketFeed: string;
  /** Secret for signing file URLs; generated per data folder when unset. */
  signingSecret: string | null;
  /** Key that encrypts secrets at rest (SECRETS_KEY: 32 bytes as base64 or 64 hex digits); generated per data folder when unset (docs/api.md §23.1). */
  secretsKey: string | null;
  trustProxy: boolean;
  logLevel: string;
  /** NODE_ENV=production: `/api/docs` lists the user API only (issue 18). */
  production: boolean;
  /** Rows each house ledger account is striped over so concurrent orders do not queue on one row (LEDGER_HOUSE_STRIPES, default 16). */
  ledgerHouseStripes: number;
  /** Operator token for `/metrics` (METRICS_TOKEN, sent as `Authorization: Bearer …`); null: by address only. */
  metricsToken: string | null;
  /** Operator networks that may read `/metrics` without the token (METRICS_ALLOW, comma-separated CIDRs; loopback by default). */
  metricsAllow: string[];
  /** `/health` answers `degraded` when the event loop lagged more than this in the last 10 s (HEALTH_MAX_LOOP_LAG_MS, default 500). */
  healthMaxLoopLagMs: number;
  /** The origin users reach the app at (PUBLIC_ORIGIN, default `http://localhost:<PORT>`, no trailing slash); `https:` turns HSTS on. */
  publicOrigin: string;
  /** The Web Push VAPID key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, base64url); both unset: generated once and kept in the database. */
  vapidPublicKey: string | null;
  vapidPrivateKey: string | null;
  /** The VAPID `sub` push services may contact (VAPID_SUBJECT, a `mailto:` or `https:` URI). */
  vapidSubject: string;
  /** PUSH_TEST_ENDPOINTS=1 (test servers only): push endpoints on http(s)://127.0.0.1 are allowed. */
  pushTestEndpoints: boolean;
}

/** The platform's address for push services (RFC 8292 `sub`) when VAPID_SUBJECT is unset. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:support@meridian-securities.example';

/**
 * `PUSH_TEST_ENDPOINTS`: unset, 0 or 1. Like TEST_CLOCK_CONTROL (platform/test-clock.ts), `1` is
 * refused when NODE_ENV=production or when the server listens on a non-loopback address: the
 * process does not start.
 */
export function pushTestEndpointsFromEnv(env: NodeJS.ProcessEnv, host: string): boolean {
  const flag = env.PUSH_TEST_ENDPOINTS;
  if (flag === undefined || flag === '' || flag === '0') return false;
  if (flag !== '1') throw new Error(`PUSH_TEST_ENDPOINTS must be unset, 0 or 1 (got "${flag}")`);
  if (env.NODE_ENV === 'production')
    throw new Error('PUSH_TEST_ENDPOINTS=1 is refused when NODE_ENV=production: it is for test servers only');
  if (!['127.0.0.1', '::1', 'localhost'].includes(host))
    throw new Error(`PUSH_TEST_ENDPOINTS=1 is refused on HOST=${host}: a test server listens on loopback only`);
  return true;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const demoDefault = databaseUrl ? '0' : '1';
  const port = Number.parseInt(env.PORT ?? '8080', 10);
  const host = env.HOST ?? '127.0.0.1';
  const vapidPublicKey = env.VAPID_PUBLIC_KEY?.trim() || null;
  const vapidPrivateKey = env.VAPID_PRIVATE_KEY?.trim() || null;
  if ((vapidPublicKey === null) !== (vapidPrivateKey === null))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    redisUrl: env.REDIS_URL?.trim() || null,
    redisPrefix: env.REDIS_PREFIX?.trim() ?? '',
    adminUsername: env.ADMIN_USERNAME?.trim() || 'admin',
    adminPassword: env.ADMIN_PASSWORD || null,
    demo: (env.DEMO ?? demoDefault) === '1',
    demoInviteCode: env.DEMO_INVITE_CODE?.trim() || 'DEMO2026',
    marketSeed: env.MARKET_SEED?.trim() || 'meridian-2026',
    marketFeed: env.MARKET_FEED?.trim() || 'simulated',
    signingSecret: env.SIGNING_SECRET || null,
    secretsKey: env.SECRETS_KEY?.trim() || null,
    trustProxy: env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    production: env.NODE_ENV === 'production',
    ledgerHouseStripes: Number.parseInt(env.LEDGER_HOUSE_STRIPES?.trim() || '16', 10),
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    metricsAllow: (env.METRICS_ALLOW ?? '127.0.0.1/32,::1/128')
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== ''),
    healthMaxLoopLagMs: Number.parseInt(env.HEALTH_MAX_LOOP_LAG_MS?.trim() || '500', 10),
    publicOrigin: (env.PUBLIC_ORIGIN?.trim() || `http://localhost:${port}`).replace(/\/+$/, ''),
    vapidPublicKey,
    vapidPrivateKey,
    vapidSubject: env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT,
    pushTestEndpoints: pushTestEndpointsFromEnv(env, host),
  };
}
