/**
 * Messages as codes (docs/decisions.md): every personal message the server stores is a code of
 * the contract's message catalogue with exactly its params, never an English sentence, and an
 * operator's reason is kept and sent as the literal text it is.
 */
import {
  isMessageCode,
  messageCatalogue,
  paramsIn,
  translatedParams,
  type LendingProduct,
  type LendingRecord,
  type MessageCode,
} from '@brokerage/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approve, configureChannels, fund, submitKyc, uploadImage, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';
import { runLendingSettlement } from '../lending/index.js';
import { noticesFor, plainTextParam } from './notices.service.js';
import { notices } from './notices.tables.js';

const t = useTestApp(undefined, undefined, { engine: false });

/** Monday 11:00 in Mexico City: inside the withdrawal window; the lending settlement is at Tuesday 00:00 UTC. */
const MONDAY = new Date('2026-03-02T17:00:00Z');
const TUESDAY = new Date('2026-03-03T00:00:05Z');
const DAY = 24 * 60 * 60 * 1000;

/** Params that carry what an operator or a product wrote: plain text, any characters. */
const TEXT_PARAMS = new Set(['reason', 'product', 'name', 'product.de', 'product.zh', 'product.esp', 'product.kor']);

const MARKUP_REASON =
  '  <a href="https://evil.example/claim" style="position:fixed;inset:0">Tap to verify</a>' +
  '<meta http-equiv="refresh" content="0;url=https://evil.example"> <script>alert(1)</script>  ';

const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;

beforeAll(async () => {
  t.clock.set(MONDAY);
  await configureChannels(t.app);
});

async function storedMessages(userIds: string[]) {
  return t.database.db.select().from(notices).where(inArray(notices.userId, userIds));
}

async function reviewer() {
  return adminLogin(t.app, 'reviewer');
}

async function deposit(u: TestUser, amount: string): Promise<string> {
  const proofImageId = await uploadImage(t.app, u, 'deposit_proof');
  const r = await post(t.app, '/funds/deposit', { channelId: 'ch_mx', amount, proofImageId }, u.headers);
  if (r.body.status !== 1) throw new Error(`deposit: ${JSON.stringify(r.body)}`);
  return data<{ id: string }>(r).id;
}

async function withdrawer(): Promise<{ u: TestUser; cardId: string }> {
  const u = await verifiedUser(t.app);
  await fund(t.app, u, 'MXN', '5000.00');
  await post(
    t.app,
    '/user/setFundPassword',
    { fundPassword: '246810', confirmFundPassword: '246810', loginPassword: u.password },
    u.headers,
  );
  const card = await post(
    t.app,
    '/card/add',
    {
      holder: 'Ana López',
      cardNumber: '4152313412345678',
      bankName: 'BBVA México',
      branch: 'CDMX Centro',
      bankCode: '012',
    },
    u.headers,
  );
  return { u, cardId: data<{ cardId: string }>(card).cardId };
}

async function withdraw(w: { u: TestUser; cardId: string }, amount: string): Promise<string> {
  const r = await post(t.app, '/funds/withdraw', { amount, fundPassword: '246810', cardId: w.cardId }, w.u.headers);
  if (r.body.status !== 1) throw new Error(`withdraw: ${JSON.stringify(r.body)}`);
  return data<{ id: string }>(r).id;
}

async function lendingProduct(terms: Record<string, unknown>): Promise<LendingProduct> {
  const r = await post(
    t.app,
    '/api/admin/lending/create',
    {
      name: 'MXN 1-day <b>note</b>',
      currency: 'MXN',
      dailyRate: '0.001',
      termDays: 1,
      minAmount: '1000',
      quota: '1000000',
      open: true,
      reason: 'new product',
      ...terms,
    },
    await adminLogin(t.app, 'admin'),
  );
  if (r.body.status !== 1) throw new Error(`product: ${JSON.stringify(r.body)}`);
  return data<LendingProduct>(r);
}

describe('personal messages are codes with params', () => {
  it('after every review decision and the lending settlement, no stored message is a sentence', async () => {
    t.clock.set(MONDAY);
    const admin = await reviewer();

    // real name: rejected (the verified users below each get an approval)
    const kycUser = await registerUser(t.app);
    await post(
      t.app,
      '/api/admin/review/reject',
      { queue: 'kyc', id: await submitKyc(t.app, kycUser), reason: 'Photo unreadable' },
      admin,
    );

    // deposits: one approved, one rejected
    const depositor = await verifiedUser(t.app);
    await approve(t.app, 'deposit', await deposit(depositor, '1500.00'));
    await post(
      t.app,
      '/api/admin/review/reject',
      { queue: 'deposit', id: await deposit(depositor, '2500.00'), reason: 'Proof does not match the amount' },
      admin,
    );

    // withdrawals: one approved, one rejected
    const w = await withdrawer();
    await approve(t.app, 'withdraw', await withdraw(w, '600.00'));
    await post(
      t.app,
      '/api/admin/review/reject',
      { queue: 'withdraw', id: await withdraw(w, '700.00'), reason: 'Card closed' },
      admin,
    );

    // lending: one matched then completed, one failed (product closed before the settlement)
    const lender = await verifiedUser(t.app);
    await fund(t.app, lender, 'MXN', '10000.00');
    const open = await lendingProduct({ names: { de: 'MXN-1-Tages-<b>Note</b>', kor: 'MXN 1일 노트' } });
    const closing = await lendingProduct({ name: 'MXN closing' });
    for (const productId of [open.id, closing.id]) {
      const r = await post(t.app, '/lending/apply', { productId, amount: '2000' }, lender.headers);
      expect(data<LendingRecord>(r).state).toBe('active');
    }
    await post(
      t.app,
      '/api/admin/lending/update',
      { id: closing.id, open: false, reason: 'closed early' },
      await adminLogin(t.app, 'admin'),
    );
    t.clock.set(TUESDAY);
    expect(await runLendingSettlement(t.deps)).toMatchObject({ succeeded: 1, failed: 1 });
    t.clock.set(new Date(TUESDAY.getTime() + DAY));
    expect((await runLendingSettlement(t.deps)).completed).toBe(1);

    const rows = await storedMessages([kycUser.id, depositor.id, w.u.id, lender.id]);
    const codes = rows.map((r) => r.code).sort();
    const expected: MessageCode[] = [
      'message.deposit.approved', // the depositor's
      'message.deposit.approved', // the withdrawer's funding
      'message.deposit.approved', // the lender's funding
      'message.deposit.rejected',
      'message.kyc.approved', // the depositor's real name
      'message.kyc.approved', // the withdrawer's
      'message.kyc.approved', // the lender's
      'message.kyc.rejected',
      'message.lending.completed',
      'message.lending.failed',
      'message.lending.matched',
      'message.withdraw.approved',
      'message.withdraw.rejected',
    ];
    expect(codes).toEqual(expected.sort());

    for (const row of rows) {
      const where = `${row.id} ${row.code}`;
      expect(row.kind, where).toBe('message');
      // no English title or content is stored for a message
      expect(row.title, where).toBeNull();
      expect(row.content, where).toBeNull();
      expect(row.code !== null && isMessageCode(row.code), where).toBe(true);
      const code = row.code as MessageCode;
      expect(code, where).not.toBe('message.legacy');
      const params = row.params ?? {};
      // exactly the code's params, and a product's name in other languages where the code allows it
      const declared: readonly string[] = messageCatalogue[code].params;
      const others = translatedParams(code).flatMap((p) => ['de', 'zh', 'esp', 'kor'].map((l) => `${p}.${l}`));
      expect(
        Object.keys(params)
          .filter((key) => !others.includes(key))
          .sort(),
        where,
      ).toEqual([...declared].sort());
      for (const [key, value] of Object.entries(params)) {
        expect(typeof value, `${where} ${key}`).toBe('string');
        // only what an operator or a product wrote may be words; everything else is a value
        if (!TEXT_PARAMS.has(key)) expect(value, `${where} ${key}`).toMatch(/^[A-Za-z0-9_.:-]+$/);
      }
    }

    const byCode = (code: MessageCode) => rows.filter((r) => r.code === code).map((r) => r.params);
    expect(byCode('message.kyc.approved')).toEqual([
      { name: 'Ana López' },
      { name: 'Ana López' },
      { name: 'Ana López' },
    ]);
    expect(byCode('message.deposit.rejected')).toEqual([
      expect.objectContaining({ amount: '2500.00', currency: 'MXN', reason: 'Proof does not match the amount' }),
    ]);
    expect(byCode('message.withdraw.rejected')).toEqual([
      expect.objectContaining({ amount: '700.00', currency: 'MXN', reason: 'Card closed' }),
    ]);
    // the product's names as the operator wrote them, plain text like the English one
    expect(byCode('message.lending.completed')).toEqual([
      {
        product: 'MXN 1-day <b>note</b>',
        'product.de': 'MXN-1-Tages-<b>Note</b>',
        'product.kor': 'MXN 1일 노트',
        amount: '2000.00',
        interest: '2.00',
        currency: 'MXN',
      },
    ]);
    // a product without translations: its English name only
    expect(byCode('message.lending.failed')).toEqual([{ product: 'MXN closing', amount: '2000.00', currency: 'MXN' }]);
    expect(byCode('message.lending.matched')).toEqual([
      expect.objectContaining({
        'product.de': 'MXN-1-Tages-<b>Note</b>',
        startedAt: '2026-03-03T00:00:00.000Z',
        endsAt: '2026-03-04T00:00:00.000Z',
      }),
    ]);

    // /user/notice sends them with the code (read here as the route does: the lender's session has
    // idled out over the two days); a German reader's text is the German name (paramsIn)
    const sent = (await noticesFor(t.database.db, lender.id)).find((n) => n.code === 'message.lending.completed');
    expect(sent?.params?.['product.de']).toBe('MXN-1-Tages-<b>Note</b>');
    expect(paramsIn('message.lending.completed', sent?.params ?? {}, 'de').product).toBe('MXN-1-Tages-<b>Note</b>');
    // the English rendering for older clients keeps the English name
    expect(sent?.content).toBe(
      'MXN 1-day <b>note</b>: 2000.00 MXN and interest of 2.00 MXN credited to your available balance.',
    );
  });

  it('keeps a reason with markup as literal text: stored, on the record and in /user/notice', async () => {
    t.clock.set(MONDAY);
    const w = await withdrawer();
    const id = await withdraw(w, '800.00');
    const rejected = await post(
      t.app,
      '/api/admin/review/reject',
      { queue: 'withdraw', id, reason: MARKUP_REASON },
      await reviewer(),
    );
    expect(rejected.body.status).toBe(1);
    const literal = MARKUP_REASON.trim();

    const records = data<{ list: { id: string; rejectReason: string | null }[] }>(
      await post(t.app, '/funds/records', { tab: 'withdraw' }, w.u.headers),
    );
    expect(records.list.find((r) => r.id === id)?.rejectReason).toBe(literal);

    const [row] = (await storedMessages([w.u.id])).filter((r) => r.code === 'message.withdraw.rejected');
    expect(row?.params?.reason).toBe(literal);

    const list = data<
      {
        id: string;
        kind: string;
        title: string;
        content: string;
        code: string | null;
        params: Record<string, string> | null;
      }[]
    >(await post(t.app, '/user/notice', {}, w.u.headers));
    const message = list.find((n) => n.id === row?.id);
    expect(message).toMatchObject({
      kind: 'message',
      code: 'message.withdraw.rejected',
      params: { orderNo: expect.any(String), amount: '800.00', currency: 'MXN', reason: literal },
    });
    // the English fallback carries the reason (§1.11) as the same literal text, not cleaned HTML
    expect(message?.title).toBe('Withdrawal rejected');
    expect(message?.content).toContain(`Reason: ${literal}`);
    // notices for everyone keep their shape: no code, sanitised HTML
    expect(list.filter((n) => n.kind === 'notice').every((n) => n.code === null && n.params === null)).toBe(true);
  });

  it('sanitises a notice for everyone when it is saved and when it is edited', async () => {
    const admin = await adminLogin(t.app, 'admin');
    const dirty =
      '<p>Closed <em>Monday</em></p><meta http-equiv="refresh" content="0;url=https://evil.example">' +
      '<a href="https://example.com" style="position:fixed;inset:0" onclick="x()">hours</a><a href="javascript:alert(1)">js</a><script>alert(1)</script>';
    const created = data<{ id: string; content: string }>(
      await post(t.app, '/api/admin/notice/create', { title: 'Hours', content: dirty, reason: 'planned work' }, admin),
    );
    expect(created.content).toBe('<p>Closed <em>Monday</em></p><a href="https://example.com">hours</a><a>js</a>');
    const edited = data<{ after?: { content: string }; content?: string }>(
      await post(
        t.app,
        '/api/admin/notice/update',
        { id: created.id, content: `${dirty}<form action="https://evil.example"><input></form>`, reason: 'edit' },
        admin,
      ),
    );
    expect(JSON.stringify(edited)).not.toMatch(/<meta|<script|<form|<input|style=|onclick|javascript:/i);
    await post(t.app, '/api/admin/notice/publish', { id: created.id, reason: 'announce' }, admin);
    const u = await registerUser(t.app);
    const listed = data<{ id: string; content: string }[]>(await post(t.app, '/user/notice', {}, u.headers)).find(
      (n) => n.id === created.id,
    );
    expect(listed?.content).toBe('<p>Closed <em>Monday</em></p><a href="https://example.com">hours</a><a>js</a>');
  });

  it('stores a param as plain text: trimmed, no control characters, capped', () => {
    expect(plainTextParam('  <b>x</b>\u0000\u0007 y\n z  ')).toBe('<b>x</b> y\n z');
    expect(plainTextParam('x'.repeat(600))).toHaveLength(500);
  });

  it('refuses a message row in the shape of a sentence (database check)', async () => {
    const u = await registerUser(t.app);
    await expect(
      t.database.db.insert(notices).values({
        id: 'nt_sentence',
        kind: 'message',
        userId: u.id,
        title: 'Deposit rejected',
        content: 'Your deposit was rejected.',
        createdAt: t.clock.now(),
      }),
    ).rejects.toThrow();
    expect(await t.database.db.select().from(notices).where(eq(notices.id, 'nt_sentence'))).toEqual([]);
  });
});
