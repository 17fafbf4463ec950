/**
 * Migration 0019 (the verified name is `real_name` inside, `realname` on the wire): every stored name
 * is kept under the new column, and a new user's `kyc_status` has no default left (it comes from the
 * contract's `kycTransitions`), while the stored statuses stay as they were.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { migratedBefore } from '../../test/migration.js';

const MIGRATION = '0020_user_real_name';

describe(`migration ${MIGRATION}`, () => {
  it('keeps every verified name under real_name and every status, and drops the status default', async () => {
    const { db, migrateRest, close } = await migratedBefore(MIGRATION);
    try {
      await db.execute(sql`insert into users
        (id, phone, password_hash, invite_code, kyc_status, realname, credit_score, loan_quota, agreement_version)
        values
        ('u_ana', '5215500000001', 'h', 'ANA1', 'verified', 'Ana López', 60, '10000', '2026-11'),
        ('u_new', '5215500000002', 'h', 'NEW1', 'none', '', 60, '10000', '2026-11'),
        ('u_wait', '5215500000003', 'h', 'WAIT1', 'pending', '', 60, '10000', '2026-11')`);
      await migrateRest();
      const rows = rowsOf<{ id: string; kyc_status: string; real_name: string }>(
        await db.execute(sql`select id, kyc_status, real_name from users order by id`),
      );
      expect(rows).toEqual([
        { id: 'u_ana', kyc_status: 'verified', real_name: 'Ana López' },
        { id: 'u_new', kyc_status: 'none', real_name: '' },
        { id: 'u_wait', kyc_status: 'pending', real_name: '' },
      ]);
      const columns = rowsOf<{ column_name: string; column_default: string | null }>(
        await db.execute(sql`select column_name, column_default from information_schema.columns
          where table_name = 'users' and column_name in ('realname', 'real_name', 'kyc_status') order by column_name`),
      );
      expect(columns).toEqual([
        { column_name: 'kyc_status', column_default: null },
        { column_name: 'real_name', column_default: "''::text" },
      ]);
      // a row without a status is refused: only the registration's initial state writes one
      await expect(
        db.execute(sql`insert into users (id, phone, password_hash, invite_code, credit_score, loan_quota, agreement_version)
          values ('u_x', '5215500000004', 'h', 'X1', 60, '0', '2026-11')`),
      ).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
