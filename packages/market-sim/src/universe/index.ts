/**
 * The simulated universe: every instrument the simulator knows, in a stable order
 * (US listed, US OTC, Mexico, Spain, indexes, forex, crypto).
 */
import type { InstrumentDef } from '../types.js';
import { cryptoPairs } from './crypto.js';
import { forexPairs } from './forex.js';
import { indexes } from './indexes.js';
import { mexicoStocks } from './mexico.js';
import { otcStocks } from './otc.js';
import { spainStocks } from './spain.js';
import { usStocks } from './us.js';

export { cryptoPairs, forexPairs, indexes, mexicoStocks, otcStocks, spainStocks, usStocks };
export { instrumentId } from './build.js';

export const universe: readonly InstrumentDef[] = [
  ...usStocks,
  ...otcStocks,
  ...mexicoStocks,
  ...spainStocks,
  ...indexes,
  ...forexPairs,
  ...cryptoPairs,
];

export const universeById: ReadonlyMap<string, InstrumentDef> = new Map(universe.map((def) => [def.instrumentId, def]));
