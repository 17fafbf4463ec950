/** Queries of the versioned legal texts (API.md §6.4). */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { legalDocuments } from './legal.tables.js';

export type LegalRow = typeof legalDocuments.$inferSelect;

/** The newest version of a kind of text. */
export async function latestLegal(db: Db, kind: string): Promise<LegalRow | null> {
  const [row] = await db.select().from(legalDocuments).where(eq(legalDocuments.kind, kind))
    .orderBy(desc(legalDocuments.version)).limit(1);
  return row ?? null;
}

/** The newest version number of a kind of text, without its content. */
export async function latestLegalVersion(db: Db, kind: string): Promise<string | null> {
  const [row] = await db.select({ version: legalDocuments.version }).from(legalDocuments)
    .where(eq(legalDocuments.kind, kind)).orderBy(desc(legalDocuments.version)).limit(1);
  return row?.version ?? null;
}

/** Stores a version; one already stored (same kind and version) is left as it is. */
export async function insertLegal(db: Db, row: typeof legalDocuments.$inferInsert): Promise<void> {
  await db.insert(legalDocuments).values(row).onConflictDoNothing();
}
