/**
 * Once per test run (vitest `globalSetup`), so that no test file pays for it again:
 * - embedded PGlite: a database initialised (initdb) and one migrated with the real migrations,
 *   each dumped to a file; every test file's database starts from a copy (`test-db.ts`,
 *   `migration.ts`) instead of running initdb and the migrations itself;
 * - PostgreSQL (DATABASE_URL): one database migrated with the real migrations, the template
 *   each test file's database is created from.
 * The migrations run on every run, once per database kind; each file's open still runs them
 * (nothing left to apply, so it checks the journal).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, migrationsFolder } from '../platform/db.js';

/** Where the dumps are, for the test files (forked from this process, so they inherit it). */
export const TEMPLATE_ENV = {
  initialised: 'TEST_PGLITE_INITIALISED',
  migrated: 'TEST_PGLITE_MIGRATED',
  postgres: 'TEST_PG_TEMPLATE',
} as const;

async function dump(client: PGlite, file: string): Promise<void> {
  const blob = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
}

export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `t_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString(), dataDir: null, poolSize: 2 });
    await database.close();
    process.env[TEMPLATE_ENV.postgres] = name;
    return async () => {
      delete process.env[TEMPLATE_ENV.postgres];
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'brokerage-test-pglite-'));
  const client = new PGlite();
  try {
    await client.waitReady;
    const initialised = path.join(folder, 'initialised.tar');
    const migrated = path.join(folder, 'migrated.tar');
    await dump(client, initialised);
    await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    await dump(client, migrated);
    process.env[TEMPLATE_ENV.initialised] = initialised;
    process.env[TEMPLATE_ENV.migrated] = migrated;
  } finally {
    await client.close();
  }
  return () => {
    delete process.env[TEMPLATE_ENV.initialised];
    delete process.env[TEMPLATE_ENV.migrated];
    rmSync(folder, { recursive: true, force: true });
    return Promise.resolve();
  };
}
