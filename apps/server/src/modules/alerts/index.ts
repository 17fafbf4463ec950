/** The price-alert module (docs/api.md §22.1–§22.3): alerts, their evaluation job and history. */
export { createAlertsModule } from './alerts.module.js';
export { registerAlertRoutes } from './alerts.routes.js';
export {
  AlertEvaluator,
  alertsJob,
  expireAlert,
  fireAlert,
  type AlertJobDeps,
  type AlertTickReport,
} from './alerts.jobs.js';
export { AlertIndex } from './alerts.index.js';
export { changeRateOf, isMet, type AlertsDeps } from './alerts.service.js';
