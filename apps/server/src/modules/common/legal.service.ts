/** Legal texts (docs/api.md §6.4): versioned, stored sanitised, the newest version of each kind served. */
import { htmlAllowList, type Language, type LegalDocument, type LegalKind } from '@brokerage/contract';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { insertLegal, latestLegal, latestLegalVersion } from './legal.repository.js';

/** The HTML our texts and notices may contain (the contract's allow-list); anything else is stripped before it is stored. */
export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...htmlAllowList.tags],
    allowedAttributes: { a: [...htmlAllowList.attributes.a] },
    allowedSchemes: [...htmlAllowList.schemes],
  });
}

/** The current text of a kind in the caller's language, English when that language has none (docs/decisions.md). */
export async function currentLegal(db: Db, kind: LegalKind, lang: Language = 'en'): Promise<LegalDocument> {
  const row = await latestLegal(db, kind, lang);
  if (!row) throw new DomainError('record.not_found');
  return {
    kind,
    lang: row.lang as Language,
    title: row.title,
    version: row.version,
    content: row.content,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function currentAgreementVersion(db: Db): Promise<string> {
  return (await latestLegalVersion(db, 'agreement')) ?? '0';
}

export async function storeLegal(
  db: Db,
  doc: { kind: LegalKind; version: string; lang: Language; title: string; content: string; updatedAt: Date },
): Promise<void> {
  await insertLegal(db, { ...doc, content: sanitiseHtml(doc.content) });
}
