import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { transaction } from '../../platform/db.js';
import { signInClient } from '../../platform/device.js';
import { registerUserRoute, userOf, type UserRouteDeps } from '../../platform/http.js';
import * as passkeys from './passkeys.service.js';
import type { PasskeyDeps } from './passkeys.service.js';

/**
 * The passkey calls of docs/api.md §23.7. The two sign-in calls (auth no) are limited like
 * `/user/login`: the per-caller limit, and no challenge or sign-in for an address locked out by
 * failed sign-ins (a refused assertion counts toward that lock-out).
 */
export function registerPasskeyRoutes(app: FastifyInstance, route: UserRouteDeps, deps: PasskeyDeps): void {
  const notLocked = {
    extraLimit: (request: { ip: string }) => deps.limits.assertNotLocked('loginFailuresPerAddress', request.ip),
  };
  registerUserRoute(app, route, userEndpoints.passkeyOptions, async ({ session }) => ({
    data: await passkeys.registrationOptions(deps, userOf(session)),
  }));
  registerUserRoute(app, route, userEndpoints.passkeyAdd, async ({ session, body }) => {
    const add = await passkeys.preparePasskeyAdd(deps, userOf(session), body);
    return { data: await transaction(deps.db, add.apply) };
  });
  registerUserRoute(app, route, userEndpoints.passkeys, async ({ session }) => ({
    data: await passkeys.listPasskeys(deps, userOf(session)),
  }));
  registerUserRoute(app, route, userEndpoints.passkeyRemove, async ({ session, body }) => {
    await passkeys.removePasskey(deps, userOf(session), body);
    return { data: null };
  });
  registerUserRoute(
    app,
    route,
    userEndpoints.passkeyLoginOptions,
    async () => ({ data: await passkeys.loginOptions(deps) }),
    notLocked,
  );
  registerUserRoute(
    app,
    route,
    userEndpoints.passkeyLogin,
    async ({ body, request }) => ({
      data: await passkeys.passkeyLogin(
        deps,
        body,
        request.ip,
        signInClient(request.headers['user-agent'], request.ip),
      ),
    }),
    notLocked,
  );
}
