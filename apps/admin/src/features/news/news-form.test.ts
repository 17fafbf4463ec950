import { describe, expect, it } from 'vitest';
import type { AdminNewsItem } from '@brokerage/contract';
import {
  cleanInstrumentIds,
  instrumentIdsProblem,
  newsCreateBody,
  newsFormValuesOf,
  newsUpdateBody,
} from './news-form';

const stored: AdminNewsItem = {
  id: 'n_1',
  category: 'top',
  title: 'Rates on hold',
  summary: 'The bank kept rates.',
  coverUrl: 'https://img.example/c.png',
  source: 'Desk',
  publishedAt: '2025-03-14T15:00:00.000Z',
  content: '<p>Body</p>',
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
      source: 'Src',
      instrumentIds: ['i_usd_AAPL', 'i_mxn_WALMEX'],
      content: '  <p>kept as typed</p>',
      reason: 'Because',
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
