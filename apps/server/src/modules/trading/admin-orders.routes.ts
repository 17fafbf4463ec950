/**
 * Back office, one user's orders and positions (our addition to API.md §19.4, `userOrders` of the
 * registry): read-only, every market, newest first, optionally filtered by state. The rows are the
 * user's own Order objects (§5.2) from the same view as `/trade/userstocklist`, so the operator sees
 * the P&L the user sees. Nothing here can change an order (§19.6). The read is audit-logged like
 * `user/detail` (a person's positions are personal data).
 */
import { adminEndpoints, type OrderState } from '@brokerage/contract';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../platform/errors.js';
import type { Db } from '../../platform/db.js';
import { registerAdminRoute, type AdminDeps } from '../admin/admin.http.js';
import { usersRepository } from '../auth/index.js';
import type { MarketFeed } from '../market/index.js';
import type { OrderRow } from './orders.repository.js';
import { toOrder } from './orders.view.js';
import { orders } from './trading.tables.js';

export interface AdminOrdersDeps extends AdminDeps {
  feed: MarketFeed;
}

async function ordersOfUser(db: Db, userId: string, states: OrderState[] | undefined, page: number, size: number): Promise<{ rows: OrderRow[]; total: number }> {
  const filters: SQL[] = [eq(orders.userId, userId)];
  if (states) filters.push(inArray(orders.state, states));
  const where = and(...filters);
  const rows = await db.select().from(orders).where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size).offset((page - 1) * size);
  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export function registerAdminOrderRoutes(app: FastifyInstance, deps: AdminOrdersDeps): void {
  const target = (b: Record<string, unknown>) => ({ type: 'user', id: typeof b.userId === 'string' ? b.userId.slice(0, 64) : null });
  registerAdminRoute(app, deps, adminEndpoints.userOrders, async ({ body, tx }) => {
    const user = await usersRepository.findUserById(tx, body.userId);
    if (!user) throw new DomainError('account.not_found');
    const { rows, total } = await ordersOfUser(tx, user.id, body.states, body.page, body.size);
    const ctx = { now: deps.clock.now(), feed: deps.feed, dayTrading: user.dayTrading };
    return { data: { list: rows.map((row) => toOrder(row, ctx)), total, page: body.page, size: body.size } };
  }, { audited: true, target });
}
