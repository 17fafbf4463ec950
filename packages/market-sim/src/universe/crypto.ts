/**
 * Major coins against USDT. `sharesOutstanding` is the approximate 2025 circulating supply so
 * a market value can be computed; volumes are coin units with `volumeScale` decimals.
 */
import type { InstrumentDef } from '../types.js';
import { instrumentId } from './build.js';

interface CoinRow {
  /** base asset symbol; the instrument code is `<BASE>-USDT` */
  base: string;
  name: string;
  priceScale: number;
  price: string;
  vol: string;
  spreadBps: string;
  volumeScale: number;
  /** coin units per day, with exactly `volumeScale` decimals */
  adv: string;
  /** coins in one lot: a step worth roughly 1–50 USDT, so a small deposit can buy one */
  lotSize: string;
  supply: number;
}

const rows: CoinRow[] = [
  {
    base: 'BTC',
    name: 'Bitcoin',
    priceScale: 2,
    price: '110000.00',
    vol: '0.50',
    spreadBps: '2',
    volumeScale: 5,
    adv: '18500.00000',
    supply: 19_900_000,
    lotSize: '0.001',
  },
  {
    base: 'ETH',
    name: 'Ethereum',
    priceScale: 2,
    price: '4000.00',
    vol: '0.65',
    spreadBps: '2',
    volumeScale: 4,
    adv: '350000.0000',
    supply: 120_700_000,
    lotSize: '0.01',
  },
  {
    base: 'SOL',
    name: 'Solana',
    priceScale: 2,
    price: '190.00',
    vol: '0.80',
    spreadBps: '3',
    volumeScale: 4,
    adv: '2500000.0000',
    supply: 540_000_000,
    lotSize: '0.1',
  },
  {
    base: 'BNB',
    name: 'BNB',
    priceScale: 2,
    price: '850.00',
    vol: '0.55',
    spreadBps: '3',
    volumeScale: 4,
    adv: '250000.0000',
    supply: 139_000_000,
    lotSize: '0.01',
  },
  {
    base: 'XRP',
    name: 'XRP',
    priceScale: 4,
    price: '2.8000',
    vol: '0.85',
    spreadBps: '3',
    volumeScale: 4,
    adv: '300000000.0000',
    supply: 59_500_000_000,
    lotSize: '1',
  },
  {
    base: 'ADA',
    name: 'Cardano',
    priceScale: 4,
    price: '0.7500',
    vol: '0.85',
    spreadBps: '5',
    volumeScale: 4,
    adv: '250000000.0000',
    supply: 36_000_000_000,
    lotSize: '10',
  },
  {
    base: 'DOGE',
    name: 'Dogecoin',
    priceScale: 4,
    price: '0.2200',
    vol: '0.90',
    spreadBps: '5',
    volumeScale: 4,
    adv: '1500000000.0000',
    supply: 150_000_000_000,
    lotSize: '10',
  },
  {
    base: 'TRX',
    name: 'TRON',
    priceScale: 4,
    price: '0.3200',
    vol: '0.55',
    spreadBps: '6',
    volumeScale: 4,
    adv: '300000000.0000',
    supply: 94_700_000_000,
    lotSize: '10',
  },
  {
    base: 'LTC',
    name: 'Litecoin',
    priceScale: 2,
    price: '105.00',
    vol: '0.75',
    spreadBps: '5',
    volumeScale: 4,
    adv: '600000.0000',
    supply: 76_000_000,
    lotSize: '0.1',
  },
  {
    base: 'DOT',
    name: 'Polkadot',
    priceScale: 4,
    price: '4.0000',
    vol: '0.85',
    spreadBps: '8',
    volumeScale: 4,
    adv: '8000000.0000',
    supply: 1_600_000_000,
    lotSize: '1',
  },
];

export const cryptoPairs: readonly InstrumentDef[] = rows.map((row) => {
  const code = `${row.base}-USDT`;
  return {
    instrumentId: instrumentId('crypto', code),
    code,
    name: row.name,
    market: 'crypto',
    board: 'listed',
    assetClass: 'crypto',
    currency: 'USDT',
    priceScale: row.priceScale,
    referencePrice: row.price,
    annualVolatility: row.vol,
    halfSpreadBps: row.spreadBps,
    averageDailyVolume: row.adv,
    volumeScale: row.volumeScale,
    lotSize: row.lotSize,
    industry: 'Digital currency',
    sharesOutstanding: row.supply,
    foreignOwnershipRatio: null,
    listingDate: null,
  };
});
