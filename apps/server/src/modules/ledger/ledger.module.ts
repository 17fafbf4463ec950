/** The ledger module as a value: the user's assets (docs/api.md §7); the ledger itself is in the kernel. */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { findUserById } from '../auth/index.js';
import { registerAssetsRoutes } from './assets.routes.js';

export function createLedgerModule(kernel: Kernel): ModuleSpec {
  const { db, settings, portfolio } = kernel;
  return {
    name: 'ledger',
    userRoutes: (app) =>
      registerAssetsRoutes(app, kernel.route, {
        db,
        settings,
        portfolio,
        creditScoreOf: async (userId) => (await findUserById(db, userId))?.creditScore ?? null,
      }),
  };
}
