import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { transaction } from '../../platform/db.js';
import { signInClient } from '../../platform/device.js';
import { registerUserRoute, userOf, type UserRouteDeps } from '../../platform/http.js';
import { listSessions, revokeOwnSession, revokeUserSessions } from '../auth/index.js';
import type { UserSession } from '../../platform/http.js';
import type { SecurityDeps } from './security.service.js';
import * as security from './security.service.js';

function sessionOf(session: UserSession | null): UserSession {
  if (!session) throw new Error('route declared auth yes without a session');
  return session;
}

/** The user calls of docs/api.md §23.1 and §23.8. */
export function registerSecurityRoutes(app: FastifyInstance, route: UserRouteDeps, deps: SecurityDeps): void {
  registerUserRoute(app, route, userEndpoints.totpSetup, async ({ session, body }) => ({
    data: await security.setupTotp(deps, userOf(session), body),
  }));
  registerUserRoute(app, route, userEndpoints.totpEnable, async ({ session, body }) => ({
    data: await transaction(deps.db, (tx) => security.enableTotp(tx, deps, userOf(session), body)),
  }));
  registerUserRoute(app, route, userEndpoints.totpDisable, async ({ session, body }) => {
    await transaction(deps.db, (tx) => security.disableTotp(tx, deps, userOf(session), body));
    return { data: null };
  });
  registerUserRoute(app, route, userEndpoints.recoveryCodes, async ({ session, body }) => ({
    data: await transaction(deps.db, (tx) => security.renewRecoveryCodes(tx, deps, userOf(session), body)),
  }));
  registerUserRoute(app, route, userEndpoints.loginVerify, async ({ body, request }) => ({
    data: await security.verifyLogin(deps, body, signInClient(request.headers['user-agent'], request.ip)),
  }));
  // §23.8 sessions and devices
  registerUserRoute(app, route, userEndpoints.sessions, async ({ session }) => ({
    data: { list: await listSessions(deps.db, deps.clock, userOf(session), sessionOf(session).sessionId) },
  }));
  registerUserRoute(app, route, userEndpoints.sessionRevoke, async ({ session, body }) => {
    await revokeOwnSession(deps.db, deps.clock, deps.authCache, userOf(session), body.sessionId);
    return { data: null };
  });
  registerUserRoute(app, route, userEndpoints.sessionRevokeOthers, async ({ session }) => {
    const s = sessionOf(session);
    await revokeUserSessions(deps.db, deps.clock, deps.authCache, s.userId, s.sessionId);
    return { data: null };
  });
}
