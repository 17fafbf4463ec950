/** HTTP edge of the alert calls (docs/api.md §22.1–§22.2): create and cancel open their transaction here. */
import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { transaction } from '../../platform/db.js';
import { registerUserRoute, type UserRouteDeps, userOf } from '../../platform/http.js';
import { cancelAlert, createAlert, listAlerts, type AlertsDeps } from './alerts.service.js';

export function registerAlertRoutes(app: FastifyInstance, route: UserRouteDeps, deps: AlertsDeps): void {
  registerUserRoute(app, route, userEndpoints.alertCreate, async ({ body, session, tx }) => ({
    data: await transaction(tx, (t) => createAlert(t, deps, userOf(session), body)),
  }));
  registerUserRoute(app, route, userEndpoints.alertList, async ({ body, session, tx }) => ({
    data: await listAlerts(tx, deps, userOf(session), body),
  }));
  registerUserRoute(app, route, userEndpoints.alertCancel, async ({ body, session, tx }) => ({
    data: await transaction(tx, (t) => cancelAlert(t, deps, userOf(session), body)),
  }));
}
