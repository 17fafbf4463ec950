import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerUserRoute, type UserRouteDeps } from '../../platform/http.js';
import { noticesFor } from './notices.service.js';

export function registerNoticeRoutes(app: FastifyInstance, route: UserRouteDeps, db: Db): void {
  registerUserRoute(app, route, userEndpoints.notice, async ({ session }) => ({
    data: session ? await noticesFor(db, session.userId) : [],
  }));
}
