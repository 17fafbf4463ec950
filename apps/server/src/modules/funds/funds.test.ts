import { randomUUID } from 'node:crypto';
import { Dec, reviewItem, reviewListItem } from '@brokerage/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { approve, configureChannels, fund, submitKyc, uploadImage, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';

const t = useTestApp();

beforeAll(async () => {
  // Monday 11:00 in Mexico City: inside the default withdrawal window (09:30–24:00, Mon–Fri)
  t.clock.set(new Date('2026-03-02T17:00:00Z'));
  await configureChannels(t.app);
});

const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;

async function assets(user: TestUser, currency = 'MXN') {
  const r = await post(t.app, '/user/assets', { currency }, user.headers);
  return data<{ accounts: { currency: string; available: string; frozen: string }[] }>(r).accounts.find(
    (a) => a.currency === currency,
  )!;
}

async function setFundPassword(user: TestUser, fundPassword = '246810') {
  await post(
    t.app,
    '/user/setFundPassword',
    { fundPassword, confirmFundPassword: fundPassword, loginPassword: user.password },
    user.headers,
  );
}

async function addCard(user: TestUser, cardNumber = '4152313412345678') {
  const r = await post(
    t.app,
    '/card/add',
    { holder: 'ANA LOPEZ', cardNumber, bankName: 'BBVA México', branch: 'CDMX Centro', bankCode: '012' },
    user.headers,
  );
  return data<{ cardId: string; numberMasked: string }>(r);
}

describe('real-name verification (docs/api.md §7.9–§7.10, §3.4)', () => {
  it('starts with nothing, then goes pending with the ID masked 6 + 1', async () => {
    const u = await registerUser(t.app);
    expect(data(await post(t.app, '/user/kycStatus', {}, u.headers))).toEqual({
      kycStatus: 'none',
      name: null,
      idNumberMasked: null,
      submittedAt: null,
      reviewedAt: null,
      rejectReason: null,
    });
    await submitKyc(t.app, u);
    const s = data<{ kycStatus: string; idNumberMasked: string }>(await post(t.app, '/user/kycStatus', {}, u.headers));
    expect(s.kycStatus).toBe('pending');
    expect(s.idNumberMasked).toBe('LOPA85*******7');
  });

  it("refuses another user's upload, a wrong purpose and a reused upload with unknown_upload", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const foreign = await uploadImage(t.app, b, 'kyc_front');
    const back = await uploadImage(t.app, a, 'kyc_back');
    const body = { name: 'Ana López', idNumber: 'LOPA850101HDF7', frontImageId: foreign, backImageId: back };
    const r1 = await post(t.app, '/user/kycSubmit', body, a.headers);
    expect(r1.http).toBe(400);
    expect(r1.body.params).toEqual({ fields: { frontImageId: 'unknown_upload' } });
    const front = await uploadImage(t.app, a, 'deposit_proof');
    expect((await post(t.app, '/user/kycSubmit', { ...body, frontImageId: front }, a.headers)).body.params).toEqual({
      fields: { frontImageId: 'unknown_upload' },
    });
    // the refused calls claimed nothing: the back image is still usable
    const ok = await post(
      t.app,
      '/user/kycSubmit',
      { ...body, frontImageId: await uploadImage(t.app, a, 'kyc_front') },
      a.headers,
    );
    expect(ok.body.code).toBe('result.submit.ok');
    const again = await post(
      t.app,
      '/user/kycSubmit',
      { ...body, frontImageId: await uploadImage(t.app, a, 'kyc_front') },
      a.headers,
    );
    expect(again.body.params).toEqual({ fields: { backImageId: 'unknown_upload' } });
  });

  it('shows the reviewer the full ID and signed photos; a rejection tells the user why; approval verifies once', async () => {
    const u = await registerUser(t.app);
    const id = await submitKyc(t.app, u);
    const reviewer = await adminLogin(t.app, 'reviewer');
    // the list masks the ID and carries no image links; the audited detail shows them
    // both answers fit the contract's typed items (a union on `queue`)
    const rawListed = data<{ list: unknown[] }>(
      await post(t.app, '/api/admin/review/list', { queue: 'kyc', userId: u.id }, reviewer),
    ).list[0];
    expect(rawListed).not.toHaveProperty('details.frontImageUrl');
    const listed = reviewListItem.parse(rawListed);
    if (listed.queue !== 'kyc') throw new Error(`a ${listed.queue} item in the kyc queue`);
    expect(listed.details.idNumber).toBe('LOPA85*******7');
    const detail = reviewItem.parse(
      data(await post(t.app, '/api/admin/review/detail', { queue: 'kyc', id }, reviewer)),
    );
    if (detail.queue !== 'kyc') throw new Error(`a ${detail.queue} item in the kyc queue`);
    expect(detail.details.idNumber).toBe('LOPA850101HDF7');
    expect((await t.app.inject({ method: 'GET', url: detail.details.frontImageUrl })).statusCode).toBe(200);

    await post(t.app, '/api/admin/review/reject', { queue: 'kyc', id, reason: 'Photo unreadable' }, reviewer);
    expect(data(await post(t.app, '/user/kycStatus', {}, u.headers))).toMatchObject({
      kycStatus: 'rejected',
      rejectReason: 'Photo unreadable',
    });
    const notices = data<{ kind: string; content: string; code: string; params: Record<string, string> }[]>(
      await post(t.app, '/user/notice', {}, u.headers),
    );
    // §1.11: the rejection's message carries the reason (a param, and in the English content)
    expect(notices.find((n) => n.kind === 'message')).toMatchObject({
      code: 'message.kyc.rejected',
      params: { reason: 'Photo unreadable' },
      content: 'Your real-name verification was rejected. Reason: Photo unreadable',
    });
    expect(
      (await post(t.app, '/api/admin/review/approve', { queue: 'kyc', id, reason: 'late' }, reviewer)).body.code,
    ).toBe('review.not_pending');

    const second = await submitKyc(t.app, u, 'Ana López');
    await approve(t.app, 'kyc', second);
    expect(data(await post(t.app, '/user/getUserinfo', {}, u.headers))).toMatchObject({
      is_true: 1,
      realname: 'Ana López',
      kycStatus: 'verified',
    });
    const front = await uploadImage(t.app, u, 'kyc_front');
    const back = await uploadImage(t.app, u, 'kyc_back');
    const r = await post(
      t.app,
      '/user/kycSubmit',
      { name: 'Ana López', idNumber: 'LOPA850101HDF7', frontImageId: front, backImageId: back },
      u.headers,
    );
    expect(r.body.code).toBe('kyc.already_verified');
  });
});

describe('cards and wallets (docs/api.md §11)', () => {
  it('needs a verified name that matches the holder, masks the number and refuses duplicates', async () => {
    const newcomer = await registerUser(t.app);
    expect(
      (
        await post(
          t.app,
          '/card/add',
          { holder: 'X Y', cardNumber: '4152313412345678', bankName: 'BBVA', branch: 'C', bankCode: '012' },
          newcomer.headers,
        )
      ).body.code,
    ).toBe('kyc.required');
    const u = await verifiedUser(t.app);
    const mismatch = await post(
      t.app,
      '/card/add',
      { holder: 'Someone Else', cardNumber: '4152313412345678', bankName: 'BBVA', branch: 'C', bankCode: '012' },
      u.headers,
    );
    expect(mismatch.body.code).toBe('card.holder_mismatch');
    const card = await addCard(u, '4152 3134 1234 5678');
    expect(card.numberMasked).toBe('4152********5678');
    expect(
      (
        await post(
          t.app,
          '/card/add',
          { holder: 'Ana López', cardNumber: '4152313412345678', bankName: 'BBVA', branch: 'C', bankCode: '012' },
          u.headers,
        )
      ).body.code,
    ).toBe('card.exists');
    const clabe = await addCard(u, '012180001234567891');
    expect(clabe.numberMasked).toBe('0121********567891');
    const list = data<{ cards: unknown[] }>(await post(t.app, '/card/list', {}, u.headers));
    expect(JSON.stringify(list)).not.toContain('4152313412345678');
    // the back office sees the full number and ID (an audited read)
    const admin = await adminLogin(t.app, 'admin');
    const detail = data<{ cards: { cardNumber: string }[]; idNumber: string }>(
      await post(t.app, '/api/admin/user/detail', { userId: u.id }, admin),
    );
    expect(detail.cards.map((c) => c.cardNumber).sort()).toEqual(['012180001234567891', '4152313412345678']);
    expect(detail.idNumber).toBe('LOPA850101HDF7');
  });

  it("refuses deleting someone else's card, and any card while a fund operation is pending", async () => {
    const a = await verifiedUser(t.app);
    const b = await verifiedUser(t.app);
    const card = await addCard(a);
    expect((await post(t.app, '/card/delete', { cardId: card.cardId }, b.headers)).body.code).toBe('card.not_owned');
    expect((await post(t.app, '/card/delete', { cardId: 'c_nope' }, a.headers)).body.code).toBe('card.not_found');
    const proof = await uploadImage(t.app, a, 'deposit_proof');
    await post(t.app, '/funds/deposit', { channelId: 'ch_mx', amount: '1000.00', proofImageId: proof }, a.headers);
    expect((await post(t.app, '/card/delete', { cardId: card.cardId }, a.headers)).body.code).toBe(
      'funds.operation_pending',
    );
  });

  it('binds a wallet with a valid address and its QR, and unbinds it', async () => {
    const u = await verifiedUser(t.app);
    const qr = await uploadImage(t.app, u, 'wallet_qr');
    const bad = await post(t.app, '/wallet/add', { type: 'USDT-TRC20', address: '0xabc', qrImageId: qr }, u.headers);
    expect(bad.body.params).toEqual({ fields: { address: 'format' } });
    const address = 'TQ5NqLhxWbS7mZr3k3d8K1b2c3d4e5f6g7';
    const ok = await post(t.app, '/wallet/add', { type: 'USDT-TRC20', address, qrImageId: qr }, u.headers);
    expect(ok.body.code).toBe('result.add.ok');
    const walletId = data<{ walletId: string }>(ok).walletId;
    const again = await post(
      t.app,
      '/wallet/add',
      { type: 'USDT-TRC20', address, qrImageId: await uploadImage(t.app, u, 'wallet_qr') },
      u.headers,
    );
    expect(again.body.code).toBe('wallet.exists');
    expect((await post(t.app, '/wallet/delete', { walletId }, u.headers)).body.code).toBe('result.unbind.ok');
  });
});

describe('deposits (docs/api.md §10.1–§10.2)', () => {
  it('lists channels with their effective window and bounds', async () => {
    const u = await registerUser(t.app);
    const list = data<{
      list: { channelId: string; min: string; max: string; inWindow: boolean; accountNumber: string }[];
    }>(await post(t.app, '/funds/depositChannels', { currency: 'MXN' }, u.headers)).list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      channelId: 'ch_mx',
      min: '100.00',
      max: '1000000.00',
      inWindow: true,
      accountNumber: '012180001234567891',
    });
  });

  it('checks the rules in order and credits nothing until approval', async () => {
    const newcomer = await registerUser(t.app);
    const p0 = await uploadImage(t.app, newcomer, 'deposit_proof');
    expect(
      (
        await post(
          t.app,
          '/funds/deposit',
          { channelId: 'ch_mx', amount: '500.00', proofImageId: p0 },
          newcomer.headers,
        )
      ).body.code,
    ).toBe('kyc.required');
    const u = await verifiedUser(t.app);
    const proof = () => uploadImage(t.app, u, 'deposit_proof');
    expect(
      (
        await post(
          t.app,
          '/funds/deposit',
          { channelId: 'ch_nope', amount: '500.00', proofImageId: await proof() },
          u.headers,
        )
      ).body.code,
    ).toBe('record.not_found');
    expect(
      (
        await post(
          t.app,
          '/funds/deposit',
          { channelId: 'ch_mx', amount: '99.99', proofImageId: await proof() },
          u.headers,
        )
      ).body,
    ).toMatchObject({ code: 'deposit.below_min', params: { min: '100.00', currency: 'MXN' } });
    expect(
      (
        await post(
          t.app,
          '/funds/deposit',
          { channelId: 'ch_mx', amount: '1000000.01', proofImageId: await proof() },
          u.headers,
        )
      ).body.code,
    ).toBe('deposit.above_max');
    const ok = await post(
      t.app,
      '/funds/deposit',
      { channelId: 'ch_mx', amount: '5000.00', proofImageId: await proof() },
      u.headers,
    );
    expect(ok.body).toMatchObject({
      code: 'result.deposit.ok',
      data: { state: 'pending', amount: '5000.00', currency: 'MXN' },
    });
    expect(
      (
        await post(
          t.app,
          '/funds/deposit',
          { channelId: 'ch_mx', amount: '100.00', proofImageId: await proof() },
          u.headers,
        )
      ).body.code,
    ).toBe('deposit.pending_exists');
    expect((await assets(u)).available).toBe('0.00');
    const depositId = data<{ id: string }>(ok).id;
    const reviewer = await adminLogin(t.app, 'reviewer');
    // the detail carries the channel snapshot and the proof link; the list has no link
    const detail = reviewItem.parse(
      data(await post(t.app, '/api/admin/review/detail', { queue: 'deposit', id: depositId }, reviewer)),
    );
    expect(detail).toMatchObject({
      queue: 'deposit',
      amount: '5000.00',
      currency: 'MXN',
      details: { channelId: 'ch_mx', channel: { channelId: 'ch_mx', currency: 'MXN' } },
    });
    const rawListed = data<{ list: unknown[] }>(
      await post(t.app, '/api/admin/review/list', { queue: 'deposit', userId: u.id }, reviewer),
    ).list[0];
    expect(reviewListItem.parse(rawListed)).toMatchObject({
      queue: 'deposit',
      details: { orderNo: detail.queue === 'deposit' ? detail.details.orderNo : null },
    });
    expect(rawListed).not.toHaveProperty('details.proofImageUrl');
    await approve(t.app, 'deposit', depositId);
    expect((await assets(u)).available).toBe('5000.00');
  });

  it('refuses outside the window of the channel', async () => {
    const u = await verifiedUser(t.app);
    const admin = await adminLogin(t.app, 'admin');
    const closed = [
      {
        id: 'ch_closed',
        type: 'bank',
        name: 'Closed',
        currency: 'MXN',
        accountName: 'Meridian',
        accountNumber: '012180001234567891',
        bankName: 'BBVA',
        window: { open: '01:00', close: '02:00', days: [1, 2, 3, 4, 5] },
        enabled: true,
      },
    ];
    const original = data<{ value: unknown }>(
      await post(
        t.app,
        '/api/admin/config/set',
        { key: 'deposit.channels', value: closed, reason: 'window test' },
        admin,
      ),
    );
    expect(original).toBeTruthy();
    const r = await post(
      t.app,
      '/funds/deposit',
      { channelId: 'ch_closed', amount: '500.00', proofImageId: await uploadImage(t.app, u, 'deposit_proof') },
      u.headers,
    );
    expect(r.body).toMatchObject({ code: 'deposit.outside_window', params: { open: '01:00', close: '02:00' } });
    await configureChannels(t.app);
  });

  it('refuses a channel a user could not pay into', async () => {
    const admin = await adminLogin(t.app, 'admin');
    const r = await post(
      t.app,
      '/api/admin/config/set',
      {
        key: 'deposit.channels',
        value: [{ id: 'ch_x', type: 'bank', name: 'No number', currency: 'MXN' }],
        reason: 'bad channel',
      },
      admin,
    );
    expect(r.body).toMatchObject({ code: 'request.invalid', params: { fields: { value: 'format' } } });
  });

  it('replays a repeated requestId, refuses a reused one with another body, and creates one record under concurrency', async () => {
    const u = await verifiedUser(t.app);
    const proofImageId = await uploadImage(t.app, u, 'deposit_proof');
    const requestId = randomUUID();
    const body = { channelId: 'ch_mx', amount: '700.00', proofImageId, requestId };
    const answers = await Promise.all([1, 2, 3].map(() => post(t.app, '/funds/deposit', body, u.headers)));
    const ok = answers.filter((a) => a.body.status === 1);
    // the duplicates waited for the first and got its answer (one commit per money call)
    expect(ok).toHaveLength(3);
    for (const a of answers) expect(a.body).toEqual(ok[0]!.body);
    const replay = await post(
      t.app,
      '/funds/deposit',
      { requestId, proofImageId, amount: '700.00', channelId: 'ch_mx' },
      u.headers,
    );
    expect(replay.body).toEqual(ok[0]!.body);
    const reused = await post(t.app, '/funds/deposit', { ...body, amount: '701.00' }, u.headers);
    expect(reused).toMatchObject({ http: 409, body: { code: 'request.id_reused' } });
    const records = data<{ total: number }>(await post(t.app, '/funds/records', { tab: 'deposit' }, u.headers));
    expect(records.total).toBe(1);
  });
});

describe('withdrawals (docs/api.md §10.3–§10.4): exactly the stated rules, in order', () => {
  async function ready(amount = '10000.00') {
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'MXN', amount);
    await setFundPassword(u);
    const card = await addCard(u);
    return { u, card };
  }

  it('walks the rule order one refusal at a time', async () => {
    const { u, card } = await ready();
    const w = (extra: Record<string, unknown> = {}) =>
      post(
        t.app,
        '/funds/withdraw',
        { amount: '600.00', fundPassword: '246810', cardId: card.cardId, ...extra },
        u.headers,
      );
    const admin = await adminLogin(t.app, 'admin');
    await post(t.app, '/api/admin/user/restrict', { userId: u.id, action: 'withdraw_block', reason: 'test' }, admin);
    expect((await w()).body.code).toBe('account.withdraw_blocked');
    await post(
      t.app,
      '/api/admin/user/restrict',
      { userId: u.id, action: 'unblock', restriction: 'withdraw_blocked', reason: 'test' },
      admin,
    );
    expect((await w({ fundPassword: '000000' })).body).toMatchObject({
      code: 'password.fund_wrong',
      params: { attemptsLeft: '4' },
    });
    expect((await w({ cardId: 'c_nope' })).body.code).toBe('card.not_found');
    const other = await verifiedUser(t.app);
    const foreign = await addCard(other, '4000123412341234');
    expect((await w({ cardId: foreign.cardId })).body.code).toBe('card.not_owned');
    expect((await w({ amount: '499.99' })).body).toMatchObject({
      code: 'withdraw.below_min',
      params: { min: '500.00', currency: 'MXN' },
    });
    expect((await w({ amount: '500000.01' })).body.code).toBe('withdraw.above_max');
    expect((await w({ amount: '10000.01' })).body).toMatchObject({
      code: 'funds.insufficient_withdrawable',
      params: { withdrawable: '10000.00' },
    });
    const ok = await w();
    expect(ok.body).toMatchObject({
      code: 'result.withdraw.ok',
      data: { state: 'pending', amount: '600.00', destination: { kind: 'card', masked: '4152********5678' } },
    });
    expect((await w()).body.code).toBe('funds.operation_pending');
    expect(await assets(u)).toMatchObject({ available: '9400.00', frozen: '600.00' });
  });

  it('is refused outside the window and without a fund password, and never looks at the credit score', async () => {
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'MXN', '2000.00');
    const card = await addCard(u);
    expect(
      (
        await post(
          t.app,
          '/funds/withdraw',
          { amount: '600.00', fundPassword: '246810', cardId: card.cardId },
          u.headers,
        )
      ).body.code,
    ).toBe('password.fund_not_set');
    await setFundPassword(u);
    const admin = await adminLogin(t.app, 'admin');
    await post(
      t.app,
      '/api/admin/user/setCreditScore',
      { userId: u.id, score: 0, reason: 'credit score must not matter' },
      admin,
    );
    const saved = t.clock.now();
    t.clock.set(new Date('2026-03-02T14:00:00Z')); // 08:00 in Mexico City
    try {
      expect(
        (
          await post(
            t.app,
            '/funds/withdraw',
            { amount: '600.00', fundPassword: '246810', cardId: card.cardId },
            u.headers,
          )
        ).body,
      ).toMatchObject({ code: 'withdraw.outside_window', params: { open: '09:30', close: '24:00' } });
      const info = data<{ inWindow: boolean; rules: { rule: string; ok: boolean }[] }>(
        await post(t.app, '/funds/withdrawInfo', { currency: 'MXN' }, u.headers),
      );
      expect(info.inWindow).toBe(false);
      expect(info.rules.find((r) => r.rule === 'window')?.ok).toBe(false);
    } finally {
      t.clock.set(saved);
    }
    expect(
      (
        await post(
          t.app,
          '/funds/withdraw',
          { amount: '600.00', fundPassword: '246810', cardId: card.cardId },
          u.headers,
        )
      ).body.code,
    ).toBe('result.withdraw.ok');
  });

  it('pays out on approval (frozen leaves through the house bank account) and shows the timeline', async () => {
    const { u, card } = await ready('3000.00');
    const r = await post(
      t.app,
      '/funds/withdraw',
      { amount: '1000.00', fundPassword: '246810', cardId: card.cardId },
      u.headers,
    );
    const id = data<{ id: string }>(r).id;
    const reviewer = await adminLogin(t.app, 'reviewer');
    const detail = reviewItem.parse(
      data(await post(t.app, '/api/admin/review/detail', { queue: 'withdraw', id }, reviewer)),
    );
    expect(detail).toMatchObject({
      queue: 'withdraw',
      details: { fee: '0.00', unpaidLoan: false, destination: { kind: 'card', cardNumber: '4152313412345678' } },
    });
    const listed = reviewListItem.parse(
      data<{ list: unknown[] }>(
        await post(t.app, '/api/admin/review/list', { queue: 'withdraw', userId: u.id }, reviewer),
      ).list[0],
    );
    expect(listed).toMatchObject({ queue: 'withdraw', details: { destination: { kind: 'card' } } });
    expect(JSON.stringify(listed)).not.toContain('4152313412345678');
    await approve(t.app, 'withdraw', id);
    expect(await assets(u)).toMatchObject({ available: '2000.00', frozen: '0.00' });
    const list = data<{ list: { state: string; timeline: { step: string; done: boolean }[] }[] }>(
      await post(t.app, '/funds/records', { tab: 'withdraw' }, u.headers),
    );
    expect(list.list[0]!.state).toBe('approved');
    expect(list.list[0]!.timeline.map((s) => [s.step, s.done])).toEqual([
      ['submitted', true],
      ['under_review', true],
      ['approved', true],
      ['paid', true],
    ]);
  });

  it('releases the hold on rejection, with the reason in the timeline and in a message', async () => {
    const { u, card } = await ready('3000.00');
    const id = data<{ id: string }>(
      await post(
        t.app,
        '/funds/withdraw',
        { amount: '1000.00', fundPassword: '246810', cardId: card.cardId },
        u.headers,
      ),
    ).id;
    const reviewer = await adminLogin(t.app, 'reviewer');
    await post(
      t.app,
      '/api/admin/review/reject',
      { queue: 'withdraw', id, reason: 'Card closed by the bank' },
      reviewer,
    );
    expect(await assets(u)).toMatchObject({ available: '3000.00', frozen: '0.00' });
    const rec = data<{ list: { rejectReason: string; timeline: { step: string; reason: string | null }[] }[] }>(
      await post(t.app, '/funds/records', { tab: 'withdraw' }, u.headers),
    ).list[0]!;
    expect(rec.rejectReason).toBe('Card closed by the bank');
    expect(rec.timeline.at(-1)).toMatchObject({ step: 'rejected', reason: 'Card closed by the bank' });
  });

  it('cannot be approved while the user is frozen', async () => {
    const { u, card } = await ready('3000.00');
    const id = data<{ id: string }>(
      await post(
        t.app,
        '/funds/withdraw',
        { amount: '1000.00', fundPassword: '246810', cardId: card.cardId },
        u.headers,
      ),
    ).id;
    const admin = await adminLogin(t.app, 'admin');
    await post(t.app, '/api/admin/user/restrict', { userId: u.id, action: 'freeze', reason: 'investigation' }, admin);
    expect(
      (await post(t.app, '/api/admin/review/approve', { queue: 'withdraw', id, reason: 'looks fine' }, admin)).body
        .code,
    ).toBe('account.frozen');
  });

  it('freezes once under concurrent requests: duplicates replay, different requests meet the pending rule', async () => {
    const { u, card } = await ready('5000.00');
    const requestId = randomUUID();
    const body = { amount: '800.00', fundPassword: '246810', cardId: card.cardId, requestId };
    const first = await post(t.app, '/funds/withdraw', body, u.headers);
    expect(first.body.code).toBe('result.withdraw.ok');
    const [again, other] = await Promise.all([
      post(t.app, '/funds/withdraw', body, u.headers),
      post(t.app, '/funds/withdraw', { ...body, requestId: randomUUID() }, u.headers),
    ]);
    expect(again.body).toEqual(first.body);
    expect(other.body.code).toBe('funds.operation_pending');
    expect(await assets(u)).toMatchObject({ available: '4200.00', frozen: '800.00' });
  });

  it('answers exclusive when both or neither destination is given', async () => {
    const u = await registerUser(t.app);
    const both = await post(
      t.app,
      '/funds/withdraw',
      { amount: '600.00', fundPassword: '246810', cardId: 'c_1', walletId: 'wl_1' },
      u.headers,
    );
    expect(both.body.params).toEqual({ fields: { cardId: 'exclusive', walletId: 'exclusive' } });
  });
});

describe('exchange (docs/api.md §10.6–§10.7)', () => {
  it('quotes every currency from the feed with the spread, and exchanges at that rate', async () => {
    const rates = data<{ list: { from: string; to: string; rate: string; exchangeable: boolean }[] }>(
      await post(t.app, '/funds/rates', { base: 'USD' }),
    ).list;
    const mxn = rates.find((r) => r.to === 'MXN')!;
    expect(mxn.exchangeable).toBe(true);
    expect(rates.find((r) => r.to === 'KRW')?.exchangeable).toBe(false);
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'USD', '100.00');
    const r = await post(t.app, '/funds/exchange', { from: 'USD', to: 'MXN', amount: '40.00' }, u.headers);
    expect(r.body.code).toBe('result.exchange.ok');
    const x = data<{ rate: string; toAmount: string }>(r);
    // rounded down to the target's scale (docs/api.md §1.11): the house keeps the remainder
    expect(x.toAmount).toBe(new Dec('40').times(x.rate).toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed(2));
    expect((await assets(u, 'USD')).available).toBe('60.00');
    expect((await assets(u, 'MXN')).available).toBe(x.toAmount);
    expect(
      (await post(t.app, '/funds/exchange', { from: 'USD', to: 'MXN', amount: '60.01' }, u.headers)).body.code,
    ).toBe('funds.insufficient_balance');
    expect(
      (await post(t.app, '/funds/exchange', { from: 'USD', to: 'KRW', amount: '1.00' }, u.headers)).body.code,
    ).toBe('exchange.pair_unsupported');
    expect(
      (await post(t.app, '/funds/exchange', { from: 'USD', to: 'USD', amount: '1.00' }, u.headers)).body.params,
    ).toEqual({ fields: { to: 'same_currency' } });
    const trade = data<{ list: { kind: string; amount: string; balanceAfter: string; currency: string }[] }>(
      await post(t.app, '/funds/records', { tab: 'trade' }, u.headers),
    ).list;
    expect(trade.find((l) => l.currency === 'USD')).toMatchObject({
      kind: 'exchange_out',
      amount: '-40.00',
      balanceAfter: '60.00',
    });
    expect(trade.find((l) => l.currency === 'MXN')).toMatchObject({ kind: 'exchange_in', amount: x.toAmount });
  });
});

describe('the statement (our addition)', () => {
  it('reconciles exactly with /user/assets, in JSON and in CSV', async () => {
    const { u, card } = await (async () => {
      const user = await verifiedUser(t.app);
      await fund(t.app, user, 'MXN', '5000.00');
      await setFundPassword(user);
      return { u: user, card: await addCard(user) };
    })();
    await post(t.app, '/funds/withdraw', { amount: '1200.00', fundPassword: '246810', cardId: card.cardId }, u.headers);
    const s = data<{
      opening: { available: string };
      closing: { available: string; frozen: string };
      lines: { availableChange: string }[];
    }>(
      await post(t.app, '/funds/statementRange', { currency: 'MXN', from: '2026-03-01', to: '2026-03-02' }, u.headers),
    );
    expect(s.opening.available).toBe('0.00');
    const a = await assets(u);
    expect(s.closing).toEqual({ available: a.available, frozen: a.frozen });
    const sum = s.lines.reduce((acc, l) => acc.plus(l.availableChange), new Dec(s.opening.available));
    expect(sum.toFixed(2)).toBe(s.closing.available);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/vue/funds/statementRange',
      headers: { 'content-type': 'application/json', ...u.headers },
      payload: JSON.stringify({ currency: 'MXN', from: '2026-03-01', to: '2026-03-02', format: 'csv' }),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split('\n');
    expect(rows).toHaveLength(s.lines.length + 3);
    expect(rows.at(-1)).toBe(`,,closing,,,,,${a.available},${a.frozen}`);
    const empty = data<{ lines: unknown[]; closing: { available: string } }>(
      await post(t.app, '/funds/statementRange', { currency: 'MXN', from: '2026-01-01', to: '2026-01-31' }, u.headers),
    );
    expect(empty.lines).toHaveLength(0);
    expect(empty.closing.available).toBe('0.00');
  });
});
