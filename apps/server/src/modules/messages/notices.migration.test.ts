/**
 * Migration 0009 (messages as codes): a message stored as an English title and content before
 * it becomes `message.legacy` with those texts as plain-text params; notices keep their HTML.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, rowsOf } from '../../platform/db.js';

const MIGRATION = '0009_message_codes';
const scratch = mkdtempSync(path.join(tmpdir(), 'notices-migration-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The migrations folder as it was before `MIGRATION`. */
function folderBefore(): string {
  const folder = path.join(scratch, 'drizzle');
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe(`migration ${MIGRATION}`, () => {
  it('turns an English message into message.legacy with its texts as params and leaves notices alone', async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: folderBefore() });
      const reason = '<a href="https://evil.example" style="position:fixed;inset:0">x</a>';
      await db.execute(sql`insert into notices (id, kind, user_id, title, content, created_at) values
        ('nt_old', 'message', 'u_1', 'Withdrawal rejected', ${reason}, now()),
        ('nt_all', 'notice', null, 'Holiday hours', '<p>Closed</p>', now())`);
      await migrate(db, { migrationsFolder: migrationsFolder() });
      const rows = rowsOf<{
        id: string;
        title: string | null;
        content: string | null;
        code: string | null;
        params: unknown;
      }>(await db.execute(sql`select id, title, content, code, params from notices order by id`));
      expect(rows).toEqual([
        { id: 'nt_all', title: 'Holiday hours', content: '<p>Closed</p>', code: null, params: null },
        {
          id: 'nt_old',
          title: null,
          content: null,
          code: 'message.legacy',
          params: { title: 'Withdrawal rejected', content: reason },
        },
      ]);
    } finally {
      await client.close();
    }
  });
});
