/** The block-trade module as a value (docs/api.md §13): products, applications, the `block` review queue. */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { blockProductPage, registerBlockAdminRoutes } from './block.admin.js';
import { blockReviewQueue } from './block.review.js';
import { registerBlockRoutes } from './block.routes.js';
import { seedDemoBlockProducts } from './block.seed.js';

export function createBlockModule(kernel: Kernel): ModuleSpec {
  const { db, clock, settings, limits, ledger, feed, authCache } = kernel;
  return {
    name: 'block',
    // the messages this module sends, and the push preference each goes out under (null: not pushed)
    messageKinds: {
      'message.block.approved': 'products',
      'message.block.rejected': 'products',
    },
    userRoutes: (app) => registerBlockRoutes(app, kernel.route, { clock, settings, limits, ledger, feed, authCache }),
    adminRoutes: (app) => registerBlockAdminRoutes(app, { ...kernel.adminRoute, feed, settings }),
    reviewQueues: { block: blockReviewQueue({ ledger, feed, settings }) },
    productPage: { block: (tx, page, size) => blockProductPage(tx, { feed, settings }, page, size) },
    // the demo products' secret key, printed once by `npm start` when they were just created
    seed: {
      run: async () => {
        const key = await seedDemoBlockProducts(db, clock, feed);
        if (!key) return;
        return [{ label: 'Block key', value: key, note: 'secret key of the demo block trades; shown once' }];
      },
    },
  };
}
