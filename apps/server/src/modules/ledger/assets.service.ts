/**
 * `/user/assets` (API.md §7.11): every enabled currency's balances from the ledger, and the
 * summary converted into one currency at mid rates. Positions (their value and floating P&L)
 * and in-transit proceeds come from the trading module through `PositionsPort`, which app.ts
 * installs: the ledger must not import trading (trading calls the ledger), and the values
 * need live quotes the ledger does not have. Investments (`investValue`) come from the product
 * modules through the `InvestValuePort` app.ts passes in (lending today).
 */
import { Dec, formatAmount, type Assets, type Currency, type CurrencyAccount } from '@brokerage/contract';
import type { Db } from '../../platform/db.js';
import type { FxRates } from '../../platform/fx.js';
import { balancesOf } from './ledger.service.js';

/** Per currency: Σ (margin + yingkui) and Σ yingkui of open positions, Σ unsettled positive close proceeds. */
export interface PositionTotals {
  positionsValue: Dec;
  profit: Dec;
  inTransit: Dec;
}

export type PositionsPort = (db: Db, userId: string) => Promise<Map<Currency, PositionTotals>>;

let positionsPort: PositionsPort | null = null;

/** Installed once by app.ts with the trading module's implementation; without it everything is zero. */
export function setPositionsPort(port: PositionsPort | null): void {
  positionsPort = port;
}

export async function positionTotalsOf(db: Db, userId: string): Promise<Map<Currency, PositionTotals>> {
  return positionsPort ? positionsPort(db, userId) : new Map();
}

/**
 * Per currency: the value of the user's investments counted in `investValue` (§1.10), e.g. the
 * principal of succeeded lending. Supplied by the product modules through app.ts.
 */
export type InvestValuePort = (db: Db, userId: string) => Promise<Map<Currency, Dec>>;

export async function assetsOf(
  db: Db, fx: FxRates, userId: string, enabled: Currency[], summaryCurrency: Currency, creditScore: number,
  investValueOf?: InvestValuePort,
): Promise<Assets> {
  const balances = await balancesOf(db, userId);
  const positions = await positionTotalsOf(db, userId);
  const investments = investValueOf ? await investValueOf(db, userId) : new Map<Currency, Dec>();
  const accounts: CurrencyAccount[] = [];
  const sums = { totalAssets: new Dec(0), available: new Dec(0), frozen: new Dec(0), inTransit: new Dec(0), withdrawable: new Dec(0), profit: new Dec(0) };
  for (const currency of enabled) {
    const b = balances.get(currency);
    const available = new Dec(b?.available ?? 0);
    const frozen = new Dec(b?.frozen ?? 0);
    const p = positions.get(currency);
    const inTransit = p?.inTransit ?? new Dec(0);
    const positionsValue = p?.positionsValue ?? new Dec(0);
    const investValue = investments.get(currency) ?? new Dec(0);
    const profit = p?.profit ?? new Dec(0);
    // in-transit proceeds are part of available but not withdrawable (§1.10); never below zero
    const withdrawable = Dec.max(available.minus(inTransit), 0);
    const totalAssets = available.plus(frozen).plus(positionsValue).plus(investValue);
    accounts.push({
      currency,
      available: formatAmount(available, currency),
      frozen: formatAmount(frozen, currency),
      inTransit: formatAmount(inTransit, currency),
      withdrawable: formatAmount(withdrawable, currency),
      positionsValue: formatAmount(positionsValue, currency),
      investValue: formatAmount(investValue, currency),
      totalAssets: formatAmount(totalAssets, currency),
      profit: formatAmount(profit, currency),
    });
    const rate = fx.midRate(currency, summaryCurrency);
    if (!rate) continue;
    sums.totalAssets = sums.totalAssets.plus(totalAssets.times(rate));
    sums.available = sums.available.plus(available.times(rate));
    sums.frozen = sums.frozen.plus(frozen.times(rate));
    sums.inTransit = sums.inTransit.plus(inTransit.times(rate));
    sums.withdrawable = sums.withdrawable.plus(withdrawable.times(rate));
    sums.profit = sums.profit.plus(profit.times(rate));
  }
  return {
    currency: summaryCurrency,
    totalAssets: formatAmount(sums.totalAssets, summaryCurrency),
    available: formatAmount(sums.available, summaryCurrency),
    frozen: formatAmount(sums.frozen, summaryCurrency),
    inTransit: formatAmount(sums.inTransit, summaryCurrency),
    withdrawable: formatAmount(sums.withdrawable, summaryCurrency),
    profit: formatAmount(sums.profit, summaryCurrency),
    creditScore,
    ratesAt: fx.asOf().toISOString(),
    accounts,
  };
}
