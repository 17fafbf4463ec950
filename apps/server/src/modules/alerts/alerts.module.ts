/**
 * The price-alert module as a value (docs/api.md §22.1–§22.3): the `alert` routes and the
 * leader-only evaluation job that fires alerts on the feed's prices and ends them past `expiresAt`.
 */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { AlertEvaluator, alertsJob } from './alerts.jobs.js';
import { DEMO_ACCOUNT } from '../auth/index.js';
import { registerAlertRoutes } from './alerts.routes.js';
import { seedDemoAlerts } from './alerts.seed.js';

export function createAlertsModule(kernel: Kernel): ModuleSpec {
  const { db, clock, settings, feed } = kernel;
  const evaluator = new AlertEvaluator({ db, clock, feed });
  return {
    name: 'alerts',
    messageKinds: {
      'message.alert.price_above': 'alerts',
      'message.alert.price_below': 'alerts',
      'message.alert.change_up': 'alerts',
      'message.alert.change_down': 'alerts',
    },
    userRoutes: (app) => registerAlertRoutes(app, kernel.route, { clock, settings, feed }),
    jobs: [alertsJob(evaluator)],
    // the demo account's alerts and their history (the full demo only)
    seed: {
      after: ['auth'],
      run: async ({ extent }) => {
        if (extent === 'full') await seedDemoAlerts({ db, clock, feed }, DEMO_ACCOUNT.id);
      },
    },
  };
}
