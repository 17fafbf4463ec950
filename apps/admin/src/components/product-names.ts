/**
 * A product's name in the four other languages, as the back office forms edit it (docs/decisions.md,
 * "A newcomer's first hour"). The product's own `name` is the English one and required; a language
 * left empty is not sent, and users of that language see the English name.
 */
import { translationLanguages, type ProductNames, type TranslationLanguage } from '@brokerage/contract';

export const languageLabels: Record<TranslationLanguage, string> = {
  de: 'German',
  zh: 'Chinese (Traditional)',
  esp: 'Spanish',
  kor: 'Korean',
};

export type NamesValues = Record<TranslationLanguage, string>;

export function namesValuesOf(names: ProductNames | undefined): NamesValues {
  const out = {} as NamesValues;
  for (const lang of translationLanguages) out[lang] = names?.[lang] ?? '';
  return out;
}

/** The names written, trimmed, without the empty ones. */
export function namesBody(values: Partial<NamesValues> | undefined): ProductNames {
  const out: ProductNames = {};
  for (const lang of translationLanguages) {
    const name = (values?.[lang] ?? '').trim();
    if (name !== '') out[lang] = name;
  }
  return out;
}

export function sameNames(a: ProductNames, b: ProductNames): boolean {
  return translationLanguages.every((lang) => a[lang] === b[lang]);
}
