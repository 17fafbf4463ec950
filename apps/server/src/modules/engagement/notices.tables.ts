import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Notices for everyone (`user_id` null) and personal messages (review results, stop-outs...). */
export const notices = pgTable(
  'notices',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: text('user_id'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** drafts written in the back office stay hidden until published */
    published: boolean('published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [index('notices_user_created_idx').on(t.userId, t.createdAt)],
);
