/** The review queues' back-office routes (docs/api.md §19.3): list, detail (audited), approve, reject. */
import { adminEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { registerAdminRoute, type AdminDeps } from '../../platform/admin-http.js';
import { decide, reviewDetail, reviewList, type ReviewQueues } from './review.service.js';

export function registerReviewAdminRoutes(app: FastifyInstance, deps: AdminDeps & { queues: ReviewQueues }): void {
  const { queues } = deps;
  const target = (b: Record<string, unknown>) => ({
    type: typeof b.queue === 'string' ? b.queue.slice(0, 20) : 'review',
    id: typeof b.id === 'string' ? b.id.slice(0, 64) : null,
  });
  registerAdminRoute(app, deps, adminEndpoints.reviewList, async ({ body, tx }) => ({
    data: await reviewList(tx, queues, body),
  }));
  // reading a detail shows full card and ID numbers: audited like the user detail (§19.4)
  registerAdminRoute(
    app,
    deps,
    adminEndpoints.reviewDetail,
    async ({ body, tx }) => ({
      data: await reviewDetail(tx, queues, body.queue, body.id),
      targetType: body.queue,
      targetId: body.id,
    }),
    { audited: true, target },
  );
  registerAdminRoute(
    app,
    deps,
    adminEndpoints.reviewApprove,
    async ({ body, tx, admin }) => {
      const { before, after } = await decide(tx, queues, deps.clock, admin?.adminId ?? 'unknown', body, 'approved');
      return {
        data: after,
        before: { state: before.state },
        after: { state: after.state },
        targetType: body.queue,
        targetId: body.id,
      };
    },
    { target },
  );
  registerAdminRoute(
    app,
    deps,
    adminEndpoints.reviewReject,
    async ({ body, tx, admin }) => {
      const { before, after } = await decide(tx, queues, deps.clock, admin?.adminId ?? 'unknown', body, 'rejected');
      return {
        data: after,
        before: { state: before.state },
        after: { state: after.state },
        targetType: body.queue,
        targetId: body.id,
      };
    },
    { target },
  );
}
