/**
 * Back office, one user's orders and positions (our addition to docs/api.md §19.4, `userOrders` of the
 * registry): read-only, every market, newest first, optionally filtered by state. The rows are the
 * user's own Order objects (§5.2) from the same view as `/trade/userstocklist`, so the operator sees
 * the P&L the user sees. Nothing here can change an order (§19.6). The read is audit-logged like
 * `user/detail` (a person's positions are personal data).
 */
import { adminEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../platform/errors.js';
import { registerAdminRoute, type AdminDeps } from '../../platform/admin-http.js';
import { findUserById } from '../auth/index.js';
import type { MarketFeed } from '../market/index.js';
import * as repo from './orders.repository.js';
import { toOrder } from './orders.view.js';
import { orderToWire } from './trading.routes.js';

export interface AdminOrdersDeps extends AdminDeps {
  feed: MarketFeed;
}

export function registerAdminOrderRoutes(app: FastifyInstance, deps: AdminOrdersDeps): void {
  const target = (b: Record<string, unknown>) => ({
    type: 'user',
    id: typeof b.userId === 'string' ? b.userId.slice(0, 64) : null,
  });
  registerAdminRoute(
    app,
    deps,
    adminEndpoints.userOrders,
    async ({ body, tx }) => {
      const user = await findUserById(tx, body.userId);
      if (!user) throw new DomainError('account.not_found');
      const { rows, total } = await repo.pageOfUser(tx, user.id, body.states, body.page, body.size);
      const ctx = { now: deps.clock.now(), feed: deps.feed, dayTrading: user.dayTrading };
      return {
        data: { list: rows.map((row) => orderToWire(toOrder(row, ctx))), total, page: body.page, size: body.size },
      };
    },
    { audited: true, target },
  );
}
