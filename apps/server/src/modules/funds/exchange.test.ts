/**
 * Exchange money rules (docs/api.md §10.7, §1.11): `toAmount` rounds down to the target scale, a
 * minimum per source currency, and in-transit proceeds cannot leave their currency. Through
 * the whole HTTP stack; the ledger invariant is checked after every test (harness).
 */
import { Dec, currencyScale, type Currency, type Order } from '@brokerage/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { approve, configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { adminLogin, post, registerUser, useTestApp, type TestUser } from '../../test/harness.js';

const t = useTestApp(undefined, undefined, { engine: false });

/** Monday 10:00 in Mexico City: deposit window open, every regular session open. */
const MONDAY = new Date('2026-03-02T16:00:00Z');
/** Tuesday 09:00 in Mexico City: within the 24 h idle limit of Monday's session, T+1 passed. */
const TUESDAY = new Date('2026-03-03T15:00:00Z');
const ENABLED: Currency[] = ['MXN', 'USD', 'USDT', 'EUR', 'JPY', 'KRW', 'VND'];

const data = <T>(r: { body: { data?: unknown } }) => r.body.data as T;

beforeAll(async () => {
  t.clock.set(MONDAY);
  await configureChannels(t.app);
  const admin = await adminLogin(t.app, 'admin');
  const r = await post(
    t.app,
    '/api/admin/config/set',
    { key: 'currencies.enabled', value: ENABLED, reason: 'exchange tests' },
    admin,
  );
  if (r.body.status !== 1) throw new Error(`currencies: ${JSON.stringify(r.body)}`);
});

interface Account {
  currency: Currency;
  available: string;
  inTransit: string;
  withdrawable: string;
}
async function accounts(u: TestUser): Promise<Map<Currency, Account>> {
  const r = await post(t.app, '/user/assets', { currency: 'USD' }, u.headers);
  return new Map(data<{ accounts: Account[] }>(r).accounts.map((a) => [a.currency, a]));
}
async function available(u: TestUser, currency: Currency): Promise<string> {
  return (await accounts(u)).get(currency)!.available;
}
async function rateOf(from: Currency, to: Currency): Promise<string> {
  const list = data<{ list: { to: string; rate: string }[] }>(await post(t.app, '/funds/rates', { base: from })).list;
  return list.find((r) => r.to === to)!.rate;
}
const exchange = (u: TestUser, from: Currency, to: Currency, amount: string) =>
  post(t.app, '/funds/exchange', { from, to, amount }, u.headers);
const down = (amount: string, rate: string, to: Currency) =>
  new Dec(amount).times(rate).toDecimalPlaces(currencyScale[to], Dec.ROUND_DOWN);

describe('toAmount rounds down to the target scale (§1.11)', () => {
  it('credits amount × rate rounded down, where half-up would have credited one more cent', async () => {
    t.clock.set(MONDAY);
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'MXN', '1000.00');
    const rate = await rateOf('MXN', 'EUR');
    // an amount ≥ the minimum whose product has a third decimal ≥ 5: half-up and down differ there
    let amount = '';
    for (let cents = 100; cents < 5000 && amount === ''; cents += 1) {
      const a = new Dec(cents).dividedBy(100);
      const p = a.times(rate);
      if (!p.toDecimalPlaces(2, Dec.ROUND_HALF_UP).equals(p.toDecimalPlaces(2, Dec.ROUND_DOWN))) amount = a.toFixed(2);
    }
    expect(amount).not.toBe('');
    const r = await exchange(u, 'MXN', 'EUR', amount);
    expect(r.body.code).toBe('result.exchange.ok');
    const x = data<{ rate: string; toAmount: string; fromAmount: string }>(r);
    expect(x.rate).toBe(rate);
    expect(x.fromAmount).toBe(amount);
    expect(x.toAmount).toBe(down(amount, rate, 'EUR').toFixed(2));
    expect(await available(u, 'EUR')).toBe(x.toAmount);
  });

  it('refuses amounts below the minimum: nine exchanges of 0.12 MXN cannot mint cents', async () => {
    t.clock.set(MONDAY);
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'MXN', '1000.00');
    for (let i = 0; i < 9; i += 1) {
      expect((await exchange(u, 'MXN', 'EUR', '0.12')).body).toMatchObject({
        code: 'exchange.below_min',
        params: { min: '1.00', currency: 'MXN' },
      });
    }
    expect(await available(u, 'EUR')).toBe('0.00');
    expect(await available(u, 'MXN')).toBe('1000.00');
  });

  it('a round trip at the minimum loses at most a minor unit, never gains', async () => {
    t.clock.set(MONDAY);
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'MXN', '1000.00');
    for (let i = 0; i < 5; i += 1) {
      const out = data<{ toAmount: string }>(await exchange(u, 'MXN', 'EUR', '25.00'));
      await exchange(u, 'EUR', 'MXN', out.toAmount);
    }
    expect(new Dec(await available(u, 'MXN')).lt(1000)).toBe(true);
  });
});

describe('0-decimal currencies (KRW, JPY, VND)', () => {
  it('credits whole won and yen, refuses fractional amounts, and applies the minimum of 100', async () => {
    t.clock.set(MONDAY);
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'USD', '1000.00');
    const toKrw = await exchange(u, 'USD', 'KRW', '10.25');
    expect(toKrw.body.code).toBe('result.exchange.ok');
    const krw = data<{ toAmount: string; rate: string }>(toKrw);
    expect(krw.toAmount).toMatch(/^\d+$/);
    expect(krw.toAmount).toBe(down('10.25', krw.rate, 'KRW').toFixed(0));
    expect(await available(u, 'KRW')).toBe(krw.toAmount);

    const toJpy = data<{ toAmount: string; rate: string }>(await exchange(u, 'USD', 'JPY', '3.33'));
    expect(toJpy.toAmount).toMatch(/^\d+$/);
    expect(toJpy.toAmount).toBe(down('3.33', toJpy.rate, 'JPY').toFixed(0));
    expect(await available(u, 'JPY')).toBe(toJpy.toAmount);

    // the ledger holds whole units: no fractional won left to withdraw or exchange
    const krwBack = await exchange(u, 'KRW', 'USD', '150.5');
    expect(krwBack).toMatchObject({ http: 400, body: { params: { fields: { amount: 'too_many_decimals' } } } });
    expect((await exchange(u, 'KRW', 'USD', '99')).body).toMatchObject({
      code: 'exchange.below_min',
      params: { min: '100', currency: 'KRW' },
    });
    const back = await exchange(u, 'KRW', 'JPY', krw.toAmount);
    expect(back.body.code).toBe('result.exchange.ok');
    expect(await available(u, 'KRW')).toBe('0');
    const jpy = new Dec(toJpy.toAmount).plus(data<{ toAmount: string }>(back).toAmount);
    expect(await available(u, 'JPY')).toBe(jpy.toFixed(0));
  });

  it('refuses an exchange whose toAmount rounds to zero, moving nothing', async () => {
    t.clock.set(MONDAY);
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'USD', '100.00');
    await exchange(u, 'USD', 'VND', '10.00');
    const vnd = await available(u, 'VND');
    // 100 VND is about 0.004 USD: rounded down to cents that is nothing
    expect(down('100', await rateOf('VND', 'USD'), 'USD').isZero()).toBe(true);
    const r = await exchange(u, 'VND', 'USD', '100');
    expect(r).toMatchObject({ http: 400, body: { params: { fields: { amount: 'out_of_range' } } } });
    expect(await available(u, 'VND')).toBe(vnd);
  });
});

describe('0-decimal withdrawals', () => {
  it('freezes and pays out whole won, the fee rounded up to a whole won (the house gains the remainder)', async () => {
    t.clock.set(MONDAY);
    const admin = await adminLogin(t.app, 'admin');
    const set = (key: string, value: unknown) =>
      post(t.app, '/api/admin/config/set', { key, value, reason: 'KRW withdrawals' }, admin);
    expect((await set('withdraw.limits.KRW', { min: '1000.5', max: '1000000' })).body.params).toEqual({
      fields: { value: 'format' },
    });
    const ok = await set('withdraw.limits.KRW', { min: '1000', max: '1000000' });
    expect(ok.body).toMatchObject({ status: 1 });
    expect((await set('withdraw.feeRate', '0.003')).body).toMatchObject({ status: 1 });
    try {
      const u = await verifiedUser(t.app);
      await fund(t.app, u, 'USD', '100.00');
      await exchange(u, 'USD', 'KRW', '20.00');
      const krw = await available(u, 'KRW');
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
          { holder: 'Ana López', cardNumber: '4152313412345678', bankName: 'KB', branch: 'Seoul', bankCode: '004' },
          u.headers,
        ),
      );
      const w = (amount: string) =>
        post(
          t.app,
          '/funds/withdraw',
          { amount, currency: 'KRW', fundPassword: '246810', cardId: card.cardId },
          u.headers,
        );
      expect((await w('10001.5')).body.params).toEqual({ fields: { amount: 'too_many_decimals' } });
      const r = await w('10001');
      // 10001 × 0.003 = 30.003 won: rounded up to 31
      expect(r.body).toMatchObject({
        code: 'result.withdraw.ok',
        data: { currency: 'KRW', amount: '10001', fee: '31' },
      });
      expect((await accounts(u)).get('KRW')).toMatchObject({ available: new Dec(krw).minus(10001).toFixed(0) });
      const id = data<{ id: string }>(r).id;
      const reviewer = await adminLogin(t.app, 'reviewer');
      expect(
        (await post(t.app, '/api/admin/review/detail', { queue: 'withdraw', id }, reviewer)).body.data,
      ).toMatchObject({ amount: '10001', details: { fee: '31' } });
      await approve(t.app, 'withdraw', id);
      const records = data<{ list: { amount: string; fee: string; state: string }[] }>(
        await post(t.app, '/funds/records', { tab: 'withdraw', currency: 'KRW' }, u.headers),
      );
      expect(records.list[0]).toMatchObject({ amount: '10001', fee: '31', state: 'approved' });
      expect((await accounts(u)).get('KRW')).toMatchObject({
        available: new Dec(krw).minus(10001).toFixed(0),
        withdrawable: new Dec(krw).minus(10001).toFixed(0),
      });
    } finally {
      await set('withdraw.feeRate', '0');
    }
  });
});

describe('the minimum in /common/config (our addition)', () => {
  it('lists exchange_min.<CUR> for every enabled currency, at its scale', async () => {
    const r = await post(t.app, '/common/config', { type: 'all' });
    const entries = Object.fromEntries(data<{ name: string; value: string }[]>(r).map((e) => [e.name, e.value]));
    expect(entries).toMatchObject({
      'exchange_min.MXN': '1.00',
      'exchange_min.USD': '1.00',
      'exchange_min.KRW': '100',
      'exchange_min.JPY': '100',
    });
    expect(entries).not.toHaveProperty('exchange_min.CNY');
  });
});

describe('rule order (§10.7)', () => {
  it('[KYC] → pair_unsupported → below_min → insufficient_balance', async () => {
    t.clock.set(MONDAY);
    const newcomer = await registerUser(t.app);
    expect((await exchange(newcomer, 'MXN', 'KRW', '0.50')).body.code).toBe('kyc.required');
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'MXN', '100.00');
    expect((await exchange(u, 'MXN', 'CNY', '0.50')).body.code).toBe('exchange.pair_unsupported');
    expect((await exchange(u, 'MXN', 'USD', '0.50')).body.code).toBe('exchange.below_min');
    expect((await exchange(u, 'MXN', 'USD', '100.01')).body).toMatchObject({
      code: 'funds.insufficient_balance',
      params: { available: '100.00', currency: 'MXN' },
    });
  });
});

describe('in-transit proceeds cannot leave their currency (§1.10, §10.7)', () => {
  it('refuses more than withdrawable with funds.insufficient_withdrawable, after the balance rule', async () => {
    t.clock.set(MONDAY);
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
    t.clock.set(TUESDAY);
    expect((await post(t.app, '/trade/close', { orderId: o.orderId }, u.headers)).body.code).toBe('result.close.ok');
    const mxn = (await accounts(u)).get('MXN')!;
    expect(new Dec(mxn.inTransit).gt(0)).toBe(true);
    const overWithdrawable = new Dec(mxn.withdrawable).plus('0.01').toFixed(2);
    expect((await exchange(u, 'MXN', 'USD', overWithdrawable)).body).toMatchObject({
      code: 'funds.insufficient_withdrawable',
      params: { withdrawable: mxn.withdrawable, currency: 'MXN' },
    });
    const overAvailable = new Dec(mxn.available).plus('0.01').toFixed(2);
    expect((await exchange(u, 'MXN', 'USD', overAvailable)).body.code).toBe('funds.insufficient_balance');
    expect((await exchange(u, 'MXN', 'USD', mxn.withdrawable)).body.code).toBe('result.exchange.ok');
    expect((await accounts(u)).get('MXN')).toMatchObject({
      available: mxn.inTransit,
      withdrawable: '0.00',
      inTransit: mxn.inTransit,
    });
  });
});

describe('property: no sequence of exchanges creates value at mid rates', () => {
  it('ends with at most the value it started with', async () => {
    t.clock.set(MONDAY); // the feed, and so every rate, is a function of the clock: it stays put here
    const u = await verifiedUser(t.app);
    await fund(t.app, u, 'USD', '20000.00');
    await fund(t.app, u, 'MXN', '20000.00');
    for (const to of ['EUR', 'JPY', 'KRW', 'VND'] as const) await exchange(u, 'USD', to, '2000.00');
    const mid = (c: Currency) => t.deps.fx.midRate(c, 'USD')!;
    const value = async () => {
      let total = new Dec(0);
      for (const [c, a] of await accounts(u)) total = total.plus(new Dec(a.available).times(mid(c)));
      return total;
    };
    const leg = fc
      .record({
        from: fc.constantFrom(...ENABLED),
        to: fc.constantFrom(...ENABLED),
        // minor units of the source currency, from the minimum (1.00, or 100 for 0-decimal) up to 40 times it
        units: fc.integer({ min: 100, max: 4000 }),
      })
      .filter((l) => l.from !== l.to);
    await fc.assert(
      fc.asyncProperty(fc.array(leg, { minLength: 1, maxLength: 6 }), async (legs) => {
        const before = await value();
        for (const l of legs) {
          const scale = currencyScale[l.from];
          const amount = new Dec(l.units).dividedBy(new Dec(10).pow(scale)).toFixed(scale);
          const r = await exchange(u, l.from, l.to, amount);
          // request.invalid: the amount buys less than one minor unit of the target (e.g. 100 VND → USD)
          expect(['result.exchange.ok', 'funds.insufficient_balance', 'request.invalid']).toContain(r.body.code);
        }
        expect((await value()).lte(before)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });
});
