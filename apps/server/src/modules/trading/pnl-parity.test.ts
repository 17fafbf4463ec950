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
import { grossProfit } from './fees.js';

/** A price of §1.4: up to 15 integer digits kept small enough to be realistic, up to 8 decimals. */
const priceArb = fc
  .tuple(fc.bigInt({ min: 1n, max: 10_000_000_000_000n }), fc.integer({ min: 0, max: 8 }))
  .map(([units, scale]) => new Dec(units.toString()).dividedBy(new Dec(10).pow(scale)).toFixed());
const sideArb = fc.constantFrom<Side>('long', 'short');
const currencyArb = fc.constantFrom<Currency>(...currencies);
const lotsArb = fc.integer({ min: 1, max: 10_000_000 });

describe('live P&L formula (contract) = server formula (fees.ts)', () => {
  it('gives the same profitLoss for random positions and prices', () => {
    fc.assert(
      fc.property(sideArb, priceArb, priceArb, lotsArb, currencyArb, (side, cost, last, lots, currency) => {
        const server = grossProfit(side, new Dec(cost), new Dec(last), lots, currency).toString();
        expect(positionProfitLoss({ side, costPrice: cost, lots, currency }, last)).toBe(server);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same market value as the order view (price × lots, half-up)', () => {
    fc.assert(
      fc.property(priceArb, lotsArb, currencyArb, (last, lots, currency) => {
        expect(positionMarketValue(last, lots, currency)).toBe(
          Money.of(new Dec(last), currency).times(lots).toString(),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('rounds half-up at the currency scale, long and short, and sums a tab exactly', () => {
    const long = { side: 'long' as const, costPrice: '100.005', lots: 1, currency: 'USD' as const };
    expect(positionProfitLoss(long, '100.01')).toBe('0.01');
    expect(positionProfitLoss({ ...long, side: 'short' }, '100.01')).toBe('-0.01');
    expect(positionProfitLoss({ ...long, costPrice: '170.00', lots: 10 }, '172.40')).toBe('24.00');
    expect(positionProfitLoss({ side: 'short', costPrice: '170', lots: 10, currency: 'JPY' }, '172.45')).toBe('-25');
    expect(sumAmounts(['0.10', '0.20', '-0.05'], 'USD')).toBe('0.25');
    expect(sumAmounts([], 'MXN')).toBe('0.00');
  });
});
