import { adminEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { registerAdminRoute, type AdminDeps } from '../../platform/admin-http.js';
import { adminNoticeList, createNoticeDraft, updateNotice } from './notices.service.js';

/** Back-office notice management: every change audited with before/after (platform/admin-http). */
export function registerNoticeAdminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const { clock } = deps;
  const target = (b: Record<string, unknown>) => ({
    type: 'notice',
    id: typeof b.id === 'string' ? b.id.slice(0, 64) : null,
  });
  registerAdminRoute(app, deps, adminEndpoints.noticeList, async ({ body, tx }) => ({
    data: await adminNoticeList(tx, body.page, body.size),
  }));
  registerAdminRoute(app, deps, adminEndpoints.noticeCreate, async ({ body, tx }) => {
    const item = await createNoticeDraft(tx, clock, body);
    return { data: item, after: item, targetType: 'notice', targetId: item.id };
  });
  registerAdminRoute(
    app,
    deps,
    adminEndpoints.noticeUpdate,
    async ({ body, tx }) => {
      const { before, after } = await updateNotice(tx, clock, body.id, { title: body.title, content: body.content });
      return { data: after, before, after };
    },
    { target },
  );
  registerAdminRoute(
    app,
    deps,
    adminEndpoints.noticePublish,
    async ({ body, tx }) => {
      const { before, after } = await updateNotice(tx, clock, body.id, { published: true });
      return { data: after, before: { published: before.published }, after: { published: after.published } };
    },
    { target },
  );
  registerAdminRoute(
    app,
    deps,
    adminEndpoints.noticeUnpublish,
    async ({ body, tx }) => {
      const { before, after } = await updateNotice(tx, clock, body.id, { published: false });
      return { data: after, before: { published: before.published }, after: { published: after.published } };
    },
    { target },
  );
}
