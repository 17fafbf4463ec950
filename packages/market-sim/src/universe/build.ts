/**
 * Small builders shared by the universe files, so each market file reads as a table of
 * instruments rather than a wall of repeated fields.
 */
import type { CorporateAction, InstrumentDef, SimMarket } from '../types.js';

/** `i_<market>_<code>` with every character outside [A-Za-z0-9_-] (e.g. the dot of `BRK.B`) mapped to `-`. */
export function instrumentId(market: SimMarket, code: string): string {
  return `i_${market}_${code.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export function split(exDate: string, ratio: string): CorporateAction {
  return { kind: 'split', exDate, ratio };
}

export function dividend(exDate: string, cash: string): CorporateAction {
  return { kind: 'dividend', exDate, cash };
}

/** One row of a stock table. */
export interface StockRow {
  code: string;
  name: string;
  industry: string;
  /** shares outstanding in units of this line (so price × shares is the company's market value) */
  shares: number;
  /** plausible 2025 price in the listing currency, after every split below */
  price: string;
  vol: string;
  spreadBps: string;
  /** average shares traded per day */
  adv: number;
  foreign: string | null;
  actions?: CorporateAction[];
  listingDate?: string;
  delistingDate?: string;
}

export interface StockVenue {
  market: Extract<SimMarket, 'usd' | 'mxn' | 'eur'>;
  board: 'listed' | 'otc';
  currency: string;
}

export function stock(venue: StockVenue, row: StockRow): InstrumentDef {
  const def: InstrumentDef = {
    instrumentId: instrumentId(venue.market, row.code),
    code: row.code,
    name: row.name,
    market: venue.market,
    board: venue.board,
    assetClass: 'stock',
    currency: venue.currency,
    priceScale: 2,
    referencePrice: row.price,
    annualVolatility: row.vol,
    halfSpreadBps: row.spreadBps,
    averageDailyVolume: String(row.adv),
    volumeScale: 0,
    industry: row.industry,
    sharesOutstanding: row.shares,
    foreignOwnershipRatio: row.foreign,
    listingDate: row.listingDate ?? null,
  };
  if (row.delistingDate !== undefined) def.delistingDate = row.delistingDate;
  if (row.actions !== undefined && row.actions.length > 0) def.corporateActions = row.actions;
  return def;
}

/**
 * Index basket weight for a cap-weighted index: free-float shares in millions with up to
 * 4 decimals, computed in integers (`floatPct` is the free-float factor in whole percent).
 */
export function floatWeight(shares: number, floatPct: number): string {
  // units of 0.0001 million shares = 100 shares
  const units = (BigInt(shares) * BigInt(floatPct)) / 10_000n;
  const whole = units / 10_000n;
  const frac = (units % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return frac === '' ? whole.toString() : `${whole.toString()}.${frac}`;
}
