/**
 * The lending module as a value (docs/api.md §15): products, applications, their `investValue`,
 * the `/product/list` page, and the daily settlement (a job of the job runner).
 */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { lendingProductPage, registerLendingAdminRoutes } from './lending.admin.js';
import { lendingSettlementJob } from './lending.jobs.js';
import { registerLendingRoutes } from './lending.routes.js';
import { seedLendingProducts } from './lending.seed.js';
import { lendingInvestValue, lendingInvestValues } from './lending.service.js';

export function createLendingModule(kernel: Kernel): ModuleSpec {
  const { db, clock, settings, limits, ledger } = kernel;
  return {
    name: 'lending',
    // the messages this module sends, and the push preference each goes out under (null: not pushed)
    messageKinds: {
      'message.lending.matched': null,
      'message.lending.completed': null,
      'message.lending.failed': null,
    },
    userRoutes: (app) => registerLendingRoutes(app, kernel.route, { clock, settings, limits, ledger }),
    adminRoutes: (app) => registerLendingAdminRoutes(app, kernel.adminRoute),
    investValue: { ofUser: lendingInvestValue, ofUsers: lendingInvestValues },
    productPage: { lending: lendingProductPage },
    jobs: [lendingSettlementJob({ db, clock, ledger })],
    seed: { run: () => seedLendingProducts(db, clock) },
  };
}
