import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { transaction } from '../../platform/db.js';
import { registerUserRoute, userOf, type UserRouteDeps } from '../../platform/http.js';
import type { SecurityDeps } from './security.service.js';
import * as security from './security.service.js';

/** The user calls of docs/api.md §23.1. */
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
  registerUserRoute(app, route, userEndpoints.loginVerify, async ({ body }) => ({
    data: await security.verifyLogin(deps, body),
  }));
}
