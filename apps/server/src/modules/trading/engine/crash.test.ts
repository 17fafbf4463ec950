/**
 * Crash test: the real server (src/main.ts through tsx) as a child process on a fresh database
 * (PostgreSQL when DATABASE_URL is set, else a PGlite data folder), a burst of concurrent
 * market and limit orders, closes and cancels over HTTP from many accounts while the engine
 * fills and the real-clock feed runs on 24/7 digital currencies, `kill -9` in the middle,
 * a restart on the same data, every request sent again with its requestId, then the books:
 *
 * - every acknowledged order is there, once, and the database holds no order that no answer
 *   names (a replay returns the stored answer of a request that committed before the kill);
 * - no order was filled, closed, cancelled or charged twice (its events and its journal
 *   entries by idempotency key match its final state);
 * - each user's margin and frozen balances equal what their open and pending orders hold;
 * - the ledger invariant holds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Dec, type Order } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { ManualClock, systemClock } from '../../../platform/clock.js';
import { loadConfig } from '../../../platform/config.js';
import { openDatabase, rowsOf, type Database } from '../../../platform/db.js';
import { seedEssentials } from '../../../seed/seed.js';
import { configureChannels, fund, verifiedUser } from '../../../test/funds-helpers.js';
import { ADMIN_PASSWORD, adminLogin, post, relaxedLimits, TEST_INVITE, type TestUser } from '../../../test/harness.js';
import { createAdmin } from '../../admin/index.js';
import { assertLedgerInvariant } from '../../ledger/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const USERS = 10;
const INSTRUMENTS = ['i_crypto_ETH-USDT', 'i_crypto_BTC-USDT'];
const BURST_MS = 12_000;
const serverUrl = process.env.DATABASE_URL?.trim() || null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the data lives: a PGlite folder or a fresh PostgreSQL database. */
interface Store {
  dataDir: string;
  databaseUrl: string | null;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}

async function freshStore(): Promise<Store> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-crash-'));
  if (!serverUrl) {
    return {
      dataDir,
      databaseUrl: null,
      open: () => openDatabase({ databaseUrl: null, dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const databaseUrl = target.toString();
  return {
    dataDir,
    databaseUrl,
    open: () => openDatabase({ databaseUrl, dataDir: null, poolSize: 4 }),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Accounts, money and market rules, written before the server starts (in this process). */
async function prepare(store: Store): Promise<TestUser[]> {
  const database = await store.open();
  const clock = new ManualClock(systemClock.now());
  await seedEssentials(database.db, clock);
  for (const role of ['admin', 'reviewer', 'support'] as const)
    await createAdmin(database.db, `${role}1`, ADMIN_PASSWORD, role);
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'brokerage-crash-uploads-'));
  const { app } = await buildApp({
    config: loadConfig({}),
    database,
    clock,
    limits: relaxedLimits,
    webDist: null,
    adminDist: null,
    engine: false,
    uploads: { dir: uploadsDir },
    seed: { inviteCode: TEST_INVITE, extent: 'catalogue' },
  });
  await app.ready();
  try {
    await configureChannels(app);
    // closes right after the open (no minimum hold), so the burst can close what it opened
    const admin = await adminLogin(app, 'admin');
    const r = await post(
      app,
      '/api/admin/config/set',
      { key: 'market.crypto.minHoldMinutes', value: 0, reason: 'crash test' },
      admin,
    );
    if (r.body.status !== 1) throw new Error(`config: ${JSON.stringify(r.body)}`);
    const users: TestUser[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const u = await verifiedUser(app);
      await fund(app, u, 'USDT', '100000.00');
      users.push(u);
    }
    return users;
  } finally {
    await app.close();
    await database.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startServer(store: Store): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl ?? '',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Crash-admin-2026',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await sleep(200);
  }
  return { child, base, output: () => output };
}

async function stopServer(server: Server, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  server.child.kill(signal);
  await exited;
}

interface Answer {
  http: number;
  status: number;
  code?: string;
  data?: unknown;
}

async function call(
  base: string,
  route: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Answer | null> {
  try {
    const r = await fetch(`${base}/api/vue${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const json = (await r.json()) as { status: number; code?: string; data?: unknown };
    return { http: r.status, status: json.status, code: json.code, data: json.data };
  } catch {
    // connection refused or reset by the kill: not acknowledged
    return null;
  }
}

/**
 * A retry as a client makes it: a 429 (the per-caller limit counts replays too, issue 29) is waited out
 * and sent again with the same requestId, which is what the limit asks of a client.
 */
async function replay(base: string, s: Sent): Promise<Answer | null> {
  for (let attempt = 0; ; attempt++) {
    const again = await call(base, s.route, s.body, s.user.headers);
    if (again?.code !== 'request.too_frequent' || attempt >= 20) return again;
    await sleep(1100);
  }
}

interface Sent {
  user: TestUser;
  route: '/trade/buy' | '/trade/close' | '/trade/cancel';
  body: Record<string, unknown> & { requestId: string };
  answer: Answer | null;
  done: boolean;
}

/** One account's share of the burst: every second a buy together with a close or cancel (one of each per second is the limit). */
async function burst(
  base: string,
  u: TestUser,
  last: Map<string, Dec>,
  sent: Sent[],
  stop: () => boolean,
  seed: number,
): Promise<void> {
  let n = seed;
  const mine: { orderId: string; resting: boolean }[] = [];
  const send = async (route: Sent['route'], body: Record<string, unknown>) => {
    const s: Sent = { user: u, route, body: { ...body, requestId: randomUUID() }, answer: null, done: false };
    sent.push(s);
    s.answer = await call(base, route, s.body, u.headers);
    s.done = true;
    return s.answer;
  };
  // the accounts start apart, so at any moment some requests are in flight
  await sleep((seed * 1050) / USERS);
  while (!stop()) {
    n += 1;
    const instrumentId = INSTRUMENTS[n % INSTRUMENTS.length] as string;
    const price = last.get(instrumentId) as Dec;
    const kind = n % 4;
    const side = n % 3 === 0 ? 'short' : 'long';
    const body =
      kind === 2
        ? // a limit the engine fills on its next tick (long above the last price, short below)
          {
            instrumentId,
            side,
            orderType: 'limit',
            lots: 1,
            leverage: 10,
            price: price.times(side === 'long' ? '1.01' : '0.99').toFixed(2),
          }
        : kind === 3
          ? // a limit that rests
            {
              instrumentId,
              side: 'long',
              orderType: 'limit',
              lots: 1,
              leverage: 10,
              price: price.times('0.5').toFixed(2),
            }
          : { instrumentId, side, orderType: 'market', lots: 1, leverage: 10 };
    // the buy and a close or cancel of an earlier order at the same time (separate allowances)
    const target = mine.splice(n % Math.max(1, mine.length), 1)[0];
    const [bought] = await Promise.all([
      send('/trade/buy', body),
      target ? send(target.resting ? '/trade/cancel' : '/trade/close', { orderId: target.orderId }) : null,
    ]);
    if (bought?.status === 1) mine.push({ orderId: (bought.data as Order).orderId, resting: kind === 3 });
    await sleep(1050);
  }
}

const stores: Store[] = [];
afterAll(async () => {
  for (const store of stores) await store.drop();
});

describe(`a kill -9 in the middle of a burst (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps every acknowledged order once, fills nothing twice, and keeps the books balanced', async () => {
    const store = await freshStore();
    stores.push(store);
    const users = await prepare(store);

    let server = await startServer(store);
    const last = new Map<string, Dec>();
    for (const id of INSTRUMENTS) {
      const q = await call(server.base, '/market/quote', { instrumentId: id }, {});
      last.set(id, new Dec((q?.data as { price: string }).price));
    }
    const sent: Sent[] = [];
    let killed = false;
    const loops = users.map((u, i) => burst(server.base, u, last, sent, () => killed, i));
    // mid-burst: once enough has been acknowledged (a loaded machine answers slower), at most BURST_MS
    const started = Date.now();
    const ackedBuys = () => sent.filter((s) => s.route === '/trade/buy' && s.answer?.status === 1).length;
    const inFlight = () => sent.filter((s) => !s.done).length;
    while (Date.now() - started < BURST_MS && (ackedBuys() < 2 * USERS || inFlight() < 3)) await sleep(5);
    killed = true;
    await stopServer(server, 'SIGKILL');
    await Promise.all(loops);
    const acked = sent.filter((s) => s.answer?.status === 1);
    const lost = sent.filter((s) => s.answer === null);
    expect(acked.filter((s) => s.route === '/trade/buy').length).toBeGreaterThanOrEqual(5);

    server = await startServer(store);
    try {
      // every request again with its requestId: the acknowledged ones answer what they answered
      const answered = new Map<string, Order>();
      for (const s of sent) {
        const again = await replay(server.base, s);
        expect(again, `replay of ${s.route} after restart`).not.toBeNull();
        // one commit per money call: the kill left no claim without its effect to block the retry
        expect(again?.code, `replay of ${s.route} after restart`).not.toBe('request.in_progress');
        if (s.answer?.status === 1) {
          expect(again).toMatchObject({ status: 1, code: s.answer.code });
          expect((again?.data as Order).orderId).toBe((s.answer.data as Order).orderId);
        }
        for (const a of [s.answer, again]) {
          if (s.route === '/trade/buy' && a?.status === 1) answered.set((a.data as Order).orderId, a.data as Order);
        }
      }
      // the restarted engine fills what crossed while it was down
      await sleep(2500);
      await stopServer(server, 'SIGTERM');

      const database = await store.open();
      try {
        const db = database.db;
        const ids = users.map((u) => u.id);
        const orderRows = rowsOf<{
          id: string;
          user_id: string;
          state: string;
          margin: string;
          open_fee: string;
          order_type: string;
        }>(
          await db.execute(
            sql`select id, user_id, state, margin::text, open_fee::text, order_type from orders where user_id in ${sql.raw(`('${ids.join("','")}')`)}`,
          ),
        );
        // every acknowledged order once; no order nobody was told about
        for (const s of acked.filter((x) => x.route === '/trade/buy')) {
          expect(orderRows.filter((r) => r.id === (s.answer?.data as Order).orderId)).toHaveLength(1);
        }
        expect(new Set(orderRows.map((r) => r.id))).toEqual(new Set(answered.keys()));
        expect(orderRows.length).toBeLessThanOrEqual(
          new Set(sent.filter((s) => s.route === '/trade/buy').map((s) => s.body.requestId)).size,
        );

        // events and journal entries per order match its final state
        const events = rowsOf<{ order_id: string; state: string; n: number }>(
          await db.execute(
            sql`select order_id, state, count(*)::int as n from order_events where reason is distinct from 'tp_sl_set' group by order_id, state`,
          ),
        );
        const entries = rowsOf<{ key: string }>(
          await db.execute(sql`select idempotency_key as key from journal_entries where kind like 'order_%'`),
        );
        const keys = new Map<string, number>();
        for (const e of entries) keys.set(e.key, (keys.get(e.key) ?? 0) + 1);
        const has = (step: string, id: string) => keys.get(`${step}:${id}`) ?? 0;
        const perState = new Map<string, number>();
        for (const r of orderRows) {
          const count = (state: string) => events.find((e) => e.order_id === r.id && e.state === state)?.n ?? 0;
          for (const state of ['pending', 'holding', 'closing', 'closed', 'cancelled'])
            expect(count(state), `${r.id} ${state} events`).toBeLessThanOrEqual(1);
          const opened = has('open', r.id) + has('fill', r.id);
          expect(opened, `${r.id} opened`).toBe(r.state === 'pending' || r.state === 'cancelled' ? 0 : 1);
          expect(has('close', r.id), `${r.id} closed`).toBe(r.state === 'closed' ? 1 : 0);
          expect(has('hold', r.id), `${r.id} hold`).toBe(r.order_type === 'limit' ? 1 : 0);
          expect(has('release', r.id), `${r.id} release`).toBe(r.state === 'cancelled' ? 1 : 0);
          expect(count(r.state), `${r.id} entered ${r.state}`).toBe(1);
          perState.set(r.state, (perState.get(r.state) ?? 0) + 1);
        }
        expect(perState.get('closed') ?? 0, 'some positions were closed').toBeGreaterThan(0);

        // each user's margin and frozen accounts hold exactly what their orders say
        const balances = rowsOf<{ owner_id: string; kind: string; balance: string }>(
          await db.execute(
            sql`select owner_id, kind, balance::text from ledger_accounts where owner_type = 'user' and currency = 'USDT'`,
          ),
        );
        for (const u of users) {
          const mine = orderRows.filter((r) => r.user_id === u.id);
          const margin = mine
            .filter((r) => ['holding', 'locked', 'closing'].includes(r.state))
            .reduce((s, r) => s.plus(r.margin), new Dec(0));
          const frozen = mine
            .filter((r) => r.state === 'pending')
            .reduce((s, r) => s.plus(r.margin).plus(r.open_fee), new Dec(0));
          const balance = (kind: string) =>
            new Dec(balances.find((b) => b.owner_id === u.id && b.kind === kind)?.balance ?? 0);
          expect(balance('margin').toFixed(2), `${u.id} margin`).toBe(margin.toFixed(2));
          expect(balance('frozen').toFixed(2), `${u.id} frozen`).toBe(frozen.toFixed(2));
        }
        await assertLedgerInvariant(db);
        // what the burst amounted to, for the log
        process.stdout.write(
          `crash test: ${sent.length} requests, ${acked.length} acknowledged, ${lost.length} lost in the kill; orders by state ${JSON.stringify(Object.fromEntries(perState))}\n`,
        );
      } finally {
        await database.close();
      }
    } finally {
      await stopServer(server, 'SIGKILL');
    }
  }, 240_000);
});
