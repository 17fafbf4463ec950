import { adminEndpoints, userEndpoints } from '@brokerage/contract';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { callerKey, registerUserRoute, type UserRouteDeps, userOf } from '../../platform/http.js';
import { registerAdminRoute, type AdminDeps } from '../../platform/admin-http.js';
import { DomainError } from '../../platform/errors.js';
import * as market from './market.service.js';
import type { MarketDeps } from './market.service.js';
import * as newsService from './news.service.js';
import { SlicedWork } from './sliced-work.js';

/**
 * Registers §8; `candleWork` runs the chart computations and the warming of cold quotes in
 * slices (one per app, see sliced-work.ts).
 */
export function registerMarketRoutes(
  app: FastifyInstance,
  route: UserRouteDeps,
  deps: MarketDeps,
  candleWork = new SlicedWork(),
): void {
  const { feed, db } = deps;
  registerUserRoute(app, route, userEndpoints.marketList, async ({ body }) => ({
    data: await market.list(feed, candleWork, body),
  }));
  registerUserRoute(app, route, userEndpoints.quote, async ({ body, session }) => ({
    data: await market.quote(deps, candleWork, body.instrumentId, session?.userId ?? null),
  }));
  // each caller has a budget of cold candle work: daily, weekly and monthly bars cost more (issue
  // 18); a chart the caches answer costs nothing (market.candles charges only a cold computation)
  registerUserRoute(app, route, userEndpoints.candles, async ({ body, request, session }) => {
    // a client that went away (or a request past its timeout: the server closes the socket)
    // stops the computation; the socket, not the request, whose 'close' only means "body read"
    const gone = new AbortController();
    const abandon = () => gone.abort(new DomainError('request.invalid'));
    const socket = request.raw.socket as Socket | undefined;
    socket?.once('close', abandon);
    const cost = body.period === '1d' || body.period === '1w' || body.period === '1M' ? 5 : 1;
    try {
      return {
        data: await market.candles(feed, candleWork, body, gone.signal, () =>
          route.limits.consume('candlesCost', callerKey(request, session), cost),
        ),
      };
    } finally {
      socket?.off('close', abandon);
    }
  });
  registerUserRoute(app, route, userEndpoints.search, async ({ body, session }) => ({
    data: await market.search(deps, candleWork, body, session?.userId ?? null),
  }));
  registerUserRoute(app, route, userEndpoints.searchHistory, async ({ body, session }) => ({
    data: await market.searchHistory(deps, userOf(session), body.page, body.size),
  }));
  registerUserRoute(app, route, userEndpoints.searchHistoryClear, async ({ session }) => {
    await market.clearHistory(deps, userOf(session));
    return { data: null };
  });
  registerUserRoute(app, route, userEndpoints.watchlist, async ({ body, session }) => ({
    data: await market.watchlist(deps, candleWork, userOf(session), body.page, body.size),
  }));
  registerUserRoute(app, route, userEndpoints.watchAdd, async ({ body, session }) => {
    await market.watchAdd(deps, candleWork, userOf(session), body.instrumentId);
    return { data: null };
  });
  registerUserRoute(app, route, userEndpoints.watchRemove, async ({ body, session }) => {
    await market.watchRemove(deps, userOf(session), [body.instrumentId]);
    return { data: null };
  });
  registerUserRoute(app, route, userEndpoints.watchRemoveMany, async ({ body, session }) => ({
    data: { removed: await market.watchRemove(deps, userOf(session), body.instrumentIds) },
  }));
  registerUserRoute(app, route, userEndpoints.newsList, async ({ body }) => ({
    data: await newsService.newsList(db, body),
  }));
  registerUserRoute(app, route, userEndpoints.newsDetail, async ({ body }) => ({
    data: await newsService.newsDetail(db, body.id, body.lang),
  }));
}

export function registerNewsAdminRoutes(app: FastifyInstance, deps: AdminDeps & MarketDeps): void {
  const { clock, feed } = deps;
  const target = (b: Record<string, unknown>) => ({
    type: 'news',
    id: typeof b.id === 'string' ? b.id.slice(0, 64) : null,
  });
  registerAdminRoute(app, deps, adminEndpoints.newsList, async ({ body, tx }) => ({
    data: await newsService.adminNewsList(tx, body),
  }));
  registerAdminRoute(app, deps, adminEndpoints.newsCreate, async ({ body, tx }) => {
    const item = await newsService.createNews(tx, clock, feed, body);
    return { data: item, after: item, targetType: 'news', targetId: item.id };
  });
  registerAdminRoute(
    app,
    deps,
    adminEndpoints.newsUpdate,
    async ({ body, tx }) => {
      const { id, reason: _reason, ...patch } = body;
      const { before, after } = await newsService.updateNews(tx, clock, feed, id, patch);
      return { data: after, before, after };
    },
    { target },
  );
  registerAdminRoute(
    app,
    deps,
    adminEndpoints.newsPublish,
    async ({ body, tx }) => {
      const { before, after } = await newsService.setNewsPublished(tx, clock, body.id, true);
      return { data: after, before: { published: before.published }, after: { published: after.published } };
    },
    { target },
  );
  registerAdminRoute(
    app,
    deps,
    adminEndpoints.newsUnpublish,
    async ({ body, tx }) => {
      const { before, after } = await newsService.setNewsPublished(tx, clock, body.id, false);
      return { data: after, before: { published: before.published }, after: { published: after.published } };
    },
    { target },
  );
}
