/**
 * The document policy admits the apps' own inline scripts by their hash (issue 16 item 6: the
 * theme is applied by an inline script before the first paint) and nothing else inline.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openTestDatabase } from '../test/test-db.js';
import { loadConfig } from './config.js';
import { inlineScriptHashes, securityHeaders } from './security-headers.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inline script hashes', () => {
  it('hashes inline scripts exactly and skips scripts loaded from a file', () => {
    const html =
      '<head><script>var a=1</script><script type="module" src="/x.js"></script><script >\n b() </script><script></script></head>';
    expect(inlineScriptHashes(html)).toEqual([sha('var a=1'), sha('\n b() ')]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });

  it('finds both inline scripts of the web app: the theme and the first screen painted before the bundle', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const html = readFileSync(path.resolve(here, '../../../web/index.html'), 'utf8');
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    expect(new Set(hashes).size).toBe(2);
    expect(html).toContain("localStorage.getItem('theme')");
    expect(html).toContain("localStorage.getItem('language')");
  });

  it("puts the hashes into script-src and never 'unsafe-inline'", () => {
    const policy = securityHeaders([sha('x()')])['content-security-policy'] ?? '';
    expect(policy).toContain(`script-src 'self' ${sha('x()')}`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(securityHeaders()['content-security-policy']).toContain("script-src 'self';");
  });

  it('serves the built page with a policy that admits its inline script', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    const script = "document.documentElement.setAttribute('data-x','1')";
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><script>${script}</script></head><body></body></html>`,
    );
    const database = await openTestDatabase();
    const { app } = await buildApp({ config: loadConfig({}), database, engine: false, webDist: dist, adminDist: null });
    try {
      const page = await app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(String(page.headers['content-security-policy'])).toContain(`script-src 'self' ${sha(script)}`);
      const api = await app.inject({ method: 'POST', url: '/api/vue/common/config', payload: {} });
      expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('framing and HSTS', () => {
  async function headersWith(env: NodeJS.ProcessEnv) {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const database = await openTestDatabase();
    const { app } = await buildApp({
      config: loadConfig(env),
      database,
      engine: false,
      webDist: dist,
      adminDist: null,
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/' });
      const api = await app.inject({ method: 'POST', url: '/api/vue/common/config', payload: {} });
      return { page: page.headers, api: api.headers };
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  }

  it('never lets a page be framed: X-Frame-Options DENY and frame-ancestors none on documents and answers', async () => {
    const { page, api } = await headersWith({});
    expect(page['x-frame-options']).toBe('DENY');
    expect(String(page['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(api['x-frame-options']).toBe('DENY');
  });

  it('sends HSTS only when the public origin is https', async () => {
    const plain = await headersWith({});
    expect(plain.page['strict-transport-security']).toBeUndefined();
    expect(plain.api['strict-transport-security']).toBeUndefined();
    const secure = await headersWith({ PUBLIC_ORIGIN: 'https://broker.example' });
    expect(secure.page['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure.api['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('PUBLIC_ORIGIN defaults to http://localhost at the port', () => {
    expect(loadConfig({}).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9000' }).publicOrigin).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://broker.example/' }).publicOrigin).toBe('https://broker.example');
  });
});
