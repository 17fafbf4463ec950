/**
 * The security module as a value (docs/api.md §23.1, §23.7): two-step verification with an
 * authenticator app, and passkeys. It answers the kernel's `secondFactor` port, which the auth module's login and the
 * protected calls (passwords, withdraw, card and wallet binding) ask; the login itself stays in auth.
 */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { registerPasskeyRoutes } from './passkeys.routes.js';
import { relyingPartyOf } from './passkeys.service.js';
import { registerSecurityAdminRoutes } from './security.admin.js';
import { registerSecurityRoutes } from './security.routes.js';
import { reportNewDevice, requireSecondFactor, startLoginChallenge, type SecurityDeps } from './security.service.js';

export function createSecurityModule(kernel: Kernel): ModuleSpec {
  const { db, clock, limits, authCache, config } = kernel;
  const box = kernel.secrets;
  const deps: SecurityDeps = { db, clock, limits, authCache, box, signIns: kernel.ports.signIns };
  // passkeys (§23.7): the relying party is the public origin
  const passkeyDeps = { ...deps, rp: relyingPartyOf(config.publicOrigin) };
  return {
    name: 'security',
    messageKinds: {
      // pushed to every subscription, never turned off (§22.4)
      'message.security.totp_reset': 'security',
      'message.security.new_login': 'security',
      'message.security.passkey_clone': 'security',
    },
    ports: {
      secondFactor: {
        startLogin: (tx, user) => startLoginChallenge(deps, tx, user),
        require: (tx, user, proof) => requireSecondFactor(deps, tx, user, proof),
      },
      signIns: {
        fromNewDevice: (db, user, client, at) => reportNewDevice(deps, db, user, client, at),
      },
    },
    userRoutes: (app) => {
      registerSecurityRoutes(app, kernel.route, deps);
      registerPasskeyRoutes(app, kernel.route, passkeyDeps);
    },
    adminRoutes: (app) => registerSecurityAdminRoutes(app, kernel.adminRoute, deps),
  };
}
