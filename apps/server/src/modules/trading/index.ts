/** The trading module: orders, positions, fees, trading hours, T+N and hold rules, and the engine. */
import type { Clock } from '../../platform/clock.js';
import type { PositionsPort } from '../ledger/index.js';
import type { MarketFeed } from '../market/index.js';
import { positionTotals } from './positions.service.js';

export { openAllottedPosition, type AllotmentDeps, type AllotmentSpec } from './allotments.service.js';
// the copy funds' strategy engine trades through the same calls users make (§14)
export {
  buy as placeOrder,
  close as closePosition,
  settlementCurrency,
  usableQuote,
  type OrdersDeps,
} from './orders.service.js';
export { openPositionMarks, type PositionMark } from './positions.service.js';
export { marketRules } from './fees.js';
export { isRegularSession } from './sessions.js';
export { registerTradingRoutes, type BuyGroupOptions } from './trading.routes.js';
export { registerDayTradingRoutes } from './day-trading.routes.js';
export { registerAdminOrderRoutes } from './admin-orders.routes.js';
export { applyDayTrading, dayTradeReviewQueue, dayTradingStatus } from './day-trading.service.js';
export {
  runEngineOnce,
  startEngine,
  ENGINE_LOCK_KEY,
  TradingEngine,
  type EngineDeps,
  type EngineOptions,
  type EngineReport,
  type RunningEngine,
} from './engine.js';

/** The ledger's view of positions for `/user/assets` and `withdrawable` (open positions, in-transit proceeds). */
export function tradingPositionsPort(feed: MarketFeed, clock: Clock): PositionsPort {
  return (db, userId) => positionTotals(db, feed, userId, clock.now());
}
