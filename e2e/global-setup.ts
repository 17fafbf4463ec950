/**
 * Starts the built server (apps/server/dist/main.js) on a fresh embedded database in a
 * temporary folder, with a known admin password, and stops it after the journeys.
 * `startServer` is also used by journeys that need a server of their own.
 *
 * Migrating and seeding an empty database is most of a start (110 s against 16 s on a loaded
 * 2-core machine), so the set-up does it once: a first server fills a template folder and stops
 * cleanly, and every server after it starts on a copy of that folder (its migrations and seeds
 * find nothing to do). A journey that brings its own `DATA_DIR` starts from empty as before.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

export const E2E_ADMIN_PASSWORD = 'E2e-admin-pass-2026';
export const E2E_INVITE = 'DEMO2026';

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

export interface E2eServer {
  baseUrl: string;
  /** the server's embedded database and files */
  dataDir: string;
  stop: () => Promise<void>;
  /** stops it and waits for it to exit, leaving its folder (the template) */
  stopKeepingData: () => Promise<void>;
}

/**
 * Starts one built server on a fresh embedded database in a temporary folder; `env` adds to the
 * defaults (the trading journey starts its own with `TEST_CLOCK_CONTROL=1`, so moving its clock
 * touches no other journey).
 */
export async function startServer(env: Record<string, string> = {}): Promise<E2eServer> {
  return start(env, templateDir());
}

/** The migrated and seeded folder the set-up made (none outside a test file, or before it is made). */
function templateDir(): string | undefined {
  try {
    return inject('serverTemplate') || undefined;
  } catch {
    return undefined; // not in a test file: the set-up itself
  }
}

async function start(env: Record<string, string>, template: string | undefined): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-e2e-'));
  if (template && env.DATA_DIR === undefined) cpSync(template, dataDir, { recursive: true });
  const root = path.resolve(new URL('.', import.meta.url).pathname, '..');
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
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
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000; // generous: a loaded CI machine starts slowly
  for (;;) {
    try {
      const r = await fetch(`${baseUrl}/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      // the server closes its database on SIGTERM; give it 10 s, then stop waiting
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      rmSync(dataDir, { recursive: true, force: true });
    },
    stopKeepingData: async () => {
      child.kill('SIGTERM');
      const closed = await Promise.race([
        exited.then(() => true),
        new Promise((r) => setTimeout(() => r(false), 60_000)),
      ]);
      if (!closed) throw new Error(`the server did not exit within 60 s of SIGTERM:\n${output}`);
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // the template: one server migrates and seeds, then closes its database cleanly
  const first = await start({}, undefined);
  await first.stopKeepingData();
  const template = first.dataDir;
  const server = await start({}, template);
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverTemplate', template);
  return async () => {
    await server.stop();
    rmSync(template, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverTemplate: string;
  }
}
