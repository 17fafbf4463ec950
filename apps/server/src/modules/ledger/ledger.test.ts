import { Dec, Money, type Currency } from '@brokerage/contract';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import { rowsOf, transaction, type Database, type Tx } from '../../platform/db.js';
import { openTestDatabase } from '../../test/test-db.js';
import {
  assertLedgerInvariant,
  balancesOf,
  createLedger,
  DEFAULT_HOUSE_STRIPES,
  houseBalances,
  houseAccount,
  InsufficientFundsError,
  ledgerViolations,
  userAccount,
} from './index.js';
import { houseOwnerId, houseStripeOf } from './ledger.service.js';

let database: Database;
const clock = new ManualClock(new Date('2026-03-02T15:00:00Z'));
const ledger = createLedger({ clock, houseStripes: DEFAULT_HOUSE_STRIPES });
const m = (amount: string, currency: Currency): Money => Money.of(amount, currency);

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await assertLedgerInvariant(database.db);
  await database.close();
});

describe('posting an entry', () => {
  it('refuses an entry whose postings do not sum to zero', async () => {
    await expect(
      transaction(database.db, (tx) =>
        ledger.postEntry(tx, {
          kind: 'test',
          postings: [
            { account: { owner: 'house', currency: 'MXN', kind: 'bank_cash' }, amount: m('-10', 'MXN') },
            { account: { owner: 'user', userId: 'u_a', currency: 'MXN', kind: 'available' }, amount: m('9.99', 'MXN') },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
  });

  it('refuses, as a bug, a posting with more decimals than the ledger keeps or in another currency than its account', async () => {
    const user = { owner: 'user', userId: 'u_x', currency: 'MXN', kind: 'available' } as const;
    const bank = { owner: 'house', currency: 'MXN', kind: 'bank_cash' } as const;
    await expect(
      transaction(database.db, (tx) =>
        ledger.postEntry(tx, {
          kind: 'test',
          postings: [
            { account: bank, amount: m('-0.000000001', 'MXN') },
            { account: user, amount: m('0.000000001', 'MXN') },
          ],
        }),
      ),
    ).rejects.toThrow(/more decimals than the ledger keeps/);
    await expect(
      transaction(database.db, (tx) =>
        ledger.postEntry(tx, {
          kind: 'test',
          postings: [
            { account: bank, amount: m('-1', 'USD') },
            { account: user, amount: m('1', 'MXN') },
          ],
        }),
      ),
    ).rejects.toThrow(/posting of USD to a MXN account/);
    await expect(
      transaction(database.db, (tx) =>
        ledger.credit(tx, { userId: 'u_x', amount: m('0', 'MXN'), kind: 'deposit', from: 'bank_cash' }),
      ),
    ).rejects.toThrow(/must be positive/);
  });

  it('credits a deposit and keeps the books balanced', async () => {
    await transaction(database.db, (tx) =>
      ledger.credit(tx, { userId: 'u_a', amount: m('1000.50', 'MXN'), kind: 'deposit', from: 'bank_cash' }),
    );
    const b = await balancesOf(database.db, 'u_a');
    expect(b.get('MXN')?.available.toLedgerString()).toBe('1000.50000000');
    expect(await ledgerViolations(database.db)).toEqual([]);
  });

  it('moves money once for the same idempotency key', async () => {
    const move = () =>
      transaction(database.db, (tx) =>
        ledger.credit(tx, {
          userId: 'u_b',
          amount: m('5', 'USD'),
          kind: 'deposit',
          from: 'bank_cash',
          idempotencyKey: 'dep-1',
        }),
      );
    const first = await move();
    const second = await move();
    expect(second.replayed).toBe(true);
    expect(second.entryId).toBe(first.entryId);
    expect((await balancesOf(database.db, 'u_b')).get('USD')?.available.toLedgerString()).toBe('5.00000000');
  });

  it('a used idempotency key moves nothing even when none of the accounts exists yet', async () => {
    const first = await transaction(database.db, (tx) =>
      ledger.credit(tx, {
        userId: 'u_k1',
        amount: m('2', 'USD'),
        kind: 'deposit',
        from: 'bank_cash',
        idempotencyKey: 'dep-new',
      }),
    );
    const again = await transaction(database.db, (tx) =>
      ledger.credit(tx, {
        userId: 'u_k2',
        amount: m('2', 'JPY'),
        kind: 'deposit',
        from: 'bank_cash',
        idempotencyKey: 'dep-new',
      }),
    );
    expect(again).toEqual({ entryId: first.entryId, replayed: true, balances: [] });
    expect((await balancesOf(database.db, 'u_k2')).size).toBe(0);
  });

  it('posts a batch as entry by entry: a used key replays, a refusal moves nothing, the rest post (postEntries)', async () => {
    await transaction(database.db, (tx) =>
      ledger.credit(tx, { userId: 'u_batch', amount: m('10', 'USD'), kind: 'deposit', from: 'bank_cash' }),
    );
    const first = await transaction(database.db, (tx) =>
      ledger.debit(tx, {
        userId: 'u_batch',
        amount: m('1', 'USD'),
        kind: 'fee',
        to: 'fee_income',
        idempotencyKey: 'batch-used',
      }),
    );
    const spec = (amount: string, key: string) => ({
      kind: 'fee',
      idempotencyKey: key,
      postings: [
        { account: userAccount('u_batch', 'USD', 'available'), amount: m(amount, 'USD').negated() },
        { account: houseAccount('USD', 'fee_income'), amount: m(amount, 'USD') },
      ],
    });
    // 9 left: the replay moves nothing, 6 posts, 4 is refused (3 left), 3 posts
    const results = await transaction(database.db, (tx) =>
      ledger.postEntries(tx, [
        spec('1', 'batch-used'),
        spec('6', 'batch-a'),
        spec('4', 'batch-b'),
        spec('3', 'batch-c'),
      ]),
    );
    expect(results[0]).toEqual({ entryId: first.entryId, replayed: true, balances: [] });
    expect(results[1]).toMatchObject({ replayed: false });
    expect(results[2]).toBeInstanceOf(InsufficientFundsError);
    expect((results[2] as InsufficientFundsError).balance.toLedgerString()).toBe('3.00000000');
    expect(results[3]).toMatchObject({ replayed: false });
    expect((await balancesOf(database.db, 'u_batch')).get('USD')?.available.toLedgerString()).toBe('0.00000000');
  });

  it('refuses to take a user balance below zero and writes nothing', async () => {
    const before = await balancesOf(database.db, 'u_a');
    await expect(
      transaction(database.db, (tx) =>
        ledger.hold(tx, { userId: 'u_a', amount: m('1000.50000001', 'MXN'), kind: 'order_freeze' }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await balancesOf(database.db, 'u_a')).toEqual(before);
  });

  it('the database refuses to edit a posted entry', async () => {
    await expect(database.db.execute(sql`update postings set amount = 0`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from journal_entries`)).rejects.toThrow();
  });

  it('the CHECK constraint refuses a negative user balance even without the service guard', async () => {
    await expect(
      database.db.execute(
        sql`update ledger_accounts set balance = -1 where owner_type = 'user' and owner_id = 'u_a' and kind = 'available'`,
      ),
    ).rejects.toThrow();
  });
});

describe('holds', () => {
  it('freeze, release and settle move money between available, frozen and the house', async () => {
    const db = database.db;
    await transaction(db, (tx) =>
      ledger.credit(tx, { userId: 'u_h', amount: m('100', 'EUR'), kind: 'deposit', from: 'bank_cash' }),
    );
    await transaction(db, (tx) => ledger.hold(tx, { userId: 'u_h', amount: m('60', 'EUR'), kind: 'withdraw_freeze' }));
    await transaction(db, (tx) =>
      ledger.release(tx, { userId: 'u_h', amount: m('10', 'EUR'), kind: 'withdraw_release' }),
    );
    await transaction(db, (tx) =>
      ledger.settle(tx, { userId: 'u_h', amount: m('50', 'EUR'), kind: 'withdraw_pay', to: 'bank_cash' }),
    );
    const b = (await balancesOf(db, 'u_h')).get('EUR');
    expect(
      b && { currency: b.currency, available: b.available.toLedgerString(), frozen: b.frozen.toLedgerString() },
    ).toEqual({ currency: 'EUR', available: '50.00000000', frozen: '0.00000000' });
    await assertLedgerInvariant(db);
  });
});

describe('random sequences of transfers and holds', () => {
  it('keep the invariant and never take a user balance below zero', async () => {
    const usersPool = ['p_1', 'p_2', 'p_3'];
    const currencyPool: Currency[] = ['MXN', 'USDT'];
    const amount = fc
      .tuple(fc.integer({ min: 1, max: 5_000_00 }), fc.integer({ min: 0, max: 99 }))
      .map(([units, frac]) => `${units}.${String(frac).padStart(2, '0')}`);
    const op = fc.record({
      type: fc.constantFrom('credit', 'debit', 'hold', 'release', 'settle'),
      userId: fc.constantFrom(...usersPool),
      currency: fc.constantFrom(...currencyPool),
      amount,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        // A reference model of what each balance must be.
        const model = new Map<string, Dec>();
        const get = (k: string) => model.get(k) ?? new Dec(0);
        for (const o of ops) {
          const av = `${o.userId}|${o.currency}|available`;
          const fr = `${o.userId}|${o.currency}|frozen`;
          const amt = new Dec(o.amount);
          const from =
            o.type === 'debit' || o.type === 'hold' ? av : o.type === 'release' || o.type === 'settle' ? fr : null;
          const expectRefusal = from !== null && get(from).lessThan(amt);
          const run = (tx: Tx) => {
            const base = { userId: o.userId, amount: m(o.amount, o.currency), kind: `prop_${o.type}` };
            switch (o.type) {
              case 'credit':
                return ledger.credit(tx, { ...base, from: 'bank_cash' });
              case 'debit':
                return ledger.debit(tx, { ...base, to: 'fee_income' });
              case 'hold':
                return ledger.hold(tx, base);
              case 'release':
                return ledger.release(tx, base);
              case 'settle':
                return ledger.settle(tx, { ...base, to: 'bank_cash' });
            }
          };
          let refused = false;
          try {
            await transaction(database.db, run);
          } catch (error) {
            if (!(error instanceof InsufficientFundsError)) throw error;
            refused = true;
          }
          expect(refused).toBe(expectRefusal);
          if (!refused) {
            if (o.type === 'credit') model.set(av, get(av).plus(amt));
            if (o.type === 'debit') model.set(av, get(av).minus(amt));
            if (o.type === 'hold') {
              model.set(av, get(av).minus(amt));
              model.set(fr, get(fr).plus(amt));
            }
            if (o.type === 'release') {
              model.set(fr, get(fr).minus(amt));
              model.set(av, get(av).plus(amt));
            }
            if (o.type === 'settle') model.set(fr, get(fr).minus(amt));
          }
        }
        expect(await ledgerViolations(database.db)).toEqual([]);
        for (const u of usersPool) {
          const balances = await balancesOf(database.db, u);
          for (const cur of currencyPool) {
            const b = balances.get(cur);
            expect((b?.available.amount ?? new Dec(0)).equals(get(`${u}|${cur}|available`))).toBe(true);
            expect((b?.frozen.amount ?? new Dec(0)).equals(get(`${u}|${cur}|frozen`))).toBe(true);
          }
        }
        // Reset the pool's balances to zero through the ledger so each run starts clean.
        for (const u of usersPool) {
          for (const b of (await balancesOf(database.db, u)).values()) {
            if (!b.frozen.isZero())
              await transaction(database.db, (tx) =>
                ledger.settle(tx, { userId: u, amount: b.frozen, kind: 'prop_reset', to: 'bank_cash' }),
              );
            if (!b.available.isZero())
              await transaction(database.db, (tx) =>
                ledger.debit(tx, { userId: u, amount: b.available, kind: 'prop_reset', to: 'bank_cash' }),
              );
          }
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});

describe('striped house accounts', () => {
  const houseRows = async (currency: string, kind: string) =>
    rowsOf<{ owner_id: string; balance: string }>(
      await database.db.execute(sql`
    select owner_id, balance::text as balance from ledger_accounts
    where owner_type = 'house' and currency = ${currency} and kind = ${kind} order by owner_id`),
    );
  const feeTotal = async (currency: Currency) =>
    (await houseBalances(database.db))
      .find((b) => b.currency === currency && b.kind === 'fee_income')
      ?.balance.toLedgerString();

  // one ledger per stripe count, as app.ts builds one from LEDGER_HOUSE_STRIPES
  const striped = (houseStripes: number) => createLedger({ clock, houseStripes });

  it('spreads the fee income of different users over several rows and sums them back', async () => {
    const l8 = striped(8);
    const users = Array.from({ length: 24 }, (_, i) => `s_${i}`);
    for (const u of users) {
      await transaction(database.db, (tx) =>
        l8.credit(tx, { userId: u, amount: m('10', 'EUR'), kind: 'deposit', from: 'bank_cash' }),
      );
      await transaction(database.db, (tx) =>
        l8.debit(tx, { userId: u, amount: m('1.25', 'EUR'), kind: 'fee', to: 'fee_income' }),
      );
    }
    const rows = await houseRows('EUR', 'fee_income');
    // 24 users over 8 stripes: more than one row, never more than 8, each named house or house:k
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.length).toBeLessThanOrEqual(8);
    for (const r of rows) expect(r.owner_id).toMatch(/^house(:[1-7])?$/);
    // every row holds whole fees of its users, and the total is all of them
    expect(await feeTotal('EUR')).toBe('30.00000000');
    const expected = new Map<string, Dec>();
    for (const u of users) {
      const owner = houseOwnerId(
        houseStripeOf(
          {
            postings: [
              { account: { owner: 'user', userId: u, currency: 'EUR', kind: 'available' }, amount: m('1', 'EUR') },
            ],
          },
          l8.houseStripes,
        ),
      );
      expected.set(owner, (expected.get(owner) ?? new Dec(0)).plus('1.25'));
    }
    expect(new Map(rows.map((r) => [r.owner_id, new Dec(r.balance).toFixed(2)]))).toEqual(
      new Map([...expected].map(([k, v]) => [k, v.toFixed(2)])),
    );
    expect(await ledgerViolations(database.db)).toEqual([]);
  });

  it('one user always hits the same stripe, and all house legs of one entry share it', async () => {
    const l8 = striped(8);
    const spec = (userId: string) => ({
      postings: [
        {
          account: { owner: 'user' as const, userId, currency: 'EUR' as const, kind: 'available' as const },
          amount: m('-1', 'EUR'),
        },
      ],
    });
    expect(houseStripeOf(spec('s_1'), 8)).toBe(houseStripeOf(spec('s_1'), 8));
    // a close-like entry: the user's margin pays fee income, tax and settlement, all on one stripe
    await transaction(database.db, (tx) =>
      l8.credit(tx, { userId: 's_close', amount: m('100', 'EUR'), kind: 'deposit', from: 'bank_cash' }),
    );
    await transaction(database.db, (tx) =>
      l8.postEntry(tx, {
        kind: 'test_close',
        postings: [
          {
            account: { owner: 'user', userId: 's_close', currency: 'EUR', kind: 'available' },
            amount: m('-10', 'EUR'),
          },
          { account: { owner: 'house', currency: 'EUR', kind: 'fee_income' }, amount: m('1', 'EUR') },
          { account: { owner: 'house', currency: 'EUR', kind: 'tax_payable' }, amount: m('2', 'EUR') },
          { account: { owner: 'house', currency: 'EUR', kind: 'settlement' }, amount: m('7', 'EUR') },
        ],
      }),
    );
    const owner = houseOwnerId(houseStripeOf(spec('s_close'), l8.houseStripes));
    expect((await houseRows('EUR', 'tax_payable')).map((r) => r.owner_id)).toEqual([owner]);
    expect((await houseRows('EUR', 'settlement')).map((r) => r.owner_id)).toEqual([owner]);
  });

  it('a house-only entry without a user or key goes to stripe 0, and N = 1 writes the single `house` row', async () => {
    expect(
      houseStripeOf(
        { postings: [{ account: { owner: 'house', currency: 'MXN', kind: 'bank_cash' }, amount: m('1', 'MXN') }] },
        8,
      ),
    ).toBe(0);
    const l1 = striped(1);
    const before = await feeTotal('GBP' as Currency);
    expect(before).toBeUndefined();
    for (const u of ['one_a', 'one_b', 'one_c']) {
      await transaction(database.db, (tx) =>
        l1.credit(tx, { userId: u, amount: m('3', 'USD'), kind: 'deposit', from: 'crypto_cash' }),
      );
    }
    expect(await houseRows('USD', 'crypto_cash')).toEqual([{ owner_id: 'house', balance: '-9.00000000' }]);
  });

  it('changing the stripe count moves no money: totals stay the sum of every row', async () => {
    // 24 fees of 1.25 and the close's fee of 1 so far
    expect(await feeTotal('EUR')).toBe('31.00000000');
    const l4 = striped(4);
    await transaction(database.db, (tx) =>
      l4.debit(tx, { userId: 's_3', amount: m('0.75', 'EUR'), kind: 'fee', to: 'fee_income' }),
    );
    const l1 = striped(1);
    await transaction(database.db, (tx) =>
      l1.debit(tx, { userId: 's_4', amount: m('0.25', 'EUR'), kind: 'fee', to: 'fee_income' }),
    );
    expect(await feeTotal('EUR')).toBe('32.00000000');
    await assertLedgerInvariant(database.db);
  });

  it('concurrent entries of many users over shared house accounts all post, without deadlock', async () => {
    const l4 = striped(4);
    const users = Array.from({ length: 20 }, (_, i) => `c_${i}`);
    await Promise.all(
      users.map((u) =>
        transaction(database.db, (tx) =>
          l4.credit(tx, { userId: u, amount: m('100', 'KRW'), kind: 'deposit', from: 'bank_cash' }),
        ),
      ),
    );
    // each entry touches the user, fee income and settlement, in both directions of house flow
    await Promise.all(
      users.flatMap((u) =>
        [1, 2, 3].map((n) =>
          transaction(database.db, (tx) =>
            l4.postEntry(tx, {
              kind: 'test_order',
              idempotencyKey: `c-${u}-${n}`,
              postings: [
                { account: { owner: 'user', userId: u, currency: 'KRW', kind: 'available' }, amount: m('-10', 'KRW') },
                { account: { owner: 'user', userId: u, currency: 'KRW', kind: 'margin' }, amount: m('9', 'KRW') },
                { account: { owner: 'house', currency: 'KRW', kind: 'fee_income' }, amount: m('1.5', 'KRW') },
                { account: { owner: 'house', currency: 'KRW', kind: 'settlement' }, amount: m('-0.5', 'KRW') },
              ],
            }),
          ),
        ),
      ),
    );
    const house = await houseBalances(database.db);
    expect(house.find((b) => b.currency === 'KRW' && b.kind === 'fee_income')?.balance.toLedgerString()).toBe(
      '90.00000000',
    );
    expect(house.find((b) => b.currency === 'KRW' && b.kind === 'settlement')?.balance.toLedgerString()).toBe(
      '-30.00000000',
    );
    expect((await houseRows('KRW', 'fee_income')).length).toBeGreaterThan(1);
    for (const u of users)
      expect((await balancesOf(database.db, u)).get('KRW')?.available.toLedgerString()).toBe('70.00000000');
    await assertLedgerInvariant(database.db);
  });

  it('refuses a stripe count outside 1…256', () => {
    expect(() => striped(0)).toThrow();
    expect(() => striped(1.5)).toThrow();
    expect(() => striped(257)).toThrow();
  });
});
