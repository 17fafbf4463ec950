/**
 * The HTTP edge: envelope, status table of docs/api.md §1.3, and the order of checks of §1.2:
 * path (404) → auth (401) → rate limit (429) → schema (400) → business rules → effect.
 */
import {
  englishMessage,
  fieldReasonsOf,
  httpStatusOf,
  reasonErrorMap,
  type Code,
  type UserEndpoint,
} from '@brokerage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Clock } from './clock.js';
import { transaction, type Db, type Tx } from './db.js';
import { DomainError } from './errors.js';
import { Coalescer, GroupCommitter, type CallAnswer, type GroupCommitStats } from './group-commit.js';
import * as idempotency from './idempotency.js';
import { andThen, type MaybePromise } from './maybe-promise.js';
import type { RateLimits } from './rate-limit.js';

export interface UserSession {
  userId: string;
  account: string;
  sessionId: string;
}

/** The signed-in user of a route declared `auth: yes` (the wrapper answered 401 without one). */
export function userOf(session: Pick<UserSession, 'userId'> | null): string {
  if (!session) throw new Error('route declared auth yes without a session');
  return session.userId;
}

export interface HandlerResult {
  data: unknown;
  /**
   * `data` already serialised (JSON text), for hot reads that cache their answer: the envelope is
   * written around it. Not for lists (no automatic `list.empty`).
   */
  json?: string;
  /** Success key (`result.*.ok`); lists with total 0 get `list.empty` automatically. */
  code?: Code;
  /** A download instead of the envelope (the CSV statement). */
  file?: { contentType: string; filename: string; body: string };
}

export interface RouteContext<B, T extends Db = Db> {
  body: B;
  session: UserSession | null;
  request: FastifyRequest;
  /** money calls (`usesRequestId`): the transaction the effect and its stored answer share (`Tx`); else the pool */
  tx: T;
}

/** The handle a route's handler gets: a transaction for money calls, the pool for the rest. */
export type HandleOf<E extends UserEndpoint> = E extends { usesRequestId: true } ? Tx : Db;

/** Synchronous when the session is cached (see sessions.service `authenticate`). */
export type Authenticate = (token: string, account: string) => UserSession | null | Promise<UserSession | null>;

export function okEnvelope(data: unknown, code?: Code): Record<string, unknown> {
  const envelope: Record<string, unknown> = { status: 1, msg: 'ok', data: data ?? null };
  if (code) envelope.code = code;
  else if (
    data &&
    typeof data === 'object' &&
    'total' in data &&
    'list' in data &&
    (data as { total: unknown }).total === 0
  ) {
    envelope.code = 'list.empty';
  }
  return envelope;
}

export function failEnvelope(code: Code, params: Record<string, unknown> = {}): Record<string, unknown> {
  return { status: 0, msg: englishMessage(code, params), code, params };
}

/** The envelope text around data that is already JSON: the bytes `JSON.stringify(okEnvelope(…))` would give. */
export function okEnvelopeText(dataJson: string, code?: Code): string {
  return `{"status":1,"msg":"ok","data":${dataJson}${code ? `,"code":${JSON.stringify(code)}` : ''}}`;
}

/** Sets the failure's HTTP status (and Retry-After) on `reply` and gives its envelope. */
function failAnswer(reply: FastifyReply, code: Code, params: Record<string, unknown> = {}): Record<string, unknown> {
  if (code === 'request.too_frequent' && typeof params.seconds === 'string')
    reply.header('Retry-After', params.seconds);
  reply.status(httpStatusOf(code));
  return failEnvelope(code, params);
}

export function sendFail(reply: FastifyReply, code: Code, params: Record<string, unknown> = {}): FastifyReply {
  return reply.send(failAnswer(reply, code, params));
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
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => v === null || typeof v !== 'object')
  );
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
  /** How long a duplicate money call waits for the first (default `idempotency.CLAIM_WAIT_MS`). */
  claimWaitMs?: number;
}

const REQUEST_ID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function requestIdOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const id = (body as { requestId?: unknown }).requestId;
  return typeof id === 'string' && REQUEST_ID.test(id) ? id : null;
}

/**
 * The key for per-caller limits: the session id when there is one (`s_…`, the cached session's
 * own string, so nothing is built or hashed anew per call), else `ip:` and the client address.
 */
export function callerKey(request: FastifyRequest, session: UserSession | null): string {
  return session ? session.sessionId : `ip:${request.ip}`;
}

/**
 * The per-caller limit (per session, per address without one), then, for a session, the limit of
 * its account across all its sessions (§1.7). Synchronous while both counters are in memory.
 */
export function consumeCaller(
  limits: RateLimits,
  request: FastifyRequest,
  session: UserSession | null,
): MaybePromise<void> {
  return andThen(limits.consume('perCaller', callerKey(request, session)), () =>
    session ? limits.consume('perAccount', session.userId) : undefined,
  );
}

/** What a route hands Fastify to send: an envelope object, or text whose content type is set. */
type Answer = Record<string, unknown> | string;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The answer of a handler's result; a download or pre-serialised data sets its content type. */
function answerOf(reply: FastifyReply, result: HandlerResult, success: Code | undefined): Answer {
  if (result.file) {
    reply.type(result.file.contentType).header('content-disposition', `attachment; filename="${result.file.filename}"`);
    return result.file.body;
  }
  if (result.json !== undefined) {
    reply.type(JSON_TYPE);
    return okEnvelopeText(result.json, result.code ?? success);
  }
  return okEnvelope(result.data, result.code ?? success);
}

/** A stored (or just committed) answer of a money call, sent as it was stored. */
function replayed(reply: FastifyReply, claimed: { httpStatus: number; response: unknown }): Answer {
  reply.status(claimed.httpStatus);
  return claimed.response as Answer;
}

/** A business rejection (status 0, HTTP 200): the only failure a money call stores. */
function isRefusal(error: unknown): error is DomainError {
  return error instanceof DomainError && httpStatusOf(error.code) === 200;
}

/** A business rejection: rolled back, then its answer is stored on its own (unless a duplicate stored one first). */
function storeRefusal(
  deps: UserRouteDeps,
  reply: FastifyReply,
  key: idempotency.IdempotencyKey,
  hash: string,
  error: DomainError,
): Promise<Answer> {
  const failure = failEnvelope(error.code, error.params);
  return transaction(deps.db, async (tx) => {
    const claimed = await idempotency.claim(tx, deps.clock, key, hash, deps.claimWaitMs);
    if (claimed.kind === 'replay') return replayed(reply, claimed);
    await idempotency.store(tx, key, 200, failure);
    return failure;
  });
}

/**
 * A money call that may commit in a group with others (platform/group-commit.ts). Only calls
 * with a requestId are grouped; the rest, and every call `prepare` declines, take the usual path.
 */
export interface Grouped<B, P, L = unknown> {
  /**
   * Everything the effect needs that is checked without the database's locks, or null to run the
   * call alone. A refusal it throws is answered (and stored) as the handler's would be.
   */
  prepare: (body: B, session: UserSession) => MaybePromise<P | null>;
  /** The effect's first half, sent with the batch's claim (`GroupEffect.lock`): its reads under lock, for every call of the batch. */
  lock: (tx: Tx, prepared: P[]) => Promise<L>;
  /**
   * Its second half (`GroupEffect.write`): sends the writes of the calls `take` picks and answers
   * each at once, its result or the refusal it got (which wrote nothing).
   */
  write: (
    tx: Tx,
    locked: L,
    prepared: P[],
    take: readonly number[],
  ) => { results: (HandlerResult | DomainError)[]; written: Promise<unknown> };
  maxBatch?: number;
  inFlight?: number;
  /** Receives the route's committer (tests and the bench read its stats). */
  expose?: (stats: GroupCommitStats) => void;
  onBatchError?: (error: unknown, size: number) => void;
  beforeBatch?: (size: number) => Promise<void> | void;
}

export function registerUserRoute<E extends UserEndpoint, P = never, L = unknown>(
  app: FastifyInstance,
  deps: UserRouteDeps,
  endpoint: E,
  handler: (ctx: RouteContext<z.output<E['request']>, HandleOf<E>>) => MaybePromise<HandlerResult>,
  options: {
    extraLimit?: (request: FastifyRequest, session: UserSession | null) => MaybePromise<void>;
    grouped?: E extends { usesRequestId: true } ? Grouped<z.output<E['request']>, P, L> : never;
  } = {},
): void {
  type Body = z.output<E['request']>;
  const grouped = options.grouped as Grouped<Body, P, L> | undefined;
  const committer = grouped
    ? new GroupCommitter<P, L>({
        db: deps.db,
        clock: deps.clock,
        maxBatch: grouped.maxBatch,
        inFlight: grouped.inFlight,
        claimWaitMs: deps.claimWaitMs,
        onBatchError: grouped.onBatchError,
        beforeBatch: grouped.beforeBatch,
        effect: {
          lock: (tx, prepared) => grouped.lock(tx, prepared),
          write: (tx, locked, prepared, take) => {
            const { results, written } = grouped.write(tx, locked, prepared, take);
            return {
              written,
              answers: results.map((r): CallAnswer => {
                if (!(r instanceof DomainError))
                  return { httpStatus: 200, response: okEnvelope(r.data, r.code ?? endpoint.success) };
                // only a business refusal (status 0, HTTP 200) is stored; anything else fails the batch and each call runs alone
                if (httpStatusOf(r.code) !== 200) throw r;
                return { httpStatus: 200, response: failEnvelope(r.code, r.params) };
              }),
            };
          },
        },
      })
    : null;
  if (committer) grouped?.expose?.(committer.stats);
  // a grouped route's replay lookups go to the database together too (one statement per gathering)
  const lookups = committer
    ? new Coalescer<idempotency.KeyedCall, idempotency.ClaimResult | 'id_reused' | null>((calls) =>
        idempotency.findFinishedMany(deps.db, deps.clock, calls),
      )
    : null;
  const findFinished = async (
    key: idempotency.IdempotencyKey,
    hash: string,
  ): Promise<idempotency.ClaimResult | null> => {
    if (!lookups) return idempotency.findFinished(deps.db, deps.clock, key, hash);
    const found = await lookups.get({ key, hash });
    if (found === 'id_reused') throw new DomainError('request.id_reused');
    return found;
  };

  /** Limits, then the schema (docs/api.md §1.2 order): the parsed body. */
  const admit = (request: FastifyRequest, session: UserSession | null): MaybePromise<Body> =>
    andThen(consumeCaller(deps.limits, request, session), () =>
      andThen(options.extraLimit?.(request, session), () => parseBody(endpoint.request, request.body) as Body),
    );

  /** The handler: a money call always runs in a transaction (with or without a requestId), anything else on the pool. */
  const effect = (request: FastifyRequest, session: UserSession | null, body: Body): MaybePromise<HandlerResult> =>
    endpoint.usesRequestId
      ? transaction(deps.db, async (tx) => handler({ body, session, request, tx: tx as HandleOf<E> }))
      : handler({ body, session, request, tx: deps.db as HandleOf<E> });

  /**
   * Every call without a requestId to replay. Synchronous when the session, the rate counter and
   * what the handler reads are in memory (most reads): no promise between the request and its answer.
   */
  const answer = (request: FastifyRequest, reply: FastifyReply, session: UserSession | null): MaybePromise<Answer> =>
    andThen(admit(request, session), (body) =>
      andThen(effect(request, session, body), (result) => answerOf(reply, result, endpoint.success)),
    );

  /**
   * Money calls with a requestId (§1.6 / §1.11): one transaction, one commit. The claim comes
   * after the limits and the schema (nothing refused there touches the table); the effect and its stored answer commit with
   * it. A business rejection rolls all of it back, then its answer is stored on its own
   * (platform/idempotency.ts); anything else stores nothing.
   */
  const answerOnce = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: UserSession,
    requestId: string,
  ): Promise<Answer> => {
    const key = { userId: session.userId, path: endpoint.path, requestId };
    const hash = idempotency.bodyHash(request.body);
    // the per-caller limit first, so a refused call costs no database work at all (issue 29: not
    // even the lookup; issue 18: never a claim); then a finished answer is replayed (§1.11; a
    // replay counts in the per-caller limit only, not in the route's own); then the route's own
    // limits and the schema, and only a call they let through claims its key
    await consumeCaller(deps.limits, request, session);
    const finished = await findFinished(key, hash);
    if (finished?.kind === 'replay') return replayed(reply, finished);
    await options.extraLimit?.(request, session);
    const body = parseBody(endpoint.request, request.body) as Body;
    if (grouped && committer) {
      let prepared: P | null;
      try {
        prepared = await grouped.prepare(body, session);
      } catch (error) {
        if (!isRefusal(error)) throw error;
        return storeRefusal(deps, reply, key, hash, error);
      }
      if (prepared !== null) {
        const outcome = await committer.submit({ key, hash, prepared });
        if (outcome.kind === 'answer') {
          // the text the batch stored (the bytes JSON.stringify of the envelope gives)
          reply.status(outcome.httpStatus).type(JSON_TYPE);
          return outcome.json;
        }
        // `single`: not claimed by the batch, or the batch failed; the call runs alone below
      }
    }
    try {
      return await transaction(deps.db, async (tx) => {
        const claimed = await idempotency.claim(tx, deps.clock, key, hash, deps.claimWaitMs);
        if (claimed.kind === 'replay') return replayed(reply, claimed);
        const result = await handler({ body, session, request, tx: tx as HandleOf<E> });
        const envelope = okEnvelope(result.data, result.code ?? endpoint.success);
        await idempotency.store(tx, key, 200, envelope);
        return envelope;
      });
    } catch (error) {
      if (!isRefusal(error)) throw error;
      return storeRefusal(deps, reply, key, hash, error);
    }
  };

  const respond = (request: FastifyRequest, reply: FastifyReply, session: UserSession | null): MaybePromise<Answer> => {
    if (!session && endpoint.auth === 'yes') return failAnswer(reply, 'auth.required');
    const requestId = endpoint.usesRequestId && session ? requestIdOf(request.body) : null;
    return session && requestId ? answerOnce(request, reply, session, requestId) : answer(request, reply, session);
  };

  // Not an async function: a cached session is answered in the same turn (Fastify sends what
  // the handler returns, and routes what it throws to the error handler).
  app.post(`/api/vue${endpoint.path}`, (request, reply) => {
    if (endpoint.auth === 'no') return respond(request, reply, null);
    const token = header(request, 'token');
    const account = header(request, 'account');
    const session = token && account ? deps.authenticate(token, account) : null;
    return andThen(session, (found) => respond(request, reply, found));
  });
}
