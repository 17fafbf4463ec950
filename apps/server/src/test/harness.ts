/**
 * Builds the real app on a fresh database for a test file and checks the ledger invariant
 * after every test. Requests go through Fastify's `inject`, i.e. the whole HTTP stack.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp, type AppDeps, type AppOptions, type BuiltApp } from '../app.js';
import { createAdmin } from '../modules/admin/index.js';
import { assertLedgerInvariant } from '../modules/ledger/index.js';
import { ManualClock } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import type { Database } from '../platform/db.js';
import type { LimitName, LimitSpec } from '../platform/rate-limit.js';
import { seedEssentials } from '../seed/seed.js';
import { openTestDatabase } from './test-db.js';

export const TEST_INVITE = 'TEST2026';
export const ADMIN_PASSWORD = 'Admin-pass-2026';

/** Limits high enough that only the rate-limit tests meet them. */
export const relaxedLimits: Partial<Record<LimitName, LimitSpec>> = {
  perCaller: { points: 100000, durationSec: 1 },
  perAccount: { points: 100000, durationSec: 1 },
  loginFailuresPerAddress: { points: 100000, durationSec: 900, blockSec: 900 },
  registerPerIp: { points: 100000, durationSec: 3600 },
  moneyCalls: { points: 100000, durationSec: 60 },
  uploadPerAccount: { points: 100000, durationSec: 3600 },
  candlesCost: { points: 100000, durationSec: 60 },
  buyPerAccount: { points: 100000, durationSec: 1 },
  closePerAccount: { points: 100000, durationSec: 1 },
  cancelPerAccount: { points: 100000, durationSec: 1 },
};

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  clock: ManualClock;
  /** runs the modules' demo seeds again */
  seedDemo: BuiltApp['seedDemo'];
}

export async function startTestApp(
  limits: Partial<Record<LimitName, LimitSpec>> = relaxedLimits,
  beforeReady?: (app: FastifyInstance) => void,
  appOptions: Partial<AppOptions> = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = new ManualClock(new Date('2026-03-02T15:00:00Z'));
  await seedEssentials(database.db, clock);
  for (const role of ['admin', 'reviewer', 'support'] as const)
    await createAdmin(database.db, `${role}1`, ADMIN_PASSWORD, role);
  // uploads go to a fresh temp folder per app unless the test chooses one
  const uploadsDir = appOptions.uploads ? null : mkdtempSync(path.join(tmpdir(), 'brokerage-test-uploads-'));
  const { app, deps, seedDemo } = await buildApp({
    // a fresh key per app: no test writes a key file into the working folder
    config: loadConfig({ SECRETS_KEY: randomBytes(32).toString('base64') }),
    database,
    clock,
    limits,
    webDist: null,
    adminDist: null,
    // the demo catalogue (organisation, products, content), no demo account or copy funds
    seed: { inviteCode: TEST_INVITE, extent: 'catalogue' },
    ...(uploadsDir ? { uploads: { dir: uploadsDir } } : {}),
    ...appOptions,
  });
  if (uploadsDir) app.addHook('onClose', async () => rmSync(uploadsDir, { recursive: true, force: true }));
  beforeReady?.(app);
  await app.ready();
  return { app, deps, database, clock, seedDemo };
}

/** Registers the vitest hooks: one app per file, the ledger invariant after every test. */
export function useTestApp(
  limits?: Partial<Record<LimitName, LimitSpec>>,
  beforeReady?: (app: FastifyInstance) => void,
  appOptions: Partial<AppOptions> = {},
): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await startTestApp(limits, beforeReady, appOptions));
  });
  afterEach(async () => {
    await assertLedgerInvariant(holder.database.db);
  });
  afterAll(async () => {
    await holder.app.close();
    await holder.database.close();
  });
  return holder;
}

export interface Reply {
  http: number;
  body: { status: 0 | 1; msg: string; code?: string; params?: Record<string, unknown>; data?: unknown } & Record<
    string,
    unknown
  >;
  headers: Record<string, unknown>;
}

export async function post(
  app: FastifyInstance,
  path: string,
  body: unknown = {},
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
): Promise<Reply> {
  const res = await app.inject({
    method: 'POST',
    remoteAddress,
    url: path.startsWith('/api/') ? path : `/api/vue${path}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return { http: res.statusCode, body: res.json(), headers: res.headers };
}

let phoneCounter = 0;
export function newPhone(): string {
  phoneCounter += 1;
  return `52155${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneCounter).padStart(3, '0')}`;
}

export interface TestUser {
  id: string;
  account: string;
  token: string;
  password: string;
  inviteCode: string;
  headers: Record<string, string>;
}

export async function registerUser(
  app: FastifyInstance,
  options: { inviteCode?: string; password?: string } = {},
): Promise<TestUser> {
  const account = newPhone();
  const password = options.password ?? 'Secret123';
  const r = await post(app, '/user/register', {
    phone: account,
    password,
    confirmPassword: password,
    inviteCode: options.inviteCode ?? TEST_INVITE,
    agreementAccepted: true,
  });
  if (r.body.status !== 1) throw new Error(`register failed: ${JSON.stringify(r.body)}`);
  const data = r.body.data as { token: string; user: { id: string; inviteCode: string } };
  return {
    id: data.user.id,
    account,
    token: data.token,
    password,
    inviteCode: data.user.inviteCode,
    headers: { token: data.token, account },
  };
}

export async function adminLogin(
  app: FastifyInstance,
  role: 'admin' | 'reviewer' | 'support' = 'admin',
): Promise<Record<string, string>> {
  const r = await post(app, '/api/admin/auth/login', { username: `${role}1`, password: ADMIN_PASSWORD });
  if (r.body.status !== 1) throw new Error(`admin login failed: ${JSON.stringify(r.body)}`);
  return { authorization: `Bearer ${(r.body.data as { token: string }).token}` };
}
