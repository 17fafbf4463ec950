import { adminEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { registerAdminRoute, type AdminDeps } from '../../platform/admin-http.js';
import { DomainError } from '../../platform/errors.js';
import type { SecurityDeps } from './security.service.js';
import { resetTotp } from './security.service.js';
import { toAdminUser } from '../admin/index.js';

const userTarget = (b: Record<string, unknown>) => ({
  type: 'user',
  id: typeof b.userId === 'string' ? b.userId.slice(0, 64) : null,
});

/** Back office (docs/api.md §23.1): reset a user's two-step verification, with a reason, audited. */
export function registerSecurityAdminRoutes(
  app: FastifyInstance,
  adminDeps: AdminDeps,
  deps: Pick<SecurityDeps, 'clock' | 'authCache'>,
): void {
  registerAdminRoute(
    app,
    adminDeps,
    adminEndpoints.userTotpReset,
    async ({ body, tx }) => {
      const result = await resetTotp(tx, deps, body.userId);
      if (!result) throw new DomainError('account.not_found');
      return {
        data: toAdminUser(result.after),
        // not `totp…`: the audit log masks keys that look secret (otp, password, token)
        before: { twoStepVerification: 'on' },
        after: { twoStepVerification: 'off' },
      };
    },
    { target: userTarget },
  );
}
