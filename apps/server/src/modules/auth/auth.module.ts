/** The auth module as a value: registration, login, sessions, the user's own account (docs/api.md §4–§6). */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { currentAgreementVersion } from '../common/index.js';
import { registerAuthRoutes } from './auth.routes.js';
import { DEMO_ACCOUNT, seedDemoAccount, seedOrganisation } from './auth.seed.js';
import type { AuthDeps } from './users.service.js';

export function createAuthModule(kernel: Kernel): ModuleSpec {
  const { db, clock, settings, limits, authCache } = kernel;
  const deps: AuthDeps = {
    db,
    clock,
    settings,
    limits,
    authCache,
    currentAgreementVersion: () => currentAgreementVersion(db),
    secondFactor: kernel.ports.secondFactor,
    signIns: kernel.ports.signIns,
  };
  return {
    name: 'auth',
    userRoutes: (app) => registerAuthRoutes(app, kernel.route, deps),
    seed: {
      run: async ({ inviteCode, extent }) => {
        await seedOrganisation(db, inviteCode);
        if (extent !== 'full') return;
        const password = await seedDemoAccount(deps);
        if (!password) return;
        return [
          {
            label: 'Demo login',
            value: `${DEMO_ACCOUNT.phone} / ${password}`,
            note: 'the demo account, with price alerts; shown once',
          },
        ];
      },
    },
  };
}
