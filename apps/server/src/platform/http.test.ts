import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { post, registerUser, useTestApp } from '../test/harness.js';
import { systemClock } from './clock.js';
import { rowsOf, type Db } from './db.js';
import { DomainError } from './errors.js';
import { registerUserRoute, type HandlerResult } from './http.js';
import { RateLimits } from './rate-limit.js';

/** A synchronous route (no promise anywhere): what it throws must reach the error handler. */
const syncEndpoint = {
  path: '/test/sync',
  auth: 'no',
  summary: 'test',
  request: z.object({ fail: z.enum(['domain', 'fault']).optional() }),
  response: z.unknown(),
} as const;

function syncHandler({ body }: { body: { fail?: 'domain' | 'fault' } }): HandlerResult {
  if (body.fail === 'domain') throw new DomainError('account.frozen');
  if (body.fail === 'fault') throw new Error('select * from secret_table');
  return { data: null, json: '{"answered":"now"}' };
}

/** A money call (`usesRequestId`) whose effect writes, then refuses: the write must not survive. */
const moneyEndpoint = {
  path: '/test/money',
  auth: 'no',
  summary: 'test',
  usesRequestId: true,
  request: z.object({ mark: z.string(), refuse: z.boolean(), requestId: z.string().optional() }),
  response: z.unknown(),
} as const;

const t = useTestApp(undefined, (app) => {
  app.post('/api/vue/test/boom', async () => {
    throw new Error('select * from secret_table');
  });
  const deps = {
    authenticate: () => null,
    limits: new RateLimits(),
    clock: systemClock,
    get db(): Db {
      return t.database.db;
    },
  };
  registerUserRoute(app, deps, syncEndpoint, syncHandler);
  registerUserRoute(app, deps, moneyEndpoint, async ({ body, tx }) => {
    await tx.execute(sql`insert into http_test_effects (mark) values (${body.mark})`);
    if (body.refuse) throw new DomainError('account.frozen');
    return { data: null };
  });
});

beforeAll(async () => {
  await t.database.db.execute(sql`create table if not exists http_test_effects (mark text primary key)`);
});

describe('the envelope and the HTTP status table (docs/api.md §1.3)', () => {
  it('answers an unknown path with 404 request.not_found', async () => {
    const r = await post(t.app, '/nothing/here');
    expect(r.http).toBe(404);
    expect(r.body).toEqual({ status: 0, msg: 'Not found.', code: 'request.not_found', params: {} });
  });

  it('answers a GET on a known path with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vue/user/login' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('request.not_found');
  });

  it('accepts an empty JSON body as {}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vue/common/legal',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().params.fields).toEqual({ kind: 'required' });
  });

  it.each([['null'], ['[1,2]'], ['"text"'], ['{not json']])(
    'refuses the body %s with 400 request.invalid',
    async (payload) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/vue/user/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('request.invalid');
    },
  );

  it('refuses a body over 1 MiB with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'x'.repeat(1024 * 1024 + 10), password: 'y' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request.invalid');
  });

  it('names each bad field with its reason code', async () => {
    const r = await post(t.app, '/user/register', {
      phone: 'abc',
      password: 'short',
      confirmPassword: 'x',
      inviteCode: 'DEMO',
      agreementAccepted: false,
    });
    expect(r.http).toBe(400);
    expect(r.body.params).toEqual({
      fields: {
        phone: 'format',
        password: 'too_short',
        confirmPassword: 'mismatch',
        agreementAccepted: 'not_accepted',
      },
    });
    expect(r.body).not.toHaveProperty('data');
  });

  it('sends security headers and a request id on every answer', async () => {
    const r = await post(t.app, '/common/config', { type: 'all' });
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('sends the full document policy on pages outside the API', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/health' });
    expect(String(r.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(r.headers['content-security-policy'])).toContain("connect-src 'self' ws: wss:");
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 401 auth.required without a token, with a wrong token, and when the account header differs', async () => {
    const u = await registerUser(t.app);
    expect((await post(t.app, '/user/getUserinfo')).http).toBe(401);
    expect((await post(t.app, '/user/getUserinfo', {}, { token: 'forged', account: u.account })).http).toBe(401);
    const mismatch = await post(t.app, '/user/getUserinfo', {}, { token: u.token, account: '5210000000000' });
    expect(mismatch.http).toBe(401);
    expect(mismatch.body.code).toBe('auth.required');
    expect((await post(t.app, '/user/getUserinfo', {}, u.headers)).http).toBe(200);
  });

  it('serves /health and an OpenAPI 3.1 document generated from the contract', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.json()).toEqual({ status: 'ok' });
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(docs.openapi).toBe('3.1.0');
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining(['/api/vue/user/register', '/api/admin/user/restrict']),
    );
    expect(docs.paths['/api/vue/user/register'].post.requestBody.content['application/json'].schema.required).toContain(
      'phone',
    );
  });
});

describe('an unexpected fault', () => {
  it('answers 500 server.error with the request id and no internals', async () => {
    const r = await post(t.app, '/test/boom');
    expect(r.http).toBe(500);
    expect(r.body).toEqual({
      status: 0,
      msg: 'System busy, please try again later.',
      code: 'server.error',
      params: {},
    });
    expect(JSON.stringify(r.body)).not.toContain('secret_table');
    expect(r.headers['x-request-id']).toBeTruthy();
  });

  it('a route answered synchronously sends its answer, and its synchronous throws get the same envelopes as rejections', async () => {
    const ok = await post(t.app, '/test/sync', {});
    expect(ok.http).toBe(200);
    expect(ok.body).toEqual({ status: 1, msg: 'ok', data: { answered: 'now' } });
    expect(ok.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');

    const refused = await post(t.app, '/test/sync', { fail: 'domain' });
    expect(refused.http).toBe(200);
    expect(refused.body).toMatchObject({ status: 0, code: 'account.frozen' });

    const invalid = await post(t.app, '/test/sync', { fail: 'other' });
    expect(invalid.http).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'request.invalid', params: { fields: { fail: 'enum' } } });

    const fault = await post(t.app, '/test/sync', { fail: 'fault' });
    expect(fault.http).toBe(500);
    expect(JSON.stringify(fault.body)).not.toContain('secret_table');
    expect(fault.headers['x-request-id']).toBeTruthy();
  });

  it('runs a money call in one transaction even without a requestId: a refusal leaves none of its writes', async () => {
    const mark = `m-${Date.now()}`;
    const refused = await post(t.app, '/test/money', { mark, refuse: true });
    expect(refused.body).toMatchObject({ status: 0, code: 'account.frozen' });
    const kept = await post(t.app, '/test/money', { mark: `${mark}-ok`, refuse: false });
    expect(kept.body.status).toBe(1);
    const marks = rowsOf<{ mark: string }>(
      await t.database.db.execute(sql`select mark from http_test_effects where mark like ${`${mark}%`}`),
    );
    expect(marks.map((r) => r.mark)).toEqual([`${mark}-ok`]);
  });
});
