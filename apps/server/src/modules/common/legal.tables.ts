import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Versioned legal texts; the newest version of each kind is the current one. */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.version] })],
);
