import { Dec, type Currency } from '@brokerage/contract';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import type { Database } from '../../platform/db.js';
import { openTestDatabase } from '../../test/test-db.js';
import {
  assertLedgerInvariant, balancesOf, credit, debit, hold, InsufficientFundsError, ledgerViolations, postEntry, release, settle,
} from './index.js';

let database: Database;
const clock = new ManualClock(new Date('2026-03-02T15:00:00Z'));

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
      database.db.transaction((tx) =>
        postEntry(tx, clock, {
          kind: 'test',
          postings: [
            { account: { owner: 'house', currency: 'MXN', kind: 'bank_cash' }, amount: '-10' },
            { account: { owner: 'user', userId: 'u_a', currency: 'MXN', kind: 'available' }, amount: '9.99' },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
  });

  it('credits a deposit and keeps the books balanced', async () => {
    await database.db.transaction((tx) => credit(tx, clock, { userId: 'u_a', currency: 'MXN', amount: '1000.50', kind: 'deposit', from: 'bank_cash' }));
    const b = await balancesOf(database.db, 'u_a');
    expect(b.get('MXN')?.available).toBe('1000.50000000');
    expect(await ledgerViolations(database.db)).toEqual([]);
  });

  it('moves money once for the same idempotency key', async () => {
    const move = () => database.db.transaction((tx) =>
      credit(tx, clock, { userId: 'u_b', currency: 'USD', amount: '5', kind: 'deposit', from: 'bank_cash', idempotencyKey: 'dep-1' }));
    const first = await move();
    const second = await move();
    expect(second.replayed).toBe(true);
    expect(second.entryId).toBe(first.entryId);
    expect((await balancesOf(database.db, 'u_b')).get('USD')?.available).toBe('5.00000000');
  });

  it('refuses to take a user balance below zero and writes nothing', async () => {
    const before = await balancesOf(database.db, 'u_a');
    await expect(
      database.db.transaction((tx) => hold(tx, clock, { userId: 'u_a', currency: 'MXN', amount: '1000.50000001', kind: 'order_freeze' })),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await balancesOf(database.db, 'u_a')).toEqual(before);
  });

  it('the database refuses to edit a posted entry', async () => {
    await expect(database.db.execute(sql`update postings set amount = 0`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from journal_entries`)).rejects.toThrow();
  });

  it('the CHECK constraint refuses a negative user balance even without the service guard', async () => {
    await expect(
      database.db.execute(sql`update ledger_accounts set balance = -1 where owner_type = 'user' and owner_id = 'u_a' and kind = 'available'`),
    ).rejects.toThrow();
  });
});

describe('holds', () => {
  it('freeze, release and settle move money between available, frozen and the house', async () => {
    const db = database.db;
    await db.transaction((tx) => credit(tx, clock, { userId: 'u_h', currency: 'EUR', amount: '100', kind: 'deposit', from: 'bank_cash' }));
    await db.transaction((tx) => hold(tx, clock, { userId: 'u_h', currency: 'EUR', amount: '60', kind: 'withdraw_freeze' }));
    await db.transaction((tx) => release(tx, clock, { userId: 'u_h', currency: 'EUR', amount: '10', kind: 'withdraw_release' }));
    await db.transaction((tx) => settle(tx, clock, { userId: 'u_h', currency: 'EUR', amount: '50', kind: 'withdraw_pay', to: 'bank_cash' }));
    const b = (await balancesOf(db, 'u_h')).get('EUR');
    expect(b).toEqual({ currency: 'EUR', available: '50.00000000', frozen: '0.00000000' });
    await assertLedgerInvariant(db);
  });
});

describe('random sequences of transfers and holds', () => {
  it('keep the invariant and never take a user balance below zero', async () => {
    const usersPool = ['p_1', 'p_2', 'p_3'];
    const currencyPool: Currency[] = ['MXN', 'USDT'];
    const amount = fc.tuple(fc.integer({ min: 1, max: 5_000_00 }), fc.integer({ min: 0, max: 99 }))
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
          const from = o.type === 'debit' || o.type === 'hold' ? av : o.type === 'release' || o.type === 'settle' ? fr : null;
          const expectRefusal = from !== null && get(from).lessThan(amt);
          const run = (tx: Parameters<Parameters<typeof database.db.transaction>[0]>[0]) => {
            const base = { userId: o.userId, currency: o.currency, amount: o.amount, kind: `prop_${o.type}` };
            switch (o.type) {
              case 'credit': return credit(tx, clock, { ...base, from: 'bank_cash' });
              case 'debit': return debit(tx, clock, { ...base, to: 'fee_income' });
              case 'hold': return hold(tx, clock, base);
              case 'release': return release(tx, clock, base);
              case 'settle': return settle(tx, clock, { ...base, to: 'bank_cash' });
            }
          };
          let refused = false;
          try {
            await database.db.transaction(run);
          } catch (error) {
            if (!(error instanceof InsufficientFundsError)) throw error;
            refused = true;
          }
          expect(refused).toBe(expectRefusal);
          if (!refused) {
            if (o.type === 'credit') model.set(av, get(av).plus(amt));
            if (o.type === 'debit') model.set(av, get(av).minus(amt));
            if (o.type === 'hold') { model.set(av, get(av).minus(amt)); model.set(fr, get(fr).plus(amt)); }
            if (o.type === 'release') { model.set(fr, get(fr).minus(amt)); model.set(av, get(av).plus(amt)); }
            if (o.type === 'settle') model.set(fr, get(fr).minus(amt));
          }
        }
        expect(await ledgerViolations(database.db)).toEqual([]);
        for (const u of usersPool) {
          const balances = await balancesOf(database.db, u);
          for (const cur of currencyPool) {
            const b = balances.get(cur);
            expect(new Dec(b?.available ?? 0).equals(get(`${u}|${cur}|available`))).toBe(true);
            expect(new Dec(b?.frozen ?? 0).equals(get(`${u}|${cur}|frozen`))).toBe(true);
          }
        }
        // Reset the pool's balances to zero through the ledger so each run starts clean.
        for (const u of usersPool) {
          for (const [cur, b] of await balancesOf(database.db, u)) {
            if (!new Dec(b.frozen).isZero()) await database.db.transaction((tx) => settle(tx, clock, { userId: u, currency: cur, amount: b.frozen, kind: 'prop_reset', to: 'bank_cash' }));
            if (!new Dec(b.available).isZero()) await database.db.transaction((tx) => debit(tx, clock, { userId: u, currency: cur, amount: b.available, kind: 'prop_reset', to: 'bank_cash' }));
          }
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
