/** HTTP edge of the block-trade calls (docs/api.md §13). */
import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { registerUserRoute, type UserRouteDeps, userOf } from '../../platform/http.js';
import { applicationList, apply, productList, type BlockDeps } from './block.service.js';

export function registerBlockRoutes(app: FastifyInstance, route: UserRouteDeps, deps: BlockDeps): void {
  registerUserRoute(app, route, userEndpoints.blockList, async ({ body, session, tx }) => ({
    data: await productList(tx, deps, userOf(session), body),
  }));
  // a money call: `tx` is the transaction shared with the stored idempotent answer (platform/http)
  registerUserRoute(
    app,
    route,
    userEndpoints.blockApply,
    async ({ body, session, tx }) => ({
      data: await apply(tx, deps, userOf(session), body),
    }),
    { extraLimit: (_r, session) => deps.limits.consume('moneyCalls', userOf(session)) },
  );
  registerUserRoute(app, route, userEndpoints.blockApplications, async ({ body, session, tx }) => ({
    data: await applicationList(tx, userOf(session), body),
  }));
}
