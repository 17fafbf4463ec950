/**
 * Currency pairs the platform needs to convert every account currency, quoted as
 * BASE/QUOTE with `currency` = the quote currency. Reference levels are plausible 2025 rates.
 * Pegged or managed currencies (HKD, CNY, VND) get a low volatility so the walk stays near
 * its band instead of drifting like a free-floating rate.
 */
import type { InstrumentDef } from '../types.js';
import { instrumentId } from './build.js';

interface ForexRow {
  code: string;
  name: string;
  quote: string;
  priceScale: number;
  price: string;
  vol: string;
  spreadBps: string;
  /** typical daily amount in base-currency units */
  adv: number;
}

const rows: ForexRow[] = [
  {
    code: 'USDMXN',
    name: 'US Dollar / Mexican Peso',
    quote: 'MXN',
    priceScale: 4,
    price: '18.5000',
    vol: '0.11',
    spreadBps: '2',
    adv: 1_500_000_000,
  },
  {
    code: 'EURUSD',
    name: 'Euro / US Dollar',
    quote: 'USD',
    priceScale: 5,
    price: '1.16000',
    vol: '0.07',
    spreadBps: '0.5',
    adv: 5_000_000_000,
  },
  {
    code: 'EURMXN',
    name: 'Euro / Mexican Peso',
    quote: 'MXN',
    priceScale: 4,
    price: '21.4600',
    vol: '0.11',
    spreadBps: '3',
    adv: 300_000_000,
  },
  {
    code: 'USDCNY',
    name: 'US Dollar / Chinese Yuan',
    quote: 'CNY',
    priceScale: 4,
    price: '7.1500',
    vol: '0.04',
    spreadBps: '3',
    adv: 800_000_000,
  },
  {
    code: 'USDTWD',
    name: 'US Dollar / New Taiwan Dollar',
    quote: 'TWD',
    priceScale: 4,
    price: '30.5000',
    vol: '0.06',
    spreadBps: '5',
    adv: 200_000_000,
  },
  {
    code: 'USDHKD',
    name: 'US Dollar / Hong Kong Dollar',
    quote: 'HKD',
    priceScale: 4,
    price: '7.8200',
    vol: '0.01',
    spreadBps: '1',
    adv: 600_000_000,
  },
  {
    code: 'USDTHB',
    name: 'US Dollar / Thai Baht',
    quote: 'THB',
    priceScale: 4,
    price: '32.5000',
    vol: '0.08',
    spreadBps: '5',
    adv: 150_000_000,
  },
  {
    code: 'USDJPY',
    name: 'US Dollar / Japanese Yen',
    quote: 'JPY',
    priceScale: 3,
    price: '147.500',
    vol: '0.10',
    spreadBps: '0.8',
    adv: 4_000_000_000,
  },
  {
    code: 'USDVND',
    name: 'US Dollar / Vietnamese Dong',
    quote: 'VND',
    priceScale: 0,
    price: '26200',
    vol: '0.04',
    spreadBps: '10',
    adv: 50_000_000,
  },
  {
    code: 'USDMYR',
    name: 'US Dollar / Malaysian Ringgit',
    quote: 'MYR',
    priceScale: 4,
    price: '4.2500',
    vol: '0.07',
    spreadBps: '8',
    adv: 100_000_000,
  },
  {
    code: 'USDKRW',
    name: 'US Dollar / South Korean Won',
    quote: 'KRW',
    priceScale: 2,
    price: '1390.00',
    vol: '0.09',
    spreadBps: '4',
    adv: 400_000_000,
  },
];

export const forexPairs: readonly InstrumentDef[] = rows.map((row) => ({
  instrumentId: instrumentId('forex', row.code),
  code: row.code,
  name: row.name,
  market: 'forex',
  board: 'listed',
  assetClass: 'forex',
  currency: row.quote,
  priceScale: row.priceScale,
  referencePrice: row.price,
  annualVolatility: row.vol,
  halfSpreadBps: row.spreadBps,
  averageDailyVolume: String(row.adv),
  volumeScale: 0,
  // a micro lot: 1,000 units of the base currency (docs/decisions.md, "Lot sizes")
  lotSize: '1000',
  industry: null,
  sharesOutstanding: null,
  foreignOwnershipRatio: null,
  listingDate: null,
}));
