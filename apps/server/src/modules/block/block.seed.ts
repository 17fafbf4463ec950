/**
 * Demo block-trade products (docs/api.md §21, DEMO=1): three stocks at a deal price 5 % under their
 * previous close when seeded (inside the price collar, `block.priceCollar`; the simulator's
 * reference price when the feed has no close). They share one secret key, generated when they are first seeded and returned
 * so `npm start` prints it once, like the admin password; it is never stored in clear or in the
 * repository. Fixed ids: seeding twice adds nothing and returns no key.
 */
import { Dec, roundPrice } from '@brokerage/contract';
import { universeById } from '@brokerage/market-sim/universe';
import type { Clock } from '../../platform/clock.js';
import type { MarketFeed } from '../market/index.js';
import { transaction, type Db, type Tx } from '../../platform/db.js';
import { newSecret } from '../../platform/ids.js';
import { hashPassword } from '../../platform/passwords.js';
import * as repo from './block.repository.js';
import type { ProductRow } from './block.repository.js';

const demo = [
  {
    id: 'bp_demo_walmex',
    instrumentId: 'i_mxn_WALMEX',
    kind: 'block',
    minShares: 1000,
    dailyLimit: 50_000,
    lockDays: 3,
  },
  { id: 'bp_demo_aapl', instrumentId: 'i_usd_AAPL', kind: 'block', minShares: 100, dailyLimit: 5_000, lockDays: 0 },
  { id: 'bp_demo_san', instrumentId: 'i_eur_SAN', kind: 'agreement', minShares: 500, dailyLimit: null, lockDays: 5 },
] as const;

/** The module's seed: the products in one transaction; their secret key when it created them, else null. */
export function seedDemoBlockProducts(
  db: Db,
  clock: Clock,
  feed?: Pick<MarketFeed, 'instrument' | 'quote'>,
): Promise<string | null> {
  return transaction(db, (tx) => seedBlockProducts(tx, clock, feed));
}

/** Seeds the demo products; returns their secret key when it created them, else null. */
export async function seedBlockProducts(
  tx: Tx,
  clock: Clock,
  feed?: Pick<MarketFeed, 'instrument' | 'quote'>,
): Promise<string | null> {
  const now = clock.now();
  const missing = [];
  for (const p of demo) if (!(await repo.findProduct(tx, p.id))) missing.push(p);
  if (missing.length === 0) return null;
  const secretKey = newSecret();
  const secretKeyHash = await hashPassword(secretKey);
  for (const p of missing) {
    const def = universeById.get(p.instrumentId);
    if (!def) continue;
    // the deal price: 5 % under the previous close, rounded down (the buyer gains the fraction)
    const close = feed?.instrument(p.instrumentId) ? new Dec(feed.quote(p.instrumentId).prevClose) : new Dec(0);
    const reference = close.gt(0) ? close : new Dec(def.referencePrice);
    const price = roundPrice(reference.times('0.95'), def.priceScale, 'down');
    await repo.insertProduct(tx, {
      ...p,
      code: def.code,
      name: def.name,
      market: def.market as ProductRow['market'],
      currency: def.currency as ProductRow['currency'],
      price,
      open: true,
      secretKeyHash,
      createdAt: now,
      updatedAt: now,
    });
  }
  return secretKey;
}
