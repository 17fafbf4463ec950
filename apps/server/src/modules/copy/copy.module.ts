/**
 * The copy-trading module as a value (docs/api.md §14): funds, subscriptions, their `investValue`,
 * the `/product/list` page, and the strategy engine (a job of the job runner) that marks,
 * rebalances and closes the funds, trading through the same order code as users.
 */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { copyProductPage, registerCopyAdminRoutes } from './copy.admin.js';
import { copyEngineJob } from './copy.jobs.js';
import { seedDemoCopyFunds } from './copy.seed.js';
import { registerCopyRoutes } from './copy.routes.js';
import { fundAccountIds } from './copy.repository.js';
import { copyInvestValue, copyInvestValues } from './copy.service.js';

export function createCopyModule(kernel: Kernel): ModuleSpec {
  const { db, clock, settings, limits, ledger, feed, authCache } = kernel;
  return {
    name: 'copy',
    // the messages this module sends, and the push preference each goes out under (null: not pushed)
    messageKinds: {
      'message.copy.ended': 'products',
    },
    userRoutes: (app) => registerCopyRoutes(app, kernel.route, { clock, settings, limits, ledger, feed, authCache }),
    adminRoutes: (app) => registerCopyAdminRoutes(app, { ...kernel.adminRoute, feed, settings, ledger, authCache }),
    investValue: { ofUser: copyInvestValue, ofUsers: copyInvestValues },
    ports: { houseRunAccounts: fundAccountIds },
    productPage: { copy: (tx, page, size) => copyProductPage(tx, { feed, clock }, page, size) },
    jobs: [copyEngineJob({ db, clock, feed, ledger, settings, authCache })],
    // the full demo only: each fund's 30 days of history are its strategy's backtest on the feed
    seed: {
      run: async ({ extent }) => {
        if (extent !== 'full') return;
        await seedDemoCopyFunds({ db, clock, feed, ledger, settings, authCache });
      },
    },
  };
}
