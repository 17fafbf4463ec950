/**
 * The trading module as a value (docs/api.md §9.1–§9.7): order routes, day trading and its review
 * queue, the back office's orders, the positions the portfolio reads, and the engine: a leader-only
 * job of the job runner (one leader per PostgreSQL through an advisory lock), timed by the
 * operators' metrics.
 */
import type { Kernel, ModuleSpec } from '../../kernel/kernel.js';
import { registerAdminOrderRoutes } from './admin-orders.routes.js';
import { dayTradeReviewQueue } from './day-trading.service.js';
import { registerDayTradingRoutes } from './day-trading.routes.js';
import { engineJob } from './engine.js';
import { positionTotals, positionTotalsOfUsers } from './positions.service.js';
import { registerTradingRoutes } from './trading.routes.js';

export function createTradingModule(kernel: Kernel): ModuleSpec {
  const { db, clock, feed, settings, limits, ledger, authCache, log, options } = kernel;
  const engine = options.engine === false ? null : options.engine;
  return {
    name: 'trading',
    // the messages this module sends, and the push preference each goes out under (null: not pushed)
    messageKinds: {
      'message.order.filled': 'orders',
      'message.position.take_profit': 'orders',
      'message.position.stop_loss': 'orders',
      'message.position.stop_out': 'orders',
      'message.position.delisted': 'orders',
      'message.day_trade.approved': null,
      'message.day_trade.rejected': null,
    },
    userRoutes: (app) => {
      registerTradingRoutes(app, kernel.route, {
        db,
        clock,
        feed,
        settings,
        limits,
        ledger,
        authCache,
        buyGroup: {
          onBatchError: (error, size) =>
            log.warn({ err: error, size }, 'buy batch rolled back: its calls run one by one'),
          ...options.buyGroup,
        },
      });
      registerDayTradingRoutes(app, kernel.route, { db, clock });
    },
    adminRoutes: (app) => registerAdminOrderRoutes(app, { ...kernel.adminRoute, feed }),
    reviewQueues: { day_trade: dayTradeReviewQueue(authCache) },
    // the ledger's view of positions for `/user/assets` and `withdrawable` (open positions, in-transit proceeds)
    positions: {
      ofUser: (tx, userId) => positionTotals(tx, feed, userId, clock.now()),
      ofUsers: (tx, userIds) => positionTotalsOfUsers(tx, feed, userIds, clock.now()),
    },
    jobs: [
      engineJob(
        { db, clock, settings, feed, ledger },
        {
          intervalMs: engine?.intervalMs,
          onTick: kernel.metrics.engineTick,
          onError: (error) => log.error({ err: error }, 'trading engine tick failed'),
        },
      ).job,
    ],
  };
}
