/**
 * Model test: random sequences of market opens and closes on a crypto pair (T+0, trades all
 * day) against a small reference model of margin, fees and P&L computed from the quotes.
 */
import { Dec, type Order } from '@brokerage/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureChannels, fund, verifiedUser } from '../../test/funds-helpers.js';
import { post, relaxedLimits, startTestApp, useTestApp } from '../../test/harness.js';

const t = useTestApp(undefined, undefined, { engine: false });
const ETH = 'i_crypto_ETH-USDT';
/** ETH-USDT's lot size (packages/market-sim/src/universe/crypto.ts): every amount is on lots × 0.01 ETH */
const ETH_LOT = '0.01';
const START = new Date('2026-03-02T16:00:00Z');
const r2 = (v: Dec) => v.toDecimalPlaces(2, Dec.ROUND_HALF_UP);

beforeAll(async () => {
  t.clock.set(START);
  await configureChannels(t.app);
});

type Op =
  | { kind: 'open'; side: 'long' | 'short'; lots: number; leverage: 1 | 2 | 5 | 10; wait: number }
  | { kind: 'close'; pick: number; wait: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    side: fc.constantFrom('long' as const, 'short' as const),
    lots: fc.integer({ min: 1, max: 300 }),
    leverage: fc.constantFrom(1 as const, 2 as const, 5 as const, 10 as const),
    wait: fc.integer({ min: 0, max: 30 }),
  }),
  fc.record({ kind: fc.constant('close' as const), pick: fc.nat(), wait: fc.integer({ min: 6, max: 120 }) }),
);

describe('random opens and closes against a reference model', () => {
  it('keeps available, positions value and fees equal to the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
        t.clock.set(START);
        const u = await verifiedUser(t.app);
        await fund(t.app, u, 'USDT', '50000.00');
        let available = new Dec(50000);
        const open: { orderId: string; side: 'long' | 'short'; cost: Dec; lots: number; margin: Dec }[] = [];
        for (const op of ops) {
          t.clock.advance(op.wait * 60_000);
          const q = t.deps.feed.quote(ETH);
          if (op.kind === 'open') {
            const r = await post(
              t.app,
              '/trade/buy',
              { instrumentId: ETH, side: op.side, orderType: 'market', lots: op.lots, leverage: op.leverage },
              u.headers,
            );
            const cost = new Dec(op.side === 'long' ? q.ask : q.bid);
            const contract = r2(cost.times(op.lots).times(ETH_LOT));
            const margin = r2(contract.dividedBy(op.leverage));
            const fee = r2(contract.times('0.0015'));
            if (margin.plus(fee).gt(available)) {
              expect(r.body.code).toBe('funds.insufficient_available');
              continue;
            }
            expect(r.body.status).toBe(1);
            expect((r.body.data as Order).lotSize).toBe(ETH_LOT);
            available = available.minus(margin).minus(fee);
            open.push({ orderId: (r.body.data as Order).orderId, side: op.side, cost, lots: op.lots, margin });
          } else if (open.length > 0) {
            const [pos] = open.splice(op.pick % open.length, 1);
            if (!pos) continue;
            const r = await post(t.app, '/trade/close', { orderId: pos.orderId }, u.headers);
            expect(r.body.code).toBe('result.close.ok');
            const price = new Dec(pos.side === 'long' ? q.bid : q.ask);
            const units = new Dec(pos.lots).times(ETH_LOT);
            const pnl = r2((pos.side === 'long' ? price.minus(pos.cost) : pos.cost.minus(price)).times(units));
            const proceeds = pos.margin.plus(pnl).minus(r2(price.times(units).times('0.0015')));
            available = available.plus(Dec.max(proceeds, available.negated()));
          }
        }
        const r = await post(t.app, '/user/assets', { currency: 'USDT' }, u.headers);
        const acc = (
          r.body.data as {
            accounts: { currency: string; available: string; positionsValue: string; inTransit: string }[];
          }
        ).accounts.find((a) => a.currency === 'USDT')!;
        expect(acc.available).toBe(available.toFixed(2));
        expect(acc.inTransit).toBe('0.00');
        const q = t.deps.feed.quote(ETH);
        const value = open.reduce(
          (s, p) =>
            s
              .plus(p.margin)
              .plus(
                r2(
                  (p.side === 'long' ? new Dec(q.price).minus(p.cost) : p.cost.minus(q.price))
                    .times(p.lots)
                    .times(ETH_LOT),
                ),
              ),
          new Dec(0),
        );
        expect(acc.positionsValue).toBe(value.toFixed(2));
      }),
      { numRuns: 12 },
    );
  });
});

describe('per-account limits of §1.7: one buy, close and cancel per second each', () => {
  it('answers 429 to a second buy within the second but still allows a cancel', async () => {
    const limited = await startTestApp(
      {
        ...relaxedLimits,
        buyPerAccount: { points: 1, durationSec: 1 },
        cancelPerAccount: { points: 1, durationSec: 1 },
      },
      undefined,
      { engine: false },
    );
    try {
      limited.clock.set(START);
      await configureChannels(limited.app);
      const u = await verifiedUser(limited.app);
      await fund(limited.app, u, 'USDT', '10000.00');
      const body = { instrumentId: ETH, side: 'long', orderType: 'limit', price: '100.00', lots: 200, leverage: 1 };
      const first = await post(limited.app, '/trade/buy', body, u.headers);
      expect(first.body.status).toBe(1);
      const second = await post(limited.app, '/trade/buy', body, u.headers);
      expect(second.http).toBe(429);
      expect(second.body.code).toBe('request.too_frequent');
      const cancel = await post(
        limited.app,
        '/trade/cancel',
        { orderId: (first.body.data as Order).orderId },
        u.headers,
      );
      expect(cancel.body.code).toBe('result.cancel.ok');
    } finally {
      await limited.app.close();
      await limited.database.close();
    }
  });
});
