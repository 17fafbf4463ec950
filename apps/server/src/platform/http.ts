/**
 * The HTTP edge: envelope, status table of API.md §1.3, and the order of checks of §1.2:
 * path (404) → auth (401) → rate limit (429) → schema (400) → business rules → effect.
 */
import {
  englishMessage, fieldReasonsOf, httpStatusOf, reasonErrorMap, type Code, type UserEndpoint,
} from '@brokerage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DomainError } from './errors.js';
import type { RateLimits } from './rate-limit.js';

export interface UserSession {
  userId: string;
  account: string;
  sessionId: string;
}

export interface HandlerResult {
  data: unknown;
  /** Success key (`result.*.ok`); lists with total 0 get `list.empty` automatically. */
  code?: Code;
}

export interface RouteContext<B> {
  body: B;
  session: UserSession | null;
  request: FastifyRequest;
}

export type Authenticate = (token: string, account: string) => Promise<UserSession | null>;

export function okEnvelope(data: unknown, code?: Code): Record<string, unknown> {
  const envelope: Record<string, unknown> = { status: 1, msg: 'ok', data: data ?? null };
  if (code) envelope.code = code;
  else if (data && typeof data === 'object' && 'total' in data && 'list' in data && (data as { total: unknown }).total === 0) {
    envelope.code = 'list.empty';
  }
  return envelope;
}

export function failEnvelope(code: Code, params: Record<string, unknown> = {}): Record<string, unknown> {
  return { status: 0, msg: englishMessage(code, params), code, params };
}

export function sendFail(reply: FastifyReply, code: Code, params: Record<string, unknown> = {}): FastifyReply {
  if (code === 'request.too_frequent' && typeof params.seconds === 'string') reply.header('Retry-After', params.seconds);
  return reply.status(httpStatusOf(code)).send(failEnvelope(code, params));
}

/** Validates a body against a contract schema; 400 `request.invalid` with per-field reasons. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {}, { error: reasonErrorMap });
  if (!result.success) throw new DomainError('request.invalid', { fields: fieldReasonsOf(result.error) });
  return result.data;
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

export interface UserRouteDeps {
  authenticate: Authenticate;
  limits: RateLimits;
}

/** The key for per-caller limits: the session when there is one, else the client address. */
function callerKey(request: FastifyRequest, session: UserSession | null): string {
  return session ? `s:${session.sessionId}` : `ip:${request.ip}`;
}

export function registerUserRoute<E extends UserEndpoint>(
  app: FastifyInstance,
  deps: UserRouteDeps,
  endpoint: E,
  handler: (ctx: RouteContext<z.output<E['request']>>) => Promise<HandlerResult>,
  options: { extraLimit?: (request: FastifyRequest, session: UserSession | null) => Promise<void> } = {},
): void {
  app.post(`/api/vue${endpoint.path}`, async (request, reply) => {
    let session: UserSession | null = null;
    if (endpoint.auth !== 'no') {
      const token = header(request, 'token');
      const account = header(request, 'account');
      session = token && account ? await deps.authenticate(token, account) : null;
      if (!session && endpoint.auth === 'yes') return sendFail(reply, 'auth.required');
    }
    await deps.limits.consume('perCaller', callerKey(request, session));
    if (options.extraLimit) await options.extraLimit(request, session);
    const body = parseBody(endpoint.request, request.body) as z.output<E['request']>;
    const result = await handler({ body, session, request });
    return reply.send(okEnvelope(result.data, result.code ?? endpoint.success));
  });
}
