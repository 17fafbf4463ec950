/**
 * A small universe for the simulator's tests and benchmark (the real one lives in universe/):
 * one of each kind of instrument and each situation the simulator must handle: a split and
 * dividends (one with a weekend ex-date), a later listing and a delisting, a halt across a day
 * end, an instrument volatile enough to hit its limits every day, tiny and large prices, and two
 * indexes (one with a derived divisor, one with a given divisor).
 */
import { defaultCalendars } from './default-calendars.js';
import type { InstrumentDef, MarketCalendar, SimConfig, SimMarket } from './types.js';

type StockInput = Pick<InstrumentDef, 'instrumentId' | 'code' | 'market' | 'currency' | 'referencePrice'> &
  Partial<InstrumentDef>;

function instrument(input: StockInput): InstrumentDef {
  return {
    name: input.code,
    board: 'listed',
    assetClass: 'stock',
    priceScale: 2,
    annualVolatility: '0.30',
    halfSpreadBps: '2',
    averageDailyVolume: '5000000',
    volumeScale: 0,
    industry: null,
    sharesOutstanding: null,
    foreignOwnershipRatio: null,
    listingDate: null,
    ...input,
  };
}

export const fixtureUniverse: InstrumentDef[] = [
  instrument({
    instrumentId: 'i_usd_ACME',
    code: 'ACME',
    market: 'usd',
    currency: 'USD',
    referencePrice: '150.00',
    averageDailyVolume: '40000000',
    sharesOutstanding: 16_000_000_000,
    industry: 'Technology',
    corporateActions: [
      { kind: 'dividend', exDate: '2023-08-11', cash: '0.25' },
      { kind: 'split', exDate: '2024-06-10', ratio: '2' },
      { kind: 'dividend', exDate: '2025-02-08', cash: '0.30' },
    ],
  }),
  instrument({
    instrumentId: 'i_usd_BOLT',
    code: 'BOLT',
    market: 'usd',
    currency: 'USD',
    referencePrice: '24.00',
    listingDate: '2022-03-15',
    delistingDate: '2025-09-30',
    annualVolatility: '0.55',
  }),
  instrument({
    instrumentId: 'i_usd_CRAN',
    code: 'CRAN',
    market: 'usd',
    currency: 'USD',
    referencePrice: '48.50',
    annualVolatility: '0.22',
  }),
  instrument({
    instrumentId: 'i_mxn_AMXL',
    code: 'AMXL',
    market: 'mxn',
    currency: 'MXN',
    referencePrice: '16.30',
    annualVolatility: '0.25',
    averageDailyVolume: '18000000',
    sharesOutstanding: 61_100_000_000,
  }),
  instrument({
    instrumentId: 'i_mxn_WILD',
    code: 'WILD',
    market: 'mxn',
    currency: 'MXN',
    referencePrice: '42.00',
    annualVolatility: '6.0',
  }),
  instrument({
    instrumentId: 'i_mxn_NEWC',
    code: 'NEWC',
    market: 'mxn',
    currency: 'MXN',
    referencePrice: '20.00',
    listingDate: '2026-04-15',
  }),
  instrument({
    instrumentId: 'i_eur_SANX',
    code: 'SANX',
    market: 'eur',
    currency: 'EUR',
    referencePrice: '3.215',
    priceScale: 3,
    corporateActions: [{ kind: 'dividend', exDate: '2024-05-02', cash: '0.095' }],
  }),
  instrument({
    instrumentId: 'i_crypto_BTC',
    code: 'BTC',
    market: 'crypto',
    currency: 'USDT',
    referencePrice: '32000.00',
    assetClass: 'crypto',
    annualVolatility: '0.70',
    halfSpreadBps: '1',
    averageDailyVolume: '25000',
    volumeScale: 6,
  }),
  instrument({
    instrumentId: 'i_crypto_DOGE',
    code: 'DOGE',
    market: 'crypto',
    currency: 'USDT',
    referencePrice: '0.009500',
    priceScale: 6,
    assetClass: 'crypto',
    annualVolatility: '1.10',
    halfSpreadBps: '5',
    averageDailyVolume: '900000000',
    volumeScale: 2,
  }),
  instrument({
    instrumentId: 'i_forex_EURUSD',
    code: 'EURUSD',
    market: 'forex',
    currency: 'USD',
    referencePrice: '1.22500',
    priceScale: 5,
    assetClass: 'forex',
    annualVolatility: '0.07',
    halfSpreadBps: '0.5',
    averageDailyVolume: '1000000000',
  }),
  instrument({
    instrumentId: 'i_usd_FIDX',
    code: 'FIDX',
    market: 'usd',
    currency: 'USD',
    referencePrice: '1000.00',
    assetClass: 'index',
    halfSpreadBps: '0',
    averageDailyVolume: '0',
    constituents: [
      { instrumentId: 'i_usd_ACME', weight: '1' },
      { instrumentId: 'i_usd_BOLT', weight: '1' },
      { instrumentId: 'i_usd_CRAN', weight: '1' },
    ],
  }),
  instrument({
    instrumentId: 'i_mxn_MIDX',
    code: 'MIDX',
    market: 'mxn',
    currency: 'MXN',
    referencePrice: '1000.00',
    assetClass: 'index',
    halfSpreadBps: '0',
    averageDailyVolume: '0',
    divisor: '0.0745',
    constituents: [
      { instrumentId: 'i_mxn_AMXL', weight: '2.5' },
      { instrumentId: 'i_mxn_WILD', weight: '0.5' },
    ],
  }),
];

/** The default calendars plus a few holidays to test against. */
export const fixtureCalendars: Record<SimMarket, MarketCalendar> = {
  ...defaultCalendars,
  usd: { ...defaultCalendars.usd, holidays: ['2025-07-04', '2025-12-25', '2026-01-01', '2026-07-03'] },
  mxn: { ...defaultCalendars.mxn, holidays: ['2025-12-25', '2026-01-01'] },
};

/** AMXL halted from 10:00 Mexico City on 2025-03-12 to 10:00 the next day (across the close). */
export const fixtureHalt = {
  instrumentId: 'i_mxn_AMXL',
  from: new Date('2025-03-12T16:00:00Z'),
  to: new Date('2025-03-13T16:00:00Z'),
};

export function fixtureConfig(seed = 'fixture-seed'): SimConfig {
  return { seed, calendars: fixtureCalendars, halts: [fixtureHalt] };
}
