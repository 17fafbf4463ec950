import type { MessageCode } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Notices for everyone (`user_id` null) and personal messages (review results, stop-outs...).
 * A notice is operator-written: `title` and sanitised HTML `content`. A message is a `code` of
 * the contract's message catalogue with its `params` (plain strings), never a sentence: the
 * client translates it (docs/decisions.md, "Messages as codes").
 */
export const notices = pgTable(
  'notices',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: text('user_id'),
    /** notices only */
    title: text('title'),
    /** notices only: sanitised HTML */
    content: text('content'),
    /** messages only: a code of `messageCatalogue` */
    code: text('code').$type<MessageCode>(),
    /** messages only: the code's params, strings */
    params: jsonb('params').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** drafts written in the back office stay hidden until published */
    published: boolean('published').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('notices_user_created_idx').on(t.userId, t.createdAt),
    check(
      'notices_kind_shape',
      sql`(${t.kind} = 'notice' and ${t.title} is not null and ${t.content} is not null and ${t.code} is null and ${t.params} is null)
        or (${t.kind} = 'message' and ${t.code} is not null and ${t.params} is not null and ${t.title} is null and ${t.content} is null)`,
    ),
  ],
);
