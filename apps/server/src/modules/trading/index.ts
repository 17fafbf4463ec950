/** The trading module: orders, positions, fees, trading hours, T+N and hold rules, and the engine. */
export { createTradingModule } from './trading.module.js';
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
  engineJob,
  runEngineOnce,
  startEngine,
  ENGINE_JOB,
  ENGINE_LOCK_KEY,
  TradingEngine,
  type EngineDeps,
  type EngineOptions,
  type EngineReport,
  type RunningEngine,
} from './engine.js';
