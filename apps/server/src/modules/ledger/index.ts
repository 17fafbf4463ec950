export { createLedgerModule } from './ledger.module.js';
/** The ledger (docs/architecture.md "ledger"): the only writer of money, balances, the invariant, the portfolio. */
export {
  balancesOf,
  balancesPage,
  createLedger,
  DEFAULT_HOUSE_STRIPES,
  houseAccount,
  houseBalances,
  InsufficientFundsError,
  userAccount,
  type EntrySpec,
  type HouseAccountKind,
  type Ledger,
  type LockedBatch,
  type PostingSpec,
} from './ledger.service.js';
export { assertLedgerInvariant, ledgerViolations } from './ledger.invariant.js';
export {
  balancesBefore,
  countLedgerRows,
  entryLegs,
  firstEntryAt,
  frozenOfKinds,
  fundFlowKinds,
  ledgerRows,
  userCurrencyPage,
  type EntryLeg,
  type LedgerRow,
} from './ledger-rows.js';
export {
  combineInvestValues,
  createPortfolio,
  type InvestValuePagePort,
  type InvestValuePort,
  type InvestValueSource,
  type Portfolio,
  type PortfolioDeps,
  type PositionTotals,
  type PositionsPagePort,
  type PositionsPort,
  type PositionsSource,
} from './assets.service.js';
export { registerAssetsRoutes } from './assets.routes.js';
