/**
 * Tests of one migration (`*.migration.test.ts`): a fresh PGlite database migrated up to, not
 * including, the migration `tag`, where the test writes rows as an install of that time had them,
 * then `migrateRest` applies the rest so the test can check what became of them.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../platform/db.js';
import { TEMPLATE_ENV } from './global-setup.js';
import { templateDump } from './test-db.js';

export interface MigrationScratch {
  db: PgliteDatabase;
  /** applies every migration from `tag` on */
  migrateRest: () => Promise<void>;
  close: () => Promise<void>;
}

/** A copy of the migrations folder whose journal stops before `tag`; throws if `tag` is not a later migration. */
function folderBefore(scratch: string, tag: string): string {
  const folder = path.join(scratch, 'drizzle');
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 1) throw new Error(`no migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

export async function migratedBefore(tag: string): Promise<MigrationScratch> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'migration-'));
  // an initialised, empty database: a copy of the one global-setup.ts made, when there is one
  const initialised = templateDump(TEMPLATE_ENV.initialised);
  const client = new PGlite(initialised ? { loadDataDir: initialised } : undefined);
  const close = async () => {
    await client.close();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folderBefore(scratch, tag) });
    return { db, migrateRest: () => migrate(db, { migrationsFolder: migrationsFolder() }), close };
  } catch (error) {
    await close();
    throw error;
  }
}
