/**
 * US over-the-counter ADRs of foreign companies, quoted in USD on the `otc` board: wider
 * spreads and thinner volume than the listed board. Share counts are in ADR equivalents
 * (underlying shares divided by the ADR ratio), so price × shares is the company's value.
 */
import type { InstrumentDef } from '../types.js';
import { stock, type StockRow, type StockVenue } from './build.js';

const OTC: StockVenue = { market: 'usd', board: 'otc', currency: 'USD' };

const rows: StockRow[] = [
  {
    // 1 ADR = 1 ordinary share
    code: 'TCEHY',
    name: 'Tencent Holdings Ltd. ADR',
    industry: 'Technology',
    shares: 9_150_000_000,
    price: '75.00',
    vol: '0.32',
    spreadBps: '10',
    adv: 2_500_000,
    foreign: null,
  },
  {
    // 1 ADR = 1 registered share
    code: 'NSRGY',
    name: 'Nestlé S.A. ADR',
    industry: 'Consumer staples',
    shares: 2_570_000_000,
    price: '95.00',
    vol: '0.20',
    spreadBps: '12',
    adv: 600_000,
    foreign: null,
  },
  {
    // 8 ADRs = 1 share (bearer shares and non-voting equity securities together)
    code: 'RHHBY',
    name: 'Roche Holding AG ADR',
    industry: 'Health care',
    shares: 6_900_000_000,
    price: '40.00',
    vol: '0.22',
    spreadBps: '12',
    adv: 1_500_000,
    foreign: null,
  },
  {
    // 4 ADRs = 1 share
    code: 'BAYRY',
    name: 'Bayer AG ADR',
    industry: 'Health care',
    shares: 3_930_000_000,
    price: '8.00',
    vol: '0.40',
    spreadBps: '20',
    adv: 1_800_000,
    foreign: null,
  },
  {
    // 1 ADR = 1 share
    code: 'DTEGY',
    name: 'Deutsche Telekom AG ADR',
    industry: 'Telecommunications',
    shares: 4_960_000_000,
    price: '33.00',
    vol: '0.22',
    spreadBps: '15',
    adv: 250_000,
    foreign: null,
  },
  {
    // 2 ADRs = 1 share
    code: 'ADDYY',
    name: 'adidas AG ADR',
    industry: 'Apparel',
    shares: 357_000_000,
    price: '100.00',
    vol: '0.32',
    spreadBps: '25',
    adv: 100_000,
    foreign: null,
  },
  {
    // 5 ADRs = 1 share
    code: 'LVMUY',
    name: 'LVMH Moët Hennessy Louis Vuitton SE ADR',
    industry: 'Consumer goods',
    shares: 2_500_000_000,
    price: '120.00',
    vol: '0.30',
    spreadBps: '20',
    adv: 250_000,
    foreign: null,
  },
];

export const otcStocks: readonly InstrumentDef[] = rows.map((row) => stock(OTC, row));
