// @vitest-environment jsdom
/**
 * News in the app's language (docs/decisions.md, "A newcomer's first hour"): the detail asks the
 * server for the app's language and marks the article with the language it got (English when the
 * article has no version in the app's language).
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../store/session';
import { page, renderAt, stubApi } from '../../test-support';
import NewsDetailPage from './NewsDetailPage';

function article(overrides: Record<string, unknown> = {}) {
  return {
    id: 'n_demo_01',
    category: 'top',
    title: 'Krypto schläft nie',
    summary: 'Der simulierte Kryptomarkt läuft rund um die Uhr.',
    coverUrl: null,
    source: 'Meridian Research',
    publishedAt: '2026-11-01T10:00:00Z',
    lang: 'de',
    content: '<p>Keine Schlussglocke.</p>',
    instrumentIds: [],
    ...overrides,
  };
}

const renderDetail = () => renderAt('/home/newsDetail?id=n_demo_01', [page('/home/newsDetail', <NewsDetailPage />)]);

describe('a news article', () => {
  afterEach(() => sessionStore.getState().setLanguage('en'));

  it("is asked for in the app's language and shown in it", async () => {
    sessionStore.getState().setLanguage('de');
    const api = stubApi({ '/common/newsDetail': { data: article() } });
    renderDetail();
    const shown = await screen.findByTestId('news-article');
    expect(api.callsTo('/common/newsDetail')[0]).toEqual({ id: 'n_demo_01', lang: 'de' });
    expect(shown.textContent).toContain('Krypto schläft nie');
    expect(shown.getAttribute('lang')).toBe('de');
  });

  it('is marked as English when the server had no version in the language asked for', async () => {
    sessionStore.getState().setLanguage('kor');
    const api = stubApi({
      '/common/newsDetail': { data: article({ lang: 'en', title: 'Crypto never sleeps', content: '<p>No bell.</p>' }) },
    });
    renderDetail();
    const shown = await screen.findByTestId('news-article');
    expect(api.callsTo('/common/newsDetail')[0]).toEqual({ id: 'n_demo_01', lang: 'kor' });
    expect(shown.getAttribute('lang')).toBe('en');
  });
});
