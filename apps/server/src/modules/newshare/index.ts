/** The new-share module (docs/api.md §12, §3.2, §19.5): offerings, applications, the verifiable draw, listing. */
export { createNewShareModule } from './newshare.module.js';
export { registerNewShareRoutes } from './newshare.routes.js';
export { newShareProductPage, registerNewShareAdminRoutes, type NewShareAdminDeps } from './newshare.admin.js';
export { runNewShareJobs, newShareJob, type NewShareJobDeps, type NewShareJobReport } from './newshare.jobs.js';
export { syncListings } from './listings.js';
export { seedNewShares } from './newshare.seed.js';
