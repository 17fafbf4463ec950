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
