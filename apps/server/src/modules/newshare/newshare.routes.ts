/** HTTP edge of the new-share calls (docs/api.md §12). */
import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { transaction } from '../../platform/db.js';
import { registerUserRoute, type UserRouteDeps, type UserSession, userOf } from '../../platform/http.js';
import {
  drawProofOf,
  pay,
  recordList,
  shareDetail,
  shareList,
  subscribe,
  waive,
  type NewShareDeps,
} from './newshare.service.js';

export function registerNewShareRoutes(app: FastifyInstance, route: UserRouteDeps, deps: NewShareDeps): void {
  const moneyLimit = (_r: unknown, session: UserSession | null) => deps.limits.consume('moneyCalls', userOf(session));
  registerUserRoute(app, route, userEndpoints.newShareList, async ({ body, tx }) => ({
    data: await shareList(tx, deps, body),
  }));
  registerUserRoute(app, route, userEndpoints.newShareDetail, async ({ body, session, tx }) => ({
    data: await shareDetail(tx, deps, session?.userId ?? null, body.id),
  }));
  // money calls: `tx` is the transaction shared with the stored idempotent answer (platform/http)
  registerUserRoute(
    app,
    route,
    userEndpoints.newShareSubscribe,
    async ({ body, session, tx }) => {
      const { record, code } = await subscribe(tx, deps, userOf(session), body);
      return { data: record, code };
    },
    { extraLimit: moneyLimit },
  );
  registerUserRoute(
    app,
    route,
    userEndpoints.newSharePay,
    async ({ body, session, tx }) => ({
      data: await pay(tx, deps, userOf(session), body.subscriptionId),
    }),
    { extraLimit: moneyLimit },
  );
  registerUserRoute(app, route, userEndpoints.newShareWaive, async ({ body, session, tx }) => ({
    // no requestId (§12.4): its own transaction, the row locked and re-checked inside
    data: await transaction(tx, (t) => waive(t, deps, userOf(session), body.subscriptionId)),
  }));
  registerUserRoute(app, route, userEndpoints.newShareRecords, async ({ body, session, tx }) => ({
    data: await recordList(tx, userOf(session), body),
  }));
  registerUserRoute(app, route, userEndpoints.newShareDrawProof, async ({ body, tx }) => ({
    data: await drawProofOf(tx, body.id),
  }));
}
