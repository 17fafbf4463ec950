/** Queries of the versioned legal texts (docs/api.md §6.4). */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { legalDocuments } from './legal.tables.js';

export type LegalRow = typeof legalDocuments.$inferSelect;

/**
 * The newest version of a kind of text, in `lang` when that version has it, else in English.
 * An older version in `lang` never wins over a newer English one: the newest text is the one
 * in force.
 */
export async function latestLegal(db: Db, kind: string, lang: string): Promise<LegalRow | null> {
  const [row] = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.kind, kind), inArray(legalDocuments.lang, [lang, 'en'])))
    .orderBy(desc(legalDocuments.version), desc(sql`${legalDocuments.lang} = ${lang}`))
    .limit(1);
  return row ?? null;
}

/** The newest version number of a kind of text, without its content. */
export async function latestLegalVersion(db: Db, kind: string): Promise<string | null> {
  const [row] = await db
    .select({ version: legalDocuments.version })
    .from(legalDocuments)
    .where(eq(legalDocuments.kind, kind))
    .orderBy(desc(legalDocuments.version))
    .limit(1);
  return row?.version ?? null;
}

/** Stores a version in one language; one already stored (same kind, version and language) is left as it is. */
export async function insertLegal(db: Db, row: typeof legalDocuments.$inferInsert): Promise<void> {
  await db.insert(legalDocuments).values(row).onConflictDoNothing();
}
