/** HTTP edge of the lending calls (docs/api.md §15). */
import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { registerUserRoute, type UserRouteDeps, userOf } from '../../platform/http.js';
import type { RateLimits } from '../../platform/rate-limit.js';
import { applyLending, productList, recordList, type LendingDeps } from './lending.service.js';

export function registerLendingRoutes(
  app: FastifyInstance,
  route: UserRouteDeps,
  deps: LendingDeps & { limits: RateLimits },
): void {
  registerUserRoute(app, route, userEndpoints.lendingProducts, async ({ body, tx }) => ({
    data: await productList(tx, body),
  }));
  // a money call: `tx` is the transaction shared with the stored idempotent answer (platform/http)
  registerUserRoute(
    app,
    route,
    userEndpoints.lendingApply,
    async ({ body, session, tx }) => ({
      data: await applyLending(tx, deps, userOf(session), body),
    }),
    { extraLimit: (_r, session) => deps.limits.consume('moneyCalls', userOf(session)) },
  );
  registerUserRoute(app, route, userEndpoints.lendingRecords, async ({ body, session, tx }) => ({
    data: await recordList(tx, deps.clock, userOf(session), body),
  }));
}
