/** HTTP edge of the day-trading calls (docs/api.md §9.8). */
import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { transaction, type Db } from '../../platform/db.js';
import { registerUserRoute, type UserRouteDeps, userOf } from '../../platform/http.js';
import { applyDayTrading, dayTradingStatus } from './day-trading.service.js';

export function registerDayTradingRoutes(
  app: FastifyInstance,
  route: UserRouteDeps,
  deps: { db: Db; clock: Clock },
): void {
  registerUserRoute(app, route, userEndpoints.dayTradingApply, async ({ session }) => ({
    data: await transaction(deps.db, (tx) => applyDayTrading(tx, deps.clock, userOf(session))),
  }));
  registerUserRoute(app, route, userEndpoints.dayTradingStatus, async ({ session, tx }) => ({
    data: await dayTradingStatus(tx, userOf(session)),
  }));
}
