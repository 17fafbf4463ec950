/**
 * The seed (docs/api.md §21): the demo has a deposit channel for every enabled currency, seeded once
 * and never over an operator's value; the legal texts exist in every language without a
 * template placeholder, are served in the caller's language with English as the fallback, and
 * an install from before languages (migration 0016) keeps its English texts and gets the new ones.
 */
import {
  configKeyDef,
  languages,
  legalKinds,
  type Alert,
  type DepositChannel,
  type LegalDocument,
} from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currentLegal, storeLegal } from '../modules/common/index.js';
import { ManualClock } from '../platform/clock.js';
import { rowsOf, type Db } from '../platform/db.js';
import { allSettingRows } from '../platform/settings.repository.js';
import { approve, configureChannels, uploadImage, verifiedUser } from '../test/funds-helpers.js';
import { post, TEST_INVITE, useTestApp } from '../test/harness.js';
import { migratedBefore } from '../test/migration.js';
import { openTestDatabase } from '../test/test-db.js';
import { COMPANY_NAME, LEGAL_VERSION, legalTexts } from './legal-texts.js';
import { checkSeedOrder, seedEssentials } from './seed.js';

const t = useTestApp(undefined, undefined, { engine: false });
const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;
/** A template field left to fill in: "[Company legal name]", "[Product name]". */
const PLACEHOLDER = /\[[^\]]*\]/;

describe('demo deposit channels', () => {
  it('offers a channel for every currency enabled by default, with what a user needs to pay in', async () => {
    const u = await verifiedUser(t.app);
    const list = data<{ list: DepositChannel[] }>(await post(t.app, '/funds/depositChannels', {}, u.headers)).list;
    for (const currency of configKeyDef('currencies.enabled').default) {
      const channels = list.filter((c) => c.currency === currency);
      expect(channels.length, currency).toBeGreaterThan(0);
      for (const c of channels) {
        expect(c.inWindow, c.channelId).toBe(true);
        expect(c.name, c.channelId).toMatch(/demo/i);
        if (c.type === 'bank') {
          expect([c.accountName, c.accountNumber, c.bankName].every(Boolean), c.channelId).toBe(true);
          expect(c.bankName, c.channelId).toMatch(/demo/i);
        } else {
          expect([c.network, c.address].every(Boolean), c.channelId).toBe(true);
        }
      }
    }
    expect(list.find((c) => c.currency === 'USDT')).toMatchObject({ type: 'crypto', network: 'TRC20' });
    expect(new Set(list.filter((c) => c.type === 'bank').map((c) => c.currency))).toEqual(
      new Set(['MXN', 'USD', 'EUR']),
    );
  });

  it('takes a deposit through the demo MXN channel, which the reviewer approves', async () => {
    const u = await verifiedUser(t.app);
    const { list } = data<{ list: DepositChannel[] }>(
      await post(t.app, '/funds/depositChannels', { currency: 'MXN' }, u.headers),
    );
    const r = await post(
      t.app,
      '/funds/deposit',
      { channelId: list[0]!.channelId, amount: '1000.00', proofImageId: await uploadImage(t.app, u, 'deposit_proof') },
      u.headers,
    );
    expect(r.body.code).toBe('result.deposit.ok');
    await approve(t.app, 'deposit', data<{ id: string }>(r).id);
    const assets = data<{ accounts: { currency: string; available: string }[] }>(
      await post(t.app, '/user/assets', { currency: 'MXN' }, u.headers),
    );
    expect(assets.accounts.find((a) => a.currency === 'MXN')?.available).toBe('1000.00');
  });

  it('seeds once: a second run, and an operator value, are left as they are', async () => {
    await t.seedDemo({ inviteCode: TEST_INVITE, extent: 'catalogue' });
    const before = (await allSettingRows(t.database.db)).filter((r) => r.key === 'deposit.channels');
    expect(before).toHaveLength(1);
    await configureChannels(t.app); // the operator's channels
    await t.seedDemo({ inviteCode: TEST_INVITE, extent: 'catalogue' });
    const after = (await allSettingRows(t.database.db)).find((r) => r.key === 'deposit.channels');
    expect((after?.value as { id: string }[]).map((c) => c.id)).toEqual(['ch_mx', 'ch_usdt', 'ch_usd']);
    expect(after?.updatedBy).not.toBeNull();
  });

  it('seeds no channel without the demo', async () => {
    const database = await openTestDatabase();
    try {
      await seedEssentials(database.db, new ManualClock(new Date('2026-03-02T15:00:00Z')));
      expect((await allSettingRows(database.db)).filter((r) => r.key === 'deposit.channels')).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe("the modules' seeds", () => {
  it('run in the module list order, each after the modules it names', () => {
    const run = async () => undefined;
    expect(() =>
      checkSeedOrder([
        { name: 'auth', seed: { run } },
        { name: 'market' },
        { name: 'alerts', seed: { after: ['auth'], run } },
      ]),
    ).not.toThrow();
    // named but later in the list, or without a seed of its own: refused before anything runs
    expect(() =>
      checkSeedOrder([
        { name: 'alerts', seed: { after: ['auth'], run } },
        { name: 'auth', seed: { run } },
      ]),
    ).toThrow(/alerts needs auth/);
    expect(() => checkSeedOrder([{ name: 'auth' }, { name: 'alerts', seed: { after: ['auth'], run } }])).toThrow(
      /alerts needs auth/,
    );
  });

  it('seed the catalogue once: the block key on the first run only, the products in place', async () => {
    expect(await t.seedDemo({ inviteCode: TEST_INVITE, extent: 'catalogue' })).toEqual([]);
    const count = async (table: string) =>
      rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n;
    expect(await count('block_products')).toBe(3);
    expect(await count('lending_products')).toBe(3);
    // the catalogue holds no account and no copy fund (the full demo does)
    expect(await count('copy_funds')).toBe(0);
    expect(await count(`users where id = 'u_demo'`)).toBe(0);
  });
});

describe('the full demo (npm start)', () => {
  it('adds a demo account to log in with, its price alerts with their history, and the copy funds, once', async () => {
    const notes = await t.seedDemo({ inviteCode: TEST_INVITE, extent: 'full' });
    const login = notes.find((n) => n.label === 'Demo login');
    expect(login?.value).toMatch(/^5215550000000 \/ \S{8,}$/);
    const [account, password] = login!.value.split(' / ');
    const r = await post(t.app, '/user/login', { account, password });
    expect(r.body.status).toBe(1);
    const headers = { token: (r.body.data as { token: string }).token, account: account! };

    const alerts = data<{ list: Alert[]; total: number }>(await post(t.app, '/alert/list', { size: 50 }, headers));
    const states = alerts.list.map((a) => a.state).sort();
    expect(states).toEqual(['active', 'active', 'active', 'cancelled', 'expired', 'triggered']);
    const now = t.clock.now().toISOString();
    for (const a of alerts.list) {
      expect(a.createdAt < now, a.id).toBe(true);
      if (a.state === 'active') {
        expect(a.expiresAt > now, a.id).toBe(true);
        expect(a.triggeredAt, a.id).toBeNull();
      }
    }
    // the fired one was reached at the price it fired at
    const fired = alerts.list.find((a) => a.state === 'triggered')!;
    expect(fired.kind).toBe('price_above');
    expect(Number(fired.triggerPrice) >= Number(fired.value)).toBe(true);
    expect(fired.triggeredAt! < now).toBe(true);
    // one event per ending, in its alert's state, at the instant it ended; the firing's message
    const events = rowsOf<{ alert_id: string; state: string; price: string | null }>(
      await t.database.db.execute(
        sql`select alert_id, state, price from alert_events where user_id = 'u_demo' order by alert_id`,
      ),
    );
    expect(events.map((e) => [e.alert_id, e.state])).toEqual(
      alerts.list
        .filter((a) => a.state !== 'active')
        .map((a) => [a.id, a.state])
        .sort(([x], [y]) => x!.localeCompare(y!)),
    );
    expect(events.find((e) => e.state === 'triggered')?.price).not.toBeNull();
    const messages = rowsOf<{ code: string }>(
      await t.database.db.execute(sql`select code from notices where user_id = 'u_demo' order by created_at`),
    );
    // the alert's message from the seed; the test's own sign-in above is the account's first, so it is reported too
    expect(messages).toEqual([{ code: 'message.alert.price_above' }, { code: 'message.security.new_login' }]);
    const funds = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from copy_funds`));
    expect(funds[0]?.n).toBe(2);

    // again: nothing added, nothing printed
    expect(await t.seedDemo({ inviteCode: TEST_INVITE, extent: 'full' })).toEqual([]);
    const again = data<{ total: number }>(await post(t.app, '/alert/list', { size: 50 }, headers));
    expect(again.total).toBe(6);
  });
});

describe('legal texts in every language', () => {
  it('has every text in every language, named, without a placeholder, saying it is a demo', () => {
    for (const lang of languages) {
      for (const kind of legalKinds) {
        const text = legalTexts[lang][kind];
        const where = `${lang} ${kind}`;
        expect(text.title.trim(), where).not.toBe('');
        expect(text.content, where).not.toMatch(PLACEHOLDER);
        expect(text.content, where).toContain(COMPANY_NAME);
        expect(text.content, where).toMatch(/demo|示範|데모/i);
      }
      // every language has the same sections as English
      for (const kind of legalKinds) {
        const count = (html: string) => (html.match(/<h2>/g) ?? []).length;
        expect(count(legalTexts[lang][kind].content), `${lang} ${kind}`).toBe(count(legalTexts.en[kind].content));
      }
    }
  });

  it.each(languages)('/common/legal serves the %s texts in that language', async (lang) => {
    for (const kind of legalKinds) {
      const doc = data<LegalDocument>(await post(t.app, '/common/legal', { kind, lang }));
      expect(doc).toMatchObject({ kind, lang, version: LEGAL_VERSION, title: legalTexts[lang][kind].title });
      expect(doc.content).toContain('Meridian Securities');
      expect(doc.content).not.toMatch(PLACEHOLDER);
    }
  });

  it('answers in English without a language, refuses an unknown one, and falls back to English for a newer version not yet translated', async () => {
    expect(data<LegalDocument>(await post(t.app, '/common/legal', { kind: 'about' }))).toMatchObject({
      lang: 'en',
      title: 'About us',
    });
    expect((await post(t.app, '/common/legal', { kind: 'about', lang: 'fr' })).body).toMatchObject({
      code: 'request.invalid',
      params: { fields: { lang: 'enum' } },
    });
    const fresh = await openTestDatabase();
    try {
      await storeLegal(fresh.db, {
        kind: 'privacy',
        version: '2026-11-27',
        lang: 'de',
        title: 'Alt',
        content: '<p>alt</p>',
        updatedAt: new Date(),
      });
      await storeLegal(fresh.db, {
        kind: 'privacy',
        version: '2026-11-27',
        lang: 'en',
        title: 'Old',
        content: '<p>old</p>',
        updatedAt: new Date(),
      });
      expect(await currentLegal(fresh.db, 'privacy', 'de')).toMatchObject({ lang: 'de', title: 'Alt' });
      // the newest text is the one in force: English until it is translated
      await storeLegal(fresh.db, {
        kind: 'privacy',
        version: '2027-01',
        lang: 'en',
        title: 'New',
        content: '<p>new</p>',
        updatedAt: new Date(),
      });
      expect(await currentLegal(fresh.db, 'privacy', 'de')).toMatchObject({
        lang: 'en',
        title: 'New',
        version: '2027-01',
      });
      expect(await currentLegal(fresh.db, 'privacy', 'kor')).toMatchObject({ lang: 'en', title: 'New' });
    } finally {
      await fresh.close();
    }
  });
});

describe('migration 0016 (legal texts per language)', () => {
  it('keeps the English texts of an existing install and adds the new version in every language', async () => {
    const { db, migrateRest, close } = await migratedBefore('0016_legal_languages');
    try {
      await db.execute(sql`insert into legal_documents (kind, version, title, content, updated_at) values
        ('agreement', '2026-11', 'User agreement', '<p>[Company legal name]</p>', now())`);
      await migrateRest();
      const old = rowsOf<{ lang: string; version: string }>(
        await db.execute(sql`select lang, version from legal_documents`),
      );
      expect(old).toEqual([{ lang: 'en', version: '2026-11' }]);
      await seedEssentials(db as unknown as Db, new ManualClock(new Date('2026-11-27T12:00:00Z')));
      const de = await currentLegal(db as unknown as Db, 'agreement', 'de');
      expect(de).toMatchObject({ lang: 'de', version: LEGAL_VERSION, title: 'Nutzungsvereinbarung' });
      expect(de.content).not.toMatch(PLACEHOLDER);
      const count = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from legal_documents where version = ${LEGAL_VERSION}`),
      );
      expect(count[0]?.n).toBe(languages.length * legalKinds.length);
    } finally {
      await close();
    }
  });
});
