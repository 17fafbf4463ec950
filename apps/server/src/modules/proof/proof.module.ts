/**
 * The proof of liabilities as a value (docs/api.md §25): the public `proof` calls, the caller's
 * path, the operator's publish, the daily leader-only job, and a proof published at seed time so
 * the page has content on a fresh start.
 */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { proofJob } from './proof.jobs.js';
import { registerProofAdminRoutes, registerProofRoutes } from './proof.routes.js';
import { seedProof } from './proof.seed.js';
import type { ProofDeps } from './proof.service.js';

export function createProofModule(kernel: Kernel): ModuleSpec {
  const { db, clock, portfolio } = kernel;
  const deps: ProofDeps = {
    clock,
    portfolio,
    houseRunAccounts: (tx) => kernel.ports.houseRunAccounts(tx),
    ...kernel.options.proof,
  };
  return {
    name: 'proof',
    userRoutes: (app) => registerProofRoutes(app, kernel.route),
    adminRoutes: (app) => registerProofAdminRoutes(app, kernel.adminRoute, deps),
    jobs: [proofJob(db, deps)],
    messageKinds: {},
    // after every module whose seed moves money, so the seeded proof counts it
    seed: {
      after: ['auth', 'funds', 'lending', 'newshare', 'block', 'copy', 'alerts'],
      run: async ({ extent }) => {
        if (extent === 'full') await seedProof(db, deps);
      },
    },
  };
}
