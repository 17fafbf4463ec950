/**
 * News in the reader's language (docs/decisions.md, "A newcomer's first hour"): an article is
 * written in English and, per language, in the back office; `/common/newsList` and
 * `/common/newsDetail` take `lang` and answer each item in it, or in English when the item has no
 * version in it, saying which language they served. The demo news exist in all five languages.
 */
import {
  languages,
  translationLanguages,
  type AdminNewsItem,
  type NewsDetail,
  type NewsItem,
} from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminLogin, post, useTestApp } from '../../test/harness.js';
import { seedNews } from './index.js';
import { newsSeeds } from './news-texts.js';

const t = useTestApp();
const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
type Page<T> = { list: T[]; total: number };

const list = async (lang?: string) =>
  data<Page<NewsItem>>(await post(t.app, '/common/newsList', { category: 'top', size: 50, ...(lang ? { lang } : {}) }))
    .list;
const detail = async (id: string, lang?: string) =>
  data<NewsDetail>(await post(t.app, '/common/newsDetail', { id, ...(lang ? { lang } : {}) }));

describe('the demo news in five languages', () => {
  it('has every demo article in every language, with the same structure as the English one', () => {
    for (const n of newsSeeds) {
      for (const lang of translationLanguages) {
        const tr = n.translations[lang];
        expect(tr, `${n.id} ${lang}`).toBeDefined();
        expect(tr!.title).not.toBe(n.title);
        // the same paragraphs and list items: a translation that drops a point fails
        for (const tag of ['<p>', '<li>', '<strong>'])
          expect(tr!.content.split(tag).length, `${n.id} ${lang} ${tag}`).toBe(n.content.split(tag).length);
      }
    }
  });

  it('serves each published demo article in the language asked for, and in English without one', async () => {
    const english = await list();
    expect(english.length).toBeGreaterThan(0);
    expect(english.every((n) => n.lang === 'en')).toBe(true);
    for (const lang of translationLanguages) {
      const items = await list(lang);
      expect(items.map((n) => n.id)).toEqual(english.map((n) => n.id));
      for (const item of items) {
        const seed = newsSeeds.find((s) => s.id === item.id)!;
        expect(item.lang).toBe(lang);
        expect(item.title).toBe(seed.translations[lang]!.title);
        expect(item.summary).toBe(seed.translations[lang]!.summary);
      }
    }
    const de = await detail('n_demo_01', 'de');
    expect(de.lang).toBe('de');
    expect(de.title).toBe('Krypto schläft nie: Bitcoin und Ether übers Wochenende handeln');
    expect(de.content).toContain('Keine Anlageberatung.');
    expect(de.instrumentIds).toEqual(['i_crypto_BTC-USDT', 'i_crypto_ETH-USDT']);
    const zh = await detail('n_demo_01', 'zh');
    expect(zh.content).toContain('模擬加密貨幣市場沒有收盤鐘聲');
    expect((await detail('n_demo_01', 'en')).content).toContain('Not investment advice.');
  });

  it('refuses a language that is not one of the five', async () => {
    const r = await post(t.app, '/common/newsList', { category: 'top', lang: 'fr' });
    expect(r.http).toBe(400);
    expect(r.body.code).toBe('request.invalid');
    expect((await post(t.app, '/common/newsDetail', { id: 'n_demo_01', lang: 'fr' })).http).toBe(400);
  });
});

describe('an article written in the back office in several languages', () => {
  it('serves the languages written, English for the others, and keeps them when an edit leaves them out', async () => {
    const admin = await adminLogin(t.app);
    const created = data<AdminNewsItem>(
      await post(
        t.app,
        '/api/admin/news/create',
        {
          category: 'top',
          title: 'Holiday hours',
          summary: 'Markets close early.',
          content: '<p>Closing early.</p>',
          translations: {
            de: {
              title: 'Feiertagszeiten',
              summary: 'Die Märkte schließen früher.',
              content: '<p>Früher Schluss.</p><script>alert(1)</script>',
            },
          },
          source: 'Meridian Research',
          reason: 'holiday notice',
        },
        admin,
      ),
    );
    // each language's content is cleaned like the English one
    expect(created.translations).toEqual({
      de: { title: 'Feiertagszeiten', summary: 'Die Märkte schließen früher.', content: '<p>Früher Schluss.</p>' },
    });
    await post(t.app, '/api/admin/news/publish', { id: created.id, reason: 'ready' }, admin);
    expect(await detail(created.id, 'de')).toMatchObject({ lang: 'de', title: 'Feiertagszeiten' });
    expect(await detail(created.id, 'kor')).toMatchObject({ lang: 'en', title: 'Holiday hours' });

    // an edit without `translations` keeps them
    const edited = data<AdminNewsItem>(
      await post(
        t.app,
        '/api/admin/news/update',
        { id: created.id, title: 'Holiday trading hours', reason: 'new title' },
        admin,
      ),
    );
    expect(edited.title).toBe('Holiday trading hours');
    expect(Object.keys(edited.translations)).toEqual(['de']);
    // an edit with `translations` replaces the whole map: German removed, Korean added
    const replaced = data<AdminNewsItem>(
      await post(
        t.app,
        '/api/admin/news/update',
        {
          id: created.id,
          translations: { kor: { title: '휴장 시간', summary: '시장이 일찍 닫힙니다.', content: '<p>조기 마감.</p>' } },
          reason: 'Korean instead of German',
        },
        admin,
      ),
    );
    expect(Object.keys(replaced.translations)).toEqual(['kor']);
    expect(await detail(created.id, 'de')).toMatchObject({ lang: 'en', title: 'Holiday trading hours' });
    expect(await detail(created.id, 'kor')).toMatchObject({ lang: 'kor', title: '휴장 시간' });
  });

  it('refuses an unknown language key and a version without a title', async () => {
    const admin = await adminLogin(t.app);
    const base = { category: 'top', title: 'T', summary: 'S', content: '<p>C</p>', source: 'Desk', reason: 'r' };
    const en = await post(t.app, '/api/admin/news/create', { ...base, translations: { en: base } }, admin);
    expect(en.http).toBe(400);
    expect(en.body.code).toBe('request.invalid');
    const noTitle = await post(
      t.app,
      '/api/admin/news/create',
      { ...base, translations: { de: { summary: 'S', content: '<p>C</p>' } } },
      admin,
    );
    expect(noTitle.http).toBe(400);
    expect(JSON.stringify(noTitle.body.params)).toContain('title');
  });
});

describe('the seed on an install from before translations', () => {
  it('gives the demo articles their translations, but never over an operator edit', async () => {
    const db = t.database.db;
    await db.execute(sql`update news set translations = '{}'::jsonb where id in ('n_demo_02', 'n_demo_03')`);
    await db.execute(sql`update news set title = 'Edited by an operator' where id = 'n_demo_03'`);
    await seedNews(db, newsSeeds);
    expect((await detail('n_demo_02', 'esp')).lang).toBe('esp');
    expect(await detail('n_demo_03', 'esp')).toMatchObject({ lang: 'en', title: 'Edited by an operator' });
    for (const lang of languages) expect((await detail('n_demo_01', lang)).lang).toBe(lang);
  });
});
