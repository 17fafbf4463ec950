/**
 * Migration 0009 (messages as codes): a message stored as an English title and content before
 * it becomes `message.legacy` with those texts as plain-text params; notices keep their HTML.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { migratedBefore } from '../../test/migration.js';

const MIGRATION = '0009_message_codes';

describe(`migration ${MIGRATION}`, () => {
  it('turns an English message into message.legacy with its texts as params and leaves notices alone', async () => {
    const { db, migrateRest, close } = await migratedBefore(MIGRATION);
    try {
      const reason = '<a href="https://evil.example" style="position:fixed;inset:0">x</a>';
      await db.execute(sql`insert into notices (id, kind, user_id, title, content, created_at) values
        ('nt_old', 'message', 'u_1', 'Withdrawal rejected', ${reason}, now()),
        ('nt_all', 'notice', null, 'Holiday hours', '<p>Closed</p>', now())`);
      await migrateRest();
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
      await close();
    }
  });
});
