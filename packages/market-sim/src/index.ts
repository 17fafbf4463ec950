/**
 * @brokerage/market-sim: a pure, deterministic market simulator (no I/O, no clock, no
 * Math.random). See simulator.ts for the model and docs/architecture.md "Market".
 */
export { HISTORY_START } from './history.js';
export { MarketSimulator, type CandleOptions } from './simulator.js';
export { UnknownInstrumentError } from './errors.js';
export { defaultCalendars } from './default-calendars.js';
export * from './types.js';
export * from './calendar.js';
