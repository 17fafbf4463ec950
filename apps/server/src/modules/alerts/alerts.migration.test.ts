/**
 * Migration 0022 (docs/api.md §22.1: a duplicate is the same instrument, kind and value, whatever the
 * repeat): active twins that differ only in repeat keep the oldest, the others end cancelled with their
 * history row, and the narrower unique index then refuses a new twin.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { migratedBefore } from '../../test/migration.js';

const MIGRATION = '0022_alert_duplicate_any_repeat';

describe(`migration ${MIGRATION}`, () => {
  it('keeps the oldest of twins that differ only in repeat, cancels the others with a history row', async () => {
    const { db, migrateRest, close } = await migratedBefore(MIGRATION);
    try {
      const insert = (id: string, repeat: string, value: string, created: string, state = 'active') =>
        db.execute(sql`insert into alerts (id, user_id, instrument_id, kind, value, repeat, note, state, created_at, expires_at)
          values (${id}, 'u_1', 'i_usd_AAPL', 'price_above', ${value}, ${repeat}, '', ${state}, ${created}, '2031-01-01T00:00:00Z')`);
      await insert('al_once', 'once', '200', '2026-03-01T10:00:00Z');
      await insert('al_daily', 'daily', '200.00', '2026-03-01T11:00:00Z');
      await insert('al_other', 'daily', '210', '2026-03-01T12:00:00Z');
      await insert('al_old', 'daily', '200', '2026-02-01T10:00:00Z', 'triggered');
      await migrateRest();
      const rows = rowsOf<{ id: string; state: string }>(
        await db.execute(sql`select id, state from alerts order by id`),
      );
      expect(rows).toEqual([
        { id: 'al_daily', state: 'cancelled' },
        { id: 'al_old', state: 'triggered' },
        { id: 'al_once', state: 'active' },
        { id: 'al_other', state: 'active' },
      ]);
      const events = rowsOf<{ alert_id: string; state: string }>(
        await db.execute(sql`select alert_id, state from alert_events order by alert_id`),
      );
      expect(events).toEqual([{ alert_id: 'al_daily', state: 'cancelled' }]);
      // a daily twin of an active once alert is now refused by the index too
      await expect(insert('al_twin', 'daily', '200', '2026-03-02T10:00:00Z')).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
