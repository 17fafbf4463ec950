/**
 * The credit-loan module as a value (docs/api.md §16.1–§16.5): routes, the `loan` and `quota`
 * review queues, and the `unpaidLoan` port funds asks. Credit raises are gated by check-ins in the
 * last 30 days (engagement), counted in `funds.timezone`; tests pass their own counter
 * (`loanCheckins`).
 */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { checkinsInLast30Days } from '../engagement/index.js';
import { loanReviewQueue, quotaReviewQueue } from './loan.review.js';
import { registerLoanRoutes } from './loan.routes.js';
import { unpaidLoanPort, type CheckinCounter } from './loan.service.js';

export function createLoanModule(kernel: Kernel): ModuleSpec {
  const { clock, settings, ledger, limits, authCache } = kernel;
  const checkins: CheckinCounter =
    kernel.options.loanCheckins ??
    ((db, userId, now) => checkinsInLast30Days(db, userId, now, settings.get('funds.timezone')));
  const deps = { clock, settings, ledger, checkins };
  return {
    name: 'loan',
    // the messages this module sends, and the push preference each goes out under (null: not pushed)
    messageKinds: {
      'message.loan.approved': 'money',
      'message.loan.rejected': 'money',
      'message.quota.approved': null,
      'message.quota.rejected': null,
    },
    userRoutes: (app) => registerLoanRoutes(app, kernel.route, { ...deps, limits }),
    reviewQueues: { loan: loanReviewQueue({ ...deps, authCache }), quota: quotaReviewQueue({ ...deps, authCache }) },
    ports: { unpaidLoan: unpaidLoanPort({ clock, settings }) },
  };
}
