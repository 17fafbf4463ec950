/**
 * What the command-line tools (admin-cli, platform/migrate-cli, seed-cli) share: the
 * server's configuration and database, and one way to report failure.
 */
import path from 'node:path';
import { loadConfig, type AppConfig } from '../platform/config.js';
import { openDatabase, type Database } from '../platform/db.js';

/**
 * The configuration the server would read. `npm run … -w @brokerage/server` runs in apps/server,
 * so a relative DATA_DIR (default ./data) is taken from where npm was started (INIT_CWD), as
 * `npm start` from the root takes it: both then open the same embedded database.
 */
export function cliConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return loadConfig({ ...env, DATA_DIR: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data') });
}

/** Opens (and so migrates, as the server does on start) the configured database. */
export function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
}

/** Where the database is, for the first line a tool prints. */
export function describeDatabase(config: AppConfig): string {
  return config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
}

/** Runs a tool's body; an error becomes a message on stderr and a non-zero exit. */
export function runCli(
  body: () => Promise<number>,
  describeError: (error: unknown) => { message: string; exitCode: number } | null = () => null,
): void {
  body().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const known = describeError(error);
      process.stderr.write(
        `${known?.message ?? (error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`,
      );
      process.exitCode = known?.exitCode ?? 1;
    },
  );
}
