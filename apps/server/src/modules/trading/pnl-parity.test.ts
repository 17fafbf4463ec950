/**
 * The web app re-prices open positions from WebSocket frames with `positionProfitLoss` of the
 * contract package; the server's order view uses `grossProfit` (fees.ts). They must agree to the
 * cent for any price, cost, size, side and currency, or a row would jump when the list refetches.
 */
import {
  Dec,
  currencies,
  Money,
  positionMarketValue,
  positionProfitLoss,
  sumAmounts,
  type Currency,
  type Side,
} from '@brokerage/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grossProfit, unitsOf } from './fees.js';

/** A price of §1.4: up to 15 integer digits kept small enough to be realistic, up to 8 decimals. */
const priceArb = fc
  .tuple(fc.bigInt({ min: 1n, max: 10_000_000_000_000n }), fc.integer({ min: 0, max: 8 }))
  .map(([units, scale]) => new Dec(units.toString()).dividedBy(new Dec(10).pow(scale)).toFixed());
const sideArb = fc.constantFrom<Side>('long', 'short');
const currencyArb = fc.constantFrom<Currency>(...currencies);
const lotsArb = fc.integer({ min: 1, max: 10_000_000 });
const lotSizeArb = fc.constantFrom('1', '0.001', '0.01', '0.1', '10', '1000', '0.00000001');

describe('live P&L formula (contract) = server formula (fees.ts)', () => {
  it('gives the same profitLoss for random positions and prices', () => {
    fc.assert(
      fc.property(
        sideArb,
        priceArb,
        priceArb,
        lotsArb,
        lotSizeArb,
        currencyArb,
        (side, cost, last, lots, lotSize, currency) => {
          const server = grossProfit(side, new Dec(cost), new Dec(last), unitsOf(lots, lotSize), currency).toString();
          expect(positionProfitLoss({ side, costPrice: cost, lots, lotSize, currency }, last)).toBe(server);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('gives the same market value as the order view (price × lots × lotSize, half-up)', () => {
    fc.assert(
      fc.property(priceArb, lotsArb, lotSizeArb, currencyArb, (last, lots, lotSize, currency) => {
        expect(positionMarketValue(last, lots, lotSize, currency)).toBe(
          Money.of(new Dec(last), currency).times(unitsOf(lots, lotSize)).toString(),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('rounds half-up at the currency scale, long and short, and sums a tab exactly', () => {
    const long = { side: 'long' as const, costPrice: '100.005', lots: 1, lotSize: '1', currency: 'USD' as const };
    expect(positionProfitLoss(long, '100.01')).toBe('0.01');
    expect(positionProfitLoss({ ...long, side: 'short' }, '100.01')).toBe('-0.01');
    expect(positionProfitLoss({ ...long, costPrice: '170.00', lots: 10 }, '172.40')).toBe('24.00');
    expect(
      positionProfitLoss({ side: 'short', costPrice: '170', lots: 10, lotSize: '1', currency: 'JPY' }, '172.45'),
    ).toBe('-25');
    // 1 lot of BTC is 0.001 BTC: a 1,000.00 move is 1.00 of P&L
    const btc = { side: 'long' as const, costPrice: '56316.00', lots: 1, lotSize: '0.001', currency: 'USDT' as const };
    expect(positionProfitLoss(btc, '57316.00')).toBe('1.00');
    expect(positionMarketValue('56316.00', 3, '0.001', 'USDT')).toBe('168.95');
    expect(sumAmounts(['0.10', '0.20', '-0.05'], 'USD')).toBe('0.25');
    expect(sumAmounts([], 'MXN')).toBe('0.00');
  });
});
