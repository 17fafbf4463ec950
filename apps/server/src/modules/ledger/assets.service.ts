/**
 * The user's portfolio views: `/user/assets` (API.md §7.11: every enabled currency's balances
 * from the ledger, and the summary converted into one currency at mid rates) and `withdrawable`
 * (§1.10: available − in-transit, the guard of withdrawals). Positions (their value and floating
 * P&L) and in-transit proceeds come from the trading module, investments (`investValue`) from
 * the product modules (lending today): the ledger must not import them (they call the ledger),
 * and position values need live quotes the ledger does not have. So `createPortfolio` takes them
 * as ports and app.ts wires it once; every port is required, so a portfolio built without
 * positions does not compile (it once defaulted to "no positions", which let unsettled proceeds
 * be withdrawn).
 */
import { Dec, formatAmount, Money, type Assets, type Currency, type CurrencyAccount } from '@brokerage/contract';
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

/**
 * Per currency: the value of the user's investments counted in `investValue` (§1.10), e.g. the
 * principal of succeeded lending. Supplied by the product modules through app.ts.
 */
export type InvestValuePort = (db: Db, userId: string) => Promise<Map<Currency, Dec>>;

export interface PortfolioDeps {
  /** open positions and unsettled close proceeds (trading) */
  positions: PositionsPort;
  /** investments of `investValue` (lending) */
  investValue: InvestValuePort;
  /** mid rates for the summary currency */
  fx: FxRates;
}

export interface Portfolio {
  /** `available − inTransit` (§1.10), never below zero: unsettled close proceeds cannot leave yet. */
  withdrawableOf(db: Db, userId: string, currency: Currency): Promise<Money>;
  /** `/user/assets` (§7.11) and the back office's user detail. */
  assetsOf(db: Db, userId: string, enabled: Currency[], summaryCurrency: Currency, creditScore: number): Promise<Assets>;
}

/** The one rule behind `withdrawable`, shared by the guard and the assets view. */
function withdrawableFrom(available: Dec, inTransit: Dec): Dec {
  return Dec.max(available.minus(inTransit), 0);
}

export function createPortfolio(deps: PortfolioDeps): Portfolio {
  return {
    async withdrawableOf(db, userId, currency) {
      const balance = (await balancesOf(db, userId)).get(currency);
      const inTransit = (await deps.positions(db, userId)).get(currency)?.inTransit ?? new Dec(0);
      return Money.of(withdrawableFrom(new Dec(balance?.available ?? 0), inTransit), currency);
    },
    assetsOf: (db, userId, enabled, summaryCurrency, creditScore) => assetsOf(deps, db, userId, enabled, summaryCurrency, creditScore),
  };
}

async function assetsOf(
  deps: PortfolioDeps, db: Db, userId: string, enabled: Currency[], summaryCurrency: Currency, creditScore: number,
): Promise<Assets> {
  const { fx } = deps;
  const balances = await balancesOf(db, userId);
  const positions = await deps.positions(db, userId);
  const investments = await deps.investValue(db, userId);
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
    const withdrawable = withdrawableFrom(available, inTransit);
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
