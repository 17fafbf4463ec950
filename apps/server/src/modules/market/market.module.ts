/** The market module as a value: instruments, quotes, candles, news (docs/api.md §8); the feed is in the kernel. */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { registerMarketRoutes, registerNewsAdminRoutes } from './market.routes.js';

export function createMarketModule(kernel: Kernel): ModuleSpec {
  const { db, clock, settings, feed } = kernel;
  const deps = { db, clock, settings, feed };
  return {
    name: 'market',
    userRoutes: (app) => registerMarketRoutes(app, kernel.route, deps, kernel.candleWork),
    adminRoutes: (app) => registerNewsAdminRoutes(app, { ...deps, ...kernel.adminRoute }),
  };
}
