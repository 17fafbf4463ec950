/**
 * Message catalogues in the five languages (spec §8, docs/api.md §1.3 and §4).
 *
 * Each language is one flat dictionary: server codes as `code.<code>`, validation reasons as
 * `field.<reason>`, field labels as `field.name.<field>`, the fallback word `error.word`, the
 * personal messages as `message.<...>.title` and `.body`, and the web app's own strings as `ui.*`. Placeholders are single-brace `{name}`; the web app
 * configures i18next with `interpolation: { prefix: '{', suffix: '}' }`, `keySeparator: false`
 * and `nsSeparator: false`, so the dots in keys are not paths.
 */
import { languages, type Language } from '@brokerage/contract';
import { de } from './codes/de.js';
import { en } from './codes/en.js';
import { esp } from './codes/esp.js';
import { kor } from './codes/kor.js';
import { zh } from './codes/zh.js';
import { messageTexts } from './codes/messages.js';
import { uiMessages } from './ui/index.js';

export { languages };
export type { Language };
export { fieldNames, type FieldName } from './codes/keys.js';
export { messageTexts, untranslatedMessageKeys } from './codes/messages.js';

export type Messages = Record<Language, Record<string, string>>;
export { defaultUpColour, languageNames, type UpColour } from './meta.js';

/** Server codes, personal messages, field reasons, field names and the error word, without the UI strings. */
export const codeMessages: Messages = {
  en: { ...en, ...messageTexts.en },
  de: { ...de, ...messageTexts.de },
  zh: { ...zh, ...messageTexts.zh },
  esp: { ...esp, ...messageTexts.esp },
  kor: { ...kor, ...messageTexts.kor },
};

/**
 * What the web app loads. Code keys are spread last so the contract's texts win over a UI
 * key of the same name; the tests make sure no such clash exists.
 */
export const messages = Object.fromEntries(
  languages.map((language) => [language, { ...uiMessages[language], ...codeMessages[language] }]),
) as Messages;

const placeholderPattern = /\{(\w+)\}/g;

/** The distinct `{name}` placeholders of a text, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(placeholderPattern), (match) => match[1] ?? ''))].sort();
}

function isBlank(text: string | undefined): boolean {
  return text === undefined || text.trim() === '';
}

/** Every key that some language has (non-empty) but another lacks or leaves empty. */
export function missingKeys(dictionaries: Messages = messages): { language: Language; key: string }[] {
  const allKeys = new Set<string>();
  for (const language of languages) {
    for (const [key, text] of Object.entries(dictionaries[language])) {
      if (!isBlank(text)) allKeys.add(key);
    }
  }
  const missing: { language: Language; key: string }[] = [];
  for (const language of languages) {
    for (const key of allKeys) {
      if (isBlank(dictionaries[language][key])) missing.push({ language, key });
    }
  }
  return missing;
}

export interface PlaceholderMismatch {
  language: Language;
  key: string;
  /** The placeholders of the English text. */
  expected: string[];
  actual: string[];
}

/**
 * Keys whose placeholder set in some language differs from English. Keys that English lacks,
 * or that the other language lacks, are left to `missingKeys`.
 */
export function placeholderMismatches(dictionaries: Messages = messages): PlaceholderMismatch[] {
  const mismatches: PlaceholderMismatch[] = [];
  for (const [key, english] of Object.entries(dictionaries.en)) {
    const expected = placeholdersOf(english);
    for (const language of languages) {
      const text = dictionaries[language][key];
      if (language === 'en' || text === undefined) continue;
      const actual = placeholdersOf(text);
      if (actual.join(',') !== expected.join(',')) mismatches.push({ language, key, expected, actual });
    }
  }
  return mismatches;
}

/**
 * Texts with braces that are not a single-brace `{name}` placeholder, such as i18next's
 * default `{{name}}` or a lone `{`: the configured interpolation would not fill them.
 */
export function malformedPlaceholders(dictionaries: Messages = messages): { language: Language; key: string }[] {
  const malformed: { language: Language; key: string }[] = [];
  for (const language of languages) {
    for (const [key, text] of Object.entries(dictionaries[language])) {
      const rest = text.replace(placeholderPattern, '');
      if (/[{}]/.test(rest)) malformed.push({ language, key });
    }
  }
  return malformed;
}
