import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Versioned legal texts, one row per language (en, de, zh, esp, kor); the newest version of
 * each kind is the current one, served in the caller's language or else in English.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    /** a language of the contract; rows stored before languages existed are English */
    lang: text('lang').notNull().default('en'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.version, t.lang] })],
);
