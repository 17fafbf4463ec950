/** The engagement module as a value: check-in and invitation (docs/api.md §16.6). */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { registerEngagementRoutes } from './checkins.routes.js';

export function createEngagementModule(kernel: Kernel): ModuleSpec {
  const { db, clock, settings } = kernel;
  return {
    name: 'engagement',
    userRoutes: (app) => registerEngagementRoutes(app, kernel.route, db, { clock, settings }),
  };
}
