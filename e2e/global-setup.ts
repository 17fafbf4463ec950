/**
 * Starts the built server (apps/server/dist/main.js) on a fresh embedded database in a
 * temporary folder, with a known admin password, and stops it after the journeys.
 * `startServer` is also used by journeys that need a server of their own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  stop: () => Promise<void>;
}

/**
 * Starts one built server on a fresh embedded database in a temporary folder; `env` adds to the
 * defaults (the trading journey starts its own with `TEST_CLOCK_CONTROL=1`, so moving its clock
 * touches no other journey).
 */
export async function startServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-e2e-'));
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
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return server.stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
