/**
 * The job runner: every background loop of the server runs here (docs/architecture.md). A module
 * declares its jobs in its ModuleSpec (`jobs`); app.ts hands them to one runner, started when the
 * app is ready and stopped (waiting for running passes, releasing the leadership) when it closes.
 *
 * - interval: each job runs every `intervalMs`; passes of one job never overlap (a pass still
 *   running when the next is due is skipped);
 * - leadership: a `leaderOnly` job runs only in the process that holds the leader lock (on
 *   PostgreSQL an advisory lock held on a connection of its own, see `advisoryLeaderLock`; on the
 *   embedded PGlite the one process leads). The job is told when its process gains or loses it;
 * - metrics: `onRun` is told how long each pass took and whether it failed;
 * - errors: a failed pass is reported to the job's `onError` and to the runner's `onError`
 *   (app.ts logs it as "<job name> failed"), and the loop goes on.
 *
 * platform/ imports no module: the runner knows nothing of what a job does.
 */
import pg from 'pg';

export interface JobSpec {
  /** named in the log: "<name> failed" */
  name: string;
  intervalMs: number;
  /** one pass; `now` is the runner's clock */
  run: (now: Date) => Promise<unknown>;
  /** only the leader process runs it (default: every process; jobs that are idempotent per row) */
  leaderOnly?: boolean;
  /** told when this process gains (true) or loses (false) the leadership (leader-only jobs) */
  onLeadership?: (leader: boolean) => void;
  /** told of every failed pass (after which the runner logs it) */
  onError?: (error: unknown) => void;
  /** told how long each pass took (ms) and whether it failed (operators' metrics) */
  onRun?: (durationMs: number, ok: boolean) => void;
}

/** Who leads among the processes sharing one database. */
export interface LeaderLock {
  /** tries to take (or confirms holding) the lock; throws when the lock's connection fails */
  acquire: () => Promise<boolean>;
  /** gives the lock up (closing its connection) */
  release: () => Promise<void>;
}

/** The one process leads (PGlite: one process owns the database). */
export const soleLeader: LeaderLock = { acquire: async () => true, release: async () => undefined };

/**
 * Leadership through `pg_try_advisory_lock(key)` held on a connection of its own; a lost connection
 * loses the lock, and the next `acquire` tries again from scratch. Without a URL (PGlite) the one
 * process leads.
 */
export function advisoryLeaderLock(databaseUrl: string | null | undefined, key: string): LeaderLock {
  if (!databaseUrl) return soleLeader;
  let client: pg.Client | null = null;
  // one connection per lock: several leader-only jobs ask at once, and two connections would each
  // try the lock, so the process would hold it on one and be refused on the other
  let connecting: Promise<pg.Client> | null = null;
  const connect = (): Promise<pg.Client> =>
    (connecting ??= (async () => {
      const fresh = new pg.Client({ connectionString: databaseUrl });
      fresh.on('error', () => {
        if (client === fresh) client = null;
      });
      try {
        await fresh.connect();
        client = fresh;
        return fresh;
      } finally {
        connecting = null;
      }
    })());
  return {
    acquire: async () => {
      const held = client ?? (await connect());
      const res = await held.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [key]);
      return res.rows[0]?.locked === true;
    },
    release: async () => {
      const held = client;
      client = null;
      if (held) await held.end().catch(() => undefined);
    },
  };
}

export interface JobRunnerOptions {
  /** the leader lock of leader-only jobs; the one process leads by default */
  lock?: LeaderLock;
  /** the runner's clock (the app's `Clock.now`) */
  now?: () => Date;
  /** every failed pass or leadership check (app.ts logs it) */
  onError?: (job: string, error: unknown) => void;
}

interface Loop {
  spec: JobSpec;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  leading: boolean;
}

export class JobRunner {
  private readonly loops: Loop[] = [];
  private readonly lock: LeaderLock;
  private readonly now: () => Date;
  private started = false;
  private stopped = false;
  private leader = false;

  constructor(private readonly options: JobRunnerOptions = {}) {
    this.lock = options.lock ?? soleLeader;
    this.now = options.now ?? (() => new Date());
  }

  /** Adds a job; started with the others (or at once when the runner already runs). */
  add(spec: JobSpec): void {
    const loop: Loop = { spec, timer: null, running: null, leading: false };
    this.loops.push(loop);
    if (this.started && !this.stopped) this.schedule(loop);
  }

  get jobs(): readonly string[] {
    return this.loops.map((loop) => loop.spec.name);
  }

  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const loop of this.loops) this.schedule(loop);
  }

  /** True while this process holds the leader lock (as of the last check of a leader-only job). */
  isLeader(): boolean {
    return this.leader;
  }

  /** Stops every loop, waits for the passes still running and releases the leadership. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const loop of this.loops) if (loop.timer) clearInterval(loop.timer);
    await Promise.all(this.loops.map((loop) => loop.running));
    await this.lock.release();
    this.leader = false;
    for (const loop of this.loops) loop.leading = false;
  }

  /** One pass of a job now (unless one is running); resolves when it is done. Tests drive it. */
  async runOnce(name: string): Promise<void> {
    const loop = this.loops.find((l) => l.spec.name === name);
    if (!loop) throw new Error(`no job ${name}`);
    this.pass(loop);
    await loop.running;
  }

  private schedule(loop: Loop): void {
    loop.timer = setInterval(() => this.pass(loop), loop.spec.intervalMs);
    loop.timer.unref();
  }

  private setLeading(loop: Loop, leader: boolean): void {
    if (loop.leading === leader) return;
    loop.leading = leader;
    loop.spec.onLeadership?.(leader);
  }

  private pass(loop: Loop): void {
    if (loop.running || this.stopped) return;
    const { spec } = loop;
    loop.running = (async () => {
      try {
        if (spec.leaderOnly) {
          let leader: boolean;
          try {
            leader = await this.lock.acquire();
          } catch (error) {
            // the lock's connection failed: not the leader until a later check succeeds
            this.leader = false;
            this.setLeading(loop, false);
            throw error;
          }
          this.leader = leader;
          this.setLeading(loop, leader);
          if (!leader || this.stopped) return;
        }
        const started = performance.now();
        try {
          await spec.run(this.now());
        } catch (error) {
          spec.onRun?.(performance.now() - started, false);
          spec.onError?.(error);
          throw error;
        }
        spec.onRun?.(performance.now() - started, true);
      } catch (error) {
        this.options.onError?.(spec.name, error);
      } finally {
        loop.running = null;
      }
    })();
  }
}
