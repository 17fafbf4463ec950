import { Dec } from '@brokerage/contract';
import { describe, expect, it } from 'vitest';
import { adminLogin, post, registerUser, useTestApp } from '../../test/harness.js';
import { watchlist as watchlistTable } from './market.tables.js';
import type { SimulatedFeed } from './simulated-feed.js';

const t = useTestApp();

interface Summary {
  instrumentId: string;
  code: string;
  price: string;
  change: string;
  changeRate: string;
  status: string;
  stale: boolean;
  updatedAt: string;
}
interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;

describe('market lists (docs/api.md §8.1)', () => {
  it('lists the US listed tab sorted by change rate, each row consistent with its quote', async () => {
    const r = await post(t.app, '/market/list', { tab: 'listed', market: 'usd', size: 100 });
    expect(r.body.status).toBe(1);
    const page = data<Page<Summary>>(r);
    expect(page.total).toBeGreaterThanOrEqual(30);
    expect(page.list.map((s) => s.code)).toContain('AAPL');
    const rates = page.list.map((s) => new Dec(s.changeRate));
    for (let i = 1; i < rates.length; i++) expect(rates[i - 1]!.gte(rates[i]!)).toBe(true);
    const aapl = page.list.find((s) => s.code === 'AAPL')!;
    const quote = data<{ price: string; prevClose: string; change: string }>(
      await post(t.app, '/market/quote', { instrumentId: aapl.instrumentId }),
    );
    expect(quote.price).toBe(aapl.price);
    expect(new Dec(quote.price).minus(quote.prevClose).toFixed(2)).toBe(quote.change);
  });

  it('serves every tab, and the index tab per market', async () => {
    const crypto = data<Page<Summary>>(await post(t.app, '/market/list', { tab: 'crypto', sort: 'code_asc' }));
    expect(crypto.list.map((s) => s.code)).toContain('BTC-USDT');
    const forex = data<Page<Summary>>(await post(t.app, '/market/list', { tab: 'forex', size: 50 }));
    expect(forex.list.map((s) => s.code)).toContain('USDMXN');
    const mx = data<Page<Summary>>(await post(t.app, '/market/list', { tab: 'index', market: 'mxn' }));
    expect(mx.list.map((s) => s.code)).toEqual(['IPC']);
    const otcMx = await post(t.app, '/market/list', { tab: 'otc', market: 'mxn' });
    expect(otcMx.body.code).toBe('list.empty');
  });

  it('refuses an unknown tab or sort with per-field reasons', async () => {
    const r = await post(t.app, '/market/list', { tab: 'bonds', sort: 'price' });
    expect(r.http).toBe(400);
    expect(r.body.params).toEqual({ fields: { tab: 'enum', sort: 'enum' } });
  });
});

describe('a quote (docs/api.md §8.2)', () => {
  it('carries the §5.1 figures, the market rules from config and watched=false without a session', async () => {
    const q = data<Record<string, unknown> & { rules: Record<string, unknown> }>(
      await post(t.app, '/market/quote', { instrumentId: 'i_mxn_WALMEX' }),
    );
    expect(q).toMatchObject({
      code: 'WALMEX',
      market: 'mxn',
      currency: 'MXN',
      tradable: true,
      status: 'trading',
      watched: false,
      stale: false,
    });
    expect(q.rules).toMatchObject({
      timezone: 'America/Mexico_City',
      priceLimitRate: '0.10',
      leverageOptions: [1, 2, 5, 10],
      inSession: true,
    });
    // limit band = prevClose × (1 ± 10 %), and the day's range lies inside it
    const prevClose = new Dec(q.prevClose as string);
    // rounded inward to the tick, so no allowed price is beyond 10 % (docs/decisions.md)
    expect(q.limitUp).toBe(prevClose.times('1.10').toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed(2));
    expect(q.limitDown).toBe(prevClose.times('0.90').toDecimalPlaces(2, Dec.ROUND_UP).toFixed(2));
    expect(new Dec(q.high as string).lte(q.limitUp as string)).toBe(true);
    expect(new Dec(q.low as string).gte(q.limitDown as string)).toBe(true);
    expect(new Dec(q.bid as string).lt(q.ask as string)).toBe(true);
    expect(q.marketCap).not.toBeNull();
    expect(new Dec(q.high52w as string).gte(q.low52w as string)).toBe(true);
  });

  it('follows the operator: a changed fee rate shows in the rules at once', async () => {
    const admin = await adminLogin(t.app);
    await post(
      t.app,
      '/api/admin/config/set',
      { key: 'market.mxn.buyFeeRate', value: '0.0020', reason: 'test fee change' },
      admin,
    );
    const q = data<{ rules: { buyFeeRate: string } }>(
      await post(t.app, '/market/quote', { instrumentId: 'i_mxn_WALMEX' }),
    );
    expect(q.rules.buyFeeRate).toBe('0.0020');
  });

  it('answers product.not_found for an unknown instrument', async () => {
    expect((await post(t.app, '/market/quote', { instrumentId: 'i_usd_NOPE' })).body.code).toBe('product.not_found');
  });

  it('turns stale when the feed stalls, with its old timestamp', async () => {
    const feed = t.deps.feed as SimulatedFeed;
    feed.stall();
    try {
      t.clock.advance(20_000);
      const q = data<{ stale: boolean; updatedAt: string }>(
        await post(t.app, '/market/quote', { instrumentId: 'i_usd_AAPL' }),
      );
      expect(q.stale).toBe(true);
      expect(new Date(q.updatedAt).getTime()).toBe(t.clock.now().getTime() - 20_000);
    } finally {
      feed.resume();
    }
    expect(data<{ stale: boolean }>(await post(t.app, '/market/quote', { instrumentId: 'i_usd_AAPL' })).stale).toBe(
      false,
    );
  });
});

describe('candles (docs/api.md §8.3)', () => {
  it('answers the latest bars oldest first, and a day equals the aggregate of its 5-minute bars', async () => {
    const days = data<{ list: { t: string; o: string; h: string; l: string; c: string; v: string }[] }>(
      await post(t.app, '/market/candles', { instrumentId: 'i_usd_MSFT', period: '1d', limit: 5 }),
    );
    expect(days.list).toHaveLength(5);
    const times = days.list.map((b) => b.t);
    expect([...times].sort()).toEqual(times);
    const lastFull = days.list[3]!;
    // the local trading day in New York (EST, UTC−5): 05:00Z to 04:59Z the next day
    const dayStart = new Date(lastFull.t).getTime() + 5 * 3600_000;
    const from = new Date(dayStart).toISOString();
    const to = new Date(dayStart + 24 * 3600_000 - 1000).toISOString();
    const fives = data<{ list: { t: string; o: string; h: string; l: string; c: string; v: string }[] }>(
      await post(t.app, '/market/candles', { instrumentId: 'i_usd_MSFT', period: '5m', from, to, limit: 1000 }),
    );
    const sameDay = fives.list;
    expect(sameDay.length).toBeGreaterThan(100); // pre + regular + after sessions
    expect(sameDay[0]!.o).toBe(lastFull.o);
    expect(sameDay.at(-1)!.c).toBe(lastFull.c);
    expect(Dec.max(...sameDay.map((b) => b.h)).toFixed(2)).toBe(lastFull.h);
    expect(Dec.min(...sameDay.map((b) => b.l)).toFixed(2)).toBe(lastFull.l);
    expect(sameDay.reduce((s, b) => s.plus(b.v), new Dec(0)).toFixed(0)).toBe(lastFull.v);
  });

  it('adjusts daily bars across a split: forward divides the history before the ex-date', async () => {
    const q = { instrumentId: 'i_usd_NVDA', period: '1d', from: '2024-06-05T00:00:00Z', to: '2024-06-12T00:00:00Z' };
    const raw = data<{ list: { t: string; c: string }[] }>(
      await post(t.app, '/market/candles', { ...q, adjust: 'none' }),
    ).list;
    const fwd = data<{ list: { t: string; c: string }[] }>(
      await post(t.app, '/market/candles', { ...q, adjust: 'forward' }),
    ).list;
    const before = raw.findIndex((b) => b.t.startsWith('2024-06-07'));
    const after = raw.findIndex((b) => b.t.startsWith('2024-06-10'));
    expect(before).toBeGreaterThanOrEqual(0);
    // raw: a ten-fold drop at the ex-date; forward: continuous
    expect(new Dec(raw[before]!.c).div(raw[after]!.c).toNumber()).toBeGreaterThan(7);
    expect(new Dec(fwd[before]!.c).div(fwd[after]!.c).toNumber()).toBeLessThan(1.5);
    // after the split only small later dividends adjust the forward series
    expect(new Dec(fwd[after]!.c).div(raw[after]!.c).toNumber()).toBeGreaterThan(0.99);
  });

  it('answers one time-share point per minute of the day so far, with an average price', async () => {
    const r = data<{ list: { t: string; price: string; avgPrice: string; v: string }[] }>(
      await post(t.app, '/market/candles', { instrumentId: 'i_mxn_WALMEX', period: 'time_share' }),
    );
    // 15:00Z = 09:00 in Mexico City: 30 minutes since the 08:30 open (±1 for the current minute)
    expect(r.list.length).toBeGreaterThanOrEqual(30);
    expect(r.list.length).toBeLessThanOrEqual(31);
    expect(r.list[0]!.avgPrice).toBe(r.list[0]!.price);
  });

  it('refuses a bad period, a limit over 1000 and an inverted range', async () => {
    const r = await post(t.app, '/market/candles', { instrumentId: 'i_usd_MSFT', period: '2h', limit: 1001 });
    expect(r.body.params).toEqual({ fields: { period: 'enum', limit: 'out_of_range' } });
    const inverted = await post(t.app, '/market/candles', {
      instrumentId: 'i_usd_MSFT',
      period: '1d',
      from: '2026-02-01T00:00:00Z',
      to: '2026-01-01T00:00:00Z',
    });
    expect(inverted.http).toBe(400);
  });
});

describe('search and its history (docs/api.md §8.4–§8.5)', () => {
  it('puts the exact code first, then code prefixes, then names', async () => {
    const r = data<Page<Summary>>(await post(t.app, '/market/search', { keyword: 'amx' }));
    expect(r.list[0]!.code).toBe('AMXB');
    const byName = data<Page<Summary>>(await post(t.app, '/market/search', { keyword: 'bitcoin' }));
    expect(byName.list.map((s) => s.code)).toEqual(['BTC-USDT']);
    const nothing = await post(t.app, '/market/search', { keyword: 'zzzzzz' });
    expect(nothing.body.code).toBe('list.empty');
    expect((await post(t.app, '/market/search', { keyword: '   ' })).http).toBe(400);
  });

  it('records keywords of a signed-in user, newest first without duplicates, and clears them', async () => {
    const u = await registerUser(t.app);
    for (const k of ['aapl', 'walmex', 'aapl']) {
      await post(t.app, '/market/search', { keyword: k }, u.headers);
      t.clock.advance(1000);
    }
    const h = data<Page<{ keyword: string }>>(await post(t.app, '/market/searchHistory', {}, u.headers));
    expect(h.list.map((i) => i.keyword)).toEqual(['aapl', 'walmex']);
    expect((await post(t.app, '/market/searchHistoryClear', {}, u.headers)).body.code).toBe('result.delete.ok');
    expect((await post(t.app, '/market/searchHistory', {}, u.headers)).body.code).toBe('list.empty');
    expect((await post(t.app, '/market/searchHistory', {})).http).toBe(401);
  });

  it('keeps the 20 most recent keywords', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 22; i++) {
      await post(t.app, '/market/search', { keyword: `k${i}` }, u.headers);
      t.clock.advance(1000);
    }
    const h = data<Page<{ keyword: string }>>(await post(t.app, '/market/searchHistory', { size: 50 }, u.headers));
    expect(h.total).toBe(20);
    expect(h.list[0]!.keyword).toBe('k21');
    expect(h.list.map((i) => i.keyword)).not.toContain('k1');
  });
});

describe('the watchlist (docs/api.md §8.6)', () => {
  it('adds once, lists newest first with prices, marks the quote watched, removes one and many', async () => {
    const u = await registerUser(t.app);
    for (const id of ['i_usd_AAPL', 'i_mxn_WALMEX', 'i_usd_AAPL', 'i_crypto_BTC-USDT']) {
      expect((await post(t.app, '/market/watchAdd', { instrumentId: id }, u.headers)).body.code).toBe('result.add.ok');
      t.clock.advance(1000);
    }
    const list = data<Page<Summary & { addedAt: string }>>(await post(t.app, '/market/watchlist', {}, u.headers));
    expect(list.list.map((s) => s.instrumentId)).toEqual(['i_crypto_BTC-USDT', 'i_mxn_WALMEX', 'i_usd_AAPL']);
    expect(
      data<{ watched: boolean }>(await post(t.app, '/market/quote', { instrumentId: 'i_usd_AAPL' }, u.headers)).watched,
    ).toBe(true);
    expect((await post(t.app, '/market/watchRemove', { instrumentId: 'i_usd_AAPL' }, u.headers)).body.code).toBe(
      'result.delete.ok',
    );
    expect((await post(t.app, '/market/watchRemove', { instrumentId: 'i_usd_AAPL' }, u.headers)).body.code).toBe(
      'result.delete.ok',
    );
    const many = await post(
      t.app,
      '/market/watchRemoveMany',
      { instrumentIds: ['i_mxn_WALMEX', 'i_crypto_BTC-USDT', 'i_usd_MSFT'] },
      u.headers,
    );
    expect(many.body).toMatchObject({ code: 'result.delete.ok', data: { removed: 2 } });
    expect((await post(t.app, '/market/watchlist', {}, u.headers)).body.code).toBe('list.empty');
  });

  it('refuses unknown instruments, a full list, and more than 300 ids at once', async () => {
    const u = await registerUser(t.app);
    expect((await post(t.app, '/market/watchAdd', { instrumentId: 'i_usd_NOPE' }, u.headers)).body.code).toBe(
      'product.not_found',
    );
    await t.database.db
      .insert(watchlistTable)
      .values(
        Array.from({ length: 300 }, (_, i) => ({ userId: u.id, instrumentId: `i_fake_${i}`, addedAt: t.clock.now() })),
      );
    const full = await post(t.app, '/market/watchAdd', { instrumentId: 'i_usd_AAPL' }, u.headers);
    expect(full.body).toMatchObject({ code: 'watchlist.full', params: { max: 300 } });
    const tooMany = await post(
      t.app,
      '/market/watchRemoveMany',
      { instrumentIds: Array.from({ length: 301 }, (_, i) => `i_fake_${i}`) },
      u.headers,
    );
    expect(tooMany.body.params).toEqual({ fields: { instrumentIds: 'too_many' } });
    expect((await post(t.app, '/market/watchAdd', { instrumentId: 'i_usd_AAPL' })).http).toBe(401);
  });
});

describe('news (docs/api.md §6.2–§6.3) and its back office', () => {
  it('lists the published demo news by category and answers a detail with linked instruments', async () => {
    const top = data<Page<{ id: string; category: string; publishedAt: string }>>(
      await post(t.app, '/common/newsList', { category: 'top' }),
    );
    expect(top.total).toBe(7);
    const dates = top.list.map((n) => n.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const stock = data<Page<{ id: string }>>(await post(t.app, '/common/newsList', { category: 'stock' }));
    const detail = data<{ content: string; instrumentIds: string[] }>(
      await post(t.app, '/common/newsDetail', { id: stock.list[0]!.id }),
    );
    expect(detail.instrumentIds.length).toBeGreaterThan(0);
    expect(detail.content).toContain('<p>');
    expect((await post(t.app, '/common/newsDetail', { id: 'n_missing' })).body.code).toBe('record.not_found');
  });

  it('keeps a draft hidden until published, sanitises its content, and audits every step', async () => {
    const admin = await adminLogin(t.app);
    const created = await post(
      t.app,
      '/api/admin/news/create',
      {
        category: 'top',
        title: 'Draft note',
        summary: 'Summary',
        source: 'Meridian Research',
        content: '<p>Hello</p><script>alert(1)</script>',
        instrumentIds: ['i_usd_AAPL'],
        reason: 'new article',
      },
      admin,
    );
    expect(created.body.code).toBe('result.update.ok');
    const item = data<{ id: string; content: string; published: boolean }>(created);
    expect(item.published).toBe(false);
    expect(item.content).toBe('<p>Hello</p>');
    expect((await post(t.app, '/common/newsDetail', { id: item.id })).body.code).toBe('record.not_found');
    await post(t.app, '/api/admin/news/publish', { id: item.id, reason: 'ready' }, admin);
    expect((await post(t.app, '/common/newsDetail', { id: item.id })).body.status).toBe(1);
    await post(t.app, '/api/admin/news/unpublish', { id: item.id, reason: 'withdrawn' }, admin);
    expect((await post(t.app, '/common/newsDetail', { id: item.id })).body.code).toBe('record.not_found');
    const audit = data<Page<{ action: string; reason: string }>>(
      await post(t.app, '/api/admin/audit/list', { targetId: item.id }, admin),
    );
    expect(audit.list.map((a) => a.action).sort()).toEqual(['news/create', 'news/publish', 'news/unpublish']);
    const bad = await post(
      t.app,
      '/api/admin/news/create',
      {
        category: 'top',
        title: 'x',
        summary: 'y',
        source: 'z',
        content: '<p>c</p>',
        instrumentIds: ['i_usd_NOPE'],
        reason: 'bad link',
      },
      admin,
    );
    expect(bad.body.params).toEqual({ fields: { instrumentIds: 'format' } });
  });

  it('lets only admins manage content', async () => {
    const reviewer = await adminLogin(t.app, 'reviewer');
    const r = await post(
      t.app,
      '/api/admin/news/create',
      { category: 'top', title: 'x', summary: 'y', source: 'z', content: '<p>c</p>', reason: 'not allowed' },
      reviewer,
    );
    expect(r.body.code).toBe('auth.forbidden');
  });

  it('manages notices: a draft reaches users only once published', async () => {
    const admin = await adminLogin(t.app);
    const u = await registerUser(t.app);
    const created = data<{ id: string }>(
      await post(
        t.app,
        '/api/admin/notice/create',
        { title: 'Maintenance', content: '<p>Sunday 02:00</p>', reason: 'planned work' },
        admin,
      ),
    );
    const ids = async () => data<{ id: string }[]>(await post(t.app, '/user/notice', {}, u.headers)).map((n) => n.id);
    expect(await ids()).not.toContain(created.id);
    await post(t.app, '/api/admin/notice/publish', { id: created.id, reason: 'announce' }, admin);
    expect(await ids()).toContain(created.id);
    const edited = await post(
      t.app,
      '/api/admin/notice/update',
      { id: created.id, title: 'Maintenance window', reason: 'typo' },
      admin,
    );
    expect(data<{ title: string }>(edited).title).toBe('Maintenance window');
    await post(t.app, '/api/admin/notice/unpublish', { id: created.id, reason: 'done' }, admin);
    expect(await ids()).not.toContain(created.id);
  });
});
