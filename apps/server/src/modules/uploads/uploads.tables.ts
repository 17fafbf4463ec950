import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Uploaded images (docs/api.md §17). A row is created by `POST /upload/image` and is "unused" until a
 * business record (a real-name submission, a deposit, a wallet) claims it; `used_by` then names
 * that record (`kyc:<id>`). Unused rows older than 24 h are marked deleted and their file removed.
 * `storage_key` is a random name chosen by the server, never derived from the client's file name.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    purpose: text('purpose').notNull(),
    /** The stored format after re-encoding (§1.11), not what the client declared. */
    contentType: text('content_type').notNull(),
    /** Stored bytes. */
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: text('used_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_user_created_idx').on(t.userId, t.createdAt),
    // The cleanup scan: only rows that are still unused and not yet deleted.
    index('uploads_unused_created_idx')
      .on(t.createdAt)
      .where(sql`${t.usedAt} is null and ${t.deletedAt} is null`),
    check('uploads_purpose_enum', sql`${t.purpose} in ('kyc_front','kyc_back','deposit_proof','wallet_qr')`),
    check('uploads_content_type_enum', sql`${t.contentType} in ('image/jpeg','image/png','image/webp')`),
    check('uploads_used_pair', sql`(${t.usedAt} is null) = (${t.usedBy} is null)`),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
