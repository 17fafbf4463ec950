/**
 * Five benchmark indexes built from the stocks of this universe that belong to the real index.
 * Cap-weighted baskets hold free-float shares in millions (shares × float factor / 1e6), so each
 * member's weight is proportional to its free-float market value; the Dow is price-weighted
 * ("1" share of each member). The simulator derives the divisor from `referencePrice`, so no
 * divisor is given here. Indexes are computed, not traded.
 */
import type { IndexConstituent, InstrumentDef, SimMarket } from '../types.js';
import { floatWeight, instrumentId } from './build.js';
import { mexicoStocks } from './mexico.js';
import { spainStocks } from './spain.js';
import { usStocks } from './us.js';

/** A member code, optionally with its free-float factor in whole percent (default 100). */
type Member = string | readonly [code: string, floatPct: number];

function basket(market: SimMarket, stocks: readonly InstrumentDef[], members: readonly Member[]): IndexConstituent[] {
  return members.map((member) => {
    const [code, floatPct] = typeof member === 'string' ? [member, 100] : member;
    const def = stocks.find((s) => s.code === code);
    if (def === undefined || def.market !== market || def.sharesOutstanding === null) {
      throw new Error(`index member ${code} is not a ${market} stock with a share count`);
    }
    return { instrumentId: def.instrumentId, weight: floatWeight(def.sharesOutstanding, floatPct) };
  });
}

function priceWeighted(
  market: SimMarket,
  stocks: readonly InstrumentDef[],
  codes: readonly string[],
): IndexConstituent[] {
  return codes.map((code) => {
    const def = stocks.find((s) => s.code === code);
    if (def === undefined || def.market !== market) throw new Error(`index member ${code} is not a ${market} stock`);
    return { instrumentId: def.instrumentId, weight: '1' };
  });
}

function indexDef(
  code: string,
  name: string,
  market: SimMarket,
  currency: string,
  level: string,
  vol: string,
  constituents: IndexConstituent[],
): InstrumentDef {
  return {
    instrumentId: instrumentId(market, code),
    code,
    name,
    market,
    board: 'listed',
    assetClass: 'index',
    currency,
    priceScale: 2,
    referencePrice: level,
    annualVolatility: vol,
    halfSpreadBps: '1',
    averageDailyVolume: '0',
    volumeScale: 0,
    industry: null,
    sharesOutstanding: null,
    foreignOwnershipRatio: null,
    listingDate: null,
    constituents,
  };
}

/** S&P 500 members of the universe, with approximate investable-weight factors. */
const spxMembers: readonly Member[] = [
  'AAPL',
  'MSFT',
  ['NVDA', 96],
  ['AMZN', 90],
  ['GOOGL', 89],
  ['META', 87],
  ['TSLA', 87],
  ['BRK.B', 84],
  'JPM',
  'V',
  'MA',
  ['WMT', 55],
  'XOM',
  'UNH',
  'JNJ',
  'PG',
  'HD',
  'KO',
  'PEP',
  'CVX',
  'BAC',
  'DIS',
  'NFLX',
  'INTC',
  'CSCO',
  ['ORCL', 59],
  'AVGO',
  'MCD',
  'IBM',
  'BA',
  'CAT',
  'GS',
  'AMD',
  'COST',
  ['NKE', 82],
  'PFE',
  'T',
  'VZ',
  'MRK',
  'CRM',
  'AXP',
  'MMM',
  'HON',
  'AMGN',
  'TRV',
  'SHW',
];

/** Nasdaq-100 members of the universe; that index weights by full shares outstanding. */
const ndxMembers: readonly Member[] = [
  'AAPL',
  'MSFT',
  'NVDA',
  'AMZN',
  'GOOGL',
  'META',
  'TSLA',
  'NFLX',
  'INTC',
  'CSCO',
  'AVGO',
  'AMD',
  'COST',
  'PEP',
  'AMGN',
  'HON',
];

/** The thirty Dow Jones Industrial Average members (composition since November 2024). */
const djiMembers: readonly string[] = [
  'AAPL',
  'AMGN',
  'AMZN',
  'AXP',
  'BA',
  'CAT',
  'CRM',
  'CSCO',
  'CVX',
  'DIS',
  'GS',
  'HD',
  'HON',
  'IBM',
  'JNJ',
  'JPM',
  'KO',
  'MCD',
  'MMM',
  'MRK',
  'MSFT',
  'NKE',
  'NVDA',
  'PG',
  'SHW',
  'TRV',
  'UNH',
  'V',
  'VZ',
  'WMT',
];

/** S&P/BMV IPC members of the universe with approximate free-float factors. */
const ipcMembers: readonly Member[] = [
  ['AMXB', 45],
  ['WALMEX', 30],
  ['GFNORTEO', 87],
  ['FEMSAUBD', 62],
  ['CEMEXCPO', 99],
  ['GMEXICOB', 45],
  ['BIMBOA', 25],
  ['GAPB', 85],
  ['ASURB', 85],
  ['OMAB', 85],
  ['KOFUBL', 25],
  ['AC', 45],
  ['GRUMAB', 50],
  ['TLEVISACPO', 85],
  ['ORBIA', 50],
  ['PINFRA', 45],
  ['ALSEA', 60],
  ['LABB', 60],
  ['LIVEPOLC-1', 15],
  ['GCARSOA1', 20],
  ['BOLSAA', 99],
  ['KIMBERA', 50],
  ['GFINBURO', 25],
  ['CUERVO', 15],
  ['VESTA', 90],
  ['Q', 65],
  ['BBAJIOO', 55],
  ['RA', 60],
  ['GENTERA', 75],
  ['CHDRAUIB', 35],
];

/** IBEX 35 members of the universe with approximate free-float factors. */
const ibexMembers: readonly Member[] = [
  'SAN',
  'BBVA',
  ['ITX', 35],
  ['IBE', 90],
  ['TEF', 70],
  ['REP', 90],
  ['AENA', 49],
  ['FER', 70],
  'AMS',
  ['CABK', 50],
  ['SAB', 90],
  ['ACS', 70],
  ['GRF', 70],
  ['ELE', 30],
  ['NTGY', 20],
  ['MAP', 30],
  ['IAG', 90],
  ['CLNX', 90],
  ['RED', 80],
  ['IDR', 60],
];

export const indexes: readonly InstrumentDef[] = [
  indexDef('SPX', 'S&P 500', 'usd', 'USD', '6650.00', '0.15', basket('usd', usStocks, spxMembers)),
  indexDef('NDX', 'Nasdaq-100', 'usd', 'USD', '24500.00', '0.20', basket('usd', usStocks, ndxMembers)),
  indexDef(
    'DJI',
    'Dow Jones Industrial Average',
    'usd',
    'USD',
    '46000.00',
    '0.14',
    priceWeighted('usd', usStocks, djiMembers),
  ),
  indexDef('IPC', 'S&P/BMV IPC', 'mxn', 'MXN', '59000.00', '0.16', basket('mxn', mexicoStocks, ipcMembers)),
  indexDef('IBEX', 'IBEX 35', 'eur', 'EUR', '15000.00', '0.17', basket('eur', spainStocks, ibexMembers)),
];
