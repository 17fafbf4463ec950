/** HTTP edge of the trade calls (API.md §9.1–§9.7): schema, auth, per-account limits, then the services. */
import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { transaction } from '../../platform/db.js';
import { registerUserRoute, type UserRouteDeps, type UserSession } from '../../platform/http.js';
import type { RateLimits } from '../../platform/rate-limit.js';
import { buy, cancel, close, detail, setTpSl, userStockList, type OrdersDeps } from './orders.service.js';
import { preview } from './preview.service.js';

function userOf(session: UserSession | null): string {
  if (!session) throw new Error('route declared auth yes without a session');
  return session.userId;
}

export function registerTradingRoutes(app: FastifyInstance, route: UserRouteDeps, deps: OrdersDeps & { limits: RateLimits }): void {
  const { limits } = deps;
  // §1.7 / §1.11: one call per rolling second per account, separately for buy, close and cancel
  const perAccount = (name: 'buyPerAccount' | 'closePerAccount' | 'cancelPerAccount') =>
    ({ extraLimit: (_r: unknown, session: UserSession | null) => limits.consume(name, userOf(session)) });

  registerUserRoute(app, route, userEndpoints.tradePreview, async ({ body, session, tx }) => ({
    data: await preview(tx, deps, userOf(session), body),
  }));
  // money calls: `tx` is the transaction shared with the stored idempotent answer (platform/http)
  registerUserRoute(app, route, userEndpoints.tradeBuy, async ({ body, session, tx }) => {
    const { order, code } = await buy(tx, deps, userOf(session), body);
    return { data: order, code };
  }, perAccount('buyPerAccount'));
  registerUserRoute(app, route, userEndpoints.tradeCancel, async ({ body, session, tx }) => ({
    data: await cancel(tx, deps, userOf(session), body.orderId),
  }), perAccount('cancelPerAccount'));
  registerUserRoute(app, route, userEndpoints.tradeClose, async ({ body, session, tx }) => ({
    data: await close(tx, deps, userOf(session), body.orderId),
  }), perAccount('closePerAccount'));
  registerUserRoute(app, route, userEndpoints.tradeSetTpSl, async ({ body, session, tx }) => ({
    data: await transaction(tx, (t) => setTpSl(t, deps, userOf(session), body)),
  }));
  registerUserRoute(app, route, userEndpoints.userStockList, async ({ body, session, tx }) => ({
    data: await userStockList(tx, deps, userOf(session), body),
  }));
  registerUserRoute(app, route, userEndpoints.tradeDetail, async ({ body, session, tx }) => ({
    data: await detail(tx, deps, userOf(session), body.orderId),
  }));
}
