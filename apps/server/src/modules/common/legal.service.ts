/** Legal texts (API.md §6.4): versioned, stored sanitised, the newest version of each kind served. */
import { htmlAllowList, type LegalDocument, type LegalKind } from '@brokerage/contract';
import { desc, eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { legalDocuments } from './legal.tables.js';

/** The HTML our texts and notices may contain (the contract's allow-list); anything else is stripped before it is stored. */
export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...htmlAllowList.tags],
    allowedAttributes: { a: [...htmlAllowList.attributes.a] },
    allowedSchemes: [...htmlAllowList.schemes],
  });
}

export async function currentLegal(db: Db, kind: LegalKind): Promise<LegalDocument> {
  const rows = await db.select().from(legalDocuments).where(eq(legalDocuments.kind, kind))
    .orderBy(desc(legalDocuments.version)).limit(1);
  const row = rows[0];
  if (!row) throw new DomainError('record.not_found');
  return { kind, title: row.title, version: row.version, content: row.content, updatedAt: row.updatedAt.toISOString() };
}

export async function currentAgreementVersion(db: Db): Promise<string> {
  const rows = await db.select({ version: legalDocuments.version }).from(legalDocuments)
    .where(eq(legalDocuments.kind, 'agreement')).orderBy(desc(legalDocuments.version)).limit(1);
  return rows[0]?.version ?? '0';
}

export async function storeLegal(
  db: Db, doc: { kind: LegalKind; version: string; title: string; content: string; updatedAt: Date },
): Promise<void> {
  await db.insert(legalDocuments).values({ ...doc, content: sanitiseHtml(doc.content) }).onConflictDoNothing();
}
