/** HTTP edge of the check-in and invitation calls (docs/api.md §16.6). */
import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { registerUserRoute, type UserRouteDeps, userOf } from '../../platform/http.js';
import { checkIn, checkinStatus, type CheckinDeps } from './checkins.service.js';
import { inviteInfo } from './invite.service.js';

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
