/** The new-share module (docs/api.md §12, §3.2, §19.5): offerings, applications, the verifiable draw, listing. */
export { registerNewShareRoutes } from './newshare.routes.js';
export { newShareProductPage, registerNewShareAdminRoutes, type NewShareAdminDeps } from './newshare.admin.js';
export { runNewShareJobs, startNewShareJobs, type NewShareJobDeps, type NewShareJobReport } from './newshare.jobs.js';
export { newShareInvestValue } from './newshare.service.js';
export { syncListings } from './listings.js';
export { seedNewShares } from './newshare.seed.js';
