/**
 * A fresh database per test file: in-memory PGlite by default, or, when DATABASE_URL is set,
 * a new database on that PostgreSQL server (dropped afterwards), both with the real migrations.
 * Under vitest the migrations ran once for the whole run (`global-setup.ts`): PGlite starts from
 * a dump of that migrated database and PostgreSQL creates the database from that template, so a
 * file pays for a copy, not for initdb and every migration. Without it (a file run some other
 * way) each database is migrated from empty.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../platform/db.js';
import { TEMPLATE_ENV } from './global-setup.js';

/** The dump named by `process.env[variable]` (written by global-setup.ts), if any. */
export function templateDump(variable: string): Blob | undefined {
  const file = process.env[variable];
  return file ? new Blob([readFileSync(file)]) : undefined;
}

export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ databaseUrl: null, dataDir: null, pgliteDump: templateDump(TEMPLATE_ENV.migrated) });
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = process.env[TEMPLATE_ENV.postgres];
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: null, poolSize: 10 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
