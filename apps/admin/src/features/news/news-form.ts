/**
 * The news form's values and the request bodies made from them (`/news/create`, `/news/update`).
 * Pure, so it is tested in node. An update sends only the fields that changed, so the audit entry's
 * before/after shows the real edit.
 */
import {
  newsCategories,
  translationLanguages,
  type AdminNewsItem,
  type AdminRequestOf,
  type NewsTranslations,
  type TranslationLanguage,
} from '@brokerage/contract';

export type NewsCategory = (typeof newsCategories)[number];

export const newsCategoryLabels: Record<NewsCategory, string> = {
  top: 'Top news',
  stock: 'Stocks',
};

export const newsCategoryColors: Record<NewsCategory, string> = {
  top: 'blue',
  stock: 'purple',
};

/** Limits of the contract (`adminNewsCreateRequest`), checked before sending. */
export const newsLimits = {
  titleMax: 200,
  summaryMax: 500,
  sourceMax: 100,
  coverUrlMax: 500,
  instrumentIdsMax: 20,
  instrumentIdMax: 64,
} as const;

const instrumentIdPattern = /^[A-Za-z0-9_-]+$/;

/** The four other languages of an article, named for operators (the article's own fields are English). */
export const translationLabels: Record<TranslationLanguage, string> = {
  de: 'German',
  zh: 'Chinese (Traditional)',
  esp: 'Spanish',
  kor: 'Korean',
};

/** One language's version in the form: all three empty means "no version, readers get English". */
export interface NewsTranslationValues {
  title: string;
  summary: string;
  content: string;
}

export interface NewsFormValues {
  category: NewsCategory;
  title: string;
  summary: string;
  translations: Record<TranslationLanguage, NewsTranslationValues>;
  source: string;
  /** Empty means no cover. */
  coverUrl: string;
  instrumentIds: string[];
  content: string;
  reason: string;
}

function translationValuesOf(translations: NewsTranslations | undefined): NewsFormValues['translations'] {
  const out = {} as NewsFormValues['translations'];
  for (const lang of translationLanguages) {
    const t = translations?.[lang];
    out[lang] = { title: t?.title ?? '', summary: t?.summary ?? '', content: t?.content ?? '' };
  }
  return out;
}

export function newsFormValuesOf(item: AdminNewsItem | null): NewsFormValues {
  if (!item) {
    return {
      category: 'top',
      title: '',
      summary: '',
      translations: translationValuesOf(undefined),
      source: '',
      coverUrl: '',
      instrumentIds: [],
      content: '',
      reason: '',
    };
  }
  return {
    category: item.category,
    title: item.title,
    summary: item.summary,
    translations: translationValuesOf(item.translations),
    source: item.source,
    coverUrl: item.coverUrl ?? '',
    instrumentIds: [...item.instrumentIds],
    content: item.content,
    reason: '',
  };
}

/** Trimmed, without blanks or repeats, in the order typed. */
export function cleanInstrumentIds(ids: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of ids) {
    const id = raw.trim();
    if (id && !out.includes(id)) out.push(id);
  }
  return out;
}

/** Why a list of instrument ids cannot be sent, or null. Whether each instrument exists is the server's call. */
export function instrumentIdsProblem(ids: readonly string[]): string | null {
  const clean = cleanInstrumentIds(ids);
  if (clean.length > newsLimits.instrumentIdsMax) return `At most ${newsLimits.instrumentIdsMax} instruments`;
  const bad = clean.find((id) => id.length > newsLimits.instrumentIdMax || !instrumentIdPattern.test(id));
  return bad === undefined ? null : `"${bad}" is not an instrument id (letters, digits, _ and - only)`;
}

/** Why one language's version cannot be sent (some of its fields empty, not all), or null. */
export function translationProblem(values: NewsTranslationValues | undefined): string | null {
  if (!values) return null;
  const filled = [values.title, values.summary, values.content].filter((v) => v.trim() !== '').length;
  return filled === 0 || filled === 3
    ? null
    : 'Write the title, the summary and the content, or leave all three empty (readers then get English)';
}

/** The versions the operator wrote, trimmed; a language left empty is not sent (readers get English). */
export function translationsBody(values: NewsFormValues['translations'] | undefined): NewsTranslations {
  const out: NewsTranslations = {};
  for (const lang of translationLanguages) {
    const t = values?.[lang];
    if (!t || (t.title.trim() === '' && t.summary.trim() === '' && t.content.trim() === '')) continue;
    out[lang] = { title: t.title.trim(), summary: t.summary.trim(), content: t.content };
  }
  return out;
}

function sameTranslations(a: NewsTranslations, b: NewsTranslations): boolean {
  return translationLanguages.every(
    (lang) =>
      a[lang]?.title === b[lang]?.title &&
      a[lang]?.summary === b[lang]?.summary &&
      a[lang]?.content === b[lang]?.content,
  );
}

export function newsCreateBody(values: NewsFormValues): AdminRequestOf<'newsCreate'> {
  const coverUrl = values.coverUrl.trim();
  return {
    category: values.category,
    title: values.title.trim(),
    summary: values.summary.trim(),
    translations: translationsBody(values.translations),
    source: values.source.trim(),
    ...(coverUrl ? { coverUrl } : {}),
    instrumentIds: cleanInstrumentIds(values.instrumentIds),
    content: values.content,
    reason: values.reason.trim(),
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** The changed fields of `item`, with its id and the reason; null when nothing changed. */
export function newsUpdateBody(item: AdminNewsItem, values: NewsFormValues): AdminRequestOf<'newsUpdate'> | null {
  const next = newsCreateBody(values);
  const body: AdminRequestOf<'newsUpdate'> = { id: item.id, reason: next.reason };
  let isChanged = false;
  if (next.category !== item.category) {
    body.category = next.category;
    isChanged = true;
  }
  for (const name of ['title', 'summary', 'source', 'content'] as const) {
    if (next[name] !== item[name]) {
      body[name] = next[name];
      isChanged = true;
    }
  }
  const coverUrl = next.coverUrl ?? null;
  if (coverUrl !== item.coverUrl) {
    // null removes the cover.
    body.coverUrl = coverUrl;
    isChanged = true;
  }
  const translations = next.translations ?? {};
  if (!sameTranslations(translations, item.translations)) {
    // the whole map: a language emptied in the form is removed
    body.translations = translations;
    isChanged = true;
  }
  const instrumentIds = next.instrumentIds ?? [];
  if (!sameList(instrumentIds, item.instrumentIds)) {
    body.instrumentIds = instrumentIds;
    isChanged = true;
  }
  return isChanged ? body : null;
}
