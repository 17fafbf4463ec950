/**
 * The user's portfolio views: `/user/assets` (docs/api.md §7.11: every enabled currency's balances
 * from the ledger, and the summary converted into one currency at mid rates) and `withdrawable`
 * (§1.10: available − in-transit, the guard of withdrawals). Positions (their value and floating
 * P&L) and in-transit proceeds come from the trading module, investments (`investValue`) from
 * the product modules (lending, copy trading, new shares): the ledger must not import them (they
 * call the ledger), and position values need live quotes the ledger does not have. So
 * `createPortfolio` takes them as ports and the kernel wires it once; every port is required, so a
 * portfolio built without positions does not compile (it once defaulted to "no positions", which
 * let unsettled proceeds be withdrawn).
 *
 * Each port comes in two readings: one user's (`ofUser`, the assets view and the withdrawal guard)
 * and a page of users' (`ofUsers`, the proof of liabilities' bulk read: one query per module per
 * page instead of about four a user). A module gives both or neither (`PositionsSource`,
 * `InvestValueSource`), and both go through the one `totalAssetsOf` rule below.
 */
import { Money, type Assets, type Currency, type CurrencyAccount } from '@brokerage/contract';
import type { Db } from '../../platform/db.js';
import type { FxRates } from '../../platform/fx.js';
import { balancesOf, balancesPage, type UserBalance } from './ledger.service.js';

/** Per currency: Σ (margin + profitLoss) and Σ profitLoss of open positions, Σ unsettled positive close proceeds. */
export interface PositionTotals {
  positionsValue: Money;
  profit: Money;
  inTransit: Money;
}

export type PositionsPort = (db: Db, userId: string) => Promise<Map<Currency, PositionTotals>>;

/** `PositionsPort` for a page of users at once: per user (absent when it holds nothing), per currency. */
export type PositionsPagePort = (
  db: Db,
  userIds: readonly string[],
) => Promise<Map<string, Map<Currency, PositionTotals>>>;

/** What the module that holds positions gives the portfolio: one user's reading and a page's. */
export interface PositionsSource {
  ofUser: PositionsPort;
  ofUsers: PositionsPagePort;
}

/**
 * Per currency: the value of the user's investments counted in `investValue` (§1.10), e.g. the
 * principal of succeeded lending. Supplied by the product modules through their ModuleSpec (`investValue`).
 */
export type InvestValuePort = (db: Db, userId: string) => Promise<Map<Currency, Money>>;

/** `InvestValuePort` for a page of users at once: per user (absent when it holds nothing), per currency. */
export type InvestValuePagePort = (db: Db, userIds: readonly string[]) => Promise<Map<string, Map<Currency, Money>>>;

/** What a product module gives the portfolio: one user's `investValue` and a page's. */
export interface InvestValueSource {
  ofUser: InvestValuePort;
  ofUsers: InvestValuePagePort;
}

function addTo(out: Map<Currency, Money>, currency: Currency, value: Money): void {
  out.set(currency, (out.get(currency) ?? Money.zero(currency)).plus(value));
}

/** One `investValue` source from several modules' (lending, copy trading, new shares): their sums per currency. */
export function combineInvestValues(...sources: InvestValueSource[]): InvestValueSource {
  return {
    async ofUser(db, userId) {
      const out = new Map<Currency, Money>();
      for (const source of sources)
        for (const [currency, value] of await source.ofUser(db, userId)) addTo(out, currency, value);
      return out;
    },
    async ofUsers(db, userIds) {
      const out = new Map<string, Map<Currency, Money>>();
      for (const source of sources) {
        for (const [userId, values] of await source.ofUsers(db, userIds)) {
          let sums = out.get(userId);
          if (!sums) out.set(userId, (sums = new Map()));
          for (const [currency, value] of values) addTo(sums, currency, value);
        }
      }
      return out;
    },
  };
}

export interface PortfolioDeps {
  /** open positions and unsettled close proceeds (trading) */
  positions: PositionsSource;
  /** investments of `investValue` (lending, copy trading, new shares) */
  investValue: InvestValueSource;
  /** mid rates for the summary currency */
  fx: FxRates;
}

export interface Portfolio {
  /** `available − inTransit` (§1.10), never below zero: unsettled close proceeds cannot leave yet. */
  withdrawableOf(db: Db, userId: string, currency: Currency): Promise<Money>;
  /** `/user/assets` (§7.11) and the back office's user detail. */
  assetsOf(
    db: Db,
    userId: string,
    enabled: Currency[],
    summaryCurrency: Currency,
    creditScore: number,
  ): Promise<Assets>;
  /**
   * `totalAssets` (§1.10) of every currency account of the next `limit` users (by id) after
   * `afterUserId`, exact (not rounded): the bulk reading of the proof of liabilities (§25). The
   * balances, the positions and each module's investments come in one query each per page (the
   * ports' `ofUsers`); an empty map means no user is left.
   */
  totalAssetsPage(db: Db, afterUserId: string, limit: number): Promise<Map<string, Map<Currency, Money>>>;
}

/** The one rule behind `totalAssets` (§1.10), shared by `/user/assets` and the proof of liabilities. */
function totalAssetsOf(
  b: UserBalance | undefined,
  p: PositionTotals | undefined,
  investValue: Money | undefined,
  currency: Currency,
): Money {
  const zero = Money.zero(currency);
  return (b?.available ?? zero)
    .plus(b?.frozen ?? zero)
    .plus(p?.positionsValue ?? zero)
    .plus(investValue ?? zero);
}

/** The one rule behind `withdrawable`, shared by the guard and the assets view. */
function withdrawableFrom(available: Money, inTransit: Money): Money {
  return Money.max(available.minus(inTransit), Money.zero(available.currency));
}

export function createPortfolio(deps: PortfolioDeps): Portfolio {
  return {
    async withdrawableOf(db, userId, currency) {
      const available = (await balancesOf(db, userId)).get(currency)?.available ?? Money.zero(currency);
      const inTransit = (await deps.positions.ofUser(db, userId)).get(currency)?.inTransit ?? Money.zero(currency);
      return withdrawableFrom(available, inTransit);
    },
    assetsOf: (db, userId, enabled, summaryCurrency, creditScore) =>
      assetsOf(deps, db, userId, enabled, summaryCurrency, creditScore),
    async totalAssetsPage(db, afterUserId, limit) {
      const out = new Map<string, Map<Currency, Money>>();
      const page = await balancesPage(db, afterUserId, limit);
      if (page.size === 0) return out;
      const userIds = [...page.keys()];
      const positionsOf = await deps.positions.ofUsers(db, userIds);
      const investmentsOf = await deps.investValue.ofUsers(db, userIds);
      const noPositions = new Map<Currency, PositionTotals>();
      const noInvestments = new Map<Currency, Money>();
      for (const [userId, balances] of page) {
        const positions = positionsOf.get(userId) ?? noPositions;
        const investments = investmentsOf.get(userId) ?? noInvestments;
        const currencies = new Set<Currency>([...balances.keys(), ...positions.keys(), ...investments.keys()]);
        const accounts = new Map<Currency, Money>();
        for (const currency of currencies)
          accounts.set(
            currency,
            totalAssetsOf(balances.get(currency), positions.get(currency), investments.get(currency), currency),
          );
        out.set(userId, accounts);
      }
      return out;
    },
  };
}

async function assetsOf(
  deps: PortfolioDeps,
  db: Db,
  userId: string,
  enabled: Currency[],
  summaryCurrency: Currency,
  creditScore: number,
): Promise<Assets> {
  const { fx } = deps;
  const balances = await balancesOf(db, userId);
  const positions = await deps.positions.ofUser(db, userId);
  const investments = await deps.investValue.ofUser(db, userId);
  const accounts: CurrencyAccount[] = [];
  const sumOf = () => Money.zero(summaryCurrency);
  const sums = {
    totalAssets: sumOf(),
    available: sumOf(),
    frozen: sumOf(),
    inTransit: sumOf(),
    withdrawable: sumOf(),
    profit: sumOf(),
  };
  for (const currency of enabled) {
    const zero = Money.zero(currency);
    const b = balances.get(currency);
    const available = b?.available ?? zero;
    const frozen = b?.frozen ?? zero;
    const p = positions.get(currency);
    const inTransit = p?.inTransit ?? zero;
    const positionsValue = p?.positionsValue ?? zero;
    const investValue = investments.get(currency) ?? zero;
    const profit = p?.profit ?? zero;
    // in-transit proceeds are part of available but not withdrawable (§1.10); never below zero
    const withdrawable = withdrawableFrom(available, inTransit);
    const totalAssets = totalAssetsOf(b, p, investments.get(currency), currency);
    // toString(): the wire form, half-up at the currency scale (docs/api.md §1.4)
    accounts.push({
      currency,
      available: available.toString(),
      frozen: frozen.toString(),
      inTransit: inTransit.toString(),
      withdrawable: withdrawable.toString(),
      positionsValue: positionsValue.toString(),
      investValue: investValue.toString(),
      totalAssets: totalAssets.toString(),
      profit: profit.toString(),
    });
    const rate = fx.midRate(currency, summaryCurrency);
    if (!rate) continue;
    // unrounded at the mid rate: the summary is a reading, rounded once by toString() below
    const inSummary = (m: Money) => Money.of(m.amount.times(rate), summaryCurrency);
    sums.totalAssets = sums.totalAssets.plus(inSummary(totalAssets));
    sums.available = sums.available.plus(inSummary(available));
    sums.frozen = sums.frozen.plus(inSummary(frozen));
    sums.inTransit = sums.inTransit.plus(inSummary(inTransit));
    sums.withdrawable = sums.withdrawable.plus(inSummary(withdrawable));
    sums.profit = sums.profit.plus(inSummary(profit));
  }
  return {
    currency: summaryCurrency,
    totalAssets: sums.totalAssets.toString(),
    available: sums.available.toString(),
    frozen: sums.frozen.toString(),
    inTransit: sums.inTransit.toString(),
    withdrawable: sums.withdrawable.toString(),
    profit: sums.profit.toString(),
    creditScore,
    ratesAt: fx.asOf().toISOString(),
    accounts,
  };
}
