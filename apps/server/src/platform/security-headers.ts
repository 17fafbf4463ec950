/**
 * Security headers (helmet's policy), computed once at start and copied onto every answer.
 * Running helmet per request re-parses the CSP directives each time; the headers never
 * change, so a constant table is the same protection at a fraction of the cost.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import helmet from 'helmet';

/**
 * The smaller set for JSON answers (OWASP REST cheat sheet): a JSON body is never rendered as a
 * document, so it needs no source policy beyond "nothing", only nosniff, no framing, no
 * referrer and same-origin reads. Fewer header bytes on the hottest path.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
});

/** HSTS (one year, subdomains included), sent only when users reach the app over https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Whether the public origin (config `publicOrigin`) is https: browsers then keep to https (HSTS). */
export function wantsHsts(publicOrigin: string): boolean {
  return publicOrigin.toLowerCase().startsWith('https:');
}

/** The JSON answers' headers for a deployment at `publicOrigin`: `API_SECURITY_HEADERS`, plus HSTS over https. */
export function apiSecurityHeaders(publicOrigin: string): Readonly<Record<string, string>> {
  return wantsHsts(publicOrigin)
    ? Object.freeze({ ...API_SECURITY_HEADERS, 'strict-transport-security': HSTS })
    : API_SECURITY_HEADERS;
}

/**
 * CSP source expressions (`'sha256-…'`) of the inline scripts of a page: the web app's theme
 * script must run before the first paint, so it is inline, and `script-src 'self'` admits it by
 * its hash only, never by `'unsafe-inline'`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The inline-script hashes of the `index.html` in each built app folder that has one. */
export function inlineScriptHashesOf(folders: readonly (string | null | undefined)[]): string[] {
  const hashes = new Set<string>();
  for (const folder of folders) {
    const file = folder ? path.join(folder, 'index.html') : null;
    if (file && existsSync(file)) inlineScriptHashes(readFileSync(file, 'utf8')).forEach((hash) => hashes.add(hash));
  }
  return [...hashes];
}

/**
 * The full helmet policy for documents and static files (the web app and the back office);
 * `scriptHashes` admits the apps' own inline scripts (see `inlineScriptHashes`). The apps are never
 * framed (`DENY` and `frame-ancestors 'none'`); HSTS only when `publicOrigin` is https.
 */
export function securityHeaders(
  scriptHashes: readonly string[] = [],
  publicOrigin = '',
): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    // Plain HTTP on localhost must keep working: HSTS only for an https public origin (below).
    strictTransportSecurity: false,
  });
  let finished = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  if (wantsHsts(publicOrigin)) headers['strict-transport-security'] = HSTS;
  return Object.freeze(headers);
}
