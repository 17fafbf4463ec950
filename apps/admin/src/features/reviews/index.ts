/** Review queues: the route of a queue's page (its drawer's per-queue views are registered in queues/index.ts). */
export { ReviewQueueRoute } from './ReviewQueuePage';
