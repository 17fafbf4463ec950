/**
 * Hostile request bodies (issue 18 item 3): NUL characters and deep nesting are refused with 400
 * `request.invalid` before any work; a failed statement never logs its parameters; an audit
 * write that fails fails the request.
 */
import { randomUUID } from 'node:crypto';
import { adminEndpoints } from '@brokerage/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminLogin, registerUser, useTestApp } from '../test/harness.js';
import { registerAdminRoute } from './admin-http.js';
import { systemClock } from './clock.js';
import { DomainError } from './errors.js';
import { RateLimits } from './rate-limit.js';

const logLines: string[] = [];

const t = useTestApp(
  undefined,
  (app) => {
    // a statement that fails with a personal value among its parameters
    app.post('/api/vue/test/failing-statement', async () => {
      await t.database.db.execute(sql`select ${'ID-NUMBER-AB123456'}::int`);
      return {};
    });
    // the audit writer fails: the refusal must not be answered as if it was recorded
    registerAdminRoute(
      app,
      {
        get db() {
          return t.database.db;
        },
        clock: systemClock,
        limits: new RateLimits(),
        authenticateAdmin: async () => null,
        writeAudit: async () => {
          throw new Error('audit table gone');
        },
      },
      { ...adminEndpoints.login, path: '/test/audited-login' },
      async () => {
        throw new DomainError('auth.wrong_credentials');
      },
    );
  },
  { engine: false, logger: { level: 'error', stream: { write: (line: string) => logLines.push(line) } } },
);

const raw = (path: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', ...headers }, payload });

describe('NUL characters (issue 18)', () => {
  it.each([
    ['/api/vue/user/login', '{"account":"5215512345\\u0000","password":"Secret123"}'],
    ['/api/admin/auth/login', '{"username":"admin1\\u0000","password":"x"}'],
    ['/api/vue/user/login', '{"account":"5215512345","password":"Secret123","x\\u0000":1}'],
  ])('%s refuses %s with 400 request.invalid', async (path, payload) => {
    const r = await raw(path, payload);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ status: 0, code: 'request.invalid', params: { fields: { body: 'format' } } });
  });

  it('refuses a NUL in a signed-in search keyword and a news title', async () => {
    const u = await registerUser(t.app);
    const search = await raw('/api/vue/market/search', '{"keyword":"WAL\\u0000MEX"}', u.headers);
    expect(search.statusCode).toBe(400);
    const admin = await adminLogin(t.app, 'admin');
    const users = await raw('/api/admin/user/list', '{"keyword":"\\u0000"}', admin);
    expect(users.statusCode).toBe(400);
  });
});

describe('deep nesting (issue 18)', () => {
  it('refuses a 10,000-deep array in a money call with a requestId with 400, not 500', async () => {
    const u = await registerUser(t.app);
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const payload = `{"requestId":"${randomUUID()}","from":"MXN","to":"USD","amount":"10.00","x":${deep}}`;
    const r = await raw('/api/vue/funds/exchange', payload, u.headers);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'request.invalid', params: { fields: { body: 'too_many' } } });
  });

  it('still accepts ordinary nesting', async () => {
    const r = await raw(
      '/api/vue/user/login',
      JSON.stringify({ account: '5215500000000', password: 'Secret123', a: [[[{ b: [1] }]]] }),
    );
    expect(r.json()).toMatchObject({ code: 'auth.wrong_credentials' });
  });
});

describe('failures in the log and the audit (issue 18)', () => {
  it('a failed statement answers 500 and its parameters never reach the log', async () => {
    logLines.length = 0;
    const r = await raw('/api/vue/test/failing-statement', '{}');
    expect(r.statusCode).toBe(500);
    const log = logLines.join('\n');
    expect(log).toContain('unexpected fault');
    expect(log).not.toContain('ID-NUMBER-AB123456');
  });

  it('an audit write that fails fails the request', async () => {
    const r = await raw('/api/admin/test/audited-login', JSON.stringify({ username: 'nobody', password: 'x' }));
    expect(r.statusCode).toBe(500);
    expect(r.json()).toMatchObject({ code: 'server.error' });
  });
});
