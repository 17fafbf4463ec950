/**
 * The admin module as a value: the back office's own routes (§19) and `/product/list`, whose page
 * of each kind the product modules give in their specs (the kernel's `productPages`).
 */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { registerAdminRoutes } from './admin.routes.js';
import { registerProductListRoute } from './products.routes.js';

export function createAdminModule(kernel: Kernel): ModuleSpec {
  const { adminRoute, settings, portfolio, authCache } = kernel;
  return {
    name: 'admin',
    adminRoutes: (app) => {
      registerAdminRoutes(app, { ...adminRoute, settings, portfolio, authCache });
      registerProductListRoute(app, adminRoute, kernel.productPages);
    },
  };
}
