/**
 * The instrument an offering creates (docs/api.md §12): a stock of its market, quoted by the feed
 * `pre_listing` at the issue price until `listingDate`, then traded (its walk starts from the issue
 * price). The feed learns every offering at start, after a create, and on every jobs pass, so an
 * offering created on another instance is listed here too.
 */
import { formatPrice, type Currency, type NewShareMarket } from '@brokerage/contract';
import type { InstrumentDef } from '@brokerage/market-sim';
import { instrumentId } from '@brokerage/market-sim/universe';
import type { Db } from '../../platform/db.js';
import type { MarketFeed } from '../market/index.js';
import * as repo from './newshare.repository.js';
import type { ShareRow } from './newshare.repository.js';

export const currencyOfMarket: Record<NewShareMarket, Currency> = { mxn: 'MXN', usd: 'USD', eur: 'EUR' };

export function instrumentIdOf(market: NewShareMarket, code: string): string {
  return instrumentId(market, code);
}

/** Shares traded a day: a twentieth of the offering, at least 1,000 (a new listing trades actively). */
function dailyVolumeOf(sharesOffered: number): string {
  return String(Math.max(1000, Math.floor(sharesOffered / 20)));
}

export function listingDefOf(
  share: Pick<ShareRow, 'instrumentId' | 'code' | 'name' | 'market' | 'issuePrice' | 'sharesOffered' | 'listingDate'>,
): InstrumentDef {
  return {
    instrumentId: share.instrumentId,
    code: share.code,
    name: share.name,
    market: share.market,
    board: 'listed',
    assetClass: 'stock',
    currency: currencyOfMarket[share.market],
    priceScale: 2,
    referencePrice: formatPrice(share.issuePrice.amount, 2),
    annualVolatility: '0.45',
    halfSpreadBps: '5',
    averageDailyVolume: dailyVolumeOf(share.sharesOffered),
    volumeScale: 0,
    industry: null,
    sharesOutstanding: share.sharesOffered,
    foreignOwnershipRatio: null,
    listingDate: share.listingDate,
  };
}

/** Hands every offering's instrument to the feed (new ones are added, changed ones replaced). */
export async function syncListings(db: Db, feed: MarketFeed): Promise<void> {
  feed.addListings((await repo.allShares(db)).map(listingDefOf));
}
