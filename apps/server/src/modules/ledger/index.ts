export * from './ledger.service.js';
export * from './ledger.invariant.js';
export * from './ledger.tables.js';
