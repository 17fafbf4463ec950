/**
 * Monthly statements (docs/api.md §10.8): the signed link, the CSV reconciled with the ledger
 * after a deposit, a trade, an exchange and a withdrawal, the PDF (SHA-256 of the CSV on every
 * page, fonts that hold the German and Chinese glyphs), refusals. Through the whole HTTP stack.
 */
import { inflateSync } from 'node:zlib';
import { Dec, type Order } from '@brokerage/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { approve, configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';
import { csvSha256 } from './monthly-statement.service.js';
import { ROWS_PER_PAGE } from './statement-pdf.js';

const t = useTestApp(undefined, undefined, { engine: false });

/** Monday 10:00 in Mexico City: deposit and withdrawal windows open, every regular session open. */
const MONDAY = new Date('2026-03-02T16:00:00Z');
/** The last Monday and Tuesday of March 2026, then the first Wednesday of April (sessions last 24 h idle). */
const LAST_MONDAY = new Date('2026-03-30T16:00:00Z');
const LAST_TUESDAY = new Date('2026-03-31T15:00:00Z');

const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;

beforeAll(async () => {
  t.clock.set(MONDAY);
  await configureChannels(t.app);
});

async function cash(u: TestUser, currency = 'MXN'): Promise<string> {
  const r = await post(t.app, '/user/assets', { currency }, u.headers);
  const a = data<{ accounts: { currency: string; available: string; frozen: string }[] }>(r).accounts.find(
    (x) => x.currency === currency,
  )!;
  return new Dec(a.available).plus(a.frozen).toFixed(2);
}

async function link(u: TestUser, body: Record<string, unknown>): Promise<{ url: string; expiresAt: string }> {
  const r = await post(t.app, '/funds/statement', { currency: 'MXN', ...body }, u.headers);
  if (r.body.status !== 1) throw new Error(`statement: ${JSON.stringify(r.body)}`);
  return data(r);
}

const download = (url: string) => t.app.inject({ method: 'GET', url });

function parseCsv(text: string): string[][] {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => line.split(','));
}

/** Every stream of the PDF, inflated when it is compressed. */
function streams(pdf: Buffer): { dict: string; body: Buffer }[] {
  const out: { dict: string; body: Buffer }[] = [];
  const text = pdf.toString('latin1');
  const re = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    const dict = m[1] ?? '';
    out.push({ dict, body: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return out;
}

/** The text a content stream shows with a standard font: pdfkit writes it as hex strings. */
function shownHex(content: string): string {
  return Array.from(content.matchAll(/<([0-9a-fA-F]+)>/g), (m) =>
    Buffer.from(m[1] ?? '', 'hex').toString('latin1'),
  ).join('');
}

function pdfFacts(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const all = streams(pdf);
  const pages = (text.match(/\/Type \/Page\b/g) ?? []).length;
  const contents = all.filter((s) => /\bBT\b/.test(s.body.toString('latin1')));
  const cmaps = all
    .filter((s) => s.body.toString('latin1').includes('begincmap'))
    .map((s) => s.body.toString('latin1'));
  const fonts = Array.from(text.matchAll(/\/BaseFont \/([A-Z]{6}\+[\w-]+)/g), (m) => m[1]);
  const fontFiles = all.filter((s) => /\/Length1\b/.test(s.dict) || /FontFile/.test(s.dict)).length;
  return { pages, contents: contents.map((c) => c.body.toString('latin1')), cmaps, fonts, fontFiles };
}

/** Does some embedded font map a glyph to this character (its ToUnicode CMap lists it)? */
const fontHas = (cmaps: string[], char: string) => {
  const hex = char.codePointAt(0)!.toString(16).padStart(4, '0');
  return cmaps.some((c) => new RegExp(`<${hex}>`, 'i').test(c));
};

describe('the monthly statement (§10.8)', () => {
  it('CSV: closing = the ledger cash after a deposit, a trade, an exchange and a withdrawal', async () => {
    t.clock.set(LAST_MONDAY);
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'MXN', '100000.00');
    const o = data<Order>(
      await post(
        t.app,
        '/trade/buy',
        { instrumentId: 'i_mxn_WALMEX', side: 'long', orderType: 'market', lots: 100, leverage: 2 },
        u.headers,
      ),
    );
    expect(o.orderId).toBeTruthy();
    t.clock.set(LAST_TUESDAY);
    expect((await post(t.app, '/trade/close', { orderId: o.orderId }, u.headers)).body.code).toBe('result.close.ok');
    expect(
      (await post(t.app, '/funds/exchange', { from: 'MXN', to: 'USD', amount: '1000.00' }, u.headers)).body.code,
    ).toBe('result.exchange.ok');
    await post(
      t.app,
      '/user/setFundPassword',
      { fundPassword: '246810', confirmFundPassword: '246810', loginPassword: u.password },
      u.headers,
    );
    const card = data<{ cardId: string }>(
      await post(
        t.app,
        '/card/add',
        { holder: 'ANA LOPEZ', cardNumber: '4152313412345678', bankName: 'BBVA', branch: 'CDMX', bankCode: '012' },
        u.headers,
      ),
    );
    t.clock.set(new Date('2026-03-31T17:00:00Z')); // 11:00 in Mexico City: the withdrawal window is open
    const w = await post(
      t.app,
      '/funds/withdraw',
      { amount: '500.00', fundPassword: '246810', cardId: card.cardId },
      u.headers,
    );
    expect(w.body.code).toBe('result.withdraw.ok');
    await approve(t.app, 'withdraw', data<{ id: string }>(w).id);

    const l = await link(u, { month: '2026-03', format: 'csv' });
    expect(l.url).toMatch(/^\/files\/statements\/[\w.-]+\?exp=\d+&sig=[\w-]+$/);
    expect(Date.parse(l.expiresAt) - t.clock.now().getTime()).toBe(15 * 60 * 1000);
    const res = await download(l.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['time', 'kind', 'reference', 'amount', 'balance']);
    expect(rows[1]).toEqual(['', 'opening', '', '', '0.00']);
    const closing = rows.at(-1)!;
    expect(closing.slice(0, 4)).toEqual(['', 'closing', '', '']);
    expect(closing[4]).toBe(await cash(u));
    const kinds = rows.slice(2, -1).map((r) => r[1]);
    expect(kinds).toEqual(expect.arrayContaining(['deposit', 'order_open', 'order_close', 'exchange_out']));
    // moves between available and frozen change nothing and are not listed
    expect(kinds).not.toContain('withdraw_freeze');
    expect(kinds).not.toContain('order_freeze');
    // each balance is the previous one plus the amount
    let running = new Dec('0');
    for (const r of rows.slice(2, -1)) {
      running = running.plus(r[3]!);
      expect(r[4]).toBe(running.toFixed(2));
      expect(r[0]).toMatch(/^2026-03-3\dT/);
    }
    expect(running.toFixed(2)).toBe(closing[4]);

    // a later month: its opening is this month's closing, and a later entry does not change March
    t.clock.set(new Date('2026-04-01T16:00:00Z'));
    await fund(t.app, u, 'MXN', '250.00');
    const march = parseCsv((await download((await link(u, { month: '2026-03', format: 'csv' })).url)).body);
    expect(march.at(-1)![4]).toBe(closing[4]);
    const april = parseCsv((await download((await link(u, { month: '2026-04', format: 'csv' })).url)).body);
    expect(april[1]![4]).toBe(closing[4]);
    expect(april.at(-1)![4]).toBe(await cash(u));
    expect(april.slice(2, -1).map((r) => r[1])).toEqual(['deposit']);

    const months = data<{ months: string[] }>(
      await post(t.app, '/funds/statementMonths', { currency: 'MXN' }, u.headers),
    );
    expect(months.months).toEqual(['2026-04', '2026-03']);
  });

  it('a month without entries still gives a statement (opening = closing)', async () => {
    t.clock.set(MONDAY);
    const u = await registerUser(t.app);
    const rows = parseCsv((await download((await link(u, { month: '2026-02', format: 'csv' })).url)).body);
    expect(rows).toEqual([
      ['time', 'kind', 'reference', 'amount', 'balance'],
      ['', 'opening', '', '', '0.00'],
      ['', 'closing', '', '', '0.00'],
    ]);
    const pdf = await download((await link(u, { month: '2026-02', format: 'pdf', lang: 'esp' })).url);
    expect(pdf.statusCode).toBe(200);
    expect(pdfFacts(pdf.rawPayload).pages).toBe(1);
    expect(
      data<{ months: string[] }>(await post(t.app, '/funds/statementMonths', { currency: 'MXN' }, u.headers)).months,
    ).toEqual(['2026-03']);
  });

  it('PDF: the CSV SHA-256 on every page, page x of y, German and Chinese glyphs embedded', async () => {
    t.clock.set(MONDAY);
    const u = await verifiedUser(t.app);
    // enough entries for three pages
    for (let i = 0; i < 40; i += 1) await fund(t.app, u, 'MXN', `${100 + i}.25`);
    const csv = (await download((await link(u, { month: '2026-03', format: 'csv' })).url)).body;
    const sha = csvSha256(csv);
    const lines = parseCsv(csv).length - 3;
    expect(lines).toBe(40);
    const expectedPages = Math.ceil((lines + 2) / ROWS_PER_PAGE);
    expect(expectedPages).toBe(2);

    const de = await download((await link(u, { month: '2026-03', format: 'pdf', lang: 'de' })).url);
    expect(de.statusCode).toBe(200);
    expect(de.headers['content-type']).toBe('application/pdf');
    expect(de.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const facts = pdfFacts(de.rawPayload);
    expect(facts.pages).toBe(expectedPages);
    expect(facts.contents).toHaveLength(expectedPages);
    for (const content of facts.contents) expect(shownHex(content)).toContain(sha);
    expect(facts.fonts.some((f) => f?.includes('NotoSansTC'))).toBe(true);
    expect(facts.fontFiles).toBeGreaterThan(0);
    // "Währung", "Anfangssaldo", amounts as 1.234,56: the embedded font maps ä and the comma
    for (const c of ['ä', 'W', ',', '1']) expect(fontHas(facts.cmaps, c)).toBe(true);

    const zh = await download((await link(u, { month: '2026-03', format: 'pdf', lang: 'zh' })).url);
    const zhFacts = pdfFacts(zh.rawPayload);
    expect(zhFacts.pages).toBe(expectedPages);
    for (const content of zhFacts.contents) expect(shownHex(content)).toContain(sha);
    // 每月對帳單, 期初餘額, 第 1 頁，共 2 頁: the glyphs are in the embedded subset
    for (const c of ['對', '帳', '單', '餘', '額', '頁']) expect(fontHas(zhFacts.cmaps, c)).toBe(true);
    // 時區：墨西哥城: the time zone is named in the language, not by its IANA id
    for (const c of ['區', '墨', '哥', '城']) expect(fontHas(zhFacts.cmaps, c)).toBe(true);

    const ko = pdfFacts(
      (await download((await link(u, { month: '2026-03', format: 'pdf', lang: 'kor' })).url)).rawPayload,
    );
    expect(ko.fonts.some((f) => f?.includes('NotoSansKR'))).toBe(true);
    for (const c of ['명', '세', '서', '잔', '액']) expect(fontHas(ko.cmaps, c)).toBe(true);
    // 시간대: 멕시코시티
    for (const c of ['대', '멕', '티']) expect(fontHas(ko.cmaps, c)).toBe(true);
  });

  it('refuses a future month, a tampered or expired link, and shows nobody else’s statement', async () => {
    t.clock.set(MONDAY);
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'MXN', '777.00');
    const future = await post(
      t.app,
      '/funds/statement',
      { currency: 'MXN', month: '2026-04', format: 'csv' },
      u.headers,
    );
    expect(future.http).toBe(400);
    expect(future.body).toMatchObject({ code: 'request.invalid', params: { fields: { month: 'out_of_range' } } });
    const bad = await post(t.app, '/funds/statement', { currency: 'MXN', month: '2026-13', format: 'csv' }, u.headers);
    expect(bad.body.params).toMatchObject({ fields: { month: 'format' } });
    const noFormat = await post(
      t.app,
      '/funds/statement',
      { currency: 'MXN', month: '2026-03', format: 'xls' },
      u.headers,
    );
    expect(noFormat.http).toBe(400);
    expect((await post(t.app, '/funds/statement', { currency: 'MXN', month: '2026-03', format: 'csv' })).http).toBe(
      401,
    );

    const good = await link(u, { month: '2026-03', format: 'csv' });
    expect((await download(good.url)).body).toContain('777.00');
    // another user's ticket: the signature no longer matches
    const other = await registerUser(t.app);
    const mine = new URL(good.url, 'http://x');
    const ticket = mine.pathname.split('/').at(-1)!;
    const stolen = [other.id, ...ticket.split('.').slice(1)].join('.');
    expect(stolen).not.toBe(ticket);
    const forged = await download(`/files/statements/${stolen}${mine.search}`);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'auth.forbidden' });
    // the other user's own link shows their (empty) statement, never u's entries
    const theirs = await download((await link(other, { month: '2026-03', format: 'csv' })).url);
    expect(theirs.body).not.toContain('777.00');
    // a changed signature, a changed expiry
    const sig = mine.searchParams.get('sig')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect((await download(`${mine.pathname}?exp=${mine.searchParams.get('exp')}&sig=${flipped}`)).statusCode).toBe(
      403,
    );
    const later = Number(mine.searchParams.get('exp')) + 60_000;
    expect((await download(`${mine.pathname}?exp=${later}&sig=${sig}`)).statusCode).toBe(403);
    expect((await download(mine.pathname)).statusCode).toBe(403);
    // an upload link's signature is no statement link
    expect((await download(`/files/statements/not-a-ticket${mine.search}`)).statusCode).toBe(403);
    // expired: 15 minutes later
    t.clock.set(new Date(MONDAY.getTime() + 15 * 60 * 1000 + 1));
    expect((await download(good.url)).statusCode).toBe(403);
    t.clock.set(MONDAY);
  });
});

describe('statement downloads are limited per account', () => {
  it('serves 20 fetches of statements in 10 minutes, then 429 until the window passes; other accounts unaffected', async () => {
    t.clock.set(MONDAY);
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { url } = await link(u, { month: '2026-03', format: 'csv' });
    for (let i = 0; i < 20; i += 1) expect((await download(url)).statusCode, `fetch ${i + 1}`).toBe(200);
    const refused = await download(url);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'request.too_frequent' });
    expect((await download((await link(other, { month: '2026-03', format: 'csv' })).url)).statusCode).toBe(200);
  });
});
