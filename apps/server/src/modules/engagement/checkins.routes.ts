/** HTTP edge of the check-in and invitation calls (docs/api.md §16.6). */
import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerUserRoute, type UserRouteDeps, type UserSession } from '../../platform/http.js';
import { checkIn, checkinStatus, type CheckinDeps } from './checkins.service.js';
import { inviteInfo } from './invite.service.js';

function userOf(session: UserSession | null): string {
  if (!session) throw new Error('route declared auth yes without a session');
  return session.userId;
}

export function registerEngagementRoutes(app: FastifyInstance, route: UserRouteDeps, db: Db, deps: CheckinDeps): void {
  registerUserRoute(app, route, userEndpoints.checkinDo, async ({ session }) => ({
    data: await checkIn(db, deps, userOf(session)),
  }));
  registerUserRoute(app, route, userEndpoints.checkinStatus, async ({ session }) => ({
    data: await checkinStatus(db, deps, userOf(session)),
  }));
  registerUserRoute(app, route, userEndpoints.inviteInfo, async ({ session }) => ({
    data: await inviteInfo(db, userOf(session)),
  }));
}
