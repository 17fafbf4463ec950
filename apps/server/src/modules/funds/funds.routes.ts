import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import { transaction, type Db } from '../../platform/db.js';
import type { FxRates } from '../../platform/fx.js';
import { registerUserRoute, type UserRouteDeps, userOf } from '../../platform/http.js';
import type { RateLimits } from '../../platform/rate-limit.js';
import type { Settings } from '../../platform/settings.js';
import type { AuthCache, SecondFactorPort } from '../auth/index.js';
import type { UploadUrlSigner } from '../uploads/index.js';
import type { Ledger, Portfolio } from '../ledger/index.js';
import * as cardsService from './cards.service.js';
import { depositChannels, submitDeposit } from './deposits.service.js';
import { exchange, rates } from './exchange.service.js';
import { kycStatus, submitKyc } from './kyc.service.js';
import { fundRecords } from './records.service.js';
import { statement, statementCsv } from './statement.service.js';
import { registerMonthlyStatementRoutes } from './statement.routes.js';
import type { UnpaidLoanPort } from './loans-port.js';
import type { UploadsPort } from './uploads-port.js';
import { requestWithdrawal, withdrawInfo } from './withdrawals.service.js';

export interface FundsDeps {
  db: Db;
  clock: Clock;
  settings: Settings;
  limits: RateLimits;
  fx: FxRates;
  uploads: UploadsPort;
  ledger: Ledger;
  portfolio: Portfolio;
  authCache: AuthCache;
  /** the loan module's "still owed" (the kernel's `unpaidLoan` port); withdrawals refuse while it is not null */
  unpaidLoan: UnpaidLoanPort;
  /** two-step verification (the kernel's `secondFactor` port): withdraw and binding a card or wallet ask it */
  secondFactor: SecondFactorPort;
  /** signs and checks the statements' download links (the uploads module's signer, §17) */
  signer: UploadUrlSigner;
}

export function registerFundsRoutes(app: FastifyInstance, route: UserRouteDeps, deps: FundsDeps): void {
  const { clock, settings, uploads, limits, authCache, secondFactor } = deps;

  registerUserRoute(app, route, userEndpoints.kycSubmit, async ({ body, session, tx }) => ({
    data: await transaction(tx, (t) => submitKyc(t, clock, uploads, authCache, userOf(session), body)),
  }));
  registerUserRoute(app, route, userEndpoints.kycStatus, async ({ session, tx }) => ({
    data: await kycStatus(tx, userOf(session)),
  }));

  registerUserRoute(app, route, userEndpoints.cardList, async ({ session, tx }) => ({
    data: await cardsService.listCards(tx, uploads, userOf(session)),
  }));
  registerUserRoute(app, route, userEndpoints.cardAdd, async ({ body, session, tx }) => ({
    data: await transaction(tx, (t) => cardsService.addCard(t, clock, secondFactor, userOf(session), body)),
  }));
  registerUserRoute(app, route, userEndpoints.cardDelete, async ({ body, session, tx }) => {
    await transaction(tx, (t) => cardsService.deleteCard(t, clock, userOf(session), body.cardId));
    return { data: null };
  });
  registerUserRoute(app, route, userEndpoints.walletAdd, async ({ body, session, tx }) => ({
    data: await transaction(tx, (t) =>
      cardsService.addWallet(t, clock, settings, uploads, secondFactor, userOf(session), body),
    ),
  }));
  registerUserRoute(app, route, userEndpoints.walletDelete, async ({ body, session, tx }) => {
    await transaction(tx, (t) => cardsService.deleteWallet(t, clock, userOf(session), body.walletId));
    return { data: null };
  });

  registerUserRoute(app, route, userEndpoints.depositChannels, async ({ body }) => ({
    data: { list: depositChannels(settings, clock.now(), body.currency) },
  }));
  // money calls: `tx` is the transaction shared with the stored idempotent answer (platform/http)
  registerUserRoute(
    app,
    route,
    userEndpoints.deposit,
    async ({ body, session, tx }) => ({
      data: await submitDeposit(tx, clock, settings, uploads, userOf(session), body),
    }),
    { extraLimit: (_r, session) => limits.consume('moneyCalls', userOf(session)) },
  );

  registerUserRoute(app, route, userEndpoints.withdrawInfo, async ({ body, session }) => ({
    data: await withdrawInfo(deps, userOf(session), body.currency),
  }));
  registerUserRoute(
    app,
    route,
    userEndpoints.withdraw,
    async ({ body, session, tx }) => ({
      data: await requestWithdrawal(tx, deps, userOf(session), body),
    }),
    {
      extraLimit: async (_r, session) => {
        await limits.consume('moneyCalls', userOf(session));
        await limits.assertNotLocked('fundPasswordFailures', userOf(session));
      },
    },
  );

  registerUserRoute(app, route, userEndpoints.fundRecords, async ({ body, session, tx }) => ({
    data: await fundRecords(tx, userOf(session), body),
  }));
  registerUserRoute(app, route, userEndpoints.rates, async ({ body }) => ({ data: rates(deps, body.base) }));
  registerUserRoute(
    app,
    route,
    userEndpoints.exchange,
    async ({ body, session, tx }) => ({
      data: await exchange(tx, deps, userOf(session), body),
    }),
    { extraLimit: (_r, session) => limits.consume('moneyCalls', userOf(session)) },
  );

  registerUserRoute(app, route, userEndpoints.statementRange, async ({ body, session, tx }) => {
    const s = await statement(tx, settings, userOf(session), body);
    if (body.format === 'csv') {
      return {
        data: null,
        file: {
          contentType: 'text/csv; charset=utf-8',
          filename: `statement-${s.currency}-${s.from}-${s.to}.csv`,
          body: statementCsv(s),
        },
      };
    }
    return { data: s };
  });

  registerMonthlyStatementRoutes(app, route, deps);
}
