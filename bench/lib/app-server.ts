/**
 * The servers under test, as the server children build them. The app's modules are imported when
 * a function runs, so the coordinator, which imports this file too, never loads the app.
 */
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../../apps/server/src/app.js';
import type { Clock } from '../../apps/server/src/platform/clock.js';
import type { Database } from '../../apps/server/src/platform/db.js';
import { portOf } from './child-server.js';

/** The invite code of the demo organisation: bench users register with it. */
export const INVITE_CODE = 'BENCH01';

/** Listens on a free port of 127.0.0.1 and gives the port. */
export async function listenOnLoopback(app: Pick<FastifyInstance, 'listen' | 'server'>): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return portOf(app.server.address());
}

/** A bare Fastify answering `POST /hello` with `{"status":1}`: the yardstick the app's routes are measured against. */
export async function listenHello(): Promise<{ port: number; close: () => Promise<void> }> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.post('/hello', async () => ({ status: 1 }));
  return { port: await listenOnLoopback(app), close: () => app.close() };
}

/** The database (PGlite in memory without a URL), migrated and seeded with the essentials; `buildBenchApp` adds the demo catalogue (the organisation of INVITE_CODE). */
export async function openSeededDatabase(options: {
  databaseUrl: string | null;
  clock: Clock;
  poolSize?: number;
}): Promise<Database> {
  const { openDatabase } = await import('../../apps/server/src/platform/db.js');
  const { seedEssentials } = await import('../../apps/server/src/seed/seed.js');
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: null, poolSize: options.poolSize });
  await seedEssentials(database.db, options.clock);
  return database;
}

/** `buildApp` without logging or the static front ends, which no benchmark asks for, with the demo catalogue. */
export async function buildBenchApp(
  options: AppOptions,
): ReturnType<typeof import('../../apps/server/src/app.js').buildApp> {
  const { buildApp } = await import('../../apps/server/src/app.js');
  return buildApp({
    logger: false,
    webDist: null,
    adminDist: null,
    seed: { inviteCode: INVITE_CODE, extent: 'catalogue' },
    ...options,
  });
}
