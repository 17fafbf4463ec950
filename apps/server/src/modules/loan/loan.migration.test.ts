/**
 * Migration 0017 (loans settle through the loan table, docs/api.md §3.10): a loan stored as `approved`
 * with the flag `settled` becomes `settled` and keeps its `settled_at`; every other loan keeps its state.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { migratedBefore } from '../../test/migration.js';

const MIGRATION = '0017_loan_settled_state';

describe(`migration ${MIGRATION}`, () => {
  it('turns an approved, settled loan into the state settled with its settled_at, and leaves the others alone', async () => {
    const { db, migrateRest, close } = await migratedBefore(MIGRATION);
    try {
      const applied = '2026-03-02T15:00:00Z';
      const settledAt = '2026-03-11T12:00:00.000Z';
      await db.execute(sql`insert into loans
        (id, user_id, order_no, currency, principal, daily_rate, state, settled, principal_repaid,
         interest_accrued, interest_repaid, accrued_on, applied_at, reviewed_at, settled_at) values
        ('ln_paid', 'u_1', 'L1', 'MXN', '4000', '0.0005', 'approved', true, '4000', '17', '17', '2026-03-11',
         ${applied}, ${applied}, ${settledAt}),
        ('ln_owed', 'u_1', 'L2', 'MXN', '1000', '0.0005', 'approved', false, '0', '0', '0', '2026-03-02',
         ${applied}, ${applied}, null),
        ('ln_wait', 'u_2', 'L3', 'MXN', '500', '0.0005', 'pending', false, '0', '0', '0', null,
         ${applied}, null, null),
        ('ln_no', 'u_3', 'L4', 'MXN', '500', '0.0005', 'rejected', false, '0', '0', '0', null,
         ${applied}, ${applied}, null)`);
      await migrateRest();
      const rows = rowsOf<{ id: string; state: string; settled_at: Date | string | null }>(
        await db.execute(sql`select id, state, settled_at from loans order by id`),
      ).map((r) => ({ ...r, settled_at: r.settled_at === null ? null : new Date(r.settled_at).toISOString() }));
      expect(rows).toEqual([
        { id: 'ln_no', state: 'rejected', settled_at: null },
        { id: 'ln_owed', state: 'approved', settled_at: null },
        { id: 'ln_paid', state: 'settled', settled_at: settledAt },
        { id: 'ln_wait', state: 'pending', settled_at: null },
      ]);
      const columns = rowsOf<{ column_name: string }>(
        await db.execute(
          sql`select column_name from information_schema.columns where table_name = 'loans' and column_name = 'settled'`,
        ),
      );
      expect(columns).toEqual([]);
      // the table now refuses a settled loan without its time, and a time on a loan not settled
      await expect(db.execute(sql`update loans set settled_at = null where id = 'ln_paid'`)).rejects.toThrow();
      await expect(db.execute(sql`update loans set settled_at = now() where id = 'ln_owed'`)).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
