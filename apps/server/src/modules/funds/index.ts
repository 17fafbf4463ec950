export { registerFundsRoutes, registerReviewAdminRoutes } from './funds.routes.js';
export type { UploadsPort } from './uploads-port.js';
export type { UnpaidLoanPort } from './loans-port.js';
export { paymentDestinationsOf } from './funds.repository.js';
export {
  reviewBase,
  reviewUserOf,
  type ReviewDecision,
  type ReviewFilter,
  type ReviewQueueHandler,
  type ReviewQueues,
  type ReviewRecord,
} from './reviews.service.js';
export { reviewListQuery, reviewTableRows } from './reviews.repository.js';
