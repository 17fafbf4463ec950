import { codeCatalogue, codes, fieldReasons, messageCatalogue, messageCodes } from '@brokerage/contract';
import { describe, expect, it } from 'vitest';
import { featureMessages, uiMessages } from './ui/index.js';
import { shellUi } from './ui/shell.js';
import {
  codeMessages,
  defaultUpColour,
  fieldNames,
  languageNames,
  languages,
  malformedPlaceholders,
  messages,
  missingKeys,
  placeholderMismatches,
  placeholdersOf,
  untranslatedMessageKeys,
  type Messages,
} from './index.js';

/**
 * Non-English texts that may equal the English one because the word is genuinely the same.
 * Keep it tiny: every entry is a reviewed exception, not a way to skip a translation.
 */
const sameAsEnglishAllowed: Record<string, readonly string[]> = {
  esp: ['error.word'], // "Error" is the Spanish word too.
};

const otherLanguages = languages.filter((language) => language !== 'en');

function fixture(partial: Partial<Messages>): Messages {
  return { en: {}, de: {}, zh: {}, esp: {}, kor: {}, ...partial };
}

describe('the merged messages', () => {
  it('have every key in every language', () => {
    expect(missingKeys()).toEqual([]);
  });

  it('keep the English placeholders in every language', () => {
    expect(placeholderMismatches()).toEqual([]);
  });

  it('use only single-brace placeholders', () => {
    expect(malformedPlaceholders()).toEqual([]);
  });

  it('let no UI key shadow a code, field or error key', () => {
    const clashes = languages.flatMap((language) =>
      Object.keys(uiMessages[language])
        .filter((key) => key in codeMessages[language])
        .map((key) => ({ language, key })),
    );
    expect(clashes).toEqual([]);
  });

  it('define each UI key in one file only', () => {
    const seen = new Map<string, number>();
    for (const dictionary of [shellUi.en, ...featureMessages.map((feature) => feature.en)]) {
      for (const key of Object.keys(dictionary)) seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect([...seen].filter(([, count]) => count > 1).map(([key]) => key)).toEqual([]);
  });
});

describe('the server codes', () => {
  it('each have a code. key in every language', () => {
    const absent = languages.flatMap((language) =>
      codes.filter((code) => !messages[language][`code.${code}`]).map((code) => ({ language, code })),
    );
    expect(absent).toEqual([]);
  });

  it('have no code. key outside the catalogue', () => {
    const known = new Set(codes.map((code) => `code.${code}`));
    const unknown = languages.flatMap((language) =>
      Object.keys(messages[language])
        .filter((key) => key.startsWith('code.') && !known.has(key))
        .map((key) => ({ language, key })),
    );
    expect(unknown).toEqual([]);
  });

  it('read in English exactly as the catalogue', () => {
    for (const code of codes) expect(messages.en[`code.${code}`]).toBe(codeCatalogue[code].en);
  });

  it('use only placeholders that the code sends as params', () => {
    const unsent = codes.flatMap((code) => {
      const params: readonly string[] = codeCatalogue[code].params;
      return placeholdersOf(codeCatalogue[code].en)
        .filter((name) => !params.includes(name))
        .map((name) => ({ code, name }));
    });
    expect(unsent).toEqual([]);
  });

  it('are translated rather than copied from English', () => {
    const copied = otherLanguages.flatMap((language) =>
      Object.keys(codeMessages.en)
        .filter((key) => codeMessages[language][key] === codeMessages.en[key])
        .filter(
          (key) => !(sameAsEnglishAllowed[language] ?? []).includes(key) && !untranslatedMessageKeys.includes(key),
        )
        .map((key) => ({ language, key })),
    );
    expect(copied).toEqual([]);
  });
});

describe('the personal messages', () => {
  const keysOf = (code: string) => [`${code}.title`, `${code}.body`];

  it('each have a title and a body in every language', () => {
    const absent = languages.flatMap((language) =>
      messageCodes
        .flatMap(keysOf)
        .filter((key) => !codeMessages[language][key]?.trim())
        .map((key) => ({ language, key })),
    );
    expect(absent).toEqual([]);
  });

  it('have no message key outside the catalogue', () => {
    const known = new Set(messageCodes.flatMap(keysOf));
    const unknown = languages.flatMap((language) =>
      Object.keys(messages[language])
        .filter((key) => key.startsWith('message.') && !known.has(key))
        .map((key) => ({ language, key })),
    );
    expect(unknown).toEqual([]);
  });

  it('read in English exactly as the catalogue', () => {
    for (const code of messageCodes) {
      expect(messages.en[`${code}.title`]).toBe(messageCatalogue[code].title);
      expect(messages.en[`${code}.body`]).toBe(messageCatalogue[code].en);
    }
  });

  it('use only placeholders that the code sends as params, in every language', () => {
    const unsent = languages.flatMap((language) =>
      messageCodes.flatMap((code) => {
        const params: readonly string[] = messageCatalogue[code].params;
        return keysOf(code).flatMap((key) =>
          placeholdersOf(messages[language][key] ?? '')
            .filter((name) => !params.includes(name))
            .map((name) => ({ language, key, name })),
        );
      }),
    );
    expect(unsent).toEqual([]);
  });

  it('keep every reason and amount of the English body in every language', () => {
    const dropped = languages.flatMap((language) =>
      messageCodes.flatMap((code) => {
        const english = placeholdersOf(messageCatalogue[code].en);
        const text = messages[language][`${code}.body`] ?? '';
        return english.filter((name) => !placeholdersOf(text).includes(name)).map((name) => ({ language, code, name }));
      }),
    );
    expect(dropped).toEqual([]);
  });
});

describe('the validation texts', () => {
  it('name every field reason, every known field and the error word in every language', () => {
    const keys = [
      ...fieldReasons.map((reason) => `field.${reason}`),
      ...fieldNames.map((field) => `field.name.${field}`),
      'error.word',
    ];
    const absent = languages.flatMap((language) =>
      keys.filter((key) => !messages[language][key]).map((key) => ({ language, key })),
    );
    expect(absent).toEqual([]);
  });
});

describe('missingKeys', () => {
  it('reports a key that one language lacks or leaves empty', () => {
    const dictionaries = fixture({
      en: { 'ui.a': 'A', 'ui.b': 'B' },
      de: { 'ui.a': 'A', 'ui.b': ' ' },
      zh: { 'ui.a': 'A', 'ui.b': 'B' },
      esp: { 'ui.a': 'A', 'ui.b': 'B' },
      kor: { 'ui.b': 'B' },
    });
    expect(missingKeys(dictionaries)).toEqual([
      { language: 'de', key: 'ui.b' },
      { language: 'kor', key: 'ui.a' },
    ]);
  });

  it('reports a key that only a non-English language has', () => {
    expect(missingKeys(fixture({ zh: { 'ui.only': '只有' } }))).toEqual(
      ['en', 'de', 'esp', 'kor'].map((language) => ({ language, key: 'ui.only' })),
    );
  });
});

describe('placeholderMismatches', () => {
  it('reports a renamed, dropped or added placeholder, ignoring order and repeats', () => {
    const dictionaries = fixture({
      en: { k: 'From {min} to {max}.' },
      de: { k: 'Bis {max}, ab {min} ({min}).' },
      zh: { k: '從 {min} 到 {maximum}。' },
      esp: { k: 'Hasta {max}.' },
      kor: { k: '{min}에서 {max}까지 {currency}.' },
    });
    expect(placeholderMismatches(dictionaries)).toEqual([
      { language: 'zh', key: 'k', expected: ['max', 'min'], actual: ['maximum', 'min'] },
      { language: 'esp', key: 'k', expected: ['max', 'min'], actual: ['max'] },
      { language: 'kor', key: 'k', expected: ['max', 'min'], actual: ['currency', 'max', 'min'] },
    ]);
  });
});

describe('malformedPlaceholders', () => {
  it('reports double braces and stray braces', () => {
    const dictionaries = fixture({
      en: { ok: 'Hi {name}.', double: 'Hi {{name}}.', stray: 'Hi {name.' },
    });
    expect(malformedPlaceholders(dictionaries)).toEqual([
      { language: 'en', key: 'double' },
      { language: 'en', key: 'stray' },
    ]);
  });
});

describe('language settings', () => {
  it('name each language in itself', () => {
    expect(languageNames).toEqual({ en: 'English', de: 'Deutsch', zh: '繁體中文', esp: 'Español', kor: '한국어' });
  });

  it('default to red-up for zh and kor and green-up elsewhere (docs/ui.md)', () => {
    expect(defaultUpColour).toEqual({ en: 'green', de: 'green', zh: 'red', esp: 'green', kor: 'red' });
  });
});
