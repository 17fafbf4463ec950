/** The copy-trading module (docs/api.md §14, §3.5, §19.5): funds run by a strategy engine, subscriptions, payouts. */
export { createCopyModule } from './copy.module.js';
export { registerCopyRoutes } from './copy.routes.js';
export { registerCopyAdminRoutes, copyProductPage, type CopyAdminDeps } from './copy.admin.js';
export { copyInvestValue, copyInvestValues, type CopyDeps } from './copy.service.js';
export { runCopyEngineOnce, copyEngineJob, type CopyEngineDeps, type CopyStepReport } from './copy.jobs.js';
export { seedCopyFunds, seedDemoCopyFunds } from './copy.seed.js';
