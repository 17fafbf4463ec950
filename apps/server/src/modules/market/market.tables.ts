import { sql } from 'drizzle-orm';
import type { NewsTranslations } from '@brokerage/contract';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A user's watchlist (docs/api.md §8.6); instruments are the feed's ids, not rows here. */
export const watchlist = pgTable(
  'watchlist',
  {
    userId: text('user_id').notNull(),
    instrumentId: text('instrument_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.instrumentId] }),
    index('watchlist_user_added_idx').on(t.userId, t.addedAt),
  ],
);

/** Search keywords per user, most recent first, duplicates moved to the top (§8.4–§8.5). */
export const searchHistory = pgTable(
  'search_history',
  {
    userId: text('user_id').notNull(),
    keyword: text('keyword').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.keyword] }), index('search_history_user_at_idx').on(t.userId, t.at)],
);

/** News of §6.2–§6.3, written in the back office (drafts until published). */
export const news = pgTable(
  'news',
  {
    id: text('id').primaryKey(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** sanitised HTML */
    content: text('content').notNull(),
    /** the item in the other languages (title, summary, sanitised content each); the columns above are English */
    translations: jsonb('translations').$type<NewsTranslations>().notNull().default({}),
    source: text('source').notNull(),
    coverUrl: text('cover_url'),
    instrumentIds: text('instrument_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('news_category_published_idx').on(t.category, t.published, t.publishedAt)],
);
