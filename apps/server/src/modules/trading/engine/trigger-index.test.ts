/**
 * The trigger index against a brute-force reference: random orders, edits, parks and price
 * paths; at every tick the entries the index hands out equal the set a full scan of every order
 * with the engine's exact Dec predicates would act on, and the dated work equals the orders
 * whose time came. The stop-out key is checked on its own against the engine's stop-out rule.
 */
import { Dec, type Currency, type Side } from '@brokerage/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openingAmounts, unitsOf } from '../fees.js';
import {
  directionOf,
  keyFires,
  limitCrossed,
  stopLossCrossed,
  stopOutKey,
  stoppedOut,
  takeProfitCrossed,
  type StopOutTerms,
} from './conditions.js';
import { fromScaled, toScaled } from '../../../platform/scaled.js';
import { TimeQueue } from './time-queue.js';
import { TriggerIndex, type IndexRow } from './trigger-index.js';

const decimalOf = (units: number, scale: number) => new Dec(units).dividedBy(new Dec(10).pow(scale)).toFixed(scale);

describe('scaled integers', () => {
  it('round-trip plain decimals and round the way they are asked', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (n) => {
        expect(toScaled(fromScaled(n))).toBe(n);
      }),
    );
    expect(toScaled('1.234567891', 'floor')).toBe(123456789n);
    expect(toScaled('1.234567891', 'ceil')).toBe(123456790n);
    expect(toScaled('-1.234567891', 'floor')).toBe(-123456790n);
    expect(toScaled('-1.234567891', 'ceil')).toBe(-123456789n);
    expect(toScaled('170.00000000')).toBe(17000000000n);
    expect(() => toScaled('1e5')).toThrow();
  });
});

describe('the time queue', () => {
  it('pops every due item, earliest first, and keeps the rest', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1000 })), fc.integer({ min: 0, max: 1000 }), (times, now) => {
        const q = new TimeQueue<number>();
        times.forEach((t, i) => q.push(t, i));
        const due = q.popDue(now).map((item) => item.at);
        expect(due).toEqual(times.filter((t) => t <= now).sort((a, b) => a - b));
        expect(q.size).toBe(times.filter((t) => t > now).length);
      }),
    );
  });
});

const CURRENCIES: Currency[] = ['USD', 'MXN', 'USDT'];

const termsArb: fc.Arbitrary<StopOutTerms> = fc
  .record({
    side: fc.constantFrom<Side>('long', 'short'),
    priceScale: fc.constantFrom(0, 2, 4, 5),
    priceUnits: fc.integer({ min: 1, max: 50_000_000 }),
    lots: fc.integer({ min: 1, max: 5000 }),
    // whole shares and the fractions of a coin or thousands of a currency pair a lot can be
    lotSize: fc.constantFrom('1', '0.001', '0.01', '0.1', '10', '1000', '0.00000001', '0.125'),
    leverage: fc.constantFrom(1, 2, 5, 10, 20),
    ratio: fc.constantFrom('1.00', '0.80', '0.05', '0.5', '1.5', '0.33333333', '0'),
    currency: fc.constantFrom(...CURRENCIES),
  })
  .map((r) => {
    const costPrice = decimalOf(r.priceUnits, r.priceScale);
    const { margin } = openingAmounts(new Dec(costPrice), unitsOf(r.lots, r.lotSize), r.leverage, '0.0015', r.currency);
    return {
      side: r.side,
      costPrice,
      lots: r.lots,
      lotSize: r.lotSize,
      margin: margin.amount.toFixed(8),
      stopOutRatio: r.ratio,
      currency: r.currency,
    };
  });

describe('the stop-out key', () => {
  it('fires exactly where the engine rule starts to hold: never late, never early', () => {
    fc.assert(
      fc.property(
        termsArb,
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: 0, max: 4 }),
        (terms, offset, grain) => {
          const key = stopOutKey(terms);
          // a last price around the key, on grids from 10^-8 to whole units
          const step = 10n ** BigInt(grain * 2);
          const lastScaled = (key / step + BigInt(offset)) * step;
          if (lastScaled <= 0n) return;
          const last = fromScaled(lastScaled);
          const direction = directionOf('stop_out', terms.side);
          expect(keyFires(direction, key, toScaled(last, 'ceil'), toScaled(last, 'floor'))).toBe(
            stoppedOut(terms, new Dec(last)),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('compares exactly for last prices with more than 8 decimals (limit, TP and SL keys are the prices themselves)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Side>('long', 'short'),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: 0, max: 99 }),
        (side, units, offset, extra) => {
          const limit = decimalOf(units, 4);
          const key = toScaled(limit);
          const last = `${fromScaled(key + BigInt(offset))}${String(extra).padStart(2, '0')}`;
          expect(keyFires(directionOf('limit', side), key, toScaled(last, 'ceil'), toScaled(last, 'floor'))).toBe(
            limitCrossed(side, new Dec(limit), new Dec(last)),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// ── index vs brute force ────────────────────────────────────────────────────────────────────

const INSTRUMENTS = ['i_a', 'i_b', 'i_c'];
const T0 = Date.parse('2026-03-02T15:00:00Z');
const MIN = 60_000;
const cents = (n: number) => decimalOf(n, 2);

type Op =
  | { op: 'upsert'; id: number; row: Omit<IndexRow, 'id'> }
  | { op: 'remove'; id: number }
  | { op: 'park'; id: number; minutes: number }
  | { op: 'tick'; minutes: number; moves: number[] };

const rowArb: fc.Arbitrary<Omit<IndexRow, 'id'>> = fc
  .record({
    instrumentId: fc.constantFrom(...INSTRUMENTS),
    state: fc.constantFrom('pending', 'holding', 'holding', 'locked', 'closing', 'closed', 'cancelled'),
    side: fc.constantFrom('long', 'short'),
    currency: fc.constantFrom(...CURRENCIES),
    lots: fc.integer({ min: 1, max: 300 }),
    lotSize: fc.constantFrom('1', '0.001', '1000'),
    leverage: fc.constantFrom(1, 2, 5, 10),
    price: fc.integer({ min: 8000, max: 12000 }),
    tp: fc.option(fc.integer({ min: 8000, max: 12000 }), { nil: null }),
    sl: fc.option(fc.integer({ min: 8000, max: 12000 }), { nil: null }),
    ratio: fc.constantFrom('1.00', '0.05', '0.10', '0.5'),
    minHold: fc.option(fc.integer({ min: -5, max: 30 }), { nil: null }),
    expires: fc.option(fc.integer({ min: -5, max: 60 }), { nil: null }),
    lock: fc.option(fc.integer({ min: -5, max: 60 }), { nil: null }),
  })
  .map((r) => {
    const price = cents(r.price);
    const units = unitsOf(r.lots, r.lotSize);
    const { margin } = openingAmounts(new Dec(price), units, r.leverage, '0.0015', r.currency as Currency);
    const at = (m: number | null) => (m === null ? null : new Date(T0 + m * MIN));
    return {
      instrumentId: r.instrumentId,
      state: r.state,
      side: r.side,
      currency: r.currency,
      lots: r.lots,
      lotSize: r.lotSize,
      price: r.state === 'pending' ? price : null,
      costPrice: r.state === 'pending' ? null : price,
      margin: margin.amount.toFixed(8),
      stopOutRatio: r.ratio,
      takeProfit: r.tp === null ? null : cents(r.tp),
      stopLoss: r.sl === null ? null : cents(r.sl),
      minHoldUntil: at(r.minHold),
      expiresAt: at(r.expires),
      lockUntil: at(r.lock),
    };
  });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ op: fc.constant('upsert' as const), id: fc.integer({ min: 0, max: 40 }), row: rowArb }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 40 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('park' as const),
      id: fc.integer({ min: 0, max: 40 }),
      minutes: fc.integer({ min: -2, max: 20 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('tick' as const),
      minutes: fc.integer({ min: 0, max: 6 }),
      // cents per instrument; now and then a gap large enough to cross stop-outs
      moves: fc.array(
        fc.oneof(
          { weight: 6, arbitrary: fc.integer({ min: -150, max: 150 }) },
          { weight: 1, arbitrary: fc.integer({ min: -2500, max: 2500 }) },
        ),
        { minLength: 3, maxLength: 3 },
      ),
    }),
  },
);

interface RefOrder {
  row: IndexRow;
  parkedUntil: number | null;
  expireDone: boolean;
  unlockDone: boolean;
}

/** What a full scan of every order would act on at `last` and `now` (the engine's Dec predicates). */
function referenceHits(book: Map<string, RefOrder>, instrumentId: string, last: Dec, now: number): string[] {
  const out: string[] = [];
  for (const [id, o] of book) {
    const r = o.row;
    if (r.instrumentId !== instrumentId) continue;
    const side = r.side as Side;
    if (r.state === 'pending' && r.price !== null && limitCrossed(side, new Dec(r.price), last))
      out.push(`${id}:limit`);
    if (
      (r.state === 'holding' || r.state === 'locked') &&
      r.costPrice !== null &&
      stoppedOut(
        {
          side,
          costPrice: r.costPrice,
          lots: r.lots,
          lotSize: r.lotSize,
          margin: r.margin,
          stopOutRatio: r.stopOutRatio,
          currency: r.currency as Currency,
        },
        last,
      )
    ) {
      out.push(`${id}:stop_out`);
    }
    if (r.state === 'holding') {
      const armAt = o.parkedUntil ?? r.minHoldUntil?.getTime() ?? null;
      if (armAt !== null && now < armAt) continue;
      if (r.takeProfit !== null && takeProfitCrossed(side, new Dec(r.takeProfit), last)) out.push(`${id}:take_profit`);
      if (r.stopLoss !== null && stopLossCrossed(side, new Dec(r.stopLoss), last)) out.push(`${id}:stop_loss`);
    }
  }
  return out.sort();
}

describe('the trigger index', () => {
  it('hands out exactly what a full scan would act on, tick after tick', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 120 }), fc.boolean(), (ops, bulkStart) => {
        const index = new TriggerIndex();
        const book = new Map<string, RefOrder>();
        let now = T0;
        const prices = INSTRUMENTS.map(() => 10000);
        const live = new Set(['pending', 'holding', 'locked', 'closing']);
        const put = (id: string, row: IndexRow) => {
          if (live.has(row.state)) book.set(id, { row, parkedUntil: null, expireDone: false, unlockDone: false });
          else book.delete(id);
        };
        // half the runs start from a bulk load of the first upserts, as the engine's start does
        let start = 0;
        if (bulkStart) {
          const rows: IndexRow[] = [];
          while (start < ops.length && ops[start]?.op === 'upsert') {
            const o = ops[start] as Extract<Op, { op: 'upsert' }>;
            const row = { ...o.row, id: `o${o.id}` };
            const at = rows.findIndex((r) => r.id === row.id);
            if (at >= 0) rows.splice(at, 1);
            rows.push(row);
            put(row.id, row);
            start += 1;
          }
          index.load(rows, new Date(now));
        }
        for (const op of ops.slice(start)) {
          if (op.op === 'upsert') {
            const row = { ...op.row, id: `o${op.id}` };
            index.upsert(row, new Date(now));
            put(row.id, row);
          } else if (op.op === 'remove') {
            index.remove(`o${op.id}`);
            book.delete(`o${op.id}`);
          } else if (op.op === 'park') {
            const until = now + op.minutes * MIN;
            index.park(`o${op.id}`, new Date(until));
            const o = book.get(`o${op.id}`);
            if (o && o.row.state === 'holding' && (o.row.takeProfit !== null || o.row.stopLoss !== null))
              o.parkedUntil = until;
          } else {
            now += op.minutes * MIN;
            op.moves.forEach((m, i) => {
              prices[i] = Math.max(1, (prices[i] ?? 10000) + m);
            });
            const due = index.due(new Date(now));
            const expected = { expire: [] as string[], unlock: [] as string[] };
            for (const [id, o] of book) {
              if (o.row.state === 'pending' && o.row.expiresAt && o.row.expiresAt.getTime() <= now && !o.expireDone) {
                expected.expire.push(id);
                o.expireDone = true;
              }
              if (o.row.state === 'locked' && o.row.lockUntil && o.row.lockUntil.getTime() <= now && !o.unlockDone) {
                expected.unlock.push(id);
                o.unlockDone = true;
              }
            }
            expect([...due.expire].sort()).toEqual(expected.expire.sort());
            expect([...due.unlock].sort()).toEqual(expected.unlock.sort());
            INSTRUMENTS.forEach((instrumentId, i) => {
              const last = cents(prices[i] ?? 10000);
              const got = index
                .priceHits(instrumentId, last)
                .map((h) => `${h.orderId}:${h.kind}`)
                .sort();
              expect(got).toEqual(referenceHits(book, instrumentId, new Dec(last), now));
            });
            // open and closing sets match too (delisting and closing rows use them)
            for (const instrumentId of INSTRUMENTS) {
              const open = [...book]
                .filter(
                  ([, o]) =>
                    o.row.instrumentId === instrumentId && ['holding', 'locked', 'closing'].includes(o.row.state),
                )
                .map(([id]) => id)
                .sort();
              expect(index.openOf(instrumentId).sort()).toEqual(open);
              const closing = [...book]
                .filter(([, o]) => o.row.instrumentId === instrumentId && o.row.state === 'closing')
                .map(([id]) => id)
                .sort();
              expect(index.closingOf(instrumentId).sort()).toEqual(closing);
            }
          }
        }
        expect(index.stats().orders).toBe(book.size);
      }),
      { numRuns: 400 },
    );
  });
});
