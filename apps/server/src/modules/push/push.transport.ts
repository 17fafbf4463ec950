/**
 * The HTTP POST of one push message (RFC 8030 §5), ours rather than a library's so the SSRF guard
 * owns the connection: the URL's form is checked again, the socket connects only to the address the
 * guard's `lookup` checked, redirects are not followed (a 3xx is an answer like any other), and the
 * whole exchange has a deadline.
 */
import http from 'node:http';
import https from 'node:https';
import { checkEndpointUrl, pinnedLookup, type EndpointPolicy } from './push.endpoint.js';

export interface PushAnswer {
  status: number;
  /** the `Retry-After` header as sent, if any */
  retryAfter: string | null;
}

export interface PushRequest {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends one message; rejects on a refused endpoint, a network error or the deadline. */
export function sendPush(request: PushRequest, policy: EndpointPolicy, timeoutMs: number): Promise<PushAnswer> {
  const url = checkEndpointUrl(request.endpoint, policy);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'Content-Length': String(request.body.length) },
        lookup: pinnedLookup(policy),
        agent: false,
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const retryAfter = res.headers['retry-after'];
        // the answer's body is not needed: read and dropped (at most what the service sends)
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: retryAfter ?? null }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('push service did not answer in time')));
    req.on('error', reject);
    req.end(request.body);
  });
}
