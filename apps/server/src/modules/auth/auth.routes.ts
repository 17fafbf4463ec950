import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { transaction } from '../../platform/db.js';
import { signInClient } from '../../platform/device.js';
import { registerUserRoute, type UserRouteDeps } from '../../platform/http.js';
import { andThen } from '../../platform/maybe-promise.js';
import { revokeSession } from './sessions.service.js';
import * as users from './users.service.js';
import type { AuthDeps } from './users.service.js';

function sessionOf<T>(value: T | null): T {
  if (!value) throw new Error('route declared auth yes without a session');
  return value;
}

export function registerAuthRoutes(app: FastifyInstance, route: UserRouteDeps, deps: AuthDeps): void {
  registerUserRoute(
    app,
    route,
    userEndpoints.register,
    async ({ body, request }) => ({
      data: await users.register(deps, body, signInClient(request.headers['user-agent'], request.ip)),
    }),
    {
      extraLimit: (request) => deps.limits.consume('registerPerIp', request.ip),
    },
  );
  registerUserRoute(app, route, userEndpoints.login, async ({ body, request }) => ({
    data: await users.login(deps, body, request.ip, signInClient(request.headers['user-agent'], request.ip)),
  }));
  registerUserRoute(app, route, userEndpoints.logout, async ({ session }) => {
    await revokeSession(deps.db, deps.clock, deps.authCache, sessionOf(session).sessionId);
    return { data: null };
  });
  // the hottest read: synchronous and pre-serialised when the user is cached
  registerUserRoute(app, route, userEndpoints.getUserinfo, ({ session }) =>
    andThen(users.userInfoJson(deps.db, deps.authCache, sessionOf(session).userId), (json) => ({ data: null, json })),
  );
  registerUserRoute(app, route, userEndpoints.changePassword, async ({ session, body }) => {
    const s = sessionOf(session);
    const change = await users.preparePasswordChange(deps, s.userId, s.sessionId, body);
    await transaction(deps.db, change.apply);
    return { data: null };
  });
  registerUserRoute(app, route, userEndpoints.setFundPassword, async ({ session, body }) => {
    await users.setFundPassword(deps, sessionOf(session).userId, body);
    return { data: null };
  });
  registerUserRoute(
    app,
    route,
    userEndpoints.changeFundPassword,
    async ({ session, body }) => {
      await users.changeFundPassword(deps, sessionOf(session).userId, body);
      return { data: null };
    },
    {
      extraLimit: (_request, session) => deps.limits.assertNotLocked('fundPasswordFailures', sessionOf(session).userId),
    },
  );
}
