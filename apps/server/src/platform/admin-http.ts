/**
 * The back-office edge: Bearer admin token → role right (403) → rate limit → schema → handler,
 * with every login, logout, data-changing call and `user/detail` read written to the audit
 * log, rejected attempts included (`result` = the refusal code).
 */
import {
  httpStatusOf,
  rightsOfRole,
  type AdminEndpoint,
  type AdminRight,
  type AdminRole,
  type Code,
} from '@brokerage/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Clock } from './clock.js';
import { transaction, type Db, type TransactionOptions, type Tx } from './db.js';
import { DomainError } from './errors.js';
import { failEnvelope, okEnvelope, parseBody, requestIdOf } from './http.js';
import * as idempotency from './idempotency.js';
import type { RateLimits } from './rate-limit.js';

/** The signed-in operator behind an admin token. */
export interface AdminPrincipal {
  adminId: string;
  username: string;
  role: AdminRole;
  sessionId: string;
}

/** One audit-log row as the edge sees it (the admin module stores it, redacted). */
export interface AuditRecord {
  actorId: string | null;
  actorName: string | null;
  role: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  result: string;
  ip: string | null;
  requestId: string | null;
}

/**
 * What the edge needs. Like `UserRouteDeps.authenticate`, the admin module's session check and
 * audit writer are passed in by the kernel (kernel/build.ts): platform/ imports no module.
 */
export interface AdminDeps {
  db: Db;
  clock: Clock;
  limits: RateLimits;
  authenticateAdmin: (token: string) => Promise<AdminPrincipal | null>;
  writeAudit: (db: Db, record: AuditRecord) => Promise<void>;
}

export interface AdminHandlerResult {
  data: unknown;
  targetType?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  /** For login: the principal that just logged in, so the audit row names it. */
  principal?: AdminPrincipal;
  /** Runs once the transaction (the change and its audit row) has committed, before the answer. */
  afterCommit?: () => void;
}

export interface AdminContext<B> {
  body: B;
  admin: AdminPrincipal | null;
  /** the transaction the change and its audit row share */
  tx: Tx;
  request: FastifyRequest;
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer (\S+)$/.exec(h);
  return m?.[1] ?? null;
}

export function registerAdminRoute<E extends AdminEndpoint>(
  app: FastifyInstance,
  deps: AdminDeps,
  endpoint: E,
  handler: (ctx: AdminContext<z.output<E['request']>>) => Promise<AdminHandlerResult>,
  options: {
    audited?: boolean;
    right?: (body: z.output<E['request']>) => AdminRight;
    target?: (body: Record<string, unknown>) => { type: string; id: string | null };
    /** the transaction's isolation (platform/db.ts), for a handler that reads many pages as one instant */
    isolation?: TransactionOptions['isolation'];
  } = {},
): void {
  const action = endpoint.path.replace(/^\//, '');
  const audited = options.audited ?? endpoint.mutating;
  app.post(`/api/admin${endpoint.path}`, async (request, reply) => {
    let admin: AdminPrincipal | null = null;
    let key: idempotency.IdempotencyKey | null = null;
    const raw = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const target = options.target?.(raw) ?? null;
    const record = (result: string, extra: Partial<AdminHandlerResult> = {}, db: Db = deps.db) => {
      const who = extra.principal ?? admin;
      return deps.writeAudit(db, {
        actorId: who?.adminId ?? null,
        actorName:
          who?.username ??
          (action === 'auth/login' && typeof raw.username === 'string' ? raw.username.slice(0, 64) : null),
        role: who?.role ?? null,
        action,
        targetType: extra.targetType ?? target?.type ?? null,
        targetId: extra.targetId ?? target?.id ?? null,
        reason: typeof raw.reason === 'string' ? raw.reason.slice(0, 500) : null,
        before: extra.before ?? null,
        after: extra.after ?? null,
        result,
        ip: request.ip,
        requestId: request.id,
      });
    };
    try {
      const token = bearer(request);
      admin = token ? await deps.authenticateAdmin(token) : null;
      if (endpoint.right !== null && !admin) throw new DomainError('auth.required');
      await deps.limits.consume('perCaller', admin ? `a:${admin.sessionId}` : `ip:${request.ip}`);
      if (admin && endpoint.right !== null && !rightsOfRole[admin.role].includes(endpoint.right))
        throw new DomainError('auth.forbidden');
      const body = parseBody(endpoint.request, request.body) as z.output<E['request']>;
      if (admin && options.right && !rightsOfRole[admin.role].includes(options.right(body)))
        throw new DomainError('auth.forbidden');
      // A decision that carries a requestId is answered once, as user money calls are (docs/api.md
      // §1.6): a repeat gets the stored answer, success or refusal (platform/idempotency.ts).
      const requestId = admin && endpoint.mutating ? requestIdOf(raw) : null;
      key = admin && requestId ? { userId: admin.adminId, path: `/api/admin${endpoint.path}`, requestId } : null;
      if (key) {
        const finished = await idempotency.findFinished(deps.db, deps.clock, key, idempotency.bodyHash(raw));
        if (finished?.kind === 'replay') return reply.status(finished.httpStatus).send(finished.response);
      }
      const storeKey = key;
      const outcome = await transaction(
        deps.db,
        async (tx) => {
          if (storeKey) {
            const claimed = await idempotency.claim(tx, deps.clock, storeKey, idempotency.bodyHash(raw));
            if (claimed.kind === 'replay') return claimed;
          }
          const r = await handler({ body, admin, tx, request });
          if (audited) await record('ok', r, tx);
          const envelope = okEnvelope(r.data, endpoint.mutating ? 'result.update.ok' : undefined);
          if (storeKey) await idempotency.store(tx, storeKey, 200, envelope);
          return { kind: 'done' as const, result: r, envelope };
        },
        { isolation: options.isolation },
      );
      if (outcome.kind === 'replay') return reply.status(outcome.httpStatus).send(outcome.response);
      outcome.result.afterCommit?.();
      return reply.send(outcome.envelope);
    } catch (error) {
      const code: Code | 'server.error' = error instanceof DomainError ? error.code : 'server.error';
      if (key && error instanceof DomainError && httpStatusOf(error.code) === 200) {
        // a business refusal is stored on its own, like a user money call's (platform/http.ts)
        const storeKey = key;
        const failure = failEnvelope(error.code, error.params);
        const stored = await transaction(deps.db, async (tx) => {
          const claimed = await idempotency.claim(tx, deps.clock, storeKey, idempotency.bodyHash(raw));
          if (claimed.kind === 'replay') return claimed;
          await idempotency.store(tx, storeKey, 200, failure);
          await record(code, {}, tx);
          return null;
        });
        if (stored) return reply.status(stored.httpStatus).send(stored.response);
        throw error;
      }
      // Refused attempts are audited for every call; successful reads only where the route asks.
      // An attempt that cannot be audited is not answered as if it was: the write's failure
      // fails the request (500, issue 18).
      await record(code);
      throw error;
    }
  });
}
