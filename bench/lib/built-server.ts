/**
 * The built server (apps/server/dist/main.js) as its own process, the way an operator runs it:
 * started, killed with SIGKILL (no shutdown hook runs, connections are cut mid-request) and
 * started again on the same port and database. The soak test drives it over real HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv } from '../../scripts/server-env.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BUILT_SERVER = path.join(ROOT, 'apps', 'server', 'dist', 'main.js');

/** A free TCP port on 127.0.0.1 (closed again before it is answered, so the server can take it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export class BuiltServer {
  private child: ChildProcess | null = null;
  /** The last lines the server printed (both streams), for a failure message. */
  private readonly tail: string[] = [];
  /** Lines the server logged at level error (50) or fatal (60), over every run. */
  readonly errorLines: string[] = [];
  private partial = '';

  /** `script`: another build's server (a checkout of another commit, built), for comparisons. */
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly script: string = BUILT_SERVER,
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  private keep(chunk: Buffer): void {
    const text = this.partial + chunk.toString();
    const lines = text.split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      this.tail.push(line);
      if (this.tail.length > 80) this.tail.shift();
      if (/"level":(50|60)\b/.test(line) || /^Failed to start/.test(line)) this.errorLines.push(line.slice(0, 2000));
    }
  }

  /** The last lines the server printed. */
  output(): string {
    return [...this.tail, this.partial].join('\n');
  }

  /** Starts the process and waits until `/health` answers 200; resolves with the milliseconds that took. */
  async start(timeoutMs = 180_000): Promise<number> {
    if (!existsSync(this.script)) throw new Error(`${this.script} is missing: run \`npm run build\` first`);
    if (this.running) throw new Error('the server is already running');
    const started = Date.now();
    const child = spawn(process.execPath, [this.script], {
      env: serverEnv({ ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (d: Buffer) => this.keep(d));
    child.stderr?.on('data', (d: Buffer) => this.keep(d));
    for (;;) {
      try {
        const r = await fetch(`${this.baseUrl}/health`, { signal: AbortSignal.timeout(2_000) });
        if (r.ok) return Date.now() - started;
      } catch {
        // not listening yet
      }
      if (!this.running) throw new Error(`the server exited while starting:\n${this.output()}`);
      if (Date.now() - started > timeoutMs)
        throw new Error(`the server did not answer /health within ${timeoutMs} ms:\n${this.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  private exited(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** CPU seconds (user + system) of the processes that have run so far, from /proc (Linux); null elsewhere. */
  cpuSeconds: number | null = 0;

  private addCpu(): void {
    const pid = this.child?.pid;
    if (pid === undefined || this.cpuSeconds === null || !this.running) return;
    try {
      // fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): utime, stime in ticks of 1/100 s
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /s, '')
        .split(' ');
      this.cpuSeconds += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      this.cpuSeconds = null;
    }
  }

  /** `kill -9`: no shutdown hook, no flush; resolves once the process is gone. */
  async kill9(): Promise<void> {
    this.addCpu();
    const gone = this.exited();
    this.child?.kill('SIGKILL');
    await gone;
  }

  /** A graceful stop (SIGTERM), SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.running) return;
    this.addCpu();
    const gone = this.exited();
    this.child?.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(timer);
  }
}
