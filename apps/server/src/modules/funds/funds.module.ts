/**
 * The funds module as a value: KYC, deposits, withdrawals, cards, exchange, records (docs/api.md
 * §10–§11) and their review queues. Whether a loan is still owed is asked through the kernel's
 * `unpaidLoan` port (the loan module answers it; funds never imports loan).
 */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { registerFundsRoutes } from './funds.routes.js';
import { seedDepositChannels } from './funds.seed.js';
import { builtInReviewQueues } from './reviews.service.js';

export function createFundsModule(kernel: Kernel): ModuleSpec {
  const { db, clock, settings, limits, fx, uploads, ledger, portfolio, authCache } = kernel;
  const unpaidLoan = kernel.ports.unpaidLoan;
  return {
    name: 'funds',
    // the messages this module sends, and the push preference each goes out under (null: not pushed)
    messageKinds: {
      'message.deposit.approved': 'money',
      'message.deposit.rejected': 'money',
      'message.withdraw.approved': 'money',
      'message.withdraw.rejected': 'money',
      'message.kyc.approved': null,
      'message.kyc.rejected': null,
    },
    userRoutes: (app) =>
      registerFundsRoutes(app, kernel.route, {
        db,
        clock,
        settings,
        limits,
        fx,
        uploads,
        ledger,
        portfolio,
        authCache,
        unpaidLoan,
        secondFactor: kernel.ports.secondFactor,
        signer: uploads.signer,
      }),
    reviewQueues: builtInReviewQueues({ clock, uploads, ledger, authCache, unpaidLoan }),
    // written as the operator's `deposit.channels` value (when none is stored), then read
    seed: {
      run: async () => {
        if (await seedDepositChannels(db, clock)) await settings.load();
      },
    },
  };
}
