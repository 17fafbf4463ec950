/** HTTP edge of the push calls (docs/api.md §22.4): the writes open their transaction here. */
import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { transaction } from '../../platform/db.js';
import { registerUserRoute, type UserRouteDeps, userOf } from '../../platform/http.js';
import { checkEndpoint, type EndpointPolicy } from './push.endpoint.js';
import type { Vapid } from './push.keys.js';
import { changePrefs, subscribe, unsubscribe } from './push.service.js';

export interface PushRouteDeps {
  clock: Clock;
  policy: EndpointPolicy;
  /** the VAPID identity, loaded at setup */
  vapid: () => Vapid;
}

export function registerPushRoutes(app: FastifyInstance, route: UserRouteDeps, deps: PushRouteDeps): void {
  registerUserRoute(app, route, userEndpoints.pushConfig, () => ({
    data: { vapidPublicKey: deps.vapid().keys.publicKey },
  }));
  registerUserRoute(app, route, userEndpoints.pushSubscribe, async ({ body, session, tx }) => {
    // the SSRF guard asks DNS: before the transaction, never inside it
    await checkEndpoint(body.endpoint, deps.policy);
    return { data: await transaction(tx, (t) => subscribe(t, deps.clock, userOf(session), body)) };
  });
  registerUserRoute(app, route, userEndpoints.pushUnsubscribe, async ({ body, session, tx }) => ({
    data: await transaction(tx, (t) => unsubscribe(t, userOf(session), body.endpoint)),
  }));
  registerUserRoute(app, route, userEndpoints.pushPrefs, async ({ body, session, tx }) => ({
    data: await transaction(tx, (t) => changePrefs(t, deps.clock, userOf(session), body)),
  }));
}
