/** HTTP edge of the loan calls (docs/api.md §16.1–§16.5). */
import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { registerUserRoute, type UserRouteDeps, type UserSession, userOf } from '../../platform/http.js';
import type { RateLimits } from '../../platform/rate-limit.js';
import { borrow, raiseQuota, rating, records, repay, type LoanDeps } from './loan.service.js';

export function registerLoanRoutes(
  app: FastifyInstance,
  route: UserRouteDeps,
  deps: LoanDeps & { limits: RateLimits },
): void {
  const moneyLimit = {
    extraLimit: (_r: unknown, session: UserSession | null) => deps.limits.consume('moneyCalls', userOf(session)),
  };
  registerUserRoute(app, route, userEndpoints.loanRating, async ({ session, tx }) => ({
    data: await rating(tx, deps, userOf(session)),
  }));
  // money calls: `tx` is the transaction shared with the stored idempotent answer (platform/http)
  registerUserRoute(
    app,
    route,
    userEndpoints.loanBorrow,
    async ({ body, session, tx }) => ({ data: await borrow(tx, deps, userOf(session), body) }),
    moneyLimit,
  );
  registerUserRoute(
    app,
    route,
    userEndpoints.loanRepay,
    async ({ body, session, tx }) => ({ data: await repay(tx, deps, userOf(session), body) }),
    moneyLimit,
  );
  registerUserRoute(
    app,
    route,
    userEndpoints.loanRaiseQuota,
    async ({ body, session, tx }) => ({ data: await raiseQuota(tx, deps, userOf(session), body) }),
    moneyLimit,
  );
  registerUserRoute(app, route, userEndpoints.loanRecords, async ({ body, session, tx }) => ({
    data: await records(tx, deps, userOf(session), body),
  }));
}
