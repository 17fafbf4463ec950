import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.js';
import { DomainError } from '../../platform/errors.js';
import { registerUserRoute, type UserRouteDeps } from '../../platform/http.js';
import type { Settings } from '../../platform/settings.js';
import type { Portfolio } from './assets.service.js';

export function registerAssetsRoutes(
  app: FastifyInstance,
  route: UserRouteDeps,
  deps: {
    db: Db;
    settings: Settings;
    portfolio: Portfolio;
    creditScoreOf: (userId: string) => Promise<number | null>;
  },
): void {
  registerUserRoute(app, route, userEndpoints.assets, async ({ session, body }) => {
    if (!session) throw new DomainError('auth.required');
    const score = await deps.creditScoreOf(session.userId);
    if (score === null) throw new DomainError('auth.required');
    const enabled = deps.settings.get('currencies.enabled');
    return { data: await deps.portfolio.assetsOf(deps.db, session.userId, enabled, body.currency, score) };
  });
}
