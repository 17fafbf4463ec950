/**
 * The web app's files as the server sends them (issue 16): the build's pre-compressed copies to
 * a client that accepts them, a year's cache for the hashed /assets/, the worker and the
 * manifest with their own types, and a content-security policy that lets them run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openTestDatabase } from '../test/test-db.js';
import { loadConfig } from './config.js';

const html = `<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const script = `export const x = ${JSON.stringify('a'.repeat(4000))};`;

let dir = '';
let app: FastifyInstance;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(dir, 'assets', 'main-AbC123.js'), script);
  writeFileSync(path.join(dir, 'assets', 'main-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets', 'main-AbC123.js.gz'), gzipSync(script));
  writeFileSync(path.join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});");
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"x"}');
  database = await openTestDatabase();
  ({ app } = await buildApp({ config: loadConfig({}), database, engine: false, webDist: dir, adminDist: null }));
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the web app as served', () => {
  it('sends the brotli copy of index.html to a client that accepts it, with a policy that allows the worker and the manifest', async () => {
    const answer = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(String(answer.headers['content-type'])).toMatch(/^text\/html/);
    expect(brotliDecompressSync(answer.rawPayload).toString('utf8')).toBe(html);
    const policy = String(answer.headers['content-security-policy']);
    // worker-src and manifest-src fall back to default-src: the same origin.
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toMatch(/worker-src|manifest-src/);
  });

  it('sends a hashed asset plain, gzip or brotli as asked, cached for a year, and no .br/.gz file as a route', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/main-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/main-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers['content-type'])).toMatch(/javascript/);
    expect(gz.rawPayload.length).toBeLessThan(script.length / 4);
    expect((await app.inject({ method: 'GET', url: '/assets/main-AbC123.js.br' })).statusCode).toBe(404);
  });

  it('sends the worker and the manifest with their types and without the long cache', async () => {
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(String(worker.headers['content-type'])).toMatch(/javascript/);
    expect(String(worker.headers['cache-control'])).not.toContain('immutable');
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(String(manifest.headers['content-type'])).toMatch(/^application\/manifest\+json/);
  });
});
