/**
 * Texts an operator writes in the back office in more than one language (docs/decisions.md, "A
 * newcomer's first hour"): the English text is the record's own field and is required; the other
 * four languages are an optional map beside it. A reader gets their language, else English.
 */
import { z } from 'zod';
import type { Language } from './enums.js';

/** The languages a text can be translated into; English is the text itself. */
export const translationLanguages = ['de', 'zh', 'esp', 'kor'] as const satisfies readonly Language[];
export type TranslationLanguage = (typeof translationLanguages)[number];
export type Translations<T> = Partial<Record<TranslationLanguage, T>>;

/** A map of translations of `item` by language; an unknown language key is refused (`unknown_key`). */
export function translationsOf<T extends z.ZodType>(item: T) {
  return z.strictObject({
    de: item.optional(),
    zh: item.optional(),
    esp: item.optional(),
    kor: item.optional(),
  });
}

/** A product's name in the four other languages (its `name` is the English one). */
export const productNames = translationsOf(z.string().trim().min(1, 'required').max(100, 'too_long'));
export type ProductNames = z.infer<typeof productNames>;

/** The text in `lang` when there is one, else the English `base`; answers the language served too. */
export function pickTranslation<T>(
  base: T,
  translations: Translations<T> | null | undefined,
  lang: Language,
): { value: T; lang: Language } {
  if (lang === 'en') return { value: base, lang: 'en' };
  const found = translations?.[lang];
  return found === undefined ? { value: base, lang: 'en' } : { value: found, lang };
}
