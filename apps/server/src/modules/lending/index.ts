/** The lending module (docs/api.md §15, §3.6, §19.5): products, applications, the daily settlement. */
export { createLendingModule } from './lending.module.js';
export { registerLendingRoutes } from './lending.routes.js';
export { lendingProductPage, registerLendingAdminRoutes } from './lending.admin.js';
export { applyLending, lendingInvestValue, lendingInvestValues, productList, recordList } from './lending.service.js';
export {
  runLendingSettlement,
  lendingSettlementJob,
  settlementAfter,
  settlementInstantAtOrBefore,
  type LendingSettlementDeps,
  type LendingSettlementReport,
} from './lending.jobs.js';
export { seedLendingProducts } from './lending.seed.js';
