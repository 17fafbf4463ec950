/** The common module as a value: public config and legal texts (docs/api.md §2). */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { registerCommonRoutes } from './common.routes.js';

export function createCommonModule(kernel: Kernel): ModuleSpec {
  return { name: 'common', userRoutes: (app) => registerCommonRoutes(app, kernel.route, kernel.db, kernel.settings) };
}
