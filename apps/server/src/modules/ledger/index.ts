export { createLedgerModule } from './ledger.module.js';
export * from './ledger.service.js';
export * from './ledger.invariant.js';
export { balancesBefore, countLedgerRows, fundFlowKinds, ledgerRows, type LedgerRow } from './ledger-rows.js';
export {
  combineInvestValues,
  createPortfolio,
  type InvestValuePort,
  type Portfolio,
  type PortfolioDeps,
  type PositionTotals,
  type PositionsPort,
} from './assets.service.js';
export { registerAssetsRoutes } from './assets.routes.js';
