/** HTTP edge of the copy-trading calls (docs/api.md §14). */
import { userEndpoints, type CopyFundDetail } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { registerUserRoute, type UserRouteDeps, userOf } from '../../platform/http.js';
import {
  fundDetail,
  fundList,
  mine,
  redeem,
  subscribe,
  type CopyDeps,
  type CopyFundDetailView,
} from './copy.service.js';

/** `/copy/detail`'s answer as sent: each position's P&L under its wire name (docs/glossary.md, "Wire names"). */
export function fundDetailToWire({ positions, ...fund }: CopyFundDetailView): CopyFundDetail {
  return { ...fund, positions: positions.map(({ profitLoss, ...p }) => ({ ...p, yingkui: profitLoss })) };
}

export function registerCopyRoutes(app: FastifyInstance, route: UserRouteDeps, deps: CopyDeps): void {
  registerUserRoute(app, route, userEndpoints.copyList, async ({ body, tx }) => ({
    data: await fundList(tx, deps, body),
  }));
  registerUserRoute(app, route, userEndpoints.copyDetail, async ({ body, tx }) => ({
    data: fundDetailToWire(await fundDetail(tx, deps, body)),
  }));
  // money calls: `tx` is the transaction shared with the stored idempotent answer (platform/http)
  registerUserRoute(
    app,
    route,
    userEndpoints.copySubscribe,
    async ({ body, session, tx }) => ({
      data: await subscribe(tx, deps, userOf(session), body),
    }),
    { extraLimit: (_r, session) => deps.limits.consume('moneyCalls', userOf(session)) },
  );
  registerUserRoute(
    app,
    route,
    userEndpoints.copyRedeem,
    async ({ body, session, tx }) => ({
      data: await redeem(tx, deps, userOf(session), body),
    }),
    { extraLimit: (_r, session) => deps.limits.consume('moneyCalls', userOf(session)) },
  );
  registerUserRoute(app, route, userEndpoints.copyMine, async ({ body, session, tx }) => ({
    data: await mine(tx, userOf(session), body),
  }));
}
