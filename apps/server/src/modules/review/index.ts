/**
 * The review framework (docs/api.md §19.3, §3.3, §3.4): every product declares its queues in its
 * ModuleSpec (`reviewQueues`), built on these helpers; the back office lists and decides them here.
 */
export { createReviewModule } from './review.module.js';
export { registerReviewAdminRoutes } from './review.admin.js';
export {
  decide,
  initialReviewState,
  reviewBase,
  reviewDetail,
  reviewList,
  reviewUserOf,
  type ReviewMessages,
  type ReviewQueueHandler,
  type ReviewQueues,
  type ReviewState,
} from './review.service.js';
export {
  reviewListQuery,
  reviewTableRows,
  type ReviewDecision,
  type ReviewFilter,
  type ReviewRecord,
  type ReviewRows,
} from './review.repository.js';
