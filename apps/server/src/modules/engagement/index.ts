export { createEngagementModule } from './engagement.module.js';
export { registerEngagementRoutes } from './checkins.routes.js';
/** Check-ins in the 30 days ending today in `funds.timezone` (the credit-raise condition, docs/api.md §16.4). */
export { addDays, checkinsInLast30Days, CHECKIN_WINDOW_DAYS } from './checkins.service.js';
