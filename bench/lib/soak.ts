/**
 * The soak test (issue 18 item 6): many users doing random money operations against the built
 * server on PostgreSQL, with a `kill -9` of the server and a restart in the middle, and the books
 * checked throughout.
 *
 * - Users register, verify their real name, bind a card, set a fund password and deposit USDT
 *   (every step approved by the back office), then loop: buy (market and limit, long and short,
 *   sometimes with take-profit and stop-loss), close, cancel, exchange, deposit, withdraw, read.
 *   Reviewers approve or reject deposits and withdrawals meanwhile. Every money call carries a
 *   `requestId`; an answer lost to the kill is asked again with the same `requestId` once the
 *   server is back (docs/api.md §1.6).
 * - The ledger invariant (apps/server's `ledgerViolations`, the check the server tests run after
 *   every test) runs on the database every few seconds, through the kill and after.
 * - Each user checks now and then that its statement equals its balance (`/funds/statementRange`
 *   against `/user/assets`, every currency); at the end, every user.
 * - After the restart, the operations acknowledged before the kill are asked again with their
 *   `requestId` and must get the identical answer (§1.6, §1.11); at the end, every acknowledged
 *   operation must be visible (deposits, withdrawals, orders, exchanges, decisions) and nothing
 *   may exist twice.
 *
 * bench/soak.bench.ts runs the full version, e2e/soak.e2e.test.ts the short one in CI.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../apps/server/src/platform/db.js';
import { BuiltServer, freePort } from './built-server.js';
import { createDatabase, type ScratchDatabase } from './postgres.js';
import { nearestRank } from './stats.js';

export interface SoakOptions {
  /** A PostgreSQL server URL (any database on it); the soak creates `soak_<random>` there and drops it after. */
  postgresUrl: string;
  users: number;
  /** Length of the random-operations phase (the set-up comes before it). */
  seconds: number;
  /** When the server is killed, in seconds after the random operations start; null: never. */
  killAtSeconds: number | null;
  reviewers: number;
  /** A user waits between this many milliseconds (uniform) before each operation. */
  thinkMs: [number, number];
  /** The ledger invariant runs on the database this often. */
  ledgerCheckEverySeconds: number;
  /** Each user checks its statement against its balance this often (staggered). */
  userCheckEverySeconds: number;
  /** At most this many operations acknowledged before the kill are replayed after the restart. */
  replayLimit: number;
  /** Users set up at the same time. */
  setupConcurrency: number;
  /** Keep the database after the run (for a look); dropped by default. */
  keepDatabase?: boolean;
  log?: (line: string) => void;
}

export const ADMIN_PASSWORD = 'Soak-admin-pass-2026';
const INVITE = 'SOAK2026';
const PASSWORD = 'Soak-user-123';
const FUND_PASSWORD = '135790';
const CURRENCIES = ['MXN', 'USD', 'USDT', 'EUR'] as const;
type Cur = (typeof CURRENCIES)[number];
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
const CHANNELS = [
  {
    id: 'soak_mxn',
    type: 'bank',
    name: 'SPEI transfer',
    currency: 'MXN',
    accountName: 'Meridian Securities SA de CV',
    accountNumber: '012180001234567891',
    bankName: 'BBVA México',
    branch: 'CDMX Centro',
    window: { open: '00:00', close: '24:00', days: ALL_DAYS },
    enabled: true,
  },
  {
    id: 'soak_usd',
    type: 'bank',
    name: 'US wire',
    currency: 'USD',
    accountName: 'Meridian Securities LLC',
    accountNumber: '021000021123456789',
    bankName: 'Chase',
    branch: 'NYC',
    window: { open: '00:00', close: '24:00', days: ALL_DAYS },
    enabled: true,
  },
  {
    id: 'soak_usdt',
    type: 'crypto',
    name: 'USDT TRC20',
    currency: 'USDT',
    network: 'TRC20',
    address: 'TQ5xSoakAddressxxxxxxxxxxxxxxxxxxx',
    window: { open: '00:00', close: '24:00', days: ALL_DAYS },
    enabled: true,
  },
] as const;
// a 4×4 PNG, valid, so the server's re-encoding accepts it
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwTpsJRwzEcQDrIxMhLoLCbgAAAABJRU5ErkJggg==',
  'base64',
);

/** The money operations the soak counts, each with its requestId. */
export const OP_KINDS = [
  'deposit',
  'withdraw',
  'exchange',
  'buy_market',
  'buy_limit',
  'close',
  'cancel',
  'approve',
  'reject',
] as const;
export type OpKind = (typeof OP_KINDS)[number];

interface Envelope {
  status: number;
  code?: string;
  msg?: string;
  params?: Record<string, unknown>;
  data?: unknown;
}

interface Actor {
  label: string;
  ip: string;
  headers: Record<string, string>;
  relogin: () => Promise<void>;
}

interface UserState {
  index: number;
  phone: string;
  actor: Actor;
  id: string;
  cardId: string;
  nextCheckAt: number;
  lastCall: Record<'buy' | 'close' | 'cancel', number>;
  moneyCallTimes: number[];
  /** what the user last read of its balances */
  available: Partial<Record<Cur, bigint>>;
  /** orders the user placed that were pending when answered */
  pending: string[];
  withdrawable: Partial<Record<Cur, bigint>>;
}

interface Op {
  kind: OpKind;
  actor: Actor;
  user: UserState | null;
  path: string;
  body: Record<string, unknown>;
  /** the server run (0 before the kill) that was running when the call was first sent */
  sentRun: number;
  /** the server run whose answer the client got; null while unanswered */
  answeredRun: number | null;
  answeredAt: number | null;
  answer: Envelope | null;
  attempts: number;
  /** sends lost because the server went away (answer never came) */
  lostSends: number;
}

interface CallResult {
  http: number;
  body: Envelope;
}

export interface LatencyRow {
  call: string;
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface SoakReport {
  database: string;
  options: Omit<SoakOptions, 'log' | 'postgresUrl'>;
  timings: {
    firstStartMs: number;
    setupMs: number;
    soakMs: number;
    killAtMs: number | null;
    /** from the SIGKILL until `/health` answered again */
    downtimeMs: number | null;
    /** start of the second process until `/health` */
    restartMs: number | null;
    finalChecksMs: number;
    totalMs: number;
  };
  /** CPU seconds used by the server processes (both runs) and by the process driving the users */
  cpu: { serverSeconds: number | null; driverSeconds: number };
  operations: Record<
    OpKind,
    { sent: number; ok: number; refused: Record<string, number>; throttled: number; unresolved: number }
  >;
  latency: LatencyRow[];
  calls: number;
  checks: {
    ledgerRuns: number;
    ledgerRunsWhileDown: number;
    ledgerViolations: string[];
    statementChecks: number;
    statementBusy: number;
    statementMismatches: string[];
    finalUsersChecked: number;
  };
  kill: {
    acknowledgedBeforeKill: number;
    replayed: number;
    replayMismatches: string[];
    /** calls whose answer the kill swallowed, asked again with the same requestId after the restart */
    inFlightAtKill: number;
    inFlightAnsweredAfterRestart: number;
  };
  lost: string[];
  duplicates: string[];
  wrongFinalState: string[];
  errors: {
    serverErrors: string[];
    unexpectedNetwork: string[];
    /** how many calls got no answer within 20 s while the server was up (the list above keeps the first 50) */
    unansweredCount: number;
    serverErrorCount: number;
    harness: string[];
    serverLogErrors: string[];
  };
  /** everything that makes the run fail; empty when the soak passed */
  failures: string[];
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const rand = (min: number, max: number) => min + Math.random() * (max - min);
const pickOne = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

/** A decimal string in hundredths (truncated past two decimals), e.g. "12.345" → 1234n. */
function hundredths(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal: ${value}`);
  const v = BigInt(m[2] ?? '0') * 100n + BigInt(((m[3] ?? '') + '00').slice(0, 2));
  return m[1] === '-' ? -v : v;
}

const money = (h: bigint) => `${h / 100n}.${String(h % 100n).padStart(2, '0')}`;

/** A decimal string without its insignificant zeros, so "12.50" and "12.5000" compare equal. */
export function sameDecimal(a: string, b: string): boolean {
  const norm = (v: string) => {
    const m = /^(-?)0*(\d*?)(?:\.(\d*?)0*)?$/.exec(v.trim());
    if (!m) return v;
    const int = m[2] === '' ? '0' : m[2];
    const frac = m[3] ?? '';
    const body = frac ? `${int}.${frac}` : int;
    return body === '0' ? '0' : `${m[1]}${body}`;
  };
  return norm(a) === norm(b);
}

/** `price` × (1 + bp / 10 000), half-up at the decimals `price` is written with. */
function movePrice(price: string, bp: number): string {
  const [int = '0', frac = ''] = price.split('.');
  const scale = 10n ** BigInt(frac.length);
  const p = BigInt(int) * scale + BigInt(frac || '0');
  const moved = (p * BigInt(10_000 + bp) + 5_000n) / 10_000n;
  const v = moved > 0n ? moved : 1n;
  return frac.length === 0 ? String(v) : `${v / scale}.${String(v % scale).padStart(frac.length, '0')}`;
}

/** JSON with object keys sorted, so two answers compare by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** Today's date (and the neighbours) in a timezone, as `YYYY-MM-DD`. */
function localDate(timeZone: string, offsetDays: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
}

class Soak {
  private server!: BuiltServer;
  private dataDir = '';
  private database!: ScratchDatabase;
  private pool!: pg.Pool;
  private ledgerViolations!: (db: Db) => Promise<{ rule: string; detail: Record<string, string> }[]>;
  /** 0 before the kill, 1 after it */
  private run = 0;
  private up = true;
  private upWaiters: Array<() => void> = [];
  private readonly latencies = new Map<string, number[]>();
  private readonly ops: Op[] = [];
  private users: UserState[] = [];
  private instruments: { instrumentId: string; market: string; currency: string; price: string }[] = [];
  private phoneSeed = String(Date.now()).slice(-7);
  private readonly startedAt = Date.now();
  private readonly cpuAtStart = process.cpuUsage();
  private soakStartedAt = 0;
  private readonly log: (line: string) => void;
  private replayTask: Promise<void> = Promise.resolve();
  private readonly r: SoakReport;

  constructor(private readonly o: SoakOptions) {
    this.log = o.log ?? (() => undefined);
    const operations = Object.fromEntries(
      OP_KINDS.map((k) => [k, { sent: 0, ok: 0, refused: {}, throttled: 0, unresolved: 0 }]),
    ) as SoakReport['operations'];
    const { log: _log, postgresUrl: _url, ...options } = o;
    this.r = {
      database: '',
      options,
      timings: {
        firstStartMs: 0,
        setupMs: 0,
        soakMs: 0,
        killAtMs: null,
        downtimeMs: null,
        restartMs: null,
        finalChecksMs: 0,
        totalMs: 0,
      },
      cpu: { serverSeconds: null, driverSeconds: 0 },
      operations,
      latency: [],
      calls: 0,
      checks: {
        ledgerRuns: 0,
        ledgerRunsWhileDown: 0,
        ledgerViolations: [],
        statementChecks: 0,
        statementBusy: 0,
        statementMismatches: [],
        finalUsersChecked: 0,
      },
      kill: {
        acknowledgedBeforeKill: 0,
        replayed: 0,
        replayMismatches: [],
        inFlightAtKill: 0,
        inFlightAnsweredAfterRestart: 0,
      },
      lost: [],
      duplicates: [],
      wrongFinalState: [],
      errors: {
        serverErrors: [],
        unexpectedNetwork: [],
        unansweredCount: 0,
        serverErrorCount: 0,
        harness: [],
        serverLogErrors: [],
      },
      failures: [],
    };
  }

  // ── HTTP ─────────────────────────────────────────────────────────────────────────────────────

  private waitUp(): Promise<void> {
    return this.up ? Promise.resolve() : new Promise((resolve) => this.upWaiters.push(resolve));
  }

  private note(list: string[], line: string): void {
    if (list.length < 50) list.push(line);
  }

  /**
   * One POST; its latency is kept under `label` when answered. Resolves null when no answer came
   * (connection refused or cut, or no answer in 20 s); a lost answer while the server is up and
   * was not killed meanwhile is recorded as unexpected.
   */
  private async post(actor: Actor, path: string, body: unknown, label: string): Promise<CallResult | null> {
    const run = this.run;
    const started = performance.now();
    try {
      const r = await fetch(`${this.server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': actor.ip, ...actor.headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await r.text();
      const ms = performance.now() - started;
      this.r.calls += 1;
      let list = this.latencies.get(label);
      if (!list) this.latencies.set(label, (list = []));
      list.push(ms);
      let parsed: Envelope;
      try {
        parsed = JSON.parse(text) as Envelope;
      } catch {
        parsed = { status: 0, code: `unparsable:${text.slice(0, 80)}` };
      }
      if (r.status >= 500) this.r.errors.serverErrorCount += 1;
      if (r.status >= 500)
        this.note(this.r.errors.serverErrors, `${label} ${path} → HTTP ${r.status} ${text.slice(0, 200)}`);
      return { http: r.status, body: parsed };
    } catch (error) {
      if (this.run === run && this.up) {
        this.r.errors.unansweredCount += 1;
        this.note(
          this.r.errors.unexpectedNetwork,
          `${label} ${path}: ${error instanceof Error ? `${error.name} ${error.message}` : String(error)} after ${Math.round(performance.now() - started)} ms`,
        );
      }
      return null;
    }
  }

  /** A read or set-up call: asked again after a lost answer; an answer other than status 1 throws. */
  private async must<T = unknown>(actor: Actor, path: string, body: unknown, label: string): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const res = await this.post(actor, path, body, label);
      if (res?.http === 401 && attempt < 3) {
        await actor.relogin();
        continue;
      }
      if (res?.http === 429 && attempt < 20) {
        await sleep(1_100);
        continue;
      }
      if (res && res.body.status === 1) return res.body.data as T;
      if (res || attempt >= 20)
        throw new Error(
          `${actor.label} ${path} ${JSON.stringify(body).slice(0, 200)} → ${res ? `HTTP ${res.http} ${JSON.stringify(res.body).slice(0, 300)}` : 'no answer'}`,
        );
      await this.waitUp();
      await sleep(200);
    }
  }

  /**
   * A money call with a requestId: asked again with the same requestId until the server gives a
   * final answer (§1.6: 409 in progress, 500 and lost answers are not final). A 429 is counted and
   * dropped (a user gives up; nothing was stored). Resolves the final envelope, or null.
   */
  private async money(
    kind: OpKind,
    actor: Actor,
    user: UserState | null,
    path: string,
    body: Record<string, unknown>,
  ): Promise<Envelope | null> {
    const op: Op = {
      kind,
      actor,
      user,
      path,
      body: { ...body, requestId: randomUUID() },
      sentRun: this.run,
      answeredRun: null,
      answeredAt: null,
      answer: null,
      attempts: 0,
      lostSends: 0,
    };
    const stats = this.r.operations[kind];
    stats.sent += 1;
    let serverErrors = 0;
    while (op.attempts < 60) {
      op.attempts += 1;
      const runAtSend = this.run;
      const res = await this.post(actor, path, op.body, kind);
      if (!res) {
        op.lostSends += 1;
        if (this.run === runAtSend && this.up && op.lostSends > 5) break;
        await this.waitUp();
        await sleep(100 + Math.random() * 400);
        continue;
      }
      if (res.http === 401 && op.attempts < 5) {
        await actor.relogin();
        continue;
      }
      if (res.http === 409 && res.body.code === 'request.in_progress') {
        await sleep(300);
        continue;
      }
      if (res.http === 429) {
        // a send whose answer was lost may have gone through (a 429 only says this one did not,
        // §1.6): the user must ask again with the same requestId until it gets a final answer
        if (actor.label.startsWith('admin') || op.lostSends > 0) {
          await sleep(1_100);
          continue;
        }
        stats.throttled += 1;
        return null;
      }
      if (res.http >= 500) {
        serverErrors += 1;
        if (serverErrors > 3) break;
        await sleep(500);
        continue;
      }
      if (res.http !== 200) {
        this.note(
          this.r.errors.harness,
          `${kind} ${path} ${JSON.stringify(op.body).slice(0, 200)} → HTTP ${res.http} ${JSON.stringify(res.body).slice(0, 200)}`,
        );
        return null;
      }
      op.answer = res.body;
      op.answeredRun = this.run;
      op.answeredAt = Date.now();
      this.ops.push(op);
      if (res.body.status === 1) stats.ok += 1;
      else stats.refused[res.body.code ?? '?'] = (stats.refused[res.body.code ?? '?'] ?? 0) + 1;
      return res.body;
    }
    stats.unresolved += 1;
    this.ops.push(op);
    return null;
  }

  // ── set-up ───────────────────────────────────────────────────────────────────────────────────

  private async admin(label: string): Promise<Actor> {
    const actor: Actor = {
      label,
      ip: `10.255.0.${Math.floor(rand(1, 250))}`,
      headers: {},
      relogin: async () => undefined,
    };
    actor.relogin = async () => {
      const data = await this.must<{ token: string }>(
        { ...actor, headers: {} },
        '/api/admin/auth/login',
        { username: 'admin', password: ADMIN_PASSWORD },
        'admin/login',
      );
      actor.headers = { authorization: `Bearer ${data.token}` };
    };
    await actor.relogin();
    return actor;
  }

  private async upload(actor: Actor, purpose: string): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const form = new FormData();
      form.append('purpose', purpose);
      form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `${purpose}.png`);
      const started = performance.now();
      try {
        const r = await fetch(`${this.server.baseUrl}/api/vue/upload/image`, {
          method: 'POST',
          headers: { 'x-forwarded-for': actor.ip, ...actor.headers },
          body: form,
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await r.json()) as Envelope;
        const list = this.latencies.get('upload') ?? [];
        list.push(performance.now() - started);
        this.latencies.set('upload', list);
        this.r.calls += 1;
        if (body.status === 1) return (body.data as { imageId: string }).imageId;
        if (r.status === 401 && attempt < 3) {
          await actor.relogin();
          continue;
        }
        throw new Error(`upload ${purpose}: HTTP ${r.status} ${JSON.stringify(body)}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('upload ')) throw error;
        if (attempt > 20) throw error;
        await this.waitUp();
        await sleep(200);
      }
    }
  }

  private async configure(ops: Actor): Promise<void> {
    const set = (key: string, value: unknown) =>
      this.must(ops, '/api/admin/config/set', { key, value, reason: 'soak: test environment' }, 'admin/config');
    await set('deposit.channels', CHANNELS);
    await set('withdraw.window', { open: '00:00', close: '24:00', days: ALL_DAYS });
    // positions may be closed right away (the default keeps them 5 minutes)
    await set('market.crypto.minHoldMinutes', 0);
    await set('market.forex.minHoldMinutes', 0);
  }

  private async loadInstruments(): Promise<void> {
    const anon: Actor = { label: 'prices', ip: '10.254.0.1', headers: {}, relogin: async () => undefined };
    const found: { instrumentId: string; market: string; currency: string; price: string }[] = [];
    for (const tab of ['crypto', 'forex']) {
      const page = await this.must<{
        list: { instrumentId: string; market: string; currency: string; price: string | null; tradable: boolean }[];
      }>(anon, '/api/vue/market/list', { tab, size: 100 }, 'market/list');
      for (const i of page.list) {
        if (!i.tradable || !i.price) continue;
        const p = Number(i.price); // only to choose instruments of a workable price, never for money
        if (p >= 0.5 && p <= 5_000)
          found.push({ instrumentId: i.instrumentId, market: i.market, currency: i.currency, price: i.price });
      }
    }
    if (found.length === 0) throw new Error('no tradable crypto or forex instrument with a price between 0.5 and 5000');
    this.instruments = found;
  }

  private newUserActor(index: number): { actor: Actor; phone: string } {
    const phone = `52${this.phoneSeed}${String(index).padStart(4, '0')}`;
    const actor: Actor = {
      label: `user${index}`,
      ip: `10.${Math.floor(index / 250) % 250}.${index % 250}.${Math.floor(rand(1, 250))}`,
      headers: {},
      relogin: async () => undefined,
    };
    actor.relogin = async () => {
      const data = await this.must<{ token: string; account: string }>(
        { ...actor, headers: {} },
        '/api/vue/user/login',
        { account: phone, password: PASSWORD },
        'user/login',
      );
      actor.headers = { token: data.token, account: data.account };
    };
    return { actor, phone };
  }

  private async registerAndSubmitKyc(index: number): Promise<UserState> {
    const { actor, phone } = this.newUserActor(index);
    const reg = await this.must<{ token: string; account: string }>(
      actor,
      '/api/vue/user/register',
      {
        phone,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        inviteCode: INVITE,
        agreementAccepted: true,
      },
      'user/register',
    );
    actor.headers = { token: reg.token, account: reg.account };
    const info = await this.must<{ id: string }>(actor, '/api/vue/user/getUserinfo', {}, 'user/getUserinfo');
    const frontImageId = await this.upload(actor, 'kyc_front');
    const backImageId = await this.upload(actor, 'kyc_back');
    await this.must(
      actor,
      '/api/vue/user/kycSubmit',
      { name: 'Ana López', idNumber: 'LOPA850101HDF7', frontImageId, backImageId },
      'user/kycSubmit',
    );
    return {
      index,
      phone,
      actor,
      id: info.id,
      cardId: '',
      nextCheckAt: 0,
      lastCall: { buy: 0, close: 0, cancel: 0 },
      moneyCallTimes: [],
      available: { USDT: 500_000n },
      pending: [],
      withdrawable: {},
    };
  }

  private async approveAllPending(reviewers: Actor[], queue: string, expected: number): Promise<void> {
    let approved = 0;
    for (let round = 0; approved < expected && round < 100; round += 1) {
      const page = await this.must<{ list: { id: string }[] }>(
        pickOne(reviewers),
        '/api/admin/review/list',
        { queue, size: 300 },
        'admin/review/list',
      );
      if (page.list.length === 0) {
        await sleep(200);
        continue;
      }
      await this.parallel(page.list, reviewers.length, async (item, worker) => {
        const answer = await this.money(
          'approve',
          reviewers[worker % reviewers.length] as Actor,
          null,
          '/api/admin/review/approve',
          { queue, id: item.id, reason: 'soak: set-up' },
        );
        if (answer?.status === 1) approved += 1;
      });
    }
    if (approved < expected) throw new Error(`set-up: approved ${approved} of ${expected} ${queue} items`);
  }

  private async parallel<T>(
    items: readonly T[],
    width: number,
    work: (item: T, worker: number) => Promise<void>,
  ): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(width, items.length) }, async (_x, worker) => {
        while (next < items.length) {
          const item = items[next] as T;
          next += 1;
          await work(item, worker);
        }
      }),
    );
  }

  private async setup(): Promise<Actor[]> {
    const boss = await this.admin('admin-setup');
    await this.configure(boss);
    await this.loadInstruments();
    const reviewers = [boss];
    for (let i = 0; i < this.o.reviewers; i += 1) reviewers.push(await this.admin(`admin${i}`));
    const indexes = Array.from({ length: this.o.users }, (_x, i) => i);
    const users: UserState[] = [];
    await this.parallel(indexes, this.o.setupConcurrency, async (i) => {
      users.push(await this.registerAndSubmitKyc(i));
    });
    users.sort((a, b) => a.index - b.index);
    this.log(
      `  ${users.length} users registered, real names submitted (${Math.round((Date.now() - this.startedAt) / 1000)} s)`,
    );
    await this.approveAllPending(reviewers, 'kyc', users.length);
    await this.parallel(users, this.o.setupConcurrency, async (u) => {
      await this.must(
        u.actor,
        '/api/vue/user/setFundPassword',
        { fundPassword: FUND_PASSWORD, confirmFundPassword: FUND_PASSWORD, loginPassword: PASSWORD },
        'user/setFundPassword',
      );
      const card = await this.must<{ cardId: string }>(
        u.actor,
        '/api/vue/card/add',
        {
          holder: 'Ana López',
          cardNumber: `4152${String(3_000_000_000 + u.index).padStart(12, '0')}`,
          bankName: 'BBVA México',
          branch: 'CDMX Centro',
          bankCode: '012',
        },
        'card/add',
      );
      u.cardId = card.cardId;
      const proofImageId = await this.upload(u.actor, 'deposit_proof');
      const answer = await this.money('deposit', u.actor, u, '/api/vue/funds/deposit', {
        channelId: 'soak_usdt',
        amount: '5000.00',
        proofImageId,
      });
      if (answer?.status !== 1) throw new Error(`set-up deposit of ${u.actor.label}: ${JSON.stringify(answer)}`);
    });
    await this.approveAllPending(reviewers, 'deposit', users.length);
    this.users = users;
    return reviewers.slice(1).length > 0 ? reviewers.slice(1) : reviewers;
  }

  // ── what a user does ─────────────────────────────────────────────────────────────────────────

  private async readAssets(u: UserState): Promise<void> {
    const data = await this.must<{
      accounts: { currency: Cur; available: string; frozen: string; withdrawable: string }[];
    }>(u.actor, '/api/vue/user/assets', {}, 'user/assets');
    for (const a of data.accounts) {
      u.available[a.currency] = hundredths(a.available);
      u.withdrawable[a.currency] = hundredths(a.withdrawable);
    }
  }

  private moneyCallAllowed(u: UserState): boolean {
    const now = Date.now();
    u.moneyCallTimes = u.moneyCallTimes.filter((t) => now - t < 61_000);
    return u.moneyCallTimes.length < 9;
  }

  private async buy(u: UserState, orderType: 'market' | 'limit'): Promise<void> {
    // an instrument settled in a currency the user last had at least 200 of (USDT for crypto, USD for forex)
    const held = this.instruments.filter((i) => (u.available[i.currency as Cur] ?? 0n) >= 20_000n);
    const instrument = pickOne(held.length > 0 ? held : this.instruments);
    const side = Math.random() < 0.6 ? 'long' : 'short';
    const leverage = pickOne([1, 2, 5, 10]);
    // a limit order at up to 0.3 % on the far side of the price waits (and is cancelled or expires), near it fills
    const away = (side === 'long' ? -1 : 1) * Math.round(rand(-20, 30));
    const price = orderType === 'limit' ? movePrice(instrument.price, away) : null;
    const ref = price ?? instrument.price;
    // a contract of 120–900 in the instrument's currency (above the 100 minimum); lots from the last price seen
    const lots = Math.max(1, Math.ceil(rand(120, 900) / Number(instrument.price)));
    const body: Record<string, unknown> = { instrumentId: instrument.instrumentId, side, orderType, lots, leverage };
    if (price) body.price = price;
    if (Math.random() < 0.3) {
      const up = side === 'long' ? 1 : -1;
      body.takeProfit = movePrice(ref, up * 150);
      body.stopLoss = movePrice(ref, -up * 150);
    }
    u.lastCall.buy = Date.now();
    const answer = await this.money(
      orderType === 'market' ? 'buy_market' : 'buy_limit',
      u.actor,
      u,
      '/api/vue/trade/buy',
      body,
    );
    const order = answer?.status === 1 ? (answer.data as { orderId: string; state: string }) : null;
    if (order?.state === 'pending') u.pending.push(order.orderId);
    const spent = hundredths(String((answer?.data as { margin?: string } | undefined)?.margin ?? '0'));
    u.available[instrument.currency as Cur] = (u.available[instrument.currency as Cur] ?? 0n) - spent;
  }

  private async closeOrCancel(u: UserState, action: 'close' | 'cancel'): Promise<void> {
    if (action === 'cancel' && u.pending.length > 0) {
      // an order the user placed pending (it may have filled since: then order.not_pending)
      const orderId = u.pending.splice(Math.floor(Math.random() * u.pending.length), 1)[0] as string;
      u.lastCall.cancel = Date.now();
      await this.money('cancel', u.actor, u, '/api/vue/trade/cancel', { orderId });
      return;
    }
    const market = Math.random() < 0.8 ? 'crypto' : 'forex';
    const page = await this.must<{ list: { orderId: string }[] }>(
      u.actor,
      '/api/vue/trade/userstocklist',
      { type: market, states: [action === 'close' ? 'holding' : 'pending'], size: 50 },
      'trade/userstocklist',
    );
    if (page.list.length === 0) return;
    u.lastCall[action] = Date.now();
    await this.money(action, u.actor, u, `/api/vue/trade/${action}`, { orderId: pickOne(page.list).orderId });
  }

  private async exchange(u: UserState): Promise<void> {
    await this.readAssets(u);
    const from = CURRENCIES.filter((c) => (u.available[c] ?? 0n) >= 500n);
    if (from.length === 0) return;
    const source = pickOne(from);
    const to = pickOne(CURRENCIES.filter((c) => c !== source && (source !== 'EUR' || c !== 'EUR')));
    const have = u.available[source] ?? 0n;
    const amount = (have * BigInt(Math.round(rand(5, 40)))) / 100n;
    if (amount < 100n) return;
    u.moneyCallTimes.push(Date.now());
    await this.money('exchange', u.actor, u, '/api/vue/funds/exchange', { from: source, to, amount: money(amount) });
  }

  private async deposit(u: UserState): Promise<void> {
    const last = await this.must<{ list: { state: string }[] }>(
      u.actor,
      '/api/vue/funds/records',
      { tab: 'deposit', size: 1 },
      'funds/records',
    );
    if (last.list[0]?.state === 'pending') return;
    const channel = pickOne(CHANNELS);
    const amount =
      channel.currency === 'MXN'
        ? BigInt(Math.round(rand(1_000, 20_000))) * 100n
        : BigInt(Math.round(rand(100, 2_000))) * 100n;
    const proofImageId = await this.upload(u.actor, 'deposit_proof');
    u.moneyCallTimes.push(Date.now());
    await this.money('deposit', u.actor, u, '/api/vue/funds/deposit', {
      channelId: channel.id,
      amount: money(amount),
      proofImageId,
    });
  }

  private async withdraw(u: UserState): Promise<void> {
    await this.readAssets(u);
    const choices = (
      [
        ['MXN', 50_000n],
        ['USD', 2_500n],
      ] as const
    ).filter(([c, min]) => (u.withdrawable[c] ?? 0n) >= min * 2n);
    if (choices.length === 0) return;
    const [currency, min] = pickOne(choices);
    const room = (u.withdrawable[currency] ?? 0n) / 3n;
    const amount = room > min ? min + BigInt(Math.floor(Math.random() * Number(room - min))) : min;
    u.moneyCallTimes.push(Date.now());
    await this.money('withdraw', u.actor, u, '/api/vue/funds/withdraw', {
      amount: money(amount),
      currency,
      fundPassword: FUND_PASSWORD,
      cardId: u.cardId,
    });
  }

  private async read(u: UserState): Promise<void> {
    const which = Math.floor(Math.random() * 4);
    if (which === 0) await this.readAssets(u);
    else if (which === 1)
      await this.must(u.actor, '/api/vue/funds/records', { tab: 'trade', size: 20 }, 'funds/records');
    else if (which === 2)
      await this.must(u.actor, '/api/vue/trade/userstocklist', { type: 'crypto', size: 50 }, 'trade/userstocklist');
    else await this.must(u.actor, '/api/vue/user/getUserinfo', {}, 'user/getUserinfo');
  }

  /** One random step: an operation the per-account limits allow now, by weight. */
  private async step(u: UserState): Promise<void> {
    const now = Date.now();
    const moneyOk = this.moneyCallAllowed(u);
    const menu: [number, () => Promise<void>][] = [[16, () => this.read(u)]];
    if (now - u.lastCall.buy > 1_100) menu.push([18, () => this.buy(u, 'market')], [14, () => this.buy(u, 'limit')]);
    if (now - u.lastCall.close > 1_100) menu.push([16, () => this.closeOrCancel(u, 'close')]);
    if (now - u.lastCall.cancel > 1_100) menu.push([8, () => this.closeOrCancel(u, 'cancel')]);
    if (moneyOk) menu.push([12, () => this.exchange(u)], [6, () => this.deposit(u)], [6, () => this.withdraw(u)]);
    const total = menu.reduce((s, [w]) => s + w, 0);
    let roll = Math.random() * total;
    for (const [weight, act] of menu) {
      roll -= weight;
      if (roll < 0) return act();
    }
  }

  // ── the books ────────────────────────────────────────────────────────────────────────────────

  /** The ledger invariant on the database (the server's own check); runs while the server is down too. */
  private async checkLedger(when: string): Promise<void> {
    const violations = await this.ledgerViolations(drizzle(this.pool) as unknown as Db);
    this.r.checks.ledgerRuns += 1;
    if (!this.up) this.r.checks.ledgerRunsWhileDown += 1;
    for (const v of violations.slice(0, 10))
      this.note(this.r.checks.ledgerViolations, `${when}: ${v.rule} ${JSON.stringify(v.detail)}`);
  }

  /**
   * The user's statement of every currency against its balance. Balances are read before and
   * after the statements; when they moved meanwhile (a review or the engine), it is tried again.
   * Resolves the statement lines (for the final count of exchanges), or null when still busy.
   */
  private async checkStatement(
    u: UserState,
    when: string,
  ): Promise<{ kind: string; orderNo: string | null; availableChange: string }[] | null> {
    const from = localDate('America/Mexico_City', -2);
    const to = localDate('America/Mexico_City', 1);
    type Assets = { accounts: { currency: Cur; available: string; frozen: string }[] };
    type Statement = {
      opening: { available: string; frozen: string };
      closing: { available: string; frozen: string };
      lines: { kind: string; orderNo: string | null; availableChange: string }[];
    };
    const snapshot = (a: Assets) => canonical(a.accounts.map((x) => [x.currency, x.available, x.frozen]));
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const before = await this.must<Assets>(u.actor, '/api/vue/user/assets', {}, 'user/assets');
      const statements = new Map<Cur, Statement>();
      for (const currency of CURRENCIES) {
        statements.set(
          currency,
          await this.must<Statement>(
            u.actor,
            '/api/vue/funds/statementRange',
            { currency, from, to },
            'funds/statementRange',
          ),
        );
      }
      const after = await this.must<Assets>(u.actor, '/api/vue/user/assets', {}, 'user/assets');
      if (snapshot(before) !== snapshot(after)) {
        await sleep(100);
        continue;
      }
      this.r.checks.statementChecks += 1;
      const lines: { kind: string; orderNo: string | null; availableChange: string }[] = [];
      for (const account of after.accounts) {
        const s = statements.get(account.currency);
        if (!s) continue;
        lines.push(...s.lines);
        const wrong: string[] = [];
        if (!sameDecimal(s.opening.available, '0') || !sameDecimal(s.opening.frozen, '0'))
          wrong.push(`opening ${s.opening.available}/${s.opening.frozen}`);
        if (!sameDecimal(s.closing.available, account.available))
          wrong.push(`available: statement ${s.closing.available}, balance ${account.available}`);
        if (!sameDecimal(s.closing.frozen, account.frozen))
          wrong.push(`frozen: statement ${s.closing.frozen}, balance ${account.frozen}`);
        if (wrong.length > 0)
          this.note(
            this.r.checks.statementMismatches,
            `${when} ${u.actor.label} ${account.currency}: ${wrong.join('; ')}`,
          );
      }
      return lines;
    }
    this.r.checks.statementBusy += 1;
    return null;
  }

  // ── the kill ─────────────────────────────────────────────────────────────────────────────────

  private async killAndRestart(): Promise<void> {
    this.up = false;
    this.run += 1;
    const killed = Date.now();
    this.r.timings.killAtMs = killed - this.soakStartedAt;
    await this.server.kill9();
    this.log(`  kill -9 at ${Math.round(this.r.timings.killAtMs / 1000)} s of the operations; restarting`);
    this.r.timings.restartMs = await this.server.start();
    this.r.timings.downtimeMs = Date.now() - killed;
    this.up = true;
    for (const resolve of this.upWaiters.splice(0)) resolve();
    this.log(
      `  back after ${this.r.timings.downtimeMs} ms (the new process took ${this.r.timings.restartMs} ms to answer /health)`,
    );
    this.replayTask = this.replayBeforeKill();
  }

  /** The operations answered before the kill, asked again with their requestId: the answer must be identical. */
  private async replayBeforeKill(): Promise<void> {
    const before = this.ops.filter((op) => op.answeredRun === 0 && op.answer);
    this.r.kill.acknowledgedBeforeKill = before.length;
    let chosen = before;
    if (before.length > this.o.replayLimit) {
      // the last ones before the kill, then a random sample of the rest
      const sorted = [...before].sort((a, b) => (a.answeredAt ?? 0) - (b.answeredAt ?? 0));
      const tail = sorted.splice(-Math.floor(this.o.replayLimit / 2));
      for (let i = sorted.length - 1; i > 0; i -= 1) {
        const j = Math.floor(Math.random() * (i + 1));
        [sorted[i], sorted[j]] = [sorted[j] as Op, sorted[i] as Op];
      }
      chosen = [...tail, ...sorted.slice(0, this.o.replayLimit - tail.length)];
    }
    await this.parallel(chosen, 6, async (op) => {
      // a refused connection, an expired session or a spent allowance is not an answer: ask again
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const res = await this.post(op.actor, op.path, op.body, 'replay');
        if (res?.http === 401) {
          await op.actor.relogin();
          continue;
        }
        if (!res) {
          await sleep(300);
          continue;
        }
        if (res.http === 429) {
          // the caller's allowance (20 a second, §1.7) is spent: a client waits as told and asks again
          await sleep(1000 * Number(res.body.params?.seconds ?? 1));
          continue;
        }
        this.r.kill.replayed += 1;
        if (res.http !== 200 || canonical(res.body) !== canonical(op.answer)) {
          this.note(
            this.r.kill.replayMismatches,
            `${op.kind} ${op.actor.label} ${op.path}: first ${canonical(op.answer).slice(0, 300)}, replay HTTP ${res.http} ${canonical(res.body).slice(0, 300)}`,
          );
        }
        return;
      }
      this.note(this.r.kill.replayMismatches, `${op.kind} ${op.actor.label}: no answer to the replay`);
    });
  }

  // ── loops ────────────────────────────────────────────────────────────────────────────────────

  private guard(what: string, work: () => Promise<void>): Promise<void> {
    return work().catch((error: unknown) =>
      this.note(this.r.errors.harness, `${what}: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  private async userLoop(u: UserState, endAt: number): Promise<void> {
    while (Date.now() < endAt) {
      await sleep(rand(this.o.thinkMs[0], this.o.thinkMs[1]));
      if (Date.now() >= endAt) break;
      if (Date.now() >= u.nextCheckAt) {
        u.nextCheckAt = Date.now() + this.o.userCheckEverySeconds * 1000;
        await this.guard(`${u.actor.label} statement check`, async () => {
          await this.checkStatement(u, 'during');
        });
        continue;
      }
      await this.guard(`${u.actor.label} step`, () => this.step(u));
    }
  }

  private async reviewerLoop(actor: Actor, slot: number, count: number, endAt: number): Promise<void> {
    while (Date.now() < endAt) {
      for (const queue of ['deposit', 'withdraw'] as const) {
        await this.guard(`${actor.label} ${queue} queue`, async () => {
          const page = await this.must<{ list: { id: string }[] }>(
            actor,
            '/api/admin/review/list',
            { queue, size: 100 },
            'admin/review/list',
          );
          for (const [i, item] of page.list.entries()) {
            if (i % count !== slot || Date.now() >= endAt) continue;
            const approve = Math.random() < (queue === 'deposit' ? 0.85 : 0.7);
            await this.money(
              approve ? 'approve' : 'reject',
              actor,
              null,
              `/api/admin/review/${approve ? 'approve' : 'reject'}`,
              { queue, id: item.id, reason: 'soak: checked' },
            );
            await sleep(60); // one admin session stays under the 20 calls a second per caller
          }
        });
      }
      await sleep(rand(400, 900));
    }
  }

  private async ledgerLoop(endAt: () => boolean): Promise<void> {
    while (!endAt()) {
      await this.guard('ledger check', () => this.checkLedger(this.up ? 'during' : 'while the server was down'));
      const until = Date.now() + this.o.ledgerCheckEverySeconds * 1000;
      while (!endAt() && Date.now() < until) await sleep(200);
    }
  }

  private async pricesLoop(endAt: number): Promise<void> {
    while (Date.now() < endAt) {
      await sleep(5_000);
      if (this.up) await this.guard('prices', () => this.loadInstruments());
    }
  }

  // ── the end ──────────────────────────────────────────────────────────────────────────────────

  private async listAll<T>(actor: Actor, path: string, body: Record<string, unknown>, label: string): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page += 1) {
      const data = await this.must<{ list: T[]; total: number }>(actor, path, { ...body, page, size: 300 }, label);
      out.push(...data.list);
      if (out.length >= data.total || data.list.length === 0) return out;
    }
  }

  /** Every acknowledged operation is there once, and nothing is there that was not acknowledged. */
  private compare(what: string, who: string, acknowledged: Set<string>, found: string[]): void {
    const seen = new Map<string, number>();
    for (const id of found) seen.set(id, (seen.get(id) ?? 0) + 1);
    for (const id of acknowledged)
      if (!seen.has(id)) this.note(this.r.lost, `${who}: acknowledged ${what} ${id} is missing`);
    for (const [id, n] of seen) {
      if (n > 1) this.note(this.r.duplicates, `${who}: ${what} ${id} listed ${n} times`);
      if (!acknowledged.has(id))
        this.note(this.r.duplicates, `${who}: ${what} ${id} exists but no call was acknowledged for it`);
    }
  }

  private async finalUserCheck(u: UserState): Promise<void> {
    const mine = this.ops.filter((op) => op.user === u && op.answer?.status === 1);
    const ids = (kinds: OpKind[], field: string) =>
      new Set(
        mine
          .filter((op) => kinds.includes(op.kind))
          .map((op) => String((op.answer?.data as Record<string, unknown>)[field])),
      );
    const deposits = await this.listAll<{ id: string }>(
      u.actor,
      '/api/vue/funds/records',
      { tab: 'deposit' },
      'funds/records',
    );
    this.compare(
      'deposit',
      u.actor.label,
      ids(['deposit'], 'id'),
      deposits.map((d) => d.id),
    );
    const withdrawals = await this.listAll<{ id: string }>(
      u.actor,
      '/api/vue/funds/records',
      { tab: 'withdraw' },
      'funds/records',
    );
    this.compare(
      'withdrawal',
      u.actor.label,
      ids(['withdraw'], 'id'),
      withdrawals.map((w) => w.id),
    );
    const orders: { orderId: string; state: string }[] = [];
    for (const type of ['crypto', 'forex']) {
      orders.push(
        ...(await this.listAll<{ orderId: string; state: string }>(
          u.actor,
          '/api/vue/trade/userstocklist',
          { type, states: ['pending', 'cancelled', 'holding', 'closing', 'locked', 'closed'] },
          'trade/userstocklist',
        )),
      );
    }
    this.compare(
      'order',
      u.actor.label,
      ids(['buy_market', 'buy_limit'], 'orderId'),
      orders.map((o) => o.orderId),
    );
    const state = new Map(orders.map((o) => [o.orderId, o.state]));
    for (const id of ids(['close'], 'orderId'))
      if (!['closing', 'closed'].includes(state.get(id) ?? ''))
        this.note(this.r.wrongFinalState, `${u.actor.label}: closed order ${id} is ${state.get(id)}`);
    for (const id of ids(['cancel'], 'orderId'))
      if (state.get(id) !== 'cancelled')
        this.note(this.r.wrongFinalState, `${u.actor.label}: cancelled order ${id} is ${state.get(id)}`);
    let lines: { kind: string; orderNo: string | null; availableChange: string }[] | null = null;
    for (let attempt = 0; attempt < 5 && !lines; attempt += 1) lines = await this.checkStatement(u, 'final');
    if (!lines) {
      this.note(
        this.r.checks.statementMismatches,
        `final ${u.actor.label}: balances kept moving, no statement check possible`,
      );
      return;
    }
    this.r.checks.finalUsersChecked += 1;
    this.compare(
      'exchange',
      u.actor.label,
      ids(['exchange'], 'orderNo'),
      lines.filter((l) => l.kind === 'exchange_out' && l.availableChange.startsWith('-')).map((l) => String(l.orderNo)),
    );
  }

  private async finalDecisionCheck(reviewer: Actor): Promise<void> {
    for (const queue of ['deposit', 'withdraw', 'kyc']) {
      const decided = await this.listAll<{ id: string; state: string }>(
        reviewer,
        '/api/admin/review/list',
        { queue, states: ['approved', 'rejected'] },
        'admin/review/list',
      );
      const state = new Map(decided.map((d) => [d.id, d.state]));
      for (const op of this.ops) {
        if ((op.kind !== 'approve' && op.kind !== 'reject') || op.answer?.status !== 1 || op.body.queue !== queue)
          continue;
        const want = op.kind === 'approve' ? 'approved' : 'rejected';
        const got = state.get(String(op.body.id));
        if (got !== want)
          this.note(
            got === undefined ? this.r.lost : this.r.wrongFinalState,
            `${queue} item ${String(op.body.id)}: ${op.kind} acknowledged, now ${got ?? 'not decided'}`,
          );
      }
    }
  }

  private summarise(): void {
    const r = this.r;
    r.latency = [...this.latencies.entries()]
      .map(([call, values]) => {
        const sorted = Float64Array.from(values).sort();
        return {
          call,
          count: values.length,
          p50Ms: round(nearestRank(sorted, 50)),
          p99Ms: round(nearestRank(sorted, 99)),
          maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
        };
      })
      .sort((a, b) => b.count - a.count);
    r.errors.serverLogErrors = this.server.errorLines.slice(0, 20);
    const f = r.failures;
    if (r.checks.ledgerViolations.length > 0) f.push(`ledger invariant broken: ${r.checks.ledgerViolations[0]}`);
    if (r.checks.statementMismatches.length > 0) f.push(`statement ≠ balance: ${r.checks.statementMismatches[0]}`);
    if (r.lost.length > 0) f.push(`${r.lost.length} acknowledged operations lost: ${r.lost[0]}`);
    if (r.duplicates.length > 0)
      f.push(`${r.duplicates.length} operations twice or unacknowledged: ${r.duplicates[0]}`);
    if (r.wrongFinalState.length > 0) f.push(`${r.wrongFinalState.length} wrong final states: ${r.wrongFinalState[0]}`);
    if (r.kill.replayMismatches.length > 0)
      f.push(`${r.kill.replayMismatches.length} replays answered differently: ${r.kill.replayMismatches[0]}`);
    if (r.errors.serverErrors.length > 0)
      f.push(`${r.errors.serverErrorCount} server errors: ${r.errors.serverErrors[0]}`);
    if (r.errors.unexpectedNetwork.length > 0)
      f.push(
        `${r.errors.unansweredCount} calls unanswered within 20 s while the server was up: ${r.errors.unexpectedNetwork[0]}`,
      );
    if (r.errors.harness.length > 0) f.push(`${r.errors.harness.length} unexpected answers: ${r.errors.harness[0]}`);
    if (r.errors.serverLogErrors.length > 0)
      f.push(
        `${this.server.errorLines.length} error lines in the server log: ${r.errors.serverLogErrors[0]?.slice(0, 300)}`,
      );
    const unresolved = OP_KINDS.reduce((s, k) => s + r.operations[k].unresolved, 0);
    if (unresolved > 0) f.push(`${unresolved} money calls never got a final answer`);
    if (this.o.killAtSeconds !== null && r.timings.downtimeMs === null) f.push('the server was never killed');
    if (r.checks.finalUsersChecked < this.users.length)
      f.push(`only ${r.checks.finalUsersChecked} of ${this.users.length} users passed the final statement check`);
    // the soak must have done what it says, or it proves nothing
    for (const kind of OP_KINDS) if (r.operations[kind].ok === 0) f.push(`no ${kind} succeeded`);
    if (this.o.killAtSeconds !== null && r.kill.replayed === 0) f.push('nothing was replayed after the restart');
  }

  async main(): Promise<SoakReport> {
    const r = this.r;
    // uploads and the link-signing secret live in the data folder; the restarted server keeps it
    this.dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-soak-'));
    this.database = await createDatabase(this.o.postgresUrl, `soak_${randomUUID().replace(/-/g, '').slice(0, 12)}`);
    r.database = this.database.name;
    ({ ledgerViolations: this.ledgerViolations } = await import('../../apps/server/src/modules/ledger/index.js'));
    this.pool = new pg.Pool({ connectionString: this.database.url, max: 2 });
    this.pool.on('error', () => undefined);
    this.server = new BuiltServer(await freePort(), {
      DATABASE_URL: this.database.url,
      DEMO: '1',
      DEMO_INVITE_CODE: INVITE,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // each simulated user comes from its own address (X-Forwarded-For), so the limit of 5
      // registrations per address and hour applies per user, as it would in the field
      TRUST_PROXY: '1',
      DATA_DIR: this.dataDir,
    });
    try {
      r.timings.firstStartMs = await this.server.start();
      this.log(`  server up on ${this.database.name} in ${r.timings.firstStartMs} ms`);
      const setupStarted = Date.now();
      const reviewers = await this.setup();
      r.timings.setupMs = Date.now() - setupStarted;
      this.log(
        `  set-up: ${this.users.length} verified users with 5000 USDT each in ${Math.round(r.timings.setupMs / 1000)} s`,
      );

      const soakStarted = Date.now();
      this.soakStartedAt = soakStarted;
      const endAt = soakStarted + this.o.seconds * 1000;
      let loadOver = false;
      this.users.forEach((u, i) => {
        u.nextCheckAt = soakStarted + ((i + 1) / this.users.length) * this.o.userCheckEverySeconds * 1000;
      });
      const killer =
        this.o.killAtSeconds === null
          ? Promise.resolve()
          : sleep(this.o.killAtSeconds * 1000).then(() => this.killAndRestart());
      const ledger = this.ledgerLoop(() => loadOver);
      const progress = setInterval(() => {
        const ok = OP_KINDS.reduce((s, k) => s + r.operations[k].ok, 0);
        this.log(
          `  ${Math.round((Date.now() - soakStarted) / 1000)} s: ${r.calls} calls, ${ok} money operations done, ${r.checks.ledgerRuns} ledger checks, ${r.checks.statementChecks} statement checks`,
        );
      }, 15_000);
      await Promise.all([
        ...this.users.map((u) => this.userLoop(u, endAt)),
        ...reviewers.map((a, i) => this.reviewerLoop(a, i, reviewers.length, endAt)),
        this.pricesLoop(endAt),
        killer,
      ]);
      clearInterval(progress);
      r.timings.soakMs = Date.now() - soakStarted;
      await this.replayTask;

      const finalStarted = Date.now();
      await sleep(1_000); // let the engine finish what the last prices set off
      await this.parallel(this.users, 8, (u) =>
        this.guard(`${u.actor.label} final check`, () => this.finalUserCheck(u)),
      );
      await this.guard('final decisions', () => this.finalDecisionCheck(reviewers[0] as Actor));
      loadOver = true;
      await ledger;
      await this.guard('final ledger check', () => this.checkLedger('after'));
      r.timings.finalChecksMs = Date.now() - finalStarted;
      for (const op of this.ops) {
        if (op.sentRun === 0 && op.lostSends > 0 && this.o.killAtSeconds !== null) {
          r.kill.inFlightAtKill += 1;
          if (op.answeredRun === 1) r.kill.inFlightAnsweredAfterRestart += 1;
        }
      }
    } finally {
      await this.server.stop();
      await this.pool.end().catch(() => undefined);
      rmSync(this.dataDir, { recursive: true, force: true });
      if (!this.o.keepDatabase)
        await this.database
          .drop()
          .catch((e: unknown) => this.log(`  could not drop ${this.database.name}: ${String(e)}`));
    }
    r.timings.totalMs = Date.now() - this.startedAt;
    const driver = process.cpuUsage(this.cpuAtStart);
    r.cpu = {
      serverSeconds: this.server.cpuSeconds === null ? null : round(this.server.cpuSeconds),
      driverSeconds: round((driver.user + driver.system) / 1e6),
    };
    this.summarise();
    return r;
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/** Runs one soak; the report's `failures` is empty when the books held and nothing was lost. */
export function runSoak(options: SoakOptions): Promise<SoakReport> {
  return new Soak(options).main();
}

/** The report as the lines a person reads: timings, operations, checks, latency per call. */
export function soakSummary(r: SoakReport): string[] {
  const t = r.timings;
  const s = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
  const lines = [
    `database ${r.database}: ${r.options.users} users, ${r.options.seconds} s of operations, ${r.options.reviewers} reviewers`,
    `first start ${s(t.firstStartMs)}, set-up ${s(t.setupMs)}, operations ${s(t.soakMs)}, kill -9 ${s(t.killAtMs)} into them (down ${s(t.downtimeMs)}, restart ${s(t.restartMs)}), final checks ${s(t.finalChecksMs)}, total ${s(t.totalMs)}`,
    `CPU: server processes ${r.cpu.serverSeconds ?? '?'} s, the process driving the users ${r.cpu.driverSeconds} s (PostgreSQL not counted)`,
    '',
    'operation     sent      ok  throttled  unresolved  refused (business codes)',
  ];
  for (const kind of OP_KINDS) {
    const o = r.operations[kind];
    const refused = Object.entries(o.refused)
      .sort((a, b) => b[1] - a[1])
      .map(([c, n]) => `${c} ${n}`)
      .join(', ');
    lines.push(
      `${kind.padEnd(11)} ${String(o.sent).padStart(6)}  ${String(o.ok).padStart(6)}  ${String(o.throttled).padStart(9)}  ${String(o.unresolved).padStart(10)}  ${refused}`,
    );
  }
  lines.push(
    '',
    `ledger invariant: ${r.checks.ledgerRuns} runs (${r.checks.ledgerRunsWhileDown} while the server was down), ${r.checks.ledgerViolations.length} violations`,
    `statement = balance: ${r.checks.statementChecks} checks (${r.checks.statementBusy} skipped: balances moving), ${r.checks.statementMismatches.length} mismatches; final check of ${r.checks.finalUsersChecked} users`,
    `kill: ${r.kill.acknowledgedBeforeKill} operations acknowledged before it, ${r.kill.replayed} replayed after the restart, ${r.kill.replayMismatches.length} answered differently; ${r.kill.inFlightAtKill} in flight at the kill, ${r.kill.inFlightAnsweredAfterRestart} answered after the restart`,
    `lost ${r.lost.length}, duplicated ${r.duplicates.length}, wrong final state ${r.wrongFinalState.length}; server errors ${r.errors.serverErrorCount}, unanswered within 20 s while up ${r.errors.unansweredCount}, error log lines ${r.errors.serverLogErrors.length}`,
    '',
    `${'call'.padEnd(28)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
    ...r.latency.map(
      (l) =>
        `${l.call.padEnd(28)} ${String(l.count).padStart(7)} ${String(l.p50Ms).padStart(8)} ${String(l.p99Ms).padStart(8)} ${String(l.maxMs).padStart(8)}`,
    ),
  );
  return lines;
}
