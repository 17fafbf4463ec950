/**
 * The user ids of accounts the house itself runs (a copy fund's own trading account, holding the
 * house's seed capital and its followers' money): not customers, so not in the proof of liabilities.
 * The followers' share is theirs and is counted in their own `investValue`; counting the fund's
 * account too would count it twice and add the house's own capital to what it owes.
 */
import type { Db } from '../../platform/db.js';

export type HouseRunAccountsPort = (db: Db) => Promise<ReadonlySet<string>>;
