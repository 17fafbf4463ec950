import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Daily check-ins (docs/api.md §16.6, §3.7): one row per user and calendar day in `funds.timezone`.
 * The primary key (user_id, day) is what makes "once a day" hold under concurrent calls: the
 * insert is `on conflict do nothing`, and only the call that inserted the row succeeds.
 */
export const checkins = pgTable(
  'checkins',
  {
    userId: text('user_id').notNull(),
    /** the local date `YYYY-MM-DD` in `funds.timezone` at the moment of the check-in */
    day: text('day').notNull(),
    /** the timezone the day was read in (config may change later; the day stays as it was) */
    timezone: text('timezone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'checkins_pk', columns: [t.userId, t.day] }),
    check('checkins_day_format', sql`${t.day} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);
