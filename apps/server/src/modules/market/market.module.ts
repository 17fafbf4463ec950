/** The market module as a value: instruments, quotes, candles, news (docs/api.md §8); the feed is in the kernel. */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { registerMarketRoutes, registerNewsAdminRoutes } from './market.routes.js';
import { seedNews } from './news.service.js';
import { newsSeeds } from './news-texts.js';

export function createMarketModule(kernel: Kernel): ModuleSpec {
  const { db, clock, settings, feed } = kernel;
  const deps = { db, clock, settings, feed };
  return {
    name: 'market',
    userRoutes: (app) => registerMarketRoutes(app, kernel.route, deps, kernel.candleWork),
    adminRoutes: (app) => registerNewsAdminRoutes(app, { ...deps, ...kernel.adminRoute }),
    // the demo news items, written for this product (news-texts.ts)
    seed: { run: () => seedNews(db, newsSeeds) },
  };
}
