/**
 * The HTTP edge: envelope, status table of API.md §1.3, and the order of checks of §1.2:
 * path (404) → auth (401) → rate limit (429) → schema (400) → business rules → effect.
 */
import {
  englishMessage, fieldReasonsOf, httpStatusOf, reasonErrorMap, type Code, type UserEndpoint,
} from '@brokerage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Clock } from './clock.js';
import type { Db } from './db.js';
import { DomainError } from './errors.js';
import * as idempotency from './idempotency.js';
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
  /** A download instead of the envelope (the CSV statement). */
  file?: { contentType: string; filename: string; body: string };
}

export interface RouteContext<B> {
  body: B;
  session: UserSession | null;
  request: FastifyRequest;
  /** money calls (`usesRequestId`): the transaction the effect and its stored answer share; else the pool */
  tx: Db;
}

/** Synchronous when the session is cached (see sessions.service `authenticate`). */
export type Authenticate = (token: string, account: string) => UserSession | null | Promise<UserSession | null>;

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
/**
 * The parse of an empty body `{}` per schema, when it is a flat object of primitives (defaults
 * such as `page: 1`): parsing is pure, so a shallow copy of it is exactly a fresh parse. Most
 * reads (getUserinfo, assets, lists) send `{}`.
 */
const emptyBodyParse = new WeakMap<z.ZodType, Record<string, unknown> | null>();

function isEmptyObject(body: unknown): boolean {
  if (body === undefined || body === null) return true;
  if (typeof body !== 'object' || Array.isArray(body)) return false;
  for (const key in body) if (Object.hasOwn(body, key)) return false;
  return true;
}

function flatPrimitives(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    && Object.values(value).every((v) => v === null || typeof v !== 'object');
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (isEmptyObject(body)) {
    let cached = emptyBodyParse.get(schema);
    if (cached === undefined) {
      const result = schema.safeParse({}, { error: reasonErrorMap });
      cached = result.success && flatPrimitives(result.data) ? result.data : null;
      emptyBodyParse.set(schema, cached);
    }
    if (cached !== null) return { ...cached } as z.output<S>;
  }
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
  db: Db;
  clock: Clock;
}

/** Marks a download in the internal answer of `run` (never serialised). */
const FILE = Symbol('file');

const REQUEST_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function requestIdOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const id = (body as { requestId?: unknown }).requestId;
  return typeof id === 'string' && REQUEST_ID.test(id) ? id : null;
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
  type Body = z.output<E['request']>;
  /** limits → schema → handler; money calls run in one transaction with their stored answer. */
  const run = async (
    request: FastifyRequest, session: UserSession | null, onCommit?: (tx: Db, envelope: Record<string, unknown>) => Promise<void>,
  ): Promise<Record<string | symbol, unknown>> => {
    await deps.limits.consume('perCaller', callerKey(request, session));
    if (options.extraLimit) await options.extraLimit(request, session);
    const body = parseBody(endpoint.request, request.body) as Body;
    if (!endpoint.usesRequestId) {
      const result = await handler({ body, session, request, tx: deps.db });
      if (result.file) return { [FILE]: result.file };
      return okEnvelope(result.data, result.code ?? endpoint.success);
    }
    return deps.db.transaction(async (tx) => {
      const result = await handler({ body, session, request, tx });
      const envelope = okEnvelope(result.data, result.code ?? endpoint.success);
      await onCommit?.(tx, envelope);
      return envelope;
    });
  };

  app.post(`/api/vue${endpoint.path}`, async (request, reply) => {
    let session: UserSession | null = null;
    if (endpoint.auth !== 'no') {
      const token = header(request, 'token');
      const account = header(request, 'account');
      const found = token && account ? deps.authenticate(token, account) : null;
      session = found instanceof Promise ? await found : found;
      if (!session && endpoint.auth === 'yes') return sendFail(reply, 'auth.required');
    }
    const requestId = endpoint.usesRequestId && session ? requestIdOf(request.body) : null;
    if (!session || !requestId) {
      const answer = await run(request, session);
      const file = answer[FILE] as HandlerResult['file'];
      if (file) {
        return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
      }
      return reply.send(answer);
    }

    // §1.6 / §1.11: a repeated requestId is answered right after auth, before any other check.
    const key = { userId: session.userId, path: endpoint.path, requestId };
    const started = await idempotency.begin(deps.db, deps.clock, key, idempotency.bodyHash(request.body));
    if (started.kind === 'replay') return reply.status(started.httpStatus).send(started.response);
    try {
      const envelope = await run(request, session, (tx, answer) => idempotency.complete(tx, key, started.attempt, 200, answer));
      return reply.send(envelope);
    } catch (error) {
      if (error instanceof DomainError && httpStatusOf(error.code) === 200) {
        const answer = failEnvelope(error.code, error.params);
        await deps.db.transaction((tx) => idempotency.complete(tx, key, started.attempt, 200, answer));
        return reply.send(answer);
      }
      await idempotency.abandon(deps.db, key, started.attempt);
      throw error;
    }
  });
}
