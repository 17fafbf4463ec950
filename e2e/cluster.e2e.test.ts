/**
 * Two instances as one (issue 17 item 3): two built servers (apps/server/dist/main.js) on ports
 * picked free, one fresh PostgreSQL database of their own (`clu_<random>`) and a Redis key and
 * channel prefix of their own. It shows that
 *   - an order placed through instance A reaches a WebSocket client of the same user on B (and on
 *     A): the engine leader reads the change and fans it out through Redis;
 *   - both instances serve the same quotes (the simulator is a pure function of seed and time);
 *   - login failures are counted across both instances (the lock-out after 5 holds);
 *   - the engine leader killed with SIGKILL hands over to the other instance, which then fills a
 *     resting limit order and pushes the fill to its WebSocket clients.
 *
 * PostgreSQL: CLUSTER_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; Redis:
 * CLUSTER_REDIS_URL, else redis://127.0.0.1:6379. Without them the file is skipped, unless
 * CLUSTER_REQUIRE=1 (CI, .ci/run), where a missing server fails the run.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WsAccountEvent, WsQuote, WsServerMessage } from '@brokerage/contract';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { BuiltServer, freePort } from '../bench/lib/built-server.js';
import { createDatabase, type ScratchDatabase } from '../bench/lib/postgres.js';
import { E2E_ADMIN_PASSWORD } from './global-setup.js';
import { api, type Session } from './market-helpers.js';
import { AdminApi, verifiedFundedUser } from './server-api.js';
import { servicesAvailable } from './services.js';

const postgresUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BTC = 'i_crypto_BTC-USDT';

const available = await servicesAvailable('cluster', 'CLUSTER_REQUIRE', [
  { kind: 'PostgreSQL', url: postgresUrl },
  { kind: 'Redis', url: redisUrl },
]);

/** Polls `check` until it answers something other than undefined (generous: a loaded 2-core machine). */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

class Client {
  readonly frames: WsServerMessage[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => this.frames.push(JSON.parse(data.toString('utf8')) as WsServerMessage));
  }

  static async open(baseUrl: string): Promise<Client> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/vue/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new Client(socket);
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  frame(what: string, match: (m: WsServerMessage) => boolean, timeoutMs?: number): Promise<WsServerMessage> {
    return until(what, () => this.frames.find(match), timeoutMs);
  }

  async signIn(session: Session): Promise<void> {
    const id = `a${randomBytes(4).toString('hex')}`;
    this.send({ op: 'account', id, token: session.tokend, account: session.account });
    const answer = await this.frame('the account ack', (m) => (m.op === 'ack' || m.op === 'error') && m.id === id);
    expect(answer, JSON.stringify(answer)).toMatchObject({ op: 'ack', data: { subscribed: ['account'] } });
  }

  orderEvent(orderId: string, state: string, timeoutMs?: number): Promise<WsServerMessage> {
    return this.frame(
      `order ${orderId} ${state}`,
      (m) => m.op === 'account' && m.data.kind === 'order' && m.data.orderId === orderId && m.data.state === state,
      timeoutMs,
    );
  }

  accountEvents(): WsAccountEvent[] {
    return this.frames.flatMap((m) => (m.op === 'account' ? [m.data] : []));
  }

  lastQuote(instrumentId: string): WsQuote | undefined {
    for (let i = this.frames.length - 1; i >= 0; i -= 1) {
      const m = this.frames[i];
      const q = m?.op === 'quotes' ? m.data.find((x) => x.instrumentId === instrumentId) : undefined;
      if (q) return q;
    }
    return undefined;
  }

  close(): void {
    this.socket.terminate();
  }
}

/** 1 when the instance's `/metrics` says it leads the engine, 0 when not, undefined when it does not answer. */
async function leads(server: BuiltServer): Promise<number | undefined> {
  try {
    const text = await (await fetch(`${server.baseUrl}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    const match = /^brokerage_engine_leader (\d)/m.exec(text);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

const login = (server: BuiltServer, account: string) =>
  api(server.baseUrl, '/user/login', { account, password: 'Wrong-pass-1' });

describe.skipIf(!available)('two instances as one (PostgreSQL + Redis)', () => {
  let database: ScratchDatabase | null = null;
  const servers: BuiltServer[] = [];
  const clients: Client[] = [];
  const prefix = `clu_${randomBytes(5).toString('hex')}:`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-cluster-'));

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'fans account events out, shares the limits, and hands the engine over when the leader is killed',
    { timeout: 180_000 },
    async () => {
      const started = Date.now();
      const log = (line: string) =>
        process.stdout.write(`cluster: ${line} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
      database = await createDatabase(postgresUrl, `clu_${randomBytes(6).toString('hex')}`);
      // one deployment: same database, Redis prefix, upload folder (and with it the signing secret)
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        DATA_DIR: dataDir,
        DEMO: '1',
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
      };
      const a = new BuiltServer(await freePort(), env);
      const b = new BuiltServer(await freePort(), env);
      servers.push(a, b);
      // one after the other: the first migrates and seeds the fresh database
      await a.start();
      await b.start();
      log(`A on ${a.port}, B on ${b.port}, database ${database.name}, Redis prefix ${prefix}`);

      // exactly one leader
      const leader = await until('one engine leader', async () => {
        const [la, lb] = await Promise.all([leads(a), leads(b)]);
        return la !== undefined && lb !== undefined && la + lb === 1 ? (la === 1 ? a : b) : undefined;
      });
      const survivor = leader === a ? b : a;
      log(`the engine leader is ${leader === a ? 'A' : 'B'}`);

      // ── login failures counted across both: 3 on A, 2 on B, then the lock-out ────────────────
      const target = `5219${String(Date.now()).slice(-8)}`;
      for (const [server, times] of [
        [a, 3],
        [b, 2],
      ] as const) {
        for (let i = 0; i < times; i += 1) expect((await login(server, target)).code).toBe('auth.wrong_credentials');
      }
      expect((await login(a, target)).code).toBe('request.too_frequent');
      expect((await login(b, target)).code).toBe('request.too_frequent');
      log('login failures shared');

      // ── a funded user, set up through both instances ────────────────────────────────────────
      const ops = new AdminApi(b.baseUrl);
      await ops.login();
      const { session } = await verifiedFundedUser(a.baseUrl, ops, {
        channelId: 'demo_usdt_trc20',
        amount: '100000.00',
      });
      log('user verified and funded');

      // ── an order through A reaches the user's sockets on B and on A ─────────────────────────
      const onA = await Client.open(a.baseUrl);
      const onB = await Client.open(b.baseUrl);
      clients.push(onA, onB);
      await onB.signIn(session);
      await onA.signIn(session);
      for (const c of [onA, onB]) c.send({ op: 'subscribe', id: 'q1', channel: 'quote', instrumentIds: [BTC] });
      const quotes = await Promise.all([onA, onB].map((c) => until('a BTC quote', () => c.lastQuote(BTC))));
      // the same market on both: the simulator is a pure function of the seed and the time
      expect(quotes[0]?.prevClose).toBe(quotes[1]?.prevClose);
      expect(quotes[0]?.open).toBe(quotes[1]?.open);
      const resting = await api<{ orderId: string; state: string }>(
        a.baseUrl,
        '/trade/buy',
        {
          instrumentId: BTC,
          side: 'long',
          orderType: 'limit',
          price: '1000.00',
          lots: 1000, // one coin: 1 lot of BTC is 0.001 (a lot worth 1 USDT is below the minimum order)
          leverage: 10,
          requestId: randomUUID(),
        },
        session,
      );
      expect(resting.status, JSON.stringify(resting)).toBe(1);
      const restingId = resting.data?.orderId ?? '';
      expect(resting.data?.state).toBe('pending');
      await onB.orderEvent(restingId, 'pending');
      await onA.orderEvent(restingId, 'pending');
      // the margin frozen for it arrives as a money event too
      await onB.frame(
        'the margin freeze',
        (m) =>
          m.op === 'account' &&
          m.data.kind === 'money' &&
          m.data.changes.some((c) => c.account === 'available' && c.amount.startsWith('-')),
      );
      log('order placed on A pushed to B and A');

      // ── kill -9 the leader: the survivor takes the engine over and fills an order ───────────
      const onSurvivor = survivor === a ? onA : onB;
      await leader.kill9();
      const killedAt = Date.now();
      log('leader killed');
      // a buy limit above the ask fills at the next tick of a leading engine, and only then
      const ask = Number(onSurvivor.lastQuote(BTC)?.ask ?? quotes[0]?.ask);
      // (one buy per account per second, counted across the instances: asked again when refused)
      const buy = {
        instrumentId: BTC,
        side: 'long',
        orderType: 'limit',
        price: (ask * 1.01).toFixed(2),
        lots: 1,
        leverage: 10,
      };
      const marketable = await until('the second buy', async () => {
        const answer = await api<{ orderId: string; state: string }>(
          survivor.baseUrl,
          '/trade/buy',
          { ...buy, requestId: randomUUID() },
          session,
        );
        return answer.code === 'request.too_frequent' ? undefined : answer;
      });
      expect(marketable.status, JSON.stringify(marketable)).toBe(1);
      const fillId = marketable.data?.orderId ?? '';
      expect(marketable.data?.state).toBe('pending');
      await onSurvivor.orderEvent(fillId, 'holding', 30_000);
      const handoverMs = Date.now() - killedAt;
      expect(await leads(survivor)).toBe(1);
      log(`the survivor leads and filled the order ${handoverMs} ms after the kill`);
      expect(handoverMs).toBeLessThan(30_000);
      // the resting order far below the price is still resting, and each event came once
      const mine = await api<{ state: string }>(survivor.baseUrl, '/trade/detail', { orderId: restingId }, session);
      expect(mine.data?.state, JSON.stringify(mine)).toBe('pending');
      const orderEvents = onSurvivor
        .accountEvents()
        .filter((e) => e.kind === 'order' && e.orderId === fillId && e.state === 'holding');
      expect(orderEvents.length).toBeGreaterThanOrEqual(1);
      expect(survivor.errorLines).toEqual([]);
    },
  );
});
