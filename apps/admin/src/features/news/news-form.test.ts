import { describe, expect, it } from 'vitest';
import type { AdminNewsItem } from '@brokerage/contract';
import {
  cleanInstrumentIds,
  instrumentIdsProblem,
  newsCreateBody,
  newsFormValuesOf,
  newsUpdateBody,
  translationProblem,
  translationsBody,
} from './news-form';

const stored: AdminNewsItem = {
  id: 'n_1',
  category: 'top',
  title: 'Rates on hold',
  summary: 'The bank kept rates.',
  coverUrl: 'https://img.example/c.png',
  source: 'Desk',
  publishedAt: '2025-03-14T15:00:00.000Z',
  lang: 'en',
  content: '<p>Body</p>',
  translations: { de: { title: 'Zinsen unverändert', summary: 'Die Bank hielt die Zinsen.', content: '<p>Text</p>' } },
  instrumentIds: ['i_usd_AAPL'],
  published: false,
  createdAt: '2025-03-14T15:00:00.000Z',
  updatedAt: '2025-03-14T15:00:00.000Z',
};

describe('the create body', () => {
  it('trims texts, drops an empty cover and repeated or blank instrument ids', () => {
    const body = newsCreateBody({
      category: 'stock',
      title: '  Title ',
      summary: ' Sum ',
      translations: newsFormValuesOf(null).translations,
      source: ' Src ',
      coverUrl: '  ',
      instrumentIds: [' i_usd_AAPL', 'i_usd_AAPL', '', 'i_mxn_WALMEX'],
      content: '  <p>kept as typed</p>',
      reason: '  Because ',
    });
    expect(body).toEqual({
      category: 'stock',
      title: 'Title',
      summary: 'Sum',
      translations: {},
      source: 'Src',
      instrumentIds: ['i_usd_AAPL', 'i_mxn_WALMEX'],
      content: '  <p>kept as typed</p>',
      reason: 'Because',
    });
  });
});

describe('the versions in other languages', () => {
  it('sends the languages written, trimmed, and none left empty', () => {
    const values = newsFormValuesOf(null);
    values.translations.zh = { title: ' 利率不變 ', summary: ' 央行維持利率。 ', content: '<p>內文</p>' };
    expect(translationsBody(values.translations)).toEqual({
      zh: { title: '利率不變', summary: '央行維持利率。', content: '<p>內文</p>' },
    });
  });

  it('refuses a version with some fields but not all, and accepts none or all three', () => {
    expect(translationProblem({ title: 'Titel', summary: '', content: '' })).toMatch(/or leave all three empty/);
    expect(translationProblem({ title: '', summary: '', content: '' })).toBeNull();
    expect(translationProblem({ title: 'T', summary: 'S', content: '<p>C</p>' })).toBeNull();
  });

  it('sends the whole map when a version changed, so an emptied language is removed', () => {
    const values = { ...newsFormValuesOf(stored), reason: 'German removed' };
    expect(values.translations.de.title).toBe('Zinsen unverändert');
    values.translations.de = { title: '', summary: '', content: '' };
    values.translations.kor = { title: '금리 동결', summary: '은행이 금리를 유지했습니다.', content: '<p>본문</p>' };
    expect(newsUpdateBody(stored, values)).toEqual({
      id: 'n_1',
      reason: 'German removed',
      translations: { kor: { title: '금리 동결', summary: '은행이 금리를 유지했습니다.', content: '<p>본문</p>' } },
    });
  });
});

describe('the update body', () => {
  it('is null when nothing changed', () => {
    expect(newsUpdateBody(stored, { ...newsFormValuesOf(stored), reason: 'No change' })).toBeNull();
  });

  it('carries only the changed fields, with the id and the reason', () => {
    const values = { ...newsFormValuesOf(stored), title: 'Rates cut', instrumentIds: [], reason: 'Correction' };
    expect(newsUpdateBody(stored, values)).toEqual({
      id: 'n_1',
      title: 'Rates cut',
      instrumentIds: [],
      reason: 'Correction',
    });
  });

  it('sends null to remove the cover', () => {
    const values = { ...newsFormValuesOf(stored), coverUrl: '', reason: 'Broken image' };
    expect(newsUpdateBody(stored, values)).toEqual({ id: 'n_1', coverUrl: null, reason: 'Broken image' });
  });
});

describe('checking instrument ids before sending', () => {
  it('accepts ids of letters, digits, _ and -', () => {
    expect(instrumentIdsProblem(['i_usd_AAPL', 'i-mxn-1'])).toBeNull();
  });

  it('refuses other characters and more than 20 ids', () => {
    expect(instrumentIdsProblem(['AAPL US'])).toMatch(/not an instrument id/);
    expect(instrumentIdsProblem(Array.from({ length: 21 }, (_, i) => `i_${i}`))).toBe('At most 20 instruments');
    expect(cleanInstrumentIds(Array.from({ length: 21 }, () => 'i_same'))).toEqual(['i_same']);
  });
});
