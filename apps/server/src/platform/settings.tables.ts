import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator-set values of the config keys of docs/api.md §19.7; a key without a row has its default. */
export const configEntries = pgTable('config_entries', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: text('updated_by'),
});
