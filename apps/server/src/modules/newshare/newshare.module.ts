/**
 * The new-share module as a value (docs/api.md §12): the feed lists every offering's instrument
 * (`setup`); the window, deadline and listing steps are a job of the job runner.
 */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { sealPlainSeeds } from './draw-seed.js';
import { syncListings } from './listings.js';
import { newShareProductPage, registerNewShareAdminRoutes } from './newshare.admin.js';
import { newShareJob } from './newshare.jobs.js';
import { seedDemoNewShares } from './newshare.seed.js';
import { registerNewShareRoutes } from './newshare.routes.js';
import { newShareInvestValue, newShareInvestValues } from './newshare.service.js';

export function createNewShareModule(kernel: Kernel): ModuleSpec {
  const { db, clock, settings, limits, ledger, feed, authCache, secrets } = kernel;
  return {
    name: 'newshare',
    // the messages this module sends, and the push preference each goes out under (null: not pushed)
    messageKinds: {
      'message.subscription.awaiting_payment': 'products',
      'message.subscription.lost': 'products',
      'message.subscription.paid': 'products',
      'message.subscription.payment_failed': 'products',
      'message.subscription.listed': 'products',
    },
    setup: async () => {
      await syncListings(db, feed);
      // rows from before seeds were sealed: sealed now, before any request can read them
      await sealPlainSeeds(db, secrets);
    },
    userRoutes: (app) =>
      registerNewShareRoutes(app, kernel.route, { clock, settings, limits, ledger, feed, authCache }),
    adminRoutes: (app) => registerNewShareAdminRoutes(app, { ...kernel.adminRoute, feed, settings, ledger, secrets }),
    // paid, not yet listed subscriptions count in total assets (§1.10)
    investValue: { ofUser: newShareInvestValue, ofUsers: newShareInvestValues },
    productPage: { new_share: (tx, page, size) => newShareProductPage(tx, { feed, settings, clock }, page, size) },
    jobs: [newShareJob({ db, clock, ledger, feed, settings })],
    seed: { run: () => seedDemoNewShares(db, clock, ledger, feed, secrets) },
  };
}
