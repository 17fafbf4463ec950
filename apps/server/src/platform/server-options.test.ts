/**
 * The server's own limits (issue 18 items 1 and 5): timeouts for slow bodies, Node's own 400/431
 * answers in the API envelope, and `/api/docs` served pre-serialised, compressed and limited.
 */
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { useTestApp } from '../test/harness.js';
import { loadConfig } from './config.js';
import { openTestDatabase } from '../test/test-db.js';

const t = useTestApp({ perCaller: { points: 5, durationSec: 60 } }, undefined, { engine: false });

function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (chunk) => {
      out += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(out));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(out);
    }, 3000);
  });
}

describe('server timeouts (issue 18)', () => {
  it('bounds how long a request and its headers may take', () => {
    const server = t.app.server;
    expect(server.requestTimeout).toBeGreaterThan(0);
    expect(server.requestTimeout).toBeLessThanOrEqual(60_000);
    expect(server.headersTimeout).toBeGreaterThan(0);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
  });
});

describe("Node's own refusals in the envelope (issue 18)", () => {
  it('answers a malformed request line with 400 request.invalid as JSON', async () => {
    const { app } = t;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const bad = await rawExchange(port, 'GARBAGE\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400/);
    expect(bad).toContain('"code":"request.invalid"');
    const huge = await rawExchange(port, `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    expect(huge).toContain('"code":"request.invalid"');
  });
});

describe('/api/docs (issue 18)', () => {
  it('serves the same bytes every time, gzip-compressed when asked, and is rate-limited', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs', remoteAddress: '10.9.0.1' });
    expect(plain.statusCode).toBe(200);
    const doc = plain.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/admin/'))).toBe(true);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { 'accept-encoding': 'gzip' },
      remoteAddress: '10.9.0.1',
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.body.length / 4);
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(await t.app.inject({ method: 'GET', url: '/api/docs', remoteAddress: '10.9.0.2' }));
    expect(answers.map((a) => a.statusCode)).toContain(429);
  });

  it('does not list the back-office routes in production', async () => {
    const database = await openTestDatabase();
    const { app } = await buildApp({
      config: { ...loadConfig({ NODE_ENV: 'production' }) },
      database,
      engine: false,
      webDist: null,
      adminDist: null,
    });
    try {
      const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/vue/'))).toBe(true);
      expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/admin/'))).toBe(false);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
