/**
 * News (docs/api.md §6.2–§6.3) and its back-office management (our addition, docs/decisions.md):
 * drafts are invisible to users until published; content is sanitised on every write. An item is
 * written in English (its columns) and, optionally, in each other language (`translations`): a
 * reader gets the item in the `lang` they ask for, or in English when it has no version in it.
 */
import {
  pickTranslation,
  translationLanguages,
  type AdminNewsItem,
  type Language,
  type NewsDetail,
  type NewsItem,
  type NewsTranslation,
  type NewsTranslations,
} from '@brokerage/contract';
import type { Clock } from '../../platform/clock.js';
import type { Db, Tx } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { sanitiseHtml } from '../common/index.js';
import type { MarketFeed } from './feed.js';
import * as repo from './news.repository.js';

type NewsRow = repo.NewsRow;

/** The item's texts in `lang`, or in English when it has no version in that language. */
function textsIn(r: NewsRow, lang: Language): NewsTranslation & { lang: Language } {
  const { value, lang: served } = pickTranslation<NewsTranslation>(
    { title: r.title, summary: r.summary, content: r.content },
    r.translations,
    lang,
  );
  return { ...value, lang: served };
}

function toItem(r: NewsRow, lang: Language): NewsItem {
  const texts = textsIn(r, lang);
  return {
    id: r.id,
    category: r.category as NewsItem['category'],
    title: texts.title,
    summary: texts.summary,
    coverUrl: r.coverUrl,
    source: r.source,
    publishedAt: (r.publishedAt ?? r.createdAt).toISOString(),
    lang: texts.lang,
  };
}

function toAdminItem(r: NewsRow): AdminNewsItem {
  return {
    ...toItem(r, 'en'),
    content: r.content,
    translations: r.translations,
    instrumentIds: r.instrumentIds,
    published: r.published,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function newsList(
  db: Db,
  body: { category: NewsItem['category']; page: number; size: number; lang?: Language },
) {
  const { rows, total } = await repo.newsPage(
    db,
    { category: body.category, publishedOnly: true },
    body.page,
    body.size,
  );
  return { list: rows.map((r) => toItem(r, body.lang ?? 'en')), total, page: body.page, size: body.size };
}

export async function newsDetail(db: Db, id: string, lang: Language = 'en'): Promise<NewsDetail> {
  const row = await repo.findPublishedNews(db, id);
  if (!row) throw new DomainError('record.not_found');
  return { ...toItem(row, lang), content: textsIn(row, lang).content, instrumentIds: row.instrumentIds };
}

/** Each translation's content sanitised like the English one; languages in a fixed order. */
function sanitisedTranslations(translations: NewsTranslations): NewsTranslations {
  const out: NewsTranslations = {};
  for (const lang of translationLanguages) {
    const t = translations[lang];
    if (t) out[lang] = { title: t.title, summary: t.summary, content: sanitiseHtml(t.content) };
  }
  return out;
}

/* ---- back office ---- */

export async function adminNewsList(db: Db, body: { category?: NewsItem['category']; page: number; size: number }) {
  const { rows, total } = await repo.newsPage(
    db,
    { category: body.category, publishedOnly: false },
    body.page,
    body.size,
  );
  return { list: rows.map(toAdminItem), total, page: body.page, size: body.size };
}

function checkInstruments(feed: MarketFeed, ids: string[]): void {
  const unknown = ids.filter((id) => !feed.instrument(id));
  if (unknown.length > 0) throw new DomainError('request.invalid', { fields: { instrumentIds: 'format' } });
}

export interface NewsInput {
  category: NewsItem['category'];
  title: string;
  summary: string;
  content: string;
  /** the other languages' versions (absent: none) */
  translations?: NewsTranslations;
  source: string;
  coverUrl?: string | null;
  instrumentIds: string[];
}

export async function createNews(
  db: Db,
  clock: Clock,
  feed: MarketFeed,
  input: NewsInput & { id?: string; published?: boolean; publishedAt?: Date },
): Promise<AdminNewsItem> {
  checkInstruments(feed, input.instrumentIds);
  const now = clock.now();
  const published = input.published ?? false;
  const row = await repo.insertNewsOnce(db, {
    id: input.id ?? newId('n'),
    category: input.category,
    title: input.title,
    summary: input.summary,
    content: sanitiseHtml(input.content),
    translations: sanitisedTranslations(input.translations ?? {}),
    source: input.source,
    coverUrl: input.coverUrl ?? null,
    instrumentIds: [...new Set(input.instrumentIds)],
    published,
    publishedAt: published ? (input.publishedAt ?? now) : null,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw new DomainError('record.not_found');
  return toAdminItem(row);
}

async function lockItem(tx: Tx, id: string): Promise<NewsRow> {
  const row = await repo.lockNews(tx, id);
  if (!row) throw new DomainError('record.not_found');
  return row;
}

export async function updateNews(tx: Tx, clock: Clock, feed: MarketFeed, id: string, patch: Partial<NewsInput>) {
  const before = await lockItem(tx, id);
  if (patch.instrumentIds) checkInstruments(feed, patch.instrumentIds);
  const after = await repo.updateNewsRow(tx, id, {
    ...(patch.category ? { category: patch.category } : {}),
    ...(patch.title ? { title: patch.title } : {}),
    ...(patch.summary ? { summary: patch.summary } : {}),
    ...(patch.content ? { content: sanitiseHtml(patch.content) } : {}),
    ...(patch.translations ? { translations: sanitisedTranslations(patch.translations) } : {}),
    ...(patch.source ? { source: patch.source } : {}),
    ...(patch.coverUrl !== undefined ? { coverUrl: patch.coverUrl } : {}),
    ...(patch.instrumentIds ? { instrumentIds: [...new Set(patch.instrumentIds)] } : {}),
    updatedAt: clock.now(),
  });
  if (!after) throw new DomainError('record.not_found');
  return { before: toAdminItem(before), after: toAdminItem(after) };
}

export async function setNewsPublished(tx: Tx, clock: Clock, id: string, published: boolean) {
  const before = await lockItem(tx, id);
  const now = clock.now();
  const after = await repo.updateNewsRow(tx, id, {
    published,
    publishedAt: published ? (before.publishedAt ?? now) : before.publishedAt,
    updatedAt: now,
  });
  if (!after) throw new DomainError('record.not_found');
  return { before: toAdminItem(before), after: toAdminItem(after) };
}

/**
 * Demo news (seed/seed.ts), each item published on its own date in every language; an id already
 * there is left as it is, except that a demo item seeded before translations existed (no
 * translation, the seed's English title) gets the seed's translations.
 */
export async function seedNews(
  db: Db,
  items: readonly (NewsInput & { id: string; publishedAt: string })[],
): Promise<void> {
  for (const n of items) {
    const at = new Date(n.publishedAt);
    const translations = sanitisedTranslations(n.translations ?? {});
    const existing = await repo.findNewsTexts(db, n.id);
    if (existing) {
      if (existing.title === n.title && Object.keys(existing.translations).length === 0)
        await repo.fillNewsTranslations(db, n.id, translations);
      continue;
    }
    await repo.insertNewsIfAbsent(db, {
      id: n.id,
      category: n.category,
      title: n.title,
      summary: n.summary,
      content: sanitiseHtml(n.content),
      translations,
      source: n.source,
      coverUrl: null,
      instrumentIds: n.instrumentIds,
      published: true,
      publishedAt: at,
      createdAt: at,
      updatedAt: at,
    });
  }
}
