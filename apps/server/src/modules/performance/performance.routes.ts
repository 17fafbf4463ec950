/** HTTP edge of §24.1–§24.2: reads only, no transaction. */
import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { registerUserRoute, type UserRouteDeps, userOf } from '../../platform/http.js';
import { allocationOf, performanceOf, pnlCalendarOf, type PerformanceDeps } from './performance.service.js';

export function registerPerformanceRoutes(app: FastifyInstance, route: UserRouteDeps, deps: PerformanceDeps): void {
  registerUserRoute(app, route, userEndpoints.performance, async ({ body, session, tx }) => ({
    data: await performanceOf(tx, deps, userOf(session), body),
  }));
  registerUserRoute(app, route, userEndpoints.pnlCalendar, async ({ body, session, tx }) => ({
    data: await pnlCalendarOf(tx, deps, userOf(session), body),
  }));
  registerUserRoute(app, route, userEndpoints.allocation, async ({ body, session, tx }) => ({
    data: await allocationOf(tx, deps, userOf(session), body),
  }));
}
