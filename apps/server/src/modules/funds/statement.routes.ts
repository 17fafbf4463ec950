/**
 * HTTP edge of the monthly statements (docs/api.md §10.8): `POST /funds/statement` signs a
 * download link, `POST /funds/statementMonths` lists the months, and
 * `GET /files/statements/<ticket>?exp&sig` serves the CSV or streams the PDF. A tampered or
 * expired link answers 403 `auth.forbidden`, as an upload's link does (§17).
 */
import { userEndpoints } from '@brokerage/contract';
import type { FastifyInstance } from 'fastify';
import { iso } from '../../platform/clock.js';
import { registerUserRoute, sendFail, type UserRouteDeps, userOf } from '../../platform/http.js';
import { findUserById } from '../auth/index.js';
import { lastLanguageOf } from '../push/index.js';
import type { FundsDeps } from './funds.routes.js';
import {
  assertStatementMonth,
  csvSha256,
  monthlyCsv,
  monthlyStatement,
  statementMonths,
} from './monthly-statement.service.js';
import { openStatementLink, signStatementLink, STATEMENT_PATH_PREFIX } from './statement-link.js';
import { statementPdf } from './statement-pdf.js';

export function registerMonthlyStatementRoutes(app: FastifyInstance, route: UserRouteDeps, deps: FundsDeps): void {
  const { db, clock, settings, signer, limits } = deps;

  registerUserRoute(app, route, userEndpoints.statement, async ({ body, session, tx }) => {
    const userId = userOf(session);
    const now = clock.now();
    assertStatementMonth(settings.get('funds.timezone'), body.month, now);
    const lang = body.lang ?? (await lastLanguageOf(tx, userId)) ?? 'en';
    const link = signStatementLink(
      signer,
      { u: userId, c: body.currency, m: body.month, f: body.format, l: lang, t: now.getTime() },
      now,
    );
    return { data: { url: link.url, expiresAt: iso(link.expiresAt) } };
  });

  registerUserRoute(app, route, userEndpoints.statementMonths, async ({ body, session, tx }) => ({
    data: {
      currency: body.currency,
      months: await statementMonths(tx, {
        userId: userOf(session),
        currency: body.currency,
        timezone: settings.get('funds.timezone'),
        now: clock.now(),
      }),
    },
  }));

  app.get<{ Params: { ticket: string }; Querystring: Record<string, unknown> }>(
    `${STATEMENT_PATH_PREFIX}:ticket`,
    async (request, reply) => {
      const opened = openStatementLink(
        signer,
        request.params.ticket,
        request.query.exp,
        request.query.sig,
        clock.now(),
      );
      if (!opened) return sendFail(reply, 'auth.forbidden');
      const { ticket, remainingMs } = opened;
      // a valid link can be fetched again for 15 minutes: each fetch builds the file, so the account is limited
      await limits.consume('statementDownloads', ticket.u);
      const user = await findUserById(db, ticket.u);
      if (!user) return sendFail(reply, 'request.not_found');
      const asOf = new Date(ticket.t);
      const s = await monthlyStatement(db, {
        userId: ticket.u,
        currency: ticket.c,
        month: ticket.m,
        timezone: settings.get('funds.timezone'),
        asOf,
      });
      const csv = monthlyCsv(s);
      const filename = `statement-${s.currency}-${s.month}.${ticket.f}`;
      reply.headers({
        'x-content-type-options': 'nosniff',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': `private, max-age=${Math.floor(remainingMs / 1000)}`,
        'content-security-policy': "default-src 'none'",
      });
      if (ticket.f === 'csv') return reply.type('text/csv; charset=utf-8').send(csv);
      const pdf = statementPdf({
        statement: s,
        lang: ticket.l,
        company: settings.get('display.title'),
        account: user.phone,
        generatedAt: asOf,
        csvSha256: csvSha256(csv),
      });
      return reply.type('application/pdf').send(pdf);
    },
  );
}
