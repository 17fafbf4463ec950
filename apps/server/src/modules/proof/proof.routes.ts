/** HTTP edge of the proof calls (docs/api.md §25): the public reads, the caller's path, the operator's publish. */
import { adminEndpoints, userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { registerAdminRoute, type AdminDeps } from '../../platform/admin-http.js';
import { DomainError } from '../../platform/errors.js';
import { registerUserRoute, type UserRouteDeps, userOf } from '../../platform/http.js';
import { latestSummary, listSummaries, mineOf, publishProof, type ProofDeps } from './proof.service.js';

export function registerProofRoutes(app: FastifyInstance, route: UserRouteDeps): void {
  registerUserRoute(app, route, userEndpoints.proofLatest, async ({ tx }) => ({ data: await latestSummary(tx) }));
  registerUserRoute(app, route, userEndpoints.proofList, async ({ body, tx }) => ({
    data: await listSummaries(tx, body.page, body.size),
  }));
  registerUserRoute(app, route, userEndpoints.proofMine, async ({ body, session, tx }) => ({
    data: await mineOf(tx, userOf(session), body.proofId, body.currency),
  }));
}

export function registerProofAdminRoutes(app: FastifyInstance, admin: AdminDeps, deps: ProofDeps): void {
  registerAdminRoute(
    app,
    admin,
    adminEndpoints.proofPublish,
    async ({ body, admin: principal, tx }) => {
      // in the edge's transaction with its audit row, one snapshot for every page (docs/decisions.md "One snapshot")
      const proof = await publishProof(tx, deps, {
        origin: 'operator',
        reason: body.reason,
        createdBy: principal?.adminId ?? null,
      });
      if (!proof) throw new DomainError('result.update.failed');
      return { data: proof, after: { proofId: proof.proofId }, targetType: 'proof', targetId: proof.proofId };
    },
    { target: () => ({ type: 'proof', id: null }), isolation: 'repeatable read' },
  );
  registerAdminRoute(app, admin, adminEndpoints.proofList, async ({ body, tx }) => ({
    data: await listSummaries(tx, body.page, body.size),
  }));
}
