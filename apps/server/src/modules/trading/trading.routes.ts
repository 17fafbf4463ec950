/** HTTP edge of the trade calls (docs/api.md §9.1–§9.7): schema, auth, per-account limits, then the services. */
import { userEndpoints, type Order, type OrderDetail, type ResponseOf } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { transaction } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { registerUserRoute, type UserRouteDeps, type UserSession, userOf } from '../../platform/http.js';
import type { RateLimits } from '../../platform/rate-limit.js';
import type { GroupCommitStats } from '../../platform/group-commit.js';
import type { LockedBatch } from '../ledger/index.js';
import {
  buy,
  cancel,
  close,
  detail,
  lockMarketBuys,
  prepareBuy,
  setTpSl,
  userStockList,
  writeMarketBuys,
  type OrdersDeps,
  type PreparedBuy,
  type StockListView,
} from './orders.service.js';
import type { OrderDetailView, OrderView } from './orders.view.js';
import { preview } from './preview.service.js';

/*
 * The answers as sent (docs/glossary.md, "Wire names"): inside the code the gross profit or loss is
 * `profitLoss`, on the wire the contract's `yingkui`. One mapper per answer type, at the edge.
 */

/** An Order of §5.2 as sent. */
export function orderToWire({ profitLoss, ...order }: OrderView): Order {
  return { ...order, yingkui: profitLoss };
}

/** `/trade/detail`'s answer (§9.7) as sent. */
export function orderDetailToWire({ history, ...order }: OrderDetailView): OrderDetail {
  return { ...orderToWire(order), history };
}

/** `/trade/userstocklist`'s answer (§9.6) as sent. */
export function stockListToWire({ list, totalProfitLoss, ...page }: StockListView): ResponseOf<'userStockList'> {
  return { ...page, list: list.map(orderToWire), totalYingkui: totalProfitLoss };
}

/** How market buys commit in groups (docs/decisions.md "Market orders commit in groups"). */
export interface BuyGroupOptions {
  /** false: every buy runs in a transaction of its own */
  enabled?: boolean;
  maxBatch?: number;
  inFlight?: number;
  /** receives the committer's counters (tests, the bench) */
  expose?: (stats: GroupCommitStats) => void;
  onBatchError?: (error: unknown, size: number) => void;
  /** awaited before each batch opens its transaction (tests hold one there) */
  beforeBatch?: (size: number) => Promise<void> | void;
}

export function registerTradingRoutes(
  app: FastifyInstance,
  route: UserRouteDeps,
  deps: OrdersDeps & { limits: RateLimits; buyGroup?: BuyGroupOptions },
): void {
  const { limits } = deps;
  const group = deps.buyGroup ?? {};
  // §1.7 / §1.11: one call per rolling second per account, separately for buy, close and cancel
  const perAccount = (name: 'buyPerAccount' | 'closePerAccount' | 'cancelPerAccount') => ({
    extraLimit: (_r: unknown, session: UserSession | null) => limits.consume(name, userOf(session)),
  });

  registerUserRoute(app, route, userEndpoints.tradePreview, async ({ body, session, tx }) => ({
    data: await preview(tx, deps, userOf(session), body),
  }));
  // money calls: `tx` is the transaction shared with the stored idempotent answer (platform/http)
  // market buys with a requestId commit in groups (one transaction per batch); limit buys, and
  // every buy a batch could not take, run alone through the handler
  registerUserRoute(
    app,
    route,
    userEndpoints.tradeBuy,
    async ({ body, session, tx }) => {
      const { order, code } = await buy(tx, deps, userOf(session), body);
      return { data: orderToWire(order), code };
    },
    {
      ...perAccount('buyPerAccount'),
      ...(group.enabled === false
        ? {}
        : {
            grouped: {
              prepare: async (body, session): Promise<PreparedBuy | null> =>
                body.orderType === 'market' ? prepareBuy(route.db, deps, session.userId, body) : null,
              lock: (tx, buys: PreparedBuy[]) => lockMarketBuys(tx, deps, buys),
              write: (tx, locked: LockedBatch, buys: PreparedBuy[], take) => {
                const { results, written } = writeMarketBuys(tx, deps, locked, buys, take);
                return {
                  written,
                  results: results.map((r) =>
                    r instanceof DomainError ? r : { data: orderToWire(r.order), code: r.code },
                  ),
                };
              },
              maxBatch: group.maxBatch,
              inFlight: group.inFlight,
              expose: group.expose,
              onBatchError: group.onBatchError,
              beforeBatch: group.beforeBatch,
            },
          }),
    },
  );
  registerUserRoute(
    app,
    route,
    userEndpoints.tradeCancel,
    async ({ body, session, tx }) => ({
      data: orderToWire(await cancel(tx, deps, userOf(session), body.orderId)),
    }),
    perAccount('cancelPerAccount'),
  );
  registerUserRoute(
    app,
    route,
    userEndpoints.tradeClose,
    async ({ body, session, tx }) => ({
      data: orderToWire(await close(tx, deps, userOf(session), body.orderId)),
    }),
    perAccount('closePerAccount'),
  );
  registerUserRoute(app, route, userEndpoints.tradeSetTpSl, async ({ body, session, tx }) => ({
    data: orderToWire(await transaction(tx, (t) => setTpSl(t, deps, userOf(session), body))),
  }));
  registerUserRoute(app, route, userEndpoints.userStockList, async ({ body, session, tx }) => ({
    data: stockListToWire(await userStockList(tx, deps, userOf(session), body)),
  }));
  registerUserRoute(app, route, userEndpoints.tradeDetail, async ({ body, session, tx }) => ({
    data: orderDetailToWire(await detail(tx, deps, userOf(session), body.orderId)),
  }));
}
