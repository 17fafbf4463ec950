/**
 * The performance module as a value (docs/api.md §24.1–§24.2): `/user/performance`,
 * `/user/pnlCalendar`, `/user/allocation` and the nightly snapshot job.
 */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { registerPerformanceRoutes } from './performance.routes.js';
import { snapshotJob } from './performance.jobs.js';
import { seedDemoPerformance } from './performance.seed.js';
import type { PerformanceDeps } from './performance.service.js';

export function createPerformanceModule(kernel: Kernel): ModuleSpec {
  const { db, clock, settings, feed, fx, portfolio } = kernel;
  const deps: PerformanceDeps = { clock, settings, feed, fx, portfolio };
  return {
    name: 'performance',
    userRoutes: (app) => registerPerformanceRoutes(app, kernel.route, deps),
    jobs: [snapshotJob(db, deps)],
    seed: {
      after: ['auth'],
      run: async ({ extent }) => {
        if (extent === 'full') await seedDemoPerformance(db, deps, kernel.config.ledgerHouseStripes);
      },
    },
  };
}
